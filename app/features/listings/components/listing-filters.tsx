/**
 * The listing search form (spec §2 /properties): capacity 1+…4+, location (city or state), price
 * range, sort, Apply and Reset. A plain GET form, so it works without JavaScript and the URL holds
 * the state; with JavaScript empty fields are left out of the URL and selects apply at once.
 */
import { Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { IconFilter, IconRestore } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form, useSubmit } from 'react-router';
import { LinkButton, SubmitButton } from '~/components/icon-button';
import { WholeNumberInput } from '~/components/forms/whole-number-input';
import { LISTING_CAPACITY_OPTIONS } from '~/lib/constants';
import { usePartHydrated } from '~/lib/hydration';
import type { LocationOption } from '../listings.server';
import { listingHref, listingQueryToParams, type ListingQuery, type ListingView } from '../listing-query';
import classes from './listings.module.css';

/** The price range inputs, lowest first (`listings.filters.minPrice`, `…maxPrice`). */
const PRICE_BOUNDS = ['minPrice', 'maxPrice'] as const;

/** `view`: the map view keeps `view=map` through every search and Reset (decision 016). */
type Props = { query: ListingQuery; locations: LocationOption[]; action: string; view?: ListingView };

export function ListingFilters({ query, locations, action, view = 'list' }: Props) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const partHydrated = usePartHydrated();

  const submitClean = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const params = new URLSearchParams();
    for (const [key, value] of data.entries()) {
      if (typeof value === 'string' && value.trim() !== '') params.set(key, value.trim());
    }
    params.delete('page'); // New criteria start from the first page.
    void submit(params, { method: 'get', action });
  };

  return (
    <Paper
      withBorder
      p="md"
      className={classes.filters}
      component="section"
      aria-labelledby="filters-title"
      data-testid="listing-filters"
      // A chunk of its own (decision 036): "false" until hydrated, for tests and monitors.
      {...partHydrated}
      // The search these inputs show; lets tests and monitors wait for a search to be rendered.
      data-query={listingQueryToParams(query).toString()}
    >
      <Form
        method="get"
        action={action}
        role="search"
        // Re-mount on every search so the inputs show what the URL says (Reset, back button).
        key={JSON.stringify(query)}
        onSubmit={(event) => {
          event.preventDefault();
          submitClean(event.currentTarget);
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="filters-title">
            {t('listings.filters.title')}
          </Title>
          <NativeSelect
            name="capacity"
            label={t('listings.filters.capacity')}
            defaultValue={query.capacity ? String(query.capacity) : ''}
            onChange={(event) => event.currentTarget.form && submitClean(event.currentTarget.form)}
            data={[
              { value: '', label: t('listings.filters.capacityAny') },
              ...LISTING_CAPACITY_OPTIONS.map((n) => ({ value: String(n), label: t('listings.filters.capacityOption', { count: n }) })),
            ]}
          />
          <TextInput
            name="location"
            label={t('listings.filters.location')}
            placeholder={t('listings.filters.locationPlaceholder')}
            defaultValue={query.location ?? ''}
            maxLength={80}
            autoComplete="off"
            list="listing-locations"
          />
          <datalist id="listing-locations">
            {locations.map((loc) => (
              <option key={`${loc.city}-${loc.state}`} value={`${loc.city}, ${loc.state}`} />
            ))}
          </datalist>
          <Group grow gap="xs" align="flex-end">
            {PRICE_BOUNDS.map((bound) => (
              <WholeNumberInput key={bound} name={bound} label={t(`listings.filters.${bound}`)} defaultValue={query[bound] ?? ''} />
            ))}
          </Group>
          <NativeSelect
            name="sort"
            label={t('listings.filters.sort')}
            defaultValue={query.sort}
            onChange={(event) => event.currentTarget.form && submitClean(event.currentTarget.form)}
            data={[
              { value: 'newest', label: t('listings.filters.sortNewest') },
              { value: 'price_asc', label: t('listings.filters.sortPriceAsc') },
              { value: 'price_desc', label: t('listings.filters.sortPriceDesc') },
            ]}
          />
          <Group grow preventGrowOverflow={false} gap="xs" wrap="wrap" className={classes.filterActions}>
            <SubmitButton icon={IconFilter}>{t('listings.filters.apply')}</SubmitButton>
            <LinkButton to={listingHref(action, {}, view)} variant="default" icon={IconRestore} testId="filters-reset">
              {t('listings.filters.reset')}
            </LinkButton>
          </Group>
        </Stack>
        {query.building !== undefined && <input type="hidden" name="building" value={query.building} />}
        {view === 'map' && <input type="hidden" name="view" value="map" />}
      </Form>
    </Paper>
  );
}
