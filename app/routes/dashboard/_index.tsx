/**
 * /dashboard (spec §2: any signed-in user). Who you are, where your workspace is (tenant portal,
 * vendor portal, admin area; for property managers this page, with the properties they manage),
 * your recent security events, and your security status (spec §4: secure → warning above 80 %
 * of a limit → blocked), re-checked every 30 seconds while the page is visible.
 *
 * Applications (decision 010; DESIGN §4 "Who works where"): anyone who applied while
 * signed in sees "My applications" and may withdraw one while it is submitted or under review
 * (`intent=withdraw`); a property manager also reviews the applications for the properties they
 * manage — the same list, filters (`?status=&property=&q=&page=`), panel (`?id=`) and commands
 * (`review`, `approve`, `reject`) as /admin/applications, scoped by the service to their
 * properties. A panel `?id=` of an application outside their buildings, unknown or malformed
 * answers 404 like any record page (another manager's is audited; `loadReviewPage`). The action
 * answers like /admin/applications' (see `handleApplicationAction`).
 *
 * Live chat (decision 011) and contact-form inquiries (decision 018): a property manager
 * answers the inbox here, the same one admins see in /admin/messages (`?inboxTab=`, `?thread=<id>`,
 * `?inboxPage=`) — every chat, and the inquiries about the units they manage. A thread that is not
 * theirs is shown as "does not exist" (the attempt is audited) and its commands answer 404. Its
 * commands post to /api/inbox.
 */
import { isPropertyManager } from '~/lib/access';
import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useRevalidateWhileVisible } from '~/components/use-revalidate-while-visible';
import { dashboardIntents, loadDashboardPage } from '~/features/accounts/dashboard.page.server';
import { ProfileCard } from '~/features/accounts/components/dashboard-profile';
import { SecurityEvents } from '~/features/accounts/components/dashboard-security-events';
import { SecurityStatusCard } from '~/features/accounts/components/dashboard-security-status';
import { WorkspaceCard } from '~/features/accounts/components/dashboard-workspace';
import type { ApplicationActionResult } from '~/features/applications/applications.types';
import { ManagerReview } from '~/features/applications/components/manager-review';
import { MyApplications } from '~/features/applications/components/my-applications';
import { handleApplicationAction, loadReviewPage } from '~/features/applications/review.page.server';
import { ChatInbox } from '~/features/inquiries/components/chat-inbox';
import { loadInboxPage } from '~/features/inquiries/inbox.page.server';
import { ManagerPortfolio } from '~/features/portfolio/components/manager-portfolio';
import { SECURITY_STATUS_CHECK_MS } from '~/lib/constants';
import { useTranslation } from '~/lib/i18n';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin } from '~/server/audit.server';
import { SignedInPage } from '~/components/signed-in-page';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/_index';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'signed-in');
  const manager = isPropertyManager(viewer.role);
  const [page, review, inbox] = await Promise.all([
    loadDashboardPage({ request, context, viewer }),
    manager
      ? loadReviewPage({
          db: context.db,
          actor: viewer,
          url: new URL(request.url),
          lang: requestLanguage(request),
          origin: requestOrigin(request, context.clientIp),
        })
      : Promise.resolve(null),
    manager ? loadInboxPage({ db: context.db, actor: viewer, request, clientIp: context.clientIp }) : Promise.resolve(null),
  ]);
  return { ...page, review, inbox };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole(request, context, 'signed-in');
  return handleApplicationAction({ request, context, actor: viewer, allowed: dashboardIntents(viewer) });
}

export const meta = loaderMeta;

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
    <SignedInPage title={t('account.dashboard.title')} subtitle={t('account.dashboard.welcome', { name: profile.name })}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <ProfileCard profile={profile} />
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
    </SignedInPage>
  );
}
