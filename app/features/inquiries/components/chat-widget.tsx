/**
 * The live-chat widget on every page (issue 5 deliverable 4; spec §9 geometry; DESIGN §5 "our own
 * live chat, answered by staff in /admin/messages").
 *
 * - A round button, fixed bottom right (chat.module.css: 56 px at 80/16 px on ≤ 768 px wide
 *   screens, else 60 px at 20/20 px), above the cookie banner, forced visible again every 2 s
 *   (spec §9). A red dot marks a staff reply that arrived while the panel was closed.
 * - The panel (a full-width sheet on phones): first a form (name, e-mail — the account's, read
 *   only, when signed in — and the message); then the conversation, with staff replies arriving
 *   live over the realtime stream. Escape closes it and focus returns to the button.
 * - Offline (the connectivity check says so, or a send fails on the network): a message is
 *   shown as pending and kept in a queue in localStorage (one key per thread, so a reload keeps
 *   it), then sent by itself, in order, when the connection is back. Each message carries a
 *   client id, so the server stores it once however often it is sent.
 */
import { ActionIcon, Alert, Button, Loader, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconMessageCircle, IconSend, IconWifiOff, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useLocation } from 'react-router';
import { intlLocale } from '~/lib/i18n';
import { useRealtime, useRealtimeEvent } from '~/lib/realtime';
import { useLanguage } from '~/lib/use-language';
import { newClientId } from '~/lib/client-id';
import { CHAT_MESSAGE_MAX, CHAT_QUEUE_PREFIX, type ChatMessageView, type ChatSendAnswer, type VisitorChat } from '../chat.types';
import { ChatMessages, type DisplayMessage } from './chat-messages';
import classes from './chat.module.css';
import { useForcedVisible } from './use-forced-visible';

const ENDPOINT = '/api/chat';
const QUEUE_PREFIX = CHAT_QUEUE_PREFIX;
/** While messages wait, try again this often even without a connectivity change. */
const RETRY_MS = 15_000;
const NAME_MAX = 120;
const EMAIL_MAX = 254;

/** A message typed but not stored yet. `threadId` null: it starts the visitor's first thread. */
type QueuedMessage = {
  clientId: string;
  threadId: number | null;
  body: string;
  createdAt: string;
  name?: string;
  email?: string;
};
type PendingMessage = QueuedMessage & { state: 'pending' | 'sending' };

function queueKey(threadId: number | null): string {
  return `${QUEUE_PREFIX}${threadId ?? 'new'}`;
}

function isQueued(value: unknown): value is QueuedMessage {
  const item = value as QueuedMessage;
  return Boolean(item) && typeof item.clientId === 'string' && typeof item.body === 'string' && typeof item.createdAt === 'string';
}

/** The stored queue of one thread (or of the first message); bad entries are dropped. */
function readQueue(threadId: number | null): QueuedMessage[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(queueKey(threadId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQueued).map((item) => ({ ...item, threadId })) : [];
  } catch {
    return [];
  }
}

/** Stores each thread's part of `items` under its own key (an empty part removes the key). */
function writeQueues(items: readonly QueuedMessage[], threadIds: readonly (number | null)[]) {
  try {
    for (const threadId of new Set([...threadIds, ...items.map((item) => item.threadId)])) {
      const part = items
        .filter((item) => item.threadId === threadId)
        .map(({ clientId, threadId: id, body, createdAt, name, email }) => ({ clientId, threadId: id, body, createdAt, name, email }));
      if (part.length === 0) localStorage.removeItem(queueKey(threadId));
      else localStorage.setItem(queueKey(threadId), JSON.stringify(part));
    }
  } catch {
    // Storage full or disabled: the queue still lives in memory for this page.
  }
}

/** Forgets every stored queue (someone else signs in or out on this browser). */
function clearQueues() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(QUEUE_PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

/** Adds `message` to `messages` (sorted by id) unless it is there already. */
function mergeMessage(messages: readonly ChatMessageView[], message: ChatMessageView): ChatMessageView[] {
  if (messages.some((item) => item.id === message.id)) return [...messages];
  return [...messages, message].sort((a, b) => a.id - b.id);
}

type Errors = Partial<Record<'name' | 'email' | 'body' | 'form', string>>;

type Props = {
  /** The signed-in user (root loader), whose name and e-mail the chat uses. */
  viewer: { name: string; email: string } | null;
  /** The visitor has a chat cookie (root loader): load their conversation at once. */
  hasChat: boolean;
  /** Open the panel at once (the visitor clicked the launcher's bubble before this module loaded). */
  initialOpen?: boolean;
};

export function ChatWidget({ viewer, hasChat, initialOpen = false }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const location = useLocation();
  const { connectivity, restart } = useRealtime();
  const panelId = useId();
  const titleId = useId();

  const [opened, setOpened] = useState(initialOpen);
  const [chat, setChat] = useState<VisitorChat | null>(null);
  const [loadState, setLoadState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [queue, setQueue] = useState<PendingMessage[]>([]);
  const [unreadDot, setUnreadDot] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [draft, setDraft] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');

  const bubbleRef = useRef<HTMLButtonElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const flushing = useRef(false);
  const chatRef = useRef(chat);
  chatRef.current = chat;
  /** Sets the conversation now (the send loop reads it before React re-renders). */
  const applyChat = useCallback((update: (previous: VisitorChat | null) => VisitorChat | null) => {
    const next = update(chatRef.current);
    chatRef.current = next;
    setChat(next);
  }, []);
  const queueRef = useRef(queue);
  queueRef.current = queue;
  const openedRef = useRef(opened);
  openedRef.current = opened;

  const threadId = chat?.thread?.id ?? null;

  const updateQueue = useCallback((next: PendingMessage[], touched: readonly (number | null)[] = []) => {
    queueRef.current = next;
    setQueue(next);
    writeQueues(next, touched);
  }, []);

  const markRead = useCallback((id: number) => {
    void fetch(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ intent: 'read', threadId: id }),
    }).catch(() => undefined);
  }, []);

  /** Loads the visitor's conversation and the messages still queued for it. */
  const load = useCallback(async () => {
    setLoadState('loading');
    try {
      const response = await fetch(ENDPOINT, { headers: { Accept: 'application/json' }, cache: 'no-store' });
      if (!response.ok) throw new Error(`chat ${response.status}`);
      const loaded = (await response.json()) as VisitorChat;
      // Messages that arrived (live or sent) while this was loading stay.
      applyChat((previous) =>
        previous?.thread && previous.thread.id === loaded.thread?.id
          ? { ...loaded, messages: previous.messages.reduce(mergeMessage, loaded.messages) }
          : loaded,
      );
      setLoadState('idle');
      const id = loaded.thread?.id ?? null;
      const stored = [...(id !== null ? readQueue(id) : []), ...readQueue(null)];
      const known = new Set(loaded.messages.map((item) => item.clientId));
      const waiting = stored.filter((item) => !known.has(item.clientId));
      // Keep what is already on screen (being sent now), add what the storage holds.
      const current = queueRef.current;
      const merged = [
        ...current,
        ...waiting
          .filter((item) => !current.some((q) => q.clientId === item.clientId))
          .map((item) => ({ ...item, state: 'pending' as const })),
      ];
      updateQueue(
        merged.filter((item) => !known.has(item.clientId)),
        [id, null],
      );
      if (loaded.unread > 0) {
        if (openedRef.current && id !== null) markRead(id);
        else setUnreadDot(true);
      }
    } catch {
      setLoadState('failed');
    }
  }, [applyChat, markRead, updateQueue]);

  // A visitor with a conversation (cookie or account) gets it at once: the unread dot needs it.
  const signedIn = viewer?.email ?? null;
  // Another person on this browser (sign-in, sign-out) must not send what the last one queued.
  const lastIdentity = useRef(signedIn);
  useEffect(() => {
    if (lastIdentity.current === signedIn) return;
    lastIdentity.current = signedIn;
    clearQueues();
    updateQueue([]);
    setDraft('');
    setErrors({});
  }, [signedIn, updateQueue]);
  useEffect(() => {
    if (hasChat || signedIn) void load();
    else {
      applyChat(() => ({ thread: null, messages: [], unread: 0 }));
      updateQueue(readQueue(null).map((item) => ({ ...item, state: 'pending' })));
    }
  }, [hasChat, signedIn, load, applyChat, updateQueue]);

  /** Sends the queued messages in order, one request at a time; stops at the first that cannot go. */
  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      while (queueRef.current.length > 0) {
        const item = queueRef.current[0]!;
        updateQueue(queueRef.current.map((entry) => (entry.clientId === item.clientId ? { ...entry, state: 'sending' } : entry)));
        let response: Response;
        try {
          response = await fetch(ENDPOINT, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            body: JSON.stringify({
              intent: 'send',
              body: item.body,
              clientId: item.clientId,
              threadId: item.threadId ?? undefined,
              name: item.name,
              email: item.email,
            }),
          });
        } catch {
          // The network is gone: keep it, shown as pending, for the next attempt.
          updateQueue(queueRef.current.map((entry) => (entry.clientId === item.clientId ? { ...entry, state: 'pending' } : entry)));
          return;
        }
        const answer = (await response.json().catch(() => null)) as ChatSendAnswer | null;
        if (answer?.ok) {
          const before = chatRef.current?.thread?.id ?? null;
          const started = before !== answer.thread.id;
          // Later messages queued for "the first thread" now belong to this one.
          const rest = queueRef.current
            .filter((entry) => entry.clientId !== item.clientId)
            .map((entry) => (entry.threadId === null ? { ...entry, threadId: answer.thread.id } : entry));
          updateQueue(rest, [item.threadId, null, answer.thread.id]);
          applyChat((previous) => ({
            thread: answer.thread,
            messages: mergeMessage(started ? [] : (previous?.messages ?? []), answer.message),
            unread: 0,
          }));
          if (started) {
            // A new thread is a new audience for the event stream.
            restart();
            // Another thread than the one on screen (e.g. started in another tab): show it whole.
            if (before !== null) void load();
          }
          continue;
        }
        if (response.status === 429 || response.status >= 500 || !answer) {
          updateQueue(queueRef.current.map((entry) => (entry.clientId === item.clientId ? { ...entry, state: 'pending' } : entry)));
          return;
        }
        // Refused (422, 404): nothing was stored. Give the text back with the reasons.
        updateQueue(
          queueRef.current.filter((entry) => entry.clientId !== item.clientId),
          [item.threadId],
        );
        const { body, name: nameError, email: emailError } = answer.errors ?? {};
        setErrors(body || nameError || emailError ? { body, name: nameError, email: emailError } : { form: t('chat.errors.sendFailed') });
        setDraft((current) => current || item.body);
        if (response.status === 404) void load();
        return;
      }
    } finally {
      flushing.current = false;
    }
  }, [applyChat, load, restart, t, updateQueue]);

  // Send what waits whenever the connection is (back) up — the connectivity check, the
  // browser's online event, the event stream reopening — and now and then while it waits.
  const waiting = queue.length > 0;
  useEffect(() => {
    if (connectivity !== 'good' || !waiting) return;
    void flush();
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [connectivity, waiting, flush]);
  useRealtimeEvent('ready', () => {
    if (queueRef.current.length > 0) void flush();
    // A reply may have come between the conversation's loading and the stream's (re)opening.
    else if (chatRef.current?.thread) void load();
  });

  // Live: staff replies (and our own messages from other tabs) in this visitor's thread.
  useRealtimeEvent('chat.message', (data) => {
    const incoming = (data as { message?: ChatMessageView }).message;
    const current = chatRef.current;
    if (!incoming || !current?.thread || incoming.threadId !== current.thread.id) return;
    if (incoming.clientId && queueRef.current.some((item) => item.clientId === incoming.clientId)) {
      updateQueue(
        queueRef.current.filter((item) => item.clientId !== incoming.clientId),
        [current.thread.id],
      );
    }
    applyChat((previous) => (previous ? { ...previous, messages: mergeMessage(previous.messages, incoming) } : previous));
    if (incoming.authorKind === 'staff') {
      if (openedRef.current) markRead(incoming.threadId);
      else setUnreadDot(true);
    }
  });
  useRealtimeEvent('chat.thread', (data) => {
    const id = (data as { threadId?: number }).threadId;
    if (id !== undefined && id === chatRef.current?.thread?.id) void load();
  });
  useRealtimeEvent('resync', () => {
    if (chatRef.current?.thread) void load();
  });

  // A notification's link ("/?chat=open") opens the panel.
  useEffect(() => {
    if (new URLSearchParams(location.search).get('chat') === 'open') setOpened(true);
  }, [location.search, location.key]);

  // spec §9: the widget is forced visible, rechecked every 2 s.
  useForcedVisible(bubbleRef);

  // Opening: clear the dot, mark replies seen, put the cursor where the visitor types.
  useEffect(() => {
    if (!opened) return;
    setUnreadDot(false);
    if (threadId !== null && (chatRef.current?.unread ?? 0) > 0) {
      markRead(threadId);
      applyChat((previous) => (previous ? { ...previous, unread: 0 } : previous));
    }
    const timer = window.setTimeout(() => {
      if (threadId === null && !viewer && nameRef.current) nameRef.current.focus();
      else inputRef.current?.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [opened, threadId, viewer, markRead, applyChat]);

  // Keep the newest message in view.
  const messageCount = (chat?.messages.length ?? 0) + queue.length;
  useEffect(() => {
    const body = bodyRef.current;
    if (opened && body) body.scrollTop = body.scrollHeight;
  }, [opened, messageCount]);

  const close = () => {
    setOpened(false);
    bubbleRef.current?.focus();
  };

  const starting = threadId === null && (chat?.messages.length ?? 0) === 0;
  const waitingFirst = starting && queue.length > 0;

  const submit = () => {
    const body = draft.trim();
    const next: Errors = {};
    if (!body) next.body = t('common.form.required');
    else if (body.length > CHAT_MESSAGE_MAX) next.body = t('common.form.tooLong', { max: CHAT_MESSAGE_MAX });
    const who = viewer ? { name: viewer.name, email: viewer.email } : { name: name.trim(), email: email.trim() };
    if (starting && !waitingFirst && !viewer) {
      if (!who.name) next.name = t('common.form.required');
      else if (who.name.length > NAME_MAX) next.name = t('common.form.tooLong', { max: NAME_MAX });
      if (!who.email) next.email = t('common.form.required');
      else if (who.email.length > EMAIL_MAX || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(who.email)) next.email = t('common.form.invalidEmail');
    }
    setErrors(next);
    if (Object.keys(next).length > 0) {
      (next.name ? nameRef.current : inputRef.current)?.focus();
      return;
    }
    const item: PendingMessage = {
      clientId: newClientId(),
      threadId,
      body,
      createdAt: new Date().toISOString(),
      ...(threadId === null && !viewer ? { name: who.name, email: who.email } : {}),
      state: 'pending',
    };
    updateQueue([...queueRef.current, item]);
    setDraft('');
    inputRef.current?.focus();
    if (connectivity === 'good') void flush();
  };

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  const onComposerKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const timeFormat = useMemo(() => new Intl.DateTimeFormat(intlLocale(lang), { hour: '2-digit', minute: '2-digit' }), [lang]);
  const dayFormat = useMemo(
    () => new Intl.DateTimeFormat(intlLocale(lang), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }),
    [lang],
  );
  const formatTime = useCallback(
    (iso: string) => {
      const date = new Date(iso);
      return date.toDateString() === new Date().toDateString() ? timeFormat.format(date) : dayFormat.format(date);
    },
    [timeFormat, dayFormat],
  );

  const displayed: DisplayMessage[] = [
    ...(chat?.messages ?? []).map((item) => ({ key: `m${item.id}`, ...item })),
    ...queue.map((item) => ({
      key: `q${item.clientId}`,
      authorKind: 'visitor' as const,
      authorName: item.name ?? chat?.thread?.visitorName ?? '',
      body: item.body,
      createdAt: item.createdAt,
      state: connectivity === 'offline' && item.state === 'sending' ? ('pending' as const) : item.state,
    })),
  ];

  const offline = connectivity === 'offline';
  const bubbleLabel = opened ? t('chat.close') : unreadDot ? t('chat.openUnread') : t('chat.open');

  return (
    <>
      <button
        ref={bubbleRef}
        type="button"
        className={classes.bubble}
        aria-label={bubbleLabel}
        aria-expanded={opened}
        aria-controls={opened ? panelId : undefined}
        onClick={() => (opened ? close() : setOpened(true))}
        data-testid="chat-bubble"
        data-unread={unreadDot ? 'true' : 'false'}
      >
        {opened ? <IconX size={26} aria-hidden /> : <IconMessageCircle size={28} aria-hidden />}
        {unreadDot && !opened && <span className={classes.dot} data-testid="chat-unread-dot" aria-hidden />}
      </button>
      {opened && (
        <Paper
          id={panelId}
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          className={classes.panel}
          shadow="xl"
          radius="md"
          withBorder
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
          data-testid="chat-panel"
        >
          <div className={classes.panelHeader}>
            <div>
              <Title order={2} size="h4" id={titleId} c="inherit">
                {t('chat.title')}
              </Title>
              <Text size="sm" c="inherit">
                {t('chat.subtitle')}
              </Text>
            </div>
            <ActionIcon variant="transparent" c="inherit" onClick={close} aria-label={t('chat.close')} data-testid="chat-close">
              <IconX size={20} aria-hidden />
            </ActionIcon>
          </div>
          <div className={classes.panelBody} ref={bodyRef} aria-live="polite" aria-relevant="additions">
            {loadState === 'loading' && !chat ? (
              <Stack align="center" py="lg" gap="xs" data-testid="chat-loading">
                <Loader size="sm" aria-hidden />
                <Text size="sm">{t('chat.loading')}</Text>
              </Stack>
            ) : loadState === 'failed' && !chat ? (
              <Stack align="flex-start" gap="xs">
                <Text size="sm" data-testid="chat-load-failed">
                  {t('chat.loadFailed')}
                </Text>
                <Button size="xs" variant="default" onClick={() => void load()}>
                  {t('chat.retry')}
                </Button>
              </Stack>
            ) : displayed.length === 0 ? (
              <Text size="sm" data-testid="chat-intro">
                {viewer ? t('chat.introSignedIn', { name: viewer.name }) : t('chat.intro')}
              </Text>
            ) : (
              <ChatMessages
                messages={displayed}
                mine="visitor"
                label={t('chat.conversation')}
                youLabel={t('chat.you')}
                formatTime={formatTime}
                stateLabels={{ pending: t('chat.pending'), sending: t('chat.sending'), failed: t('chat.failed') }}
                testId="chat-log"
              />
            )}
            {chat?.thread?.status === 'closed' && (
              <Text size="xs" c="dimmed" mt="sm" data-testid="chat-closed">
                {t('chat.closedThread')}
              </Text>
            )}
          </div>
          <form className={classes.panelFooter} onSubmit={onFormSubmit} noValidate data-testid="chat-form">
            <Stack gap="xs">
              {offline && (
                <Alert color="yellow" variant="light" p="xs" icon={<IconWifiOff size={16} aria-hidden />} data-testid="chat-offline">
                  <Text size="xs">{t('chat.offline')}</Text>
                </Alert>
              )}
              {errors.form && (
                <Text size="xs" c="red.8" role="alert">
                  {errors.form}
                </Text>
              )}
              {starting && !waitingFirst && (
                <>
                  <TextInput
                    ref={nameRef}
                    label={t('chat.name')}
                    name="name"
                    autoComplete="name"
                    size="xs"
                    maxLength={NAME_MAX}
                    required={!viewer}
                    readOnly={Boolean(viewer)}
                    value={viewer ? viewer.name : name}
                    onChange={(event) => setName(event.currentTarget.value)}
                    error={errors.name}
                    data-testid="chat-name"
                  />
                  <TextInput
                    label={t('chat.email')}
                    name="email"
                    type="email"
                    autoComplete="email"
                    size="xs"
                    maxLength={EMAIL_MAX}
                    required={!viewer}
                    readOnly={Boolean(viewer)}
                    value={viewer ? viewer.email : email}
                    onChange={(event) => setEmail(event.currentTarget.value)}
                    error={errors.email}
                    data-testid="chat-email"
                  />
                </>
              )}
              <Textarea
                ref={inputRef}
                label={t('chat.message')}
                placeholder={t('chat.placeholder')}
                name="body"
                autosize
                minRows={starting ? 3 : 1}
                maxRows={5}
                maxLength={CHAT_MESSAGE_MAX}
                value={draft}
                onChange={(event) => setDraft(event.currentTarget.value)}
                onKeyDown={onComposerKeyDown}
                error={errors.body}
                description={t('chat.enterHint')}
                inputWrapperOrder={['label', 'input', 'error', 'description']}
                data-testid="chat-input"
              />
              <Button
                type="submit"
                size="xs"
                rightSection={<IconSend size={14} aria-hidden />}
                style={{ alignSelf: 'flex-end' }}
                data-testid="chat-send"
              >
                {starting && !waitingFirst ? t('chat.start') : t('chat.send')}
              </Button>
            </Stack>
          </form>
        </Paper>
      )}
    </>
  );
}
