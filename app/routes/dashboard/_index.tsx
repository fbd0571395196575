/**
 * /dashboard (spec §2: any signed-in user). Who you are, where your workspace is (tenant portal,
 * vendor portal, admin area; for property managers this page, with the properties they manage),
 * your recent security events, and your security status (spec §4: secure → warning above 80 %
 * of a limit → blocked), re-checked every 30 seconds while the page is visible.
 *
 * Applications (applications issue item 7; DESIGN §4 "Who works where"): anyone who applied while
 * signed in sees "My applications" and may withdraw one while it is submitted or under review
 * (`intent=withdraw`); a property manager also reviews the applications for the properties they
 * manage — the same list, filters (`?status=&property=&q=&page=`), panel (`?id=`) and commands
 * (`review`, `approve`, `reject`) as /admin/applications, scoped by the service to their
 * properties. The action answers like /admin/applications' (see `handleApplicationAction`).
 *
 * Live chat (issue 5) and contact-form inquiries (portfolio issue item 7): a property manager
 * answers the inbox here, the same one admins see in /admin/messages (`?inboxTab=`, `?thread=<id>`,
 * `?inboxPage=`) — every chat, and the inquiries about the units they manage. A thread that is not
 * theirs is shown as "does not exist" (like another manager's application above; the attempt is
 * audited) and its commands answer 404. Its commands post to /api/inbox.
 */
import {
  Anchor,
  Badge,
  Button,
  Container,
  DataList,
  EmptyState,
  Grid,
  Group,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconHistory, IconShieldCheck, IconShieldExclamation, IconShieldX, type Icon } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Link, useRevalidator } from 'react-router';
import { loadDashboard, type DashboardSummary } from '~/features/accounts/dashboard.server';
import { ManagerPortfolio } from '~/features/portfolio/components/manager-portfolio';
import { loadManagerPortfolio } from '~/features/portfolio/portfolio-overview.server';
import { ApplicationReview } from '~/features/applications/components/application-review';
import { ChatInbox } from '~/features/inquiries/components/chat-inbox';
import { loadInboxPage } from '~/features/inquiries/inbox-page.server';
import { MyApplications } from '~/features/applications/components/my-applications';
import { STAFF_INTENTS, type ApplicationActionResult, type ApplicationIntent } from '~/features/applications/applications.types';
import { handleApplicationAction, loadReviewPage } from '~/features/applications/review-page.server';
import { RoleBadge } from '~/components/role-badge';
import { SignedInPageHeader } from '~/components/page-header';
import { formatDateTime } from '~/lib/format';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { RATE_LIMIT_WARNING_RATIO, SECURITY_STATUS_CHECK_MS } from '~/lib/constants';
import { formatNumber } from '~/lib/format';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { useLanguage } from '~/lib/use-language';
import { requireRole } from '~/server/auth/session.server';
import type { SecurityStatus } from '~/server/rate-limit.server';
import type { Route } from './+types/_index';
import { requestOrigin } from '~/server/audit.server';

/** spec §4 / §9: the security status is checked every 30 seconds. */

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'signed-in');
  const lang = requestLanguage(request);
  const url = new URL(request.url);
  const manager = viewer.role === 'property_manager';
  const [summary, review, inbox, portfolio] = await Promise.all([
    loadDashboard({ db: context.db, viewer, client: context.clientIp, lang }),
    manager
      ? loadReviewPage({ db: context.db, actor: viewer, url, lang, origin: requestOrigin(request, context.clientIp) })
      : Promise.resolve(null),
    manager ? loadInboxPage({ db: context.db, actor: viewer, request, clientIp: context.clientIp }) : Promise.resolve(null),
    manager ? loadManagerPortfolio({ db: context.db, actor: viewer }) : Promise.resolve(null),
  ]);
  return {
    ...summary,
    twoFactorEnabled: viewer.twoFactorEnabled,
    review,
    inbox,
    portfolio,
    withdrawn: url.searchParams.get('done') === 'withdraw',
    i18n: translations(lang, manager ? ['account', 'applications', 'inbox', 'leads', 'portfolio'] : ['account', 'applications']),
    meta: pageMeta(lang, 'account.dashboard.meta.title', 'account.dashboard.meta.description'),
  };
}

/** Property managers review here; everyone may withdraw their own application. */
const MANAGER_INTENTS: readonly ApplicationIntent[] = [...(Object.keys(STAFF_INTENTS) as ApplicationIntent[]), 'withdraw'];
const APPLICANT_INTENTS: readonly ApplicationIntent[] = ['withdraw'];

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole(request, context, 'signed-in');
  const allowed = viewer.role === 'property_manager' ? MANAGER_INTENTS : APPLICANT_INTENTS;
  return handleApplicationAction({ request, context, actor: viewer, lang: requestLanguage(request), allowed });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

/** Re-runs the loader every `ms` while the page is visible, and at once when it becomes visible. */
function useRevalidateWhileVisible(ms: number) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    let last = Date.now();
    const refresh = () => {
      if (document.visibilityState !== 'visible' || latest.current.state !== 'idle') return;
      last = Date.now();
      void latest.current.revalidate();
    };
    const timer = window.setInterval(refresh, ms);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - last >= ms) refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [ms]);
}

const STATUS_LOOK: Record<SecurityStatus, { color: string; icon: Icon }> = {
  secure: { color: 'teal.9', icon: IconShieldCheck },
  warning: { color: 'yellow.4', icon: IconShieldExclamation },
  blocked: { color: 'red.9', icon: IconShieldX },
};

function SecurityStatusCard({ security, twoFactorEnabled }: { security: DashboardSummary['security']; twoFactorEnabled: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const look = STATUS_LOOK[security.status];
  const StatusIcon = look.icon;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="security-status-title" h="100%">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id="security-status-title">
          {t('account.dashboard.security.title')}
        </Title>
        <Badge
          size="lg"
          color={look.color}
          variant="filled"
          autoContrast
          leftSection={<StatusIcon size={16} aria-hidden />}
          data-testid="security-status"
          data-status={security.status}
        >
          {t(`account.dashboard.security.status.${security.status}`)}
        </Badge>
      </Group>
      <Text size="sm" mb="md" aria-live="polite">
        {t(`account.dashboard.security.explain.${security.status}`)}
      </Text>
      <Text size="sm" fw={600} mb="xs">
        {t('account.dashboard.security.activity')}
      </Text>
      {security.actions.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="security-no-activity">
          {t('account.dashboard.security.none')}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="security-actions">
          {security.actions.map((entry) => {
            const ratio = entry.count / entry.limit;
            const color = entry.count >= entry.limit ? 'red.9' : ratio > RATE_LIMIT_WARNING_RATIO ? 'yellow.6' : 'teal.9';
            return (
              <div key={entry.action} data-testid="security-action" data-action={entry.action}>
                <Group justify="space-between" gap="xs" mb={4}>
                  <Text size="sm">{t(`account.rateActions.${entry.action}`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t('account.dashboard.security.usageValue', { count: entry.count, limit: entry.limit })}
                  </Text>
                </Group>
                <Progress
                  value={Math.min(100, ratio * 100)}
                  color={color}
                  aria-label={`${t(`account.rateActions.${entry.action}`)}: ${formatNumber(entry.count, lang)} / ${formatNumber(entry.limit, lang)}`}
                />
              </div>
            );
          })}
        </Stack>
      )}
      <Text size="xs" c="dimmed" mt="md">
        {t('account.dashboard.security.checked')}
      </Text>
      <Group justify="space-between" mt="md" gap="xs">
        <Text size="sm" data-testid="dashboard-two-factor" data-enabled={String(twoFactorEnabled)}>
          {twoFactorEnabled ? t('account.security.statusOn') : t('account.security.statusOff')}
        </Text>
        <Anchor component={Link} to="/dashboard/security" size="sm" data-testid="security-link">
          {t('account.security.manage')}
        </Anchor>
      </Group>
    </Paper>
  );
}

function WorkspaceCard({ role, managedProperties }: { role: DashboardSummary['profile']['role']; managedProperties: number | null }) {
  const { t } = useTranslation();
  const links = { tenant: '/tenant-portal', vendor: '/vendor-portal', admin: '/admin' } as const;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="workspace-title" data-testid="dashboard-workspace">
      <Title order={2} size="h4" id="workspace-title" mb="xs">
        {t('account.dashboard.workspace.title')}
      </Title>
      <Text size="sm" mb="md">
        {t(`account.dashboard.workspace.${role}.body`)}
      </Text>
      {role === 'property_manager' ? (
        <Stack gap="sm" align="flex-start">
          <Text fw={600} data-testid="managed-count" data-count={managedProperties ?? 0}>
            {managedProperties
              ? t('account.dashboard.workspace.property_manager.managed', { count: managedProperties })
              : t('account.dashboard.workspace.property_manager.managedNone')}
          </Text>
          <Anchor component={Link} to="/dashboard/buildings" size="sm" fw={600}>
            {t('account.dashboard.workspace.property_manager.link')}
          </Anchor>
          <Anchor component={Link} to="/dashboard/projects" size="sm" fw={600} data-testid="dashboard-projects-link">
            {t('account.dashboard.workspace.property_manager.projectsLink')}
          </Anchor>
          <Anchor component={Link} to="/dashboard/tenants" size="sm" fw={600} data-testid="dashboard-tenants-link">
            {t('account.dashboard.workspace.property_manager.tenantsLink')}
          </Anchor>
          <Anchor component={Link} to="/dashboard/payments" size="sm" fw={600} data-testid="dashboard-payments-link">
            {t('account.dashboard.workspace.property_manager.paymentsLink')}
          </Anchor>
          <Anchor component={Link} to="/dashboard/maintenance" size="sm" fw={600} data-testid="dashboard-maintenance-link">
            {t('account.dashboard.workspace.property_manager.maintenanceLink')}
          </Anchor>
          <Anchor component={Link} to="/dashboard/assignments" size="sm" fw={600} data-testid="dashboard-assignments-link">
            {t('account.dashboard.workspace.property_manager.assignmentsLink')}
          </Anchor>
        </Stack>
      ) : (
        <Button
          component={Link}
          to={links[role]}
          rightSection={<IconArrowRight size={16} aria-hidden />}
          data-testid="dashboard-portal-link"
        >
          {t(`account.dashboard.workspace.${role}.link`)}
        </Button>
      )}
    </Paper>
  );
}

function SecurityEvents({ events }: { events: DashboardSummary['events'] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="security-events-title" data-testid="security-events">
      <Title order={2} size="h4" id="security-events-title">
        {t('account.dashboard.events.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('account.dashboard.events.description')}
      </Text>
      {events.length === 0 ? (
        <EmptyState icon={<IconHistory size={28} aria-hidden />} variant="light" size="sm" data-testid="security-events-empty">
          <EmptyState.Title order={3}>{t('account.dashboard.events.emptyTitle')}</EmptyState.Title>
          <EmptyState.Description>{t('account.dashboard.events.emptyBody')}</EmptyState.Description>
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('account.dashboard.events.when')}</Table.Th>
                <Table.Th scope="col">{t('account.dashboard.events.event')}</Table.Th>
                <Table.Th scope="col">{t('account.dashboard.events.ip')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event) => (
                <Table.Tr key={event.id} data-testid="security-event" data-action={event.action}>
                  <Table.Td>
                    <time dateTime={event.createdAt}>{formatDateTime(event.createdAt, lang)}</time>
                  </Table.Td>
                  <Table.Td>{t(`account.audit.${event.action}`, { defaultValue: event.action })}</Table.Td>
                  <Table.Td>
                    <Text span size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {event.ipAddress ?? t('account.dashboard.events.unknownIp')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** A property manager's review of the applications for the properties they manage. */
function ManagerReview({
  review,
  result,
}: {
  review: NonNullable<Route.ComponentProps['loaderData']['review']>;
  result: ApplicationActionResult | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="manager-review-title" data-testid="manager-review">
      <Title order={2} size="h4" id="manager-review-title">
        {t('applications.manager.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('applications.manager.intro')}
      </Text>
      <ApplicationReview basePath="/dashboard" review={review} result={result} emptyBody={t('applications.list.emptyBodyManager')} />
    </Paper>
  );
}

/** A property manager's inbox: live chat and inquiries about their units (admins answer in /admin/messages). */
function ManagerInbox({ inbox }: { inbox: NonNullable<Route.ComponentProps['loaderData']['inbox']> }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="manager-inbox-title" id="inbox" data-testid="manager-inbox">
      <Title order={2} size="h4" id="manager-inbox-title">
        {t('leads.inbox.sectionTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('leads.inbox.sectionIntro')}
      </Text>
      <ChatInbox inbox={inbox} action="/api/inbox" anchor="inbox" unitBasePath="/dashboard/buildings" />
    </Paper>
  );
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { profile, managedProperties, events, security, applications, review, inbox, portfolio, withdrawn } = loaderData;
  const result = actionData as ApplicationActionResult | undefined;
  useRevalidateWhileVisible(SECURITY_STATUS_CHECK_MS);
  return (
    <Container size="lg" py="xl">
      <SignedInPageHeader title={t('account.dashboard.title')} subtitle={t('account.dashboard.welcome', { name: profile.name })} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Paper withBorder p="lg" component="section" aria-labelledby="profile-title">
              <Title order={2} size="h4" id="profile-title" mb="sm">
                {t('account.dashboard.profile.title')}
              </Title>
              <DataList labelWidth={90}>
                <DataList.Item>
                  <DataList.ItemLabel>{t('account.dashboard.profile.name')}</DataList.ItemLabel>
                  <DataList.ItemValue data-testid="dashboard-name">{profile.name}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('account.dashboard.profile.email')}</DataList.ItemLabel>
                  <DataList.ItemValue data-testid="dashboard-email" style={{ overflowWrap: 'anywhere' }}>
                    {profile.email}
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('account.dashboard.profile.role')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <RoleBadge role={profile.role} data-testid="dashboard-role" />
                  </DataList.ItemValue>
                </DataList.Item>
              </DataList>
            </Paper>
            <WorkspaceCard role={profile.role} managedProperties={managedProperties} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SecurityStatusCard security={security} twoFactorEnabled={loaderData.twoFactorEnabled} />
        </Grid.Col>
        {portfolio && (
          <Grid.Col span={12}>
            <ManagerPortfolio portfolio={portfolio} />
          </Grid.Col>
        )}
        {inbox && (
          <Grid.Col span={12}>
            <ManagerInbox inbox={inbox} />
          </Grid.Col>
        )}
        {review && (
          <Grid.Col span={12}>
            <ManagerReview review={review} result={result} />
          </Grid.Col>
        )}
        {(applications.length > 0 || withdrawn) && (
          <Grid.Col span={12}>
            <MyApplications applications={applications} result={result} withdrawn={withdrawn} />
          </Grid.Col>
        )}
        <Grid.Col span={12}>
          <SecurityEvents events={events} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
