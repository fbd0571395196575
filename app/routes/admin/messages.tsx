/**
 * /admin/messages (spec §2 admin section "messages"; DESIGN §5: "our own live chat, answered by
 * staff in /admin/messages"; decision 018: contact-form inquiries). Admin only, in the
 * loader and the action. The inbox: live chat and contact-form tabs (`?inboxTab=`), the
 * conversations with unread counts (`?inboxPage=`), the open one (`?thread=<id>`, marked read on
 * opening; HTTP 404 when it does not exist) and its reply box; commands `reply`, `close`,
 * `reopen` (see inbox.page.server.ts). Property managers answer the same inbox on /dashboard.
 */
import { useTranslation } from '~/lib/i18n';
import { data } from 'react-router';
import { SignedInPageHeader } from '~/components/page-header';
import { ChatInbox } from '~/features/inquiries/components/chat-inbox';
import { handleInboxAction, loadInboxPage } from '~/features/inquiries/inbox.page.server';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/messages';

const BASE_PATH = '/admin/messages';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const lang = requestLanguage(request);
  const inbox = await loadInboxPage({ db: context.db, actor, request, clientIp: context.clientIp });
  return data(
    {
      inbox,
      i18n: translations(lang, ['account', 'admin', 'inbox', 'leads']),
      meta: pageMeta(lang, 'inbox.meta.title', 'inbox.meta.description'),
    },
    { status: inbox.selectedMissing ? 404 : 200 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleInboxAction({ request, context, actor, fallbackPath: BASE_PATH });
}

export const meta = loaderMeta;

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <SignedInPageHeader title={t('leads.inbox.title')} subtitle={t('leads.inbox.subtitle')} />
      <ChatInbox inbox={loaderData.inbox} action={BASE_PATH} unitBasePath="/admin/properties" />
    </>
  );
}
