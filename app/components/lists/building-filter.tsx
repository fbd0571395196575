/**
 * The "Building" field of a staff list's GET filter form (tenants, payments, reconciliation): a
 * searchable select that asks `/api/building-options` for the buildings matching what is typed
 * (the server scopes them to the viewer), so a page never carries the whole portfolio's names.
 * It submits `name` = the building id, or nothing for "all buildings"; without JavaScript the
 * current choice still submits with the form.
 */
import { Select } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconBuilding } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useFetcher } from 'react-router';
import type { BuildingOption } from '~/lib/building-option';

const SEARCH_DELAY_MS = 250;

type Props = {
  /** The query-string field (`building`). */
  name: string;
  label: string;
  /** Shown while no building is chosen (the list then covers every building). */
  allLabel: string;
  /** The building the list is filtered by now, with its name, or null. */
  selected: BuildingOption | null;
  error?: string;
  testId: string;
  style?: React.CSSProperties;
};

export function BuildingFilter({ name, label, allLabel, selected, error, testId, style }: Props) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ options?: BuildingOption[] }>();
  const [value, setValue] = useState<string | null>(selected ? String(selected.id) : null);
  const [chosen, setChosen] = useState<BuildingOption | null>(selected);
  const search = useDebouncedCallback(
    (q: string) => void fetcher.load(`/api/building-options?q=${encodeURIComponent(q.trim().slice(0, 100))}`),
    SEARCH_DELAY_MS,
  );

  const found = fetcher.data?.options ?? [];
  const options = [...(chosen ? [chosen] : []), ...found.filter((option) => option.id !== chosen?.id)];
  return (
    <Select
      name={name}
      label={label}
      placeholder={allLabel}
      value={value}
      onChange={(next) => {
        setValue(next);
        setChosen(options.find((option) => String(option.id) === next) ?? null);
      }}
      data={options.map((option) => ({ value: String(option.id), label: option.name }))}
      searchable
      clearable
      // The server already matched the name; show what it found.
      filter={({ options: all }) => all}
      onSearchChange={(q) => {
        if (q !== chosen?.name) search(q);
      }}
      onDropdownOpen={() => {
        if (!fetcher.data && fetcher.state === 'idle') search('');
      }}
      nothingFoundMessage={fetcher.state === 'loading' ? t('common.loading') : t('common.noBuildingFound')}
      leftSection={<IconBuilding size={16} aria-hidden />}
      error={error}
      style={style}
      data-testid={testId}
    />
  );
}

type ListProps = {
  /** Where the texts are: `<texts>.building` (unless `label`), `<texts>.allBuildings`, `<texts>.buildingNumber`. */
  texts: string;
  label?: string;
  /** The building the list is filtered by, as the loader found it among the viewer's, or null. */
  building: BuildingOption | null;
  /** The id the URL filters by (`building`), or null when the list covers every building. */
  buildingId: number | null | undefined;
  error?: string;
  /** The field's share of the filter row (CSS `flex`). */
  flex?: string;
  testId: string;
};

/**
 * The `building` field of a list's filter form. A building the loader did not find (an id typed
 * into the URL that the viewer's options lack) still shows as chosen, named by its number, so the
 * filter the list applies is never hidden.
 */
export function ListBuildingFilter({ texts, label, building, buildingId, error, flex = '2 1 200px', testId }: ListProps) {
  const { t } = useTranslation();
  return (
    <BuildingFilter
      name="building"
      label={label ?? t(`${texts}.building`)}
      allLabel={t(`${texts}.allBuildings`)}
      selected={building ?? (buildingId ? { id: buildingId, name: t(`${texts}.buildingNumber`, { id: buildingId }) } : null)}
      error={error}
      style={{ flex, minWidth: 0 }}
      testId={testId}
    />
  );
}
