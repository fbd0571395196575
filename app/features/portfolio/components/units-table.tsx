/**
 * A building's units (decision 015): number, title, status, rent, layout, website
 * (listed or not), current lease end, open applications and photos, each linking to its edit
 * page; a checkbox per unit and one bulk bar (publish, unpublish, set status) — a single real
 * form, so it works without JavaScript. The up-to-200 rows use plain elements styled like Mantine's
 * (units-table.module.css): Mantine's Checkbox and Badge cost 3 KB of HTML a row.
 */
import { Alert, Checkbox, Group, NativeSelect, Paper, Table } from '@mantine/core';
import { SubmitButton } from '~/components/icon-button';
import { IconAlertCircle, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form, Link } from 'react-router';
import { formatIsoDate, formatUsd } from '~/lib/format';
import { UNIT_STATUSES } from '~/lib/property-types';
import { useLanguage } from '~/lib/use-language';
import type { BuildingUnitRow } from '../portfolio.types';
import type { PortfolioActionResult } from '../portfolio.page.server';
import classes from './units-table.module.css';
import { useActionResult } from '~/components/forms/use-action-result';
import { PORTFOLIO_TOAST } from './portfolio-toast';

/** The columns after the select-all box: header `portfolio.units.columns.<key>`, width (px) and alignment. */
const UNIT_COLUMNS: { key: string; w?: number; align?: 'right' }[] = [
  { key: 'unit' },
  { key: 'title' },
  { key: 'status', w: 150 },
  { key: 'rent', align: 'right' },
  { key: 'layout' },
  { key: 'listed', w: 120 },
  { key: 'leaseEnd' },
  { key: 'applications', align: 'right' },
  { key: 'photos', align: 'right' },
];

type Props = {
  units: BuildingUnitRow[];
  buildingName: string;
  unitHref: (id: number) => string;
  result: PortfolioActionResult | undefined;
};

export function UnitsTable({ units, buildingName, unitHref, result }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { failed, busy, formRef } = useActionResult(result, { intent: 'bulk-units', toast: PORTFOLIO_TOAST });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulk, setBulk] = useState('publish');
  const allSelected = units.length > 0 && selected.size === units.length;
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Form method="post" ref={formRef} data-testid="units-form">
      <input type="hidden" name="intent" value="bulk-units" />
      {failed?.errors.form && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" mb="sm">
          {failed.errors.form}
        </Alert>
      )}
      <Paper withBorder p="sm" mb="sm" role="group" aria-label={t('portfolio.units.bulk.label')}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            name="bulk"
            label={t('portfolio.units.bulk.label')}
            value={bulk}
            onChange={(event) => setBulk(event.currentTarget.value)}
            data={[
              { value: 'publish', label: t('portfolio.units.bulk.publish') },
              { value: 'unpublish', label: t('portfolio.units.bulk.unpublish') },
              { value: 'set-status', label: t('portfolio.units.bulk.setStatus') },
            ]}
            data-testid="bulk-intent"
          />
          <NativeSelect
            name="status"
            label={t('portfolio.units.bulk.status')}
            // Only read for "set status"; left enabled (and at full contrast) so the form also
            // works without JavaScript.
            data={UNIT_STATUSES.map((status) => ({ value: status, label: t(`listings.status.${status}`) }))}
            data-testid="bulk-status"
          />
          <SubmitButton variant="default" loading={busy} icon={IconChecks} testId="bulk-apply">
            {t('portfolio.units.bulk.apply')}
          </SubmitButton>
        </Group>
      </Paper>
      <Table.ScrollContainer minWidth={1040}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid="units-table">
          <Table.Caption>{t('portfolio.units.caption', { name: buildingName })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={40}>
                <Checkbox
                  aria-label={t('portfolio.units.selectAll')}
                  checked={allSelected}
                  indeterminate={selected.size > 0 && !allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(units.map((unit) => unit.id)))}
                />
              </Table.Th>
              {UNIT_COLUMNS.map(({ key, w, align }) => (
                <Table.Th key={key} scope="col" w={w} ta={align}>
                  {t(`portfolio.units.columns.${key}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {units.map((unit) => (
              <tr key={unit.id} className={classes.row} data-testid="unit-row" data-unit-id={unit.id} data-unit-number={unit.unitNumber}>
                <td>
                  <input
                    type="checkbox"
                    className={classes.check}
                    name="unitIds"
                    value={String(unit.id)}
                    aria-label={t('portfolio.units.selectUnit', { number: unit.unitNumber })}
                    checked={selected.has(unit.id)}
                    onChange={() => toggle(unit.id)}
                  />
                </td>
                <td>
                  <Link to={unitHref(unit.id)} className={classes.link} data-testid="unit-link">
                    {unit.unitNumber}
                  </Link>
                </td>
                <td>
                  <span className={classes.title} title={unit.title}>
                    {unit.title}
                  </span>
                </td>
                <td className={classes.nowrap}>
                  <span className={classes.badge} data-status={unit.status} data-testid="status-badge">
                    {t(`listings.status.${unit.status}`)}
                  </span>
                </td>
                <td className={`${classes.right} ${classes.nowrap}`}>
                  {formatUsd(unit.price, lang)}
                  <span className={classes.dimmed}>{t('portfolio.units.perMonth')}</span>
                </td>
                <td className={classes.nowrap}>
                  {unit.bedrooms === 0 ? t('portfolio.units.studio') : unit.bedrooms} · {unit.bathrooms}
                </td>
                <td className={classes.nowrap}>
                  <span className={classes.badge} data-listed={unit.listed} data-testid="unit-listed">
                    {unit.listed ? t('portfolio.units.listed') : t('portfolio.units.unlisted')}
                  </span>
                </td>
                <td className={classes.nowrap}>{unit.leaseEnd ? formatIsoDate(unit.leaseEnd, lang) : '—'}</td>
                <td className={classes.right}>{unit.openApplications}</td>
                <td className={classes.right}>{unit.photos}</td>
              </tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Form>
  );
}
