/**
 * /admin/messages (spec §2 admin section "messages"; DESIGN §5: "our own live chat, answered by
 * staff in /admin/messages"). Admin only, in the loader and the action. The chat inbox: the
 * conversations with unread counts (`?inboxPage=`), the open one (`?thread=<id>`, marked read on
 * opening) and its reply box; commands `reply`, `close`, `reopen` (see inbox-page.server.ts).
 * Property managers answer the same inbox on /dashboard.
 */
import { useTranslation } from 'react-i18next';
import { SignedInPageHeader } from '~/features/admin/components/page-header';
import { ChatInbox } from '~/features/chat/components/chat-inbox';
import { handleInboxAction, loadInboxPage } from '~/features/chat/inbox-page.server';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/messages';

const BASE_PATH = '/admin/messages';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const lang = requestLanguage(request);
  const inbox = await loadInboxPage({ db: context.db, actor, request });
  return {
    inbox,
    i18n: translations(lang, ['account', 'admin', 'inbox']),
    meta: pageMeta(lang, 'inbox.meta.title', 'inbox.meta.description'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleInboxAction({ request, db: context.db, actor, lang: requestLanguage(request), fallbackPath: BASE_PATH });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <SignedInPageHeader title={t('inbox.title')} subtitle={t('inbox.subtitle')} />
      <ChatInbox inbox={loaderData.inbox} action={BASE_PATH} />
    </>
  );
}
