/**
 * The staff inbox (decision 012; decision 018), the same on /admin/messages
 * and in the property manager's /dashboard: two tabs — live chat and contact-form inquiries
 * (`?inboxTab=`, with waiting counts) —, the conversations (newest activity first, unread
 * counts), the open one (`?thread=<id>`) with its messages (an inquiry with its subject, sender,
 * phone, language and unit), and a reply box (Enter sends, Shift+Enter adds a line; an inquiry's
 * reply is e-mailed).
 *
 * Selecting a thread is a link, so it works without JavaScript and the page loader marks it read;
 * replies and close/reopen are real forms posted to `action` (the page's own action, or
 * /api/inbox), enhanced with a fetcher. New messages and read states arrive over the realtime
 * stream (`chat.message`, `chat.thread`, `resync`) and re-run the page's loaders, coalesced.
 * Below 992 px the list and the open conversation are shown one at a time.
 */
import { Alert, Anchor, Badge, Button, EmptyState, Grid, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconArrowLeft, IconLock, IconLockOpen, IconMail, IconMessages, IconSend, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Link, useFetcher, useLocation, useNavigation, useRevalidator } from 'react-router';
import { formatDateTime } from '~/lib/format';
import { useLiveRevalidation } from '~/lib/live-revalidation';
import { useConnectivity } from '~/lib/realtime';
import { useLanguage } from '~/lib/use-language';
import { newClientId } from '~/lib/client-id';
import {
  CHAT_MESSAGE_MAX,
  type InboxActionResult,
  type InboxData,
  type InboxKind,
  type StaffThreadDetail,
  type StaffThreadList,
} from '../chat.types';
import { ChatMessages } from './chat-messages';
import { InboxTabs } from './inbox-tabs';
import { InquiryDetails } from './inquiry-details';
import classes from './inbox.module.css';

type Props = {
  inbox: InboxData;
  /** Where the forms post: the page's own action, or /api/inbox. */
  action: string;
  /** An element id to scroll to after selecting a thread (the dashboard's section). */
  anchor?: string;
  /** Where units are managed: /admin/properties (admins) or /dashboard/buildings (managers). */
  unitBasePath: string;
};

/** Re-runs the page's loaders after realtime chat events and each stream (re)connect, coalescing bursts. */
function useInboxLiveUpdates() {
  // `ready`: whatever happened between this page's data and the stream's (re)opening.
  useLiveRevalidation({ 'chat.message': true, 'chat.thread': true, resync: true, ready: true });
}

/** The current page's URL with `changes` applied to its query (null removes), plus `anchor`. */
function useHref(anchor: string | undefined) {
  const location = useLocation();
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ''}${anchor ? `#${anchor}` : ''}`;
  };
}

export function ChatInbox({ inbox, action, anchor, unitBasePath }: Props) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const hrefFor = useHref(anchor);
  useInboxLiveUpdates();
  const { list, selected, selectedMissing } = inbox;
  const updating = revalidator.state === 'loading' || (navigation.state === 'loading' && navigation.location?.search.includes('thread='));
  const hasSelection = Boolean(selected) || selectedMissing;

  return (
    <div data-testid="chat-inbox" data-tab={inbox.tab}>
      <InboxTabs current={inbox.tab} counts={inbox.counts} hrefFor={hrefFor} />
      <Group justify="space-between" mb="sm" mt="sm" gap="xs" mih={28}>
        <Badge
          color={list.unreadThreads > 0 ? 'red.9' : 'gray.7'}
          variant="filled"
          autoContrast
          data-testid="inbox-waiting"
          data-count={list.unreadThreads}
        >
          {list.unreadThreads > 0 ? t('inbox.waiting', { count: list.unreadThreads }) : t('inbox.allRead')}
        </Badge>
        <Group gap={6} aria-live="polite">
          {updating && (
            <>
              <Loader size={14} aria-hidden />
              <Text size="xs" c="dimmed">
                {t('inbox.updating')}
              </Text>
            </>
          )}
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }} className={hasSelection ? classes.hideOnMobile : undefined}>
          <ThreadList list={list} tab={inbox.tab} selectedId={selected?.id ?? null} hrefFor={hrefFor} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }} className={hasSelection ? undefined : classes.hideOnMobile}>
          {hasSelection && (
            <Anchor component={Link} to={hrefFor({ thread: null })} size="sm" className={classes.backLink} mb="sm">
              <IconArrowLeft size={16} aria-hidden />
              {t('inbox.back')}
            </Anchor>
          )}
          {selected ? (
            <ThreadView key={selected.id} thread={selected} action={action} unitBasePath={unitBasePath} />
          ) : selectedMissing ? (
            <Alert color="yellow" data-testid="inbox-missing">
              {t('inbox.missing')}
            </Alert>
          ) : list.items.length > 0 ? (
            <EmptyState icon={<IconMessages size={28} aria-hidden />} variant="light" size="sm" data-testid="inbox-choose">
              <EmptyState.Title order={3}>{t('inbox.chooseTitle')}</EmptyState.Title>
              <EmptyState.Description>{t('inbox.chooseBody')}</EmptyState.Description>
            </EmptyState>
          ) : null}
        </Grid.Col>
      </Grid>
    </div>
  );
}

function ThreadList({
  list,
  tab,
  selectedId,
  hrefFor,
}: {
  list: StaffThreadList;
  tab: InboxKind;
  selectedId: number | null;
  hrefFor: (changes: Record<string, string | null>) => string;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (list.items.length === 0) {
    return (
      <EmptyState
        icon={tab === 'contact' ? <IconMail size={28} aria-hidden /> : <IconMessages size={28} aria-hidden />}
        variant="light"
        size="sm"
        data-testid="inbox-empty"
      >
        <EmptyState.Title order={3}>{tab === 'contact' ? t('leads.empty.title') : t('inbox.emptyTitle')}</EmptyState.Title>
        <EmptyState.Description>{tab === 'contact' ? t('leads.empty.body') : t('inbox.emptyBody')}</EmptyState.Description>
      </EmptyState>
    );
  }
  return (
    <nav aria-label={t('inbox.listLabel')}>
      <ul className={classes.threadList} data-testid="inbox-threads">
        {list.items.map((item) => (
          <li key={item.id}>
            <Link
              to={hrefFor({ thread: String(item.id) })}
              className={classes.threadLink}
              aria-current={item.id === selectedId ? 'true' : undefined}
              preventScrollReset
              data-testid="inbox-thread"
              data-thread-id={item.id}
              data-kind={item.kind}
              data-unread={item.unread}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} size="sm" truncate="end">
                  {item.visitorName}
                </Text>
                <Group gap={4} wrap="nowrap">
                  {item.status === 'closed' && (
                    <Badge size="xs" color="gray.7" variant="filled" autoContrast>
                      {t('inbox.status.closed')}
                    </Badge>
                  )}
                  {item.unread > 0 && (
                    <Badge
                      size="sm"
                      color="red.9"
                      autoContrast
                      circle={item.unread < 10}
                      aria-label={t('inbox.unread', { count: item.unread })}
                      data-testid="inbox-unread"
                    >
                      {item.unread}
                    </Badge>
                  )}
                </Group>
              </Group>
              <Text size="xs" c="dimmed" truncate="end">
                {item.visitorEmail}
              </Text>
              {item.subject && (
                <Text size="xs" fw={600} truncate="end" mt={2} data-testid="inbox-thread-subject">
                  {item.subject}
                </Text>
              )}
              <Text size="sm" className={classes.preview} fw={item.unread > 0 ? 600 : undefined} mt={2}>
                {item.previewAuthor === 'staff' ? t('inbox.previewStaff', { text: item.preview }) : item.preview}
              </Text>
              <Text size="xs" c="dimmed" mt={2}>
                <time dateTime={item.lastMessageAt}>{formatDateTime(item.lastMessageAt, lang)}</time>
              </Text>
            </Link>
          </li>
        ))}
      </ul>
      {list.pageCount > 1 && (
        <Group justify="space-between" mt="sm" data-testid="inbox-pages">
          {list.page > 1 ? (
            <Anchor component={Link} to={hrefFor({ inboxPage: String(list.page - 1), thread: null })} size="sm">
              {t('inbox.newer')}
            </Anchor>
          ) : (
            <span />
          )}
          <Text size="xs" c="dimmed">
            {list.page} / {list.pageCount}
          </Text>
          {list.page < list.pageCount ? (
            <Anchor component={Link} to={hrefFor({ inboxPage: String(list.page + 1), thread: null })} size="sm">
              {t('inbox.older')}
            </Anchor>
          ) : (
            <span />
          )}
        </Group>
      )}
    </nav>
  );
}

function ThreadView({ thread, action, unitBasePath }: { thread: StaffThreadDetail; action: string; unitBasePath: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const location = useLocation();
  const connectivity = useConnectivity();
  const reply = useFetcher<InboxActionResult>();
  const status = useFetcher<InboxActionResult>();
  const [draft, setDraft] = useState('');
  const [clientId, setClientId] = useState(newClientId);
  const logRef = useRef<HTMLDivElement>(null);
  const offline = connectivity === 'offline';
  const redirectTo = location.pathname + location.search;

  // After a stored reply: an empty box and a new client id for the next one.
  const answered = reply.state === 'idle' ? reply.data : undefined;
  const seen = useRef<InboxActionResult | undefined>(undefined);
  useEffect(() => {
    if (!answered || seen.current === answered) return;
    seen.current = answered;
    if (answered.ok) {
      setDraft('');
      setClientId(newClientId());
    }
  }, [answered]);
  const replyError = answered && !answered.ok ? (answered.errors.body ?? answered.errors.form) : undefined;

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [thread.messages.length]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (draft.trim() && !offline && reply.state === 'idle') event.currentTarget.form?.requestSubmit();
    }
  };

  const closed = thread.status === 'closed';
  const contact = thread.kind === 'contact';
  const language = t(`leads.inquiry.languages.${thread.locale === 'it' ? 'it' : 'en'}`);
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={`inbox-thread-${thread.id}`}
      data-testid="inbox-open-thread"
      data-thread-id={thread.id}
      data-kind={thread.kind}
    >
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} size="h4" id={`inbox-thread-${thread.id}`} style={{ overflowWrap: 'anywhere' }}>
            {thread.visitorName}
          </Title>
          <Anchor href={`mailto:${thread.visitorEmail}`} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="inbox-thread-email">
            {thread.visitorEmail}
          </Anchor>
          <Group gap={6}>
            <Badge size="sm" color={closed ? 'gray.7' : 'teal.9'} variant="filled" autoContrast data-testid="inbox-thread-status">
              {t(`inbox.status.${thread.status}`)}
            </Badge>
            {thread.hasAccount && (
              <Badge size="sm" color="blue.9" variant="filled" autoContrast>
                {t('inbox.account')}
              </Badge>
            )}
            {contact && (
              <Badge size="sm" color="grape.9" variant="filled" autoContrast leftSection={<IconMail size={12} aria-hidden />}>
                {t('leads.inquiry.emailBadge')}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {t('inbox.started', { date: formatDateTime(thread.createdAt, lang) })}
            </Text>
          </Group>
        </Stack>
        <status.Form method="post" action={action}>
          <input type="hidden" name="intent" value={closed ? 'reopen' : 'close'} />
          <input type="hidden" name="threadId" value={thread.id} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Button
            type="submit"
            size="xs"
            variant="default"
            loading={status.state !== 'idle'}
            disabled={offline}
            leftSection={closed ? <IconLockOpen size={14} aria-hidden /> : <IconLock size={14} aria-hidden />}
            data-testid="inbox-status-toggle"
          >
            {closed ? t('inbox.reopen') : t('inbox.close')}
          </Button>
        </status.Form>
      </Group>

      {contact && <InquiryDetails thread={thread} unitBasePath={unitBasePath} />}

      <div className={classes.messages} ref={logRef}>
        {thread.messages.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('inbox.noMessages')}
          </Text>
        ) : (
          <ChatMessages
            messages={thread.messages.map((item) => ({ key: String(item.id), ...item }))}
            mine="staff"
            label={t('inbox.messagesLabel', { name: thread.visitorName })}
            formatTime={(iso) => formatDateTime(iso, lang)}
            stateLabels={{ pending: t('inbox.pending'), sending: t('inbox.pending'), failed: t('inbox.failed') }}
            testId="inbox-messages"
          />
        )}
      </div>

      <reply.Form method="post" action={action} data-testid="inbox-reply-form">
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="threadId" value={thread.id} />
        <input type="hidden" name="clientId" value={clientId} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Stack gap="xs" mt="md">
          {offline && (
            <Alert color="yellow" variant="light" p="xs" icon={<IconWifiOff size={16} aria-hidden />}>
              <Text size="xs">{t('inbox.offline')}</Text>
            </Alert>
          )}
          {contact && (
            <Text size="xs" c="dimmed" data-testid="inquiry-reply-note">
              {t('leads.inquiry.replyNote', { email: thread.visitorEmail, language })}
            </Text>
          )}
          <Textarea
            name="body"
            label={
              contact ? t('leads.inquiry.replyLabel', { name: thread.visitorName }) : t('inbox.replyLabel', { name: thread.visitorName })
            }
            placeholder={t('inbox.replyPlaceholder')}
            description={t('inbox.enterHint')}
            inputWrapperOrder={['label', 'input', 'error', 'description']}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={CHAT_MESSAGE_MAX}
            required
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            error={replyError}
            data-testid="inbox-reply"
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={reply.state !== 'idle'}
              disabled={offline || !draft.trim()}
              rightSection={contact ? <IconMail size={16} aria-hidden /> : <IconSend size={16} aria-hidden />}
              data-testid="inbox-send"
            >
              {contact ? t('leads.inquiry.send') : t('inbox.send')}
            </Button>
          </Group>
        </Stack>
      </reply.Form>
    </Paper>
  );
}
