/**
 * /admin/mailbox (admin only; DESIGN §2 "e-mail"): the dev mailbox, the e-mails the server
 * stored instead of sending when no SMTP server is configured. Newest first, 50 a page, with
 * the plain-text body on demand. When the server sends through SMTP, a note says the mailbox
 * only holds older messages. Outside test and demo mode the links' tokens are redacted (decision 023),
 * and a note says so.
 */
import { Alert, EmptyState, Stack, Text } from '@mantine/core';
import { IconInbox, IconLock, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { listMailbox, parsePage } from '~/features/admin/admin.server';
import { LinkPagination } from '~/components/lists/link-pagination';
import { MailList } from '~/features/admin/components/mail-list';
import { SignedInPageHeader } from '~/components/page-header';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { env } from '~/server/env.server';
import { mailboxShowsTokens } from '~/server/redact.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/mailbox';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const lang = requestLanguage(request);
  const page = parsePage(new URL(request.url).searchParams.get('page'));
  return {
    mailbox: await listMailbox({ db: context.db, actor, page, showTokens: mailboxShowsTokens(env) }),
    mailerKind: context.mailer.kind,
    tokensRedacted: !mailboxShowsTokens(env),
    i18n: translations(lang, ['account', 'admin']),
    meta: pageMeta(lang, 'admin.mailbox.meta.title', 'admin.mailbox.meta.description'),
  };
}

export const meta = loaderMeta;

export default function AdminMailbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { mailbox, mailerKind, tokensRedacted } = loaderData;
  return (
    <>
      <SignedInPageHeader title={t('admin.mailbox.title')} subtitle={t('admin.mailbox.subtitle')} />
      <Stack gap="md">
        {mailerKind === 'smtp' && (
          <Alert color="blue" icon={<IconMailForward aria-hidden />} title={t('admin.mailbox.smtpTitle')} data-testid="mailbox-smtp-notice">
            {t('admin.mailbox.smtpBody')}
          </Alert>
        )}
        {tokensRedacted && (
          <Alert
            color="gray"
            icon={<IconLock aria-hidden />}
            title={t('admin.mailbox.redactedTitle')}
            data-testid="mailbox-redacted-notice"
          >
            {t('admin.mailbox.redactedBody')}
          </Alert>
        )}
        {mailbox.total === 0 ? (
          <EmptyState icon={<IconInbox size={30} aria-hidden />} variant="light" py="xl" data-testid="mailbox-empty">
            <EmptyState.Title order={2}>{t('admin.mailbox.emptyTitle')}</EmptyState.Title>
            <EmptyState.Description>{t('admin.mailbox.emptyBody')}</EmptyState.Description>
          </EmptyState>
        ) : (
          <>
            <Text size="sm" c="dimmed" data-testid="mailbox-count">
              {t('admin.mailbox.count', { count: mailbox.total })}
            </Text>
            <MailList messages={mailbox.items} />
            <LinkPagination
              page={mailbox.page}
              pageCount={mailbox.pageCount}
              hrefFor={(page) => (page === 1 ? '/admin/mailbox' : `/admin/mailbox?page=${page}`)}
              testId="mailbox-pagination"
            />
          </>
        )}
      </Stack>
    </>
  );
}
