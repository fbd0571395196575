/**
 * The owner portal's pages (decision 061): the home (`OwnerPortalHome`: a card per building with
 * occupancy, income collected this month and this year, the month's maintenance spend and open
 * work orders; the recent settlements and distributions) and one building (`OwnerBuildingPage`:
 * income and expenses by account for the month and the year to date, open work orders, capital
 * projects, the building's settlements). Both languages; tables scroll sideways on a phone.
 */
import { Anchor, Badge, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconBuildingEstate, IconClipboardList, IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BackLink } from '~/components/back-link';
import { ScrollTable, NoWrapCell } from '~/components/lists/list-table';
import { PortalEmptyState, PortalHome } from '~/components/portal-home';
import { SectionCard } from '~/components/section-card';
import { SignedInPageHeader } from '~/components/page-header';
import { formatCents, formatIsoDate, formatNumber } from '~/lib/format';
import { useTranslation } from '~/lib/i18n';
import { useLanguage } from '~/lib/use-language';
import type { OwnerBuildingDetail, OwnerPortalBuilding } from '../owner-portal.server';
import type { SettlementRow } from '../owners.server';
import { SettlementsTable } from './owner-detail-page';
import { StatementsTable } from './statements-table';
import { OwnerMessageThread } from './owner-message-thread';
import type { OwnerMessageView } from '../owner-messages.server';
import type { ActionResult } from '~/lib/action-result';

/** The toast of a message sent from the portal. */
const MESSAGE_TOAST = { title: 'owners.done.title', testId: 'owner-portal-toast' };
import type { StatementRow } from '../owner-statements.server';

/** Occupancy as a whole percent of the building's units (0 when it has none). */
function occupancyPercent(building: Pick<OwnerPortalBuilding, 'unitsLeased' | 'unitsTotal'>): number {
  return building.unitsTotal > 0 ? Math.round((building.unitsLeased / building.unitsTotal) * 100) : 0;
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

function BuildingCard({ building }: { building: OwnerPortalBuilding }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const occupancy = occupancyPercent(building);
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={`owner-building-${building.id}`} data-testid="owner-portal-building">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={`owner-building-${building.id}`}>
            <Anchor component={Link} to={`/owner-portal/buildings/${building.id}`}>
              {building.name}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed">
            {building.city}, {building.state}
          </Text>
        </div>
        <div>
          <Group justify="space-between" mb={4}>
            <Text size="sm">{t('owners.portal.occupancy')}</Text>
            <Text size="sm" fw={600} data-testid="owner-portal-occupancy">
              {t('owners.portal.occupancyValue', {
                percent: occupancy,
                leased: formatNumber(building.unitsLeased, lang),
                total: formatNumber(building.unitsTotal, lang),
              })}
            </Text>
          </Group>
          <Progress value={occupancy} aria-label={t('owners.portal.occupancy')} />
        </div>
        <SimpleGrid cols={2} spacing="sm">
          <Figure
            label={t('owners.portal.collectedMonth')}
            value={formatCents(building.collectedMonthCents, lang)}
            testId="owner-portal-collected-month"
          />
          <Figure
            label={t('owners.portal.collectedYear')}
            value={formatCents(building.collectedYearCents, lang)}
            testId="owner-portal-collected-year"
          />
          <Figure label={t('owners.portal.maintenanceMonth')} value={formatCents(building.maintenanceSpendMonthCents, lang)} />
          <Figure label={t('owners.portal.openWorkOrders')} value={formatNumber(building.openWorkOrders, lang)} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

type HomeProps = {
  name: string;
  hasOwner: boolean;
  buildings: OwnerPortalBuilding[];
  settlements: SettlementRow[];
  statements: StatementRow[];
  messages: OwnerMessageView[];
  result: ActionResult<string, object> | undefined;
};

export function OwnerPortalHome({ name, hasOwner, buildings, settlements, statements, messages, result }: HomeProps) {
  const { t } = useTranslation();
  return (
    <PortalHome title={t('owners.portal.title')} greeting={t('owners.portal.greeting', { name })}>
      {!hasOwner || buildings.length === 0 ? (
        <PortalEmptyState
          icon={IconBuildingEstate}
          title={t(hasOwner ? 'owners.portal.noBuildingsTitle' : 'owners.portal.noOwnerTitle')}
          body={t(hasOwner ? 'owners.portal.noBuildingsBody' : 'owners.portal.noOwnerBody')}
          testId="owner-portal-empty"
        >
          <Anchor component={Link} to="/contact">
            {t('owners.portal.contact')}
          </Anchor>
        </PortalEmptyState>
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {buildings.map((building) => (
              <BuildingCard key={building.id} building={building} />
            ))}
          </SimpleGrid>
          <SectionCard
            titleId="owner-portal-statements"
            title={t('owners.statement.list.title')}
            description={t('owners.statement.list.body')}
          >
            <StatementsTable
              statements={statements}
              hrefOf={(statement) => `/owner-portal/statements/${statement.id}/pdf`}
              testIdPrefix="owner-portal-statements"
            />
          </SectionCard>
          <SectionCard
            titleId="owner-portal-settlements"
            title={t('owners.portal.distributions')}
            description={t('owners.portal.distributionsBody')}
          >
            <SettlementsTable settlements={settlements} testIdPrefix="owner-portal-settlements" />
          </SectionCard>
        </Stack>
      )}
      {hasOwner && <OwnerMessageThread messages={messages} viewerSide="owner" result={result} toast={MESSAGE_TOAST} />}
    </PortalHome>
  );
}

function AccountsTable({ detail }: { detail: OwnerBuildingDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const groups = (['income', 'expense'] as const).map((type) => ({ type, lines: detail.accounts.filter((line) => line.type === type) }));
  const net = (key: 'monthCents' | 'yearCents') =>
    detail.accounts.reduce((sum, line) => sum + (line.type === 'income' ? line[key] : -line[key]), 0);
  return (
    <ScrollTable
      minWidth={480}
      caption={t('owners.portal.accountsCaption', { month: detail.month })}
      columns={[
        { label: t('owners.portal.account') },
        { label: t('owners.portal.month'), align: 'right' },
        { label: t('owners.portal.yearToDate'), align: 'right' },
      ]}
      bodyStyle={{ fontVariantNumeric: 'tabular-nums' }}
      data-testid="owner-accounts-table"
    >
      {groups.map(({ type, lines }) => [
        <Table.Tr key={type}>
          <Table.Th scope="rowgroup" colSpan={3}>
            {t(`owners.portal.${type}`)}
          </Table.Th>
        </Table.Tr>,
        ...lines.map((line) => (
          <Table.Tr key={line.number} data-testid="owner-account-row">
            <Table.Th scope="row" fw={400}>
              {line.number} · {lang === 'it' && line.nameIt ? line.nameIt : line.name}
            </Table.Th>
            <NoWrapCell ta="right">{formatCents(line.monthCents, lang)}</NoWrapCell>
            <NoWrapCell ta="right">{formatCents(line.yearCents, lang)}</NoWrapCell>
          </Table.Tr>
        )),
      ])}
      <Table.Tr>
        <Table.Th scope="row">{t('owners.portal.net')}</Table.Th>
        <NoWrapCell ta="right">{formatCents(net('monthCents'), lang)}</NoWrapCell>
        <NoWrapCell ta="right">{formatCents(net('yearCents'), lang)}</NoWrapCell>
      </Table.Tr>
    </ScrollTable>
  );
}

/** A line of a short list: an icon, what it is (`children`, may truncate) and its status as a badge. */
function StatusRow({ icon: IconComponent, status, children }: { icon: typeof IconTool; status: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <IconComponent size={16} aria-hidden />
        {children}
      </Group>
      <Badge variant="light">{status}</Badge>
    </Group>
  );
}

export function OwnerBuildingPage({ detail }: { detail: OwnerBuildingDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <>
      <BackLink to="/owner-portal">{t('owners.portal.back')}</BackLink>
      <SignedInPageHeader title={detail.name} subtitle={`${detail.city}, ${detail.state}`} />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure label={t('owners.portal.occupancy')} value={`${occupancyPercent(detail)}%`} />
          <Figure
            label={t('owners.portal.collectedMonth')}
            value={formatCents(detail.collectedMonthCents, lang)}
            testId="owner-building-collected-month"
          />
          <Figure label={t('owners.portal.collectedYear')} value={formatCents(detail.collectedYearCents, lang)} />
          <Figure label={t('owners.portal.maintenanceMonth')} value={formatCents(detail.maintenanceSpendMonthCents, lang)} />
        </SimpleGrid>
        <SectionCard
          titleId="owner-accounts"
          title={t('owners.portal.incomeExpenses')}
          isEmpty={detail.accounts.length === 0}
          emptyText={t('owners.portal.noAccounts')}
        >
          <AccountsTable detail={detail} />
        </SectionCard>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <SectionCard
            titleId="owner-work-orders"
            title={t('owners.portal.workOrders')}
            isEmpty={detail.workOrders.length === 0}
            emptyText={t('owners.portal.noWorkOrders')}
          >
            <Stack gap="xs" data-testid="owner-work-orders">
              {detail.workOrders.map((order) => (
                <StatusRow key={order.id} icon={IconTool} status={t(`workOrders.status.${order.status}`)}>
                  <Text size="sm" truncate>
                    {order.title}
                  </Text>
                </StatusRow>
              ))}
            </Stack>
          </SectionCard>
          <SectionCard
            titleId="owner-projects"
            title={t('owners.portal.projects')}
            isEmpty={detail.projects.length === 0}
            emptyText={t('owners.portal.noProjects')}
          >
            <Stack gap="xs" data-testid="owner-projects">
              {detail.projects.map((item) => (
                <StatusRow key={item.id} icon={IconClipboardList} status={t(`projects.status.${item.status}`)}>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" truncate>
                      {item.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('owners.portal.budget', { amount: formatCents(item.budgetCents, lang) })}
                      {item.startDate ? ` · ${formatIsoDate(item.startDate, lang)}` : ''}
                    </Text>
                  </div>
                </StatusRow>
              ))}
            </Stack>
          </SectionCard>
        </SimpleGrid>
        <SectionCard titleId="owner-building-settlements" title={t('owners.portal.distributions')}>
          <SettlementsTable settlements={detail.settlements} testIdPrefix="owner-building-settlements" />
        </SectionCard>
      </Stack>
    </>
  );
}
