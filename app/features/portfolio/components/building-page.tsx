/**
 * One building's page (decision 015), for admins and for its property manager:
 * the figures (units, occupancy, available, leased, maintenance, listed), the units table with
 * its bulk bar, the building's photos (a slot the route fills with the photo manager), the
 * building's details form and the CSV import. `new` shows only the create form.
 */
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title, EmptyState } from '@mantine/core';
import { IconBuildingCommunity, IconDownload, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { SignedInPageHeader } from '~/components/page-header';
import { BackLink } from '~/components/back-link';
import { formatNumber } from '~/lib/format';
import type { TFunction } from '~/lib/i18n';
import type { Language } from '~/lib/constants';
import type { LateFeeRule } from '~/lib/late-fees';
import { lateFeeRuleText } from '~/lib/late-fee-summary';
import { useLanguage } from '~/lib/use-language';
import type { BuildingDetail, BuildingUnitRow, ManagerOption } from '../portfolio.types';
import type { PortfolioActionResult } from '../portfolio.page.server';
import { formatPercent } from './building-list';
import { BuildingForm } from './building-form';
import { UnitImportPanel } from './unit-import-panel';
import { UnitsTable } from './units-table';
import { useDoneToast } from '~/components/forms/use-action-result';
import { PORTFOLIO_TOAST, portfolioDoneMessage } from './portfolio-toast';

type Props = {
  base: string;
  backHref: string;
  detail: { building: BuildingDetail; units: BuildingUnitRow[]; moreUnits: boolean } | null;
  managers: ManagerOption[];
  canAssignManager: boolean;
  result: PortfolioActionResult | undefined;
  done: string | null;
  /** The building's photo manager (from the photos feature, composed by the route). */
  photos?: ReactNode;
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={`${id}-title`} id={id}>
      <Title order={2} size="h4" id={`${id}-title`} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function BuildingPage({ base, backHref, detail, managers, canAssignManager, result, done, photos }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDoneToast(done, (outcome) => portfolioDoneMessage(t, outcome), PORTFOLIO_TOAST);
  const back = (
    <BackLink to={backHref} labelAs="div">
      {backHref.startsWith('/admin') ? t('portfolio.building.back') : t('portfolio.building.backDashboard')}
    </BackLink>
  );
  if (!detail) {
    return (
      <Stack gap="md">
        {back}
        <SignedInPageHeader title={t('portfolio.building.newTitle')} subtitle={t('portfolio.building.newSubtitle')} />
        <Paper withBorder p="lg">
          <BuildingForm building={null} managers={managers} canAssignManager={canAssignManager} result={result} />
        </Paper>
      </Stack>
    );
  }
  const { building, units, moreUnits } = detail;
  const here = `${base}/${building.id}`;
  const occupancy = building.unitsTotal === 0 ? 0 : building.unitsLeased / building.unitsTotal;
  const stats: [string, string][] = [
    ['units', formatNumber(building.unitsTotal, lang)],
    ['occupancy', formatPercent(occupancy, lang)],
    ['available', formatNumber(building.unitsAvailable, lang)],
    ['leased', formatNumber(building.unitsLeased, lang)],
    ['maintenance', formatNumber(building.unitsMaintenance, lang)],
    ['listed', formatNumber(building.unitsListed, lang)],
  ];
  return (
    <Stack gap="lg">
      {back}
      <SignedInPageHeader
        title={building.name}
        subtitle={
          <>
            {building.streetAddress}, {building.city}, {building.state} {building.zipCode}
            <br />
            {building.managerName ? t('portfolio.building.manager', { name: building.managerName }) : t('portfolio.building.noManager')}
            <br />
            <span data-testid="building-time-zone-fact">
              {t('portfolio.building.timeZone', {
                zone: t(`portfolio.timeZones.${building.timeZone}`, { defaultValue: building.timeZone }),
              })}
            </span>
            <br />
            <span data-testid="building-late-fees-fact">{lateFeeSummary(t, building.lateFeeRule, lang)}</span>
          </>
        }
        actions={
          <Group gap="sm">
            <Button component={Link} to={`${here}/units/new`} leftSection={<IconPlus size={16} aria-hidden />} data-testid="add-unit">
              {t('portfolio.building.addUnit')}
            </Button>
            <Button
              component="a"
              href={`${here}/units.csv`}
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              data-testid="export-csv"
            >
              {t('portfolio.building.exportCsv')}
            </Button>
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="building-stats">
        {stats.map(([key, value]) => (
          <Paper key={key} withBorder p="sm" data-stat={key}>
            <Text size="xs" c="dimmed">
              {t(`portfolio.building.stats.${key}`)}
            </Text>
            <Text fz="xl" fw={700} data-testid={`stat-${key}`}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Section id="units" title={t('portfolio.building.sections.units')}>
        {units.length === 0 ? (
          <EmptyState icon={<IconBuildingCommunity size={28} aria-hidden />} variant="light" data-testid="units-empty">
            <EmptyState.Title order={3}>{t('portfolio.building.noUnitsTitle')}</EmptyState.Title>
            <EmptyState.Description>{t('portfolio.building.noUnitsBody')}</EmptyState.Description>
          </EmptyState>
        ) : (
          <>
            <UnitsTable units={units} buildingName={building.name} unitHref={(id) => `${here}/units/${id}`} result={result} />
            {moreUnits && (
              <Badge variant="light" color="gray" mt="sm">
                {t('portfolio.building.moreUnits', { count: units.length })}
              </Badge>
            )}
          </>
        )}
      </Section>
      {photos && (
        <Section id="photos" title={t('portfolio.building.sections.photos')}>
          {photos}
        </Section>
      )}
      <Section id="details" title={t('portfolio.building.sections.details')}>
        <BuildingForm building={building} managers={managers} canAssignManager={canAssignManager} result={result} />
      </Section>
      <Section id="import" title={t('portfolio.building.sections.import')}>
        <UnitImportPanel result={result} exportHref={`${here}/units.csv`} />
      </Section>
    </Stack>
  );
}

/** One line on the building's late-fee rule (decision 048): the company's, or its own in words. */
function lateFeeSummary(t: TFunction, rule: LateFeeRule | null, lang: Language): string {
  return rule ? t('portfolio.building.lateFeesOwn', { rule: lateFeeRuleText(t, rule, lang) }) : t('portfolio.building.lateFeesCompany');
}
