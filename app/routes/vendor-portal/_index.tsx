/**
 * /vendor-portal (spec §2: role vendor; admins pass). The vendor record linked to this account
 * (`vendor.user_id`) with its review status and insurance, the vendor's work orders by state and
 * invoices, and the way to its capital projects. Without a
 * linked record, an empty state points to the vendor application and the listings.
 */
import { Badge, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconBriefcase, IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { LinkButton } from '~/components/icon-button';
import { loadVendorPortal } from '~/features/accounts/dashboard.server';
import { PortalHome } from '~/components/portal-home';
import { NoVendorState } from '~/components/no-vendor-state';
import { StatCard } from '~/components/stat-card';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { formatNumber } from '~/lib/format';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { useLanguage } from '~/lib/use-language';
import { VendorWorkOverview } from '~/features/work-orders/components/vendor-overview';
import { countVendorWorkOrders } from '~/features/work-orders/vendor-work-orders.server';
import { VendorInsuranceSummary } from '~/features/vendors/components/vendor-insurance-summary';
import { findMyVendorInsurance } from '~/features/vendors/vendor-profile.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/_index';

const STATUS_COLORS = { pending: 'yellow.4', approved: 'teal.9', rejected: 'gray.7', suspended: 'red.9' } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'vendor');
  const lang = requestLanguage(request);
  const [summary, work, insurance] = await Promise.all([
    loadVendorPortal({ db: context.db, viewer }),
    countVendorWorkOrders({ db: context.db, viewer }),
    // Decision 030: the insurance status and the way to the profile and documents.
    findMyVendorInsurance({ db: context.db, viewer }),
  ]);
  return {
    name: viewer.firstName || viewer.name,
    summary,
    work,
    insurance,
    i18n: translations(lang, ['account', 'vendors', 'workOrders']),
    meta: pageMeta(lang, 'account.vendorPortal.meta.title', 'account.vendorPortal.meta.description'),
  };
}

export const meta = loaderMeta;

export default function VendorPortal({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { name, summary } = loaderData;
  const record = summary.vendor;
  return (
    <PortalHome
      title={t('account.vendorPortal.title')}
      greeting={`${t('account.vendorPortal.greeting', { name })} ${t('account.vendorPortal.intro')}`}
    >
      {loaderData.insurance && <VendorInsuranceSummary {...loaderData.insurance} profileLink />}
      {record ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Paper withBorder p="md" component="section" aria-labelledby="vendor-profile-title" data-testid="vendor-profile">
            <Group justify="space-between" wrap="nowrap" mb="xs">
              <Title order={2} size="h4" id="vendor-profile-title">
                {t('account.vendorPortal.profile.title')}
              </Title>
              <Badge
                color={STATUS_COLORS[record.status]}
                variant="filled"
                autoContrast
                data-testid="vendor-status"
                data-status={record.status}
              >
                {t(`account.vendorPortal.profile.status.${record.status}`)}
              </Badge>
            </Group>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {record.companyName}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`account.vendorPortal.profile.explain.${record.status}`)}
            </Text>
          </Paper>
          <StatCard
            icon={IconClipboardList}
            label={t('account.vendorPortal.assignments.title')}
            value={formatNumber(summary.assignments.total, lang)}
            hint={
              summary.assignments.total === 0
                ? t('account.vendorPortal.assignments.empty')
                : `${t('account.vendorPortal.assignments.open', { count: summary.assignments.open })} · ${t('account.vendorPortal.assignments.completed', { count: summary.assignments.completed })}`
            }
            testId="vendor-assignments"
          />
        </SimpleGrid>
      ) : null}
      {record && loaderData.work.vendor && <VendorWorkOverview counts={loaderData.work.counts} invoices={loaderData.work.invoices} />}
      {record ? null : (
        <NoVendorState texts="account.vendorPortal" testId="vendor-portal-empty">
          <LinkButton to="/properties" variant="default">
            {t('account.portal.browse')}
          </LinkButton>
        </NoVendorState>
      )}
      {record && (
        // Capital projects (decision 029 "Bids"): the invitations to bid.
        <Paper withBorder p="md" component="section" aria-labelledby="vendor-projects-title" data-testid="vendor-projects-card">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <div>
              <Title order={2} size="h4" id="vendor-projects-title">
                {t('account.vendorPortal.projects.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('account.vendorPortal.projects.body')}
              </Text>
            </div>
            <LinkButton to="/vendor-portal/projects" variant="default" icon={IconBriefcase} testId="vendor-projects-link">
              {t('account.vendorPortal.projects.link')}
            </LinkButton>
          </Group>
        </Paper>
      )}
    </PortalHome>
  );
}
