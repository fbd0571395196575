/**
 * The widget's offline queue (decision 012): messages typed but not stored yet, kept in
 * localStorage under one key per thread (`CHAT_QUEUE_PREFIX` + thread id, or `new` for the
 * message that starts the visitor's first thread), so a reload keeps them. Storage that is full
 * or disabled only loses the copy: the queue still lives in memory for the page. Client-only.
 */
import { CHAT_QUEUE_PREFIX, type ChatMessageView } from '../chat.types';

/** A message typed but not stored yet. `threadId` null: it starts the visitor's first thread. */
export type QueuedMessage = {
  clientId: string;
  threadId: number | null;
  body: string;
  createdAt: string;
  name?: string;
  email?: string;
};

/** A queued message as the widget shows it: waiting, or on its way now. */
export type PendingMessage = QueuedMessage & { state: 'pending' | 'sending' };

function queueKey(threadId: number | null): string {
  return `${CHAT_QUEUE_PREFIX}${threadId ?? 'new'}`;
}

function isQueued(value: unknown): value is QueuedMessage {
  const item = value as QueuedMessage;
  return Boolean(item) && typeof item.clientId === 'string' && typeof item.body === 'string' && typeof item.createdAt === 'string';
}

/** The stored queue of one thread (or of the first message); bad entries are dropped. */
export function readQueue(threadId: number | null): QueuedMessage[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(queueKey(threadId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQueued).map((item) => ({ ...item, threadId })) : [];
  } catch {
    return [];
  }
}

/** Stores each thread's part of `items` under its own key (an empty part removes the key). */
export function writeQueues(items: readonly QueuedMessage[], threadIds: readonly (number | null)[]) {
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
export function clearQueues() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(CHAT_QUEUE_PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

/** Adds `message` to `messages` (sorted by id) unless it is there already. */
export function mergeMessage(messages: readonly ChatMessageView[], message: ChatMessageView): ChatMessageView[] {
  if (messages.some((item) => item.id === message.id)) return [...messages];
  return [...messages, message].sort((a, b) => a.id - b.id);
}
