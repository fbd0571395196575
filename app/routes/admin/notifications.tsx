/**
 * /admin/notifications (spec §2 admin-only; decision 013): send an in-app notification
 * to one person, to everyone holding a role or to everybody, and the history of what was sent.
 *
 * Loader: `?page=` pages the history (25 a page); `?q=` also answers `recipients`, the accounts
 * whose e-mail address or name contains it (the recipient field's suggestions); `?sent=<n>`
 * after a plain browser post. Action: the broadcast form (see `action`).
 */
import { Alert, Grid, Stack, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { parsePage } from '~/features/admin/admin.server';
import { LinkPagination } from '~/components/lists/link-pagination';
import { SignedInPageHeader } from '~/components/page-header';
import { BroadcastForm } from '~/features/notifications/components/broadcast-form';
import { BroadcastTable } from '~/features/notifications/components/broadcast-table';
import {
  BROADCAST_INTENTS,
  RECIPIENT_SEARCH_MAX,
  type BroadcastActionResult,
  type BroadcastEcho,
  type BroadcastIntent,
} from '~/features/notifications/notifications.schemas';
import { findBroadcastRecipients, listBroadcasts, sendBroadcast } from '~/features/notifications/notifications.server';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { formText } from '~/lib/form-fields';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { handleFormAction, type FormCall } from '~/server/http/form-action.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/notifications';

const PATH = '/admin/notifications';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const lang = requestLanguage(request);
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').slice(0, RECIPIENT_SEARCH_MAX);
  const sent = Number(params.get('sent'));
  const [history, recipients] = await Promise.all([
    listBroadcasts({ db: context.db, actor, page: parsePage(params.get('page')) }),
    findBroadcastRecipients({ db: context.db, actor, q }),
  ]);
  return {
    history,
    recipients,
    sent: Number.isSafeInteger(sent) && sent >= 0 && params.has('sent') ? sent : null,
    i18n: translations(lang, ['account', 'admin', 'notifications']),
    meta: pageMeta(lang, 'notifications.admin.meta.title', 'notifications.admin.meta.description'),
  };
}

/**
 * The broadcast form, through the page protocol (decision 037): 422 with translated messages by
 * field and the typed values; a success answers the toast's text and the number of recipients,
 * or 303 back here with `sent=<n>` for a plain browser post.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleFormAction(
    { request, context },
    { intents: BROADCAST_INTENTS, defaultIntent: true },
    async (call: FormCall<BroadcastIntent>) => {
      const { form } = call;
      const values: BroadcastEcho = {
        audience: formText(form, 'audience'),
        email: formText(form, 'email'),
        role: formText(form, 'role'),
        title: formText(form, 'title'),
        message: formText(form, 'message'),
        type: formText(form, 'type') || 'info',
        actionUrl: formText(form, 'actionUrl'),
      };
      const outcome = await sendBroadcast({ db: context.db, actor, origin: call.origin, input: values, locale: call.lang });
      if (!outcome.ok) call.invalid(outcome.errors, { status: outcome.status, values });
      context.logger.info(
        { actor: actor.id, broadcast: outcome.broadcastId, audience: values.audience, recipients: outcome.recipients },
        'notification broadcast',
      );
      return call.done({
        message: 'notifications.admin.sent',
        params: { count: outcome.recipients },
        redirectTo: `${PATH}?sent=${outcome.recipients}`,
        extra: { recipients: outcome.recipients },
      });
    },
  );
}

export const meta = loaderMeta;

export default function AdminNotifications({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { history, sent } = loaderData;
  return (
    <>
      <SignedInPageHeader title={t('notifications.admin.title')} subtitle={t('notifications.admin.subtitle')} />
      {sent !== null && (
        <Alert color="teal" icon={<IconCircleCheck aria-hidden />} mb="md" data-testid="broadcast-sent">
          {t('notifications.admin.sent', { count: sent })}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, xl: 5 }}>
          <BroadcastForm result={actionData as BroadcastActionResult | undefined} action={PATH} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 7 }}>
          <Stack gap="md" component="section" aria-labelledby="broadcast-history-title">
            <Title order={2} size="h4" id="broadcast-history-title">
              {t('notifications.admin.history.heading')}
            </Title>
            <BroadcastTable items={history.items} />
            <LinkPagination
              page={history.page}
              pageCount={history.pageCount}
              hrefFor={(page) => (page > 1 ? `${PATH}?page=${page}` : PATH)}
              testId="broadcasts-pagination"
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
