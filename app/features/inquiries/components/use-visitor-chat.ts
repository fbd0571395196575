/**
 * The widget's conversation and its offline state (decision 012), without any markup: loads the
 * visitor's thread from `/api/chat`, keeps the messages typed but not stored yet in a queue
 * (chat-queue.ts, so a reload keeps them), sends them in order, one request at a time, whenever
 * the connection is (back) up, and merges what arrives live over the realtime stream (staff
 * replies, the visitor's own messages from other tabs). A staff reply marks the thread read when
 * the panel is open, else lights the unread dot. Each message carries a client id, so the server
 * stores it once however often it is sent.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtime, useRealtimeEvent } from '~/lib/realtime';
import { useFlushWhileWaiting } from '~/lib/use-flush-while-waiting';
import type { ChatMessageView, ChatSendAnswer, VisitorChat } from '../chat.types';
import { clearQueues, mergeMessage, readQueue, writeQueues, type PendingMessage } from './chat-queue';

const ENDPOINT = '/api/chat';

/** The field messages of a refused message (422), as the server sent them. */
export type ChatRefusal = Partial<Record<'name' | 'email' | 'body', string>>;

type Options = {
  /** The signed-in user's e-mail (root loader): another person on this browser resets the queue. */
  signedIn: string | null;
  /** The visitor has a chat cookie (root loader): load their conversation at once. */
  hasChat: boolean;
  /** The panel is open: staff replies are marked seen at once instead of lighting the dot. */
  opened: boolean;
  /** A queued message was refused (nothing stored): its reasons and its text, to give back. */
  onRefused: (errors: ChatRefusal, body: string) => void;
  /** Someone else signed in or out: what the last person typed must go. */
  onReset: () => void;
};

/**
 * The visitor's conversation, the queue, and the actions on them.
 * @returns `chat` (null until known), `loadState`, `queue` (oldest first), `unreadDot`, the
 *   realtime `connectivity`, `load()` to (re)load, and `send(item)` to queue a message and send it.
 */
export function useVisitorChat({ signedIn, hasChat, opened, onRefused, onReset }: Options) {
  const { connectivity, restart } = useRealtime();
  const [chat, setChat] = useState<VisitorChat | null>(null);
  const [loadState, setLoadState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [queue, setQueue] = useState<PendingMessage[]>([]);
  const [unreadDot, setUnreadDot] = useState(false);

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
  const callbacks = useRef({ onRefused, onReset });
  callbacks.current = { onRefused, onReset };

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
  // Another person on this browser (sign-in, sign-out) must not send what the last one queued.
  const lastIdentity = useRef(signedIn);
  useEffect(() => {
    if (lastIdentity.current === signedIn) return;
    lastIdentity.current = signedIn;
    clearQueues();
    updateQueue([]);
    callbacks.current.onReset();
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
        callbacks.current.onRefused(answer.errors ?? {}, item.body);
        if (response.status === 404) void load();
        return;
      }
    } finally {
      flushing.current = false;
    }
  }, [applyChat, load, restart, updateQueue]);

  // Send what waits whenever the connection is (back) up — the connectivity check, the
  // browser's online event, the event stream reopening — and now and then while it waits.
  const waiting = queue.length > 0;
  useFlushWhileWaiting(flush, connectivity, waiting);
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

  // Opening: clear the dot, mark replies seen.
  useEffect(() => {
    if (!opened) return;
    setUnreadDot(false);
    if (threadId !== null && (chatRef.current?.unread ?? 0) > 0) {
      markRead(threadId);
      applyChat((previous) => (previous ? { ...previous, unread: 0 } : previous));
    }
  }, [opened, threadId, markRead, applyChat]);

  /** Queues `item` (shown as pending at once) and sends it when the connection is up. */
  const send = useCallback(
    (item: PendingMessage) => {
      updateQueue([...queueRef.current, item]);
      if (connectivity === 'good') void flush();
    },
    [connectivity, flush, updateQueue],
  );

  return { chat, threadId, loadState, queue, unreadDot, connectivity, load, send };
}
