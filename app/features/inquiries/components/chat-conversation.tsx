/**
 * The body of the chat panel (decision 012): the conversation, stored messages first and then
 * the queued ones (pending or sending; a message being sent while offline shows as pending), or
 * the loading, failed (with a retry) and empty states; a note when staff closed the thread.
 * Keeps the newest message in view, and is a polite live region so replies are announced.
 */
import { Button, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { intlLocale, useTranslation } from '~/lib/i18n';
import type { Connectivity } from '~/lib/realtime';
import { useLanguage } from '~/lib/use-language';
import type { VisitorChat } from '../chat.types';
import { ChatMessages, type DisplayMessage } from './chat-messages';
import type { PendingMessage } from './chat-queue';
import classes from './chat.module.css';

type Props = {
  chat: VisitorChat | null;
  queue: readonly PendingMessage[];
  loadState: 'idle' | 'loading' | 'failed';
  connectivity: Connectivity;
  /** The signed-in user, greeted by name in the empty state. */
  viewer: { name: string } | null;
  onRetry: () => void;
};

export function ChatConversation({ chat, queue, loadState, connectivity, viewer, onRetry }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const bodyRef = useRef<HTMLDivElement>(null);

  // Keep the newest message in view.
  const messageCount = (chat?.messages.length ?? 0) + queue.length;
  useEffect(() => {
    const body = bodyRef.current;
    if (body) body.scrollTop = body.scrollHeight;
  }, [messageCount]);

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

  return (
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
          <Button size="xs" variant="default" onClick={onRetry}>
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
  );
}
