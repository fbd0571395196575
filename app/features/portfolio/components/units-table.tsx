/**
 * A building's units (portfolio issue item 2): number, title, status, rent, layout, website
 * (listed or not), current lease end, open applications and photos, each linking to its edit
 * page; a checkbox per unit and one bulk bar (publish, unpublish, set status) — a single real
 * form, so it works without JavaScript. Plain table markup for the up-to-200 rows.
 */
import { Alert, Anchor, Badge, Button, Checkbox, Group, NativeSelect, Paper, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { StatusBadge } from '~/features/listings/components/status-badge';
import { formatIsoDate, formatUsd } from '~/lib/format';
import { UNIT_STATUSES } from '~/lib/property-types';
import { useLanguage } from '~/lib/use-language';
import type { BuildingUnitRow } from '../portfolio.types';
import type { PortfolioActionResult } from '../portfolio-pages.server';
import { usePortfolioOutcome } from './use-portfolio-outcome';

type Props = { units: BuildingUnitRow[]; buildingName: string; unitHref: (id: number) => string; result: PortfolioActionResult | undefined };

export function UnitsTable({ units, buildingName, unitHref, result }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { failed, busy, formRef } = usePortfolioOutcome(result, 'bulk-units');
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
          <Button type="submit" variant="default" loading={busy} leftSection={<IconChecks size={16} aria-hidden />} data-testid="bulk-apply">
            {t('portfolio.units.bulk.apply')}
          </Button>
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
              <Table.Th scope="col">{t('portfolio.units.columns.unit')}</Table.Th>
              <Table.Th scope="col">{t('portfolio.units.columns.title')}</Table.Th>
              <Table.Th scope="col" w={150}>
                {t('portfolio.units.columns.status')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('portfolio.units.columns.rent')}
              </Table.Th>
              <Table.Th scope="col">{t('portfolio.units.columns.layout')}</Table.Th>
              <Table.Th scope="col" w={120}>
                {t('portfolio.units.columns.listed')}
              </Table.Th>
              <Table.Th scope="col">{t('portfolio.units.columns.leaseEnd')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('portfolio.units.columns.applications')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('portfolio.units.columns.photos')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {units.map((unit) => (
              <Table.Tr key={unit.id} data-testid="unit-row" data-unit-id={unit.id} data-unit-number={unit.unitNumber}>
                <Table.Td>
                  <Checkbox
                    name="unitIds"
                    value={String(unit.id)}
                    aria-label={t('portfolio.units.selectUnit', { number: unit.unitNumber })}
                    checked={selected.has(unit.id)}
                    onChange={() => toggle(unit.id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={unitHref(unit.id)} fw={600} data-testid="unit-link">
                    {unit.unitNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td maw={220}>
                  <Text size="sm" truncate="end" title={unit.title}>
                    {unit.title}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <StatusBadge status={unit.status} />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatUsd(unit.price, lang)}
                  <Text span size="xs" c="dimmed">
                    {t('portfolio.units.perMonth')}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {unit.bedrooms === 0 ? t('portfolio.units.studio') : unit.bedrooms} · {unit.bathrooms}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge miw="fit-content" variant={unit.listed ? 'light' : 'outline'} color={unit.listed ? 'teal.9' : 'gray.7'} data-testid="unit-listed">
                    {unit.listed ? t('portfolio.units.listed') : t('portfolio.units.unlisted')}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{unit.leaseEnd ? formatIsoDate(unit.leaseEnd, lang) : '—'}</Table.Td>
                <Table.Td ta="right">{unit.openApplications}</Table.Td>
                <Table.Td ta="right">{unit.photos}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Form>
  );
}
