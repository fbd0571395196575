/**
 * The live-chat widget on every page (decision 012; spec §9 geometry and visibility): the bubble
 * and the panel around the conversation (chat-conversation.tsx) and the composer
 * (chat-composer.tsx); the conversation, its offline queue and the live updates are
 * use-visitor-chat.ts.
 *
 * - A round button, fixed bottom right (chat.module.css: 56 px at 80/16 px on ≤ 768 px wide
 *   screens, else 60 px at 20/20 px), above the cookie banner, forced visible again every 2 s
 *   (spec §9). A red dot marks a staff reply that arrived while the panel was closed.
 * - The panel (a full-width sheet on phones): first a form (name, e-mail — the account's, read
 *   only, when signed in — and the message); then the conversation, with staff replies arriving
 *   live over the realtime stream. Escape closes it and focus returns to the button.
 * - Offline (the connectivity check says so, or a send fails on the network): a message is
 *   shown as pending and kept in a queue in localStorage, then sent by itself, in order, when the
 *   connection is back.
 */
import { ActionIcon, Paper, Text, Title } from '@mantine/core';
import { IconMessageCircle, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { newClientId } from '~/lib/client-id';
import { useTranslation } from '~/lib/i18n';
import { CHAT_MESSAGE_MAX } from '../chat.types';
import { CHAT_EMAIL_MAX, CHAT_NAME_MAX, ChatComposer, type ChatComposerErrors } from './chat-composer';
import { ChatConversation } from './chat-conversation';
import classes from './chat.module.css';
import { useForcedVisible } from './use-forced-visible';
import { useVisitorChat, type ChatRefusal } from './use-visitor-chat';

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
  const location = useLocation();
  const panelId = useId();
  const titleId = useId();

  const [opened, setOpened] = useState(initialOpen);
  const [errors, setErrors] = useState<ChatComposerErrors>({});
  const [draft, setDraft] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');

  const bubbleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  // Refused (422, 404): nothing was stored. Give the text back with the reasons.
  const onRefused = useCallback(
    ({ body, name: nameError, email: emailError }: ChatRefusal, text: string) => {
      setErrors(body || nameError || emailError ? { body, name: nameError, email: emailError } : { form: t('chat.errors.sendFailed') });
      setDraft((current) => current || text);
    },
    [t],
  );
  const onReset = useCallback(() => {
    setDraft('');
    setErrors({});
  }, []);
  const { chat, threadId, loadState, queue, unreadDot, connectivity, load, send } = useVisitorChat({
    signedIn: viewer?.email ?? null,
    hasChat,
    opened,
    onRefused,
    onReset,
  });

  // A notification's link ("/?chat=open") opens the panel.
  useEffect(() => {
    if (new URLSearchParams(location.search).get('chat') === 'open') setOpened(true);
  }, [location.search, location.key]);

  // spec §9: the widget is forced visible, rechecked every 2 s.
  useForcedVisible(bubbleRef);

  // Opening: put the cursor where the visitor types.
  useEffect(() => {
    if (!opened) return;
    const timer = window.setTimeout(() => {
      if (threadId === null && !viewer && nameRef.current) nameRef.current.focus();
      else inputRef.current?.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [opened, threadId, viewer]);

  const close = () => {
    setOpened(false);
    bubbleRef.current?.focus();
  };

  const starting = threadId === null && (chat?.messages.length ?? 0) === 0;
  const waitingFirst = starting && queue.length > 0;

  const submit = () => {
    const body = draft.trim();
    const next: ChatComposerErrors = {};
    if (!body) next.body = t('common.form.required');
    else if (body.length > CHAT_MESSAGE_MAX) next.body = t('common.form.tooLong', { max: CHAT_MESSAGE_MAX });
    const who = viewer ? { name: viewer.name, email: viewer.email } : { name: name.trim(), email: email.trim() };
    if (starting && !waitingFirst && !viewer) {
      if (!who.name) next.name = t('common.form.required');
      else if (who.name.length > CHAT_NAME_MAX) next.name = t('common.form.tooLong', { max: CHAT_NAME_MAX });
      if (!who.email) next.email = t('common.form.required');
      else if (who.email.length > CHAT_EMAIL_MAX || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(who.email))
        next.email = t('common.form.invalidEmail');
    }
    setErrors(next);
    if (Object.keys(next).length > 0) {
      (next.name ? nameRef.current : inputRef.current)?.focus();
      return;
    }
    setDraft('');
    inputRef.current?.focus();
    send({
      clientId: newClientId(),
      threadId,
      body,
      createdAt: new Date().toISOString(),
      ...(threadId === null && !viewer ? { name: who.name, email: who.email } : {}),
      state: 'pending',
    });
  };

  const onChange = (field: 'name' | 'email' | 'draft', value: string) =>
    field === 'name' ? setName(value) : field === 'email' ? setEmail(value) : setDraft(value);

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
          <ChatConversation
            chat={chat}
            queue={queue}
            loadState={loadState}
            connectivity={connectivity}
            viewer={viewer}
            onRetry={() => void load()}
          />
          <ChatComposer
            askIdentity={starting && !waitingFirst}
            starting={starting}
            offline={connectivity === 'offline'}
            viewer={viewer}
            values={{ name, email, draft }}
            onChange={onChange}
            errors={errors}
            nameRef={nameRef}
            inputRef={inputRef}
            onSubmit={submit}
          />
        </Paper>
      )}
    </>
  );
}
