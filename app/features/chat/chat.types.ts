/**
 * What the live chat's server answers and its pages show (issue 5 deliverable 4): the visitor's
 * conversation in the widget, the staff inbox's thread list and open thread. Client-safe and
 * free of zod, so the widget (on every page) stays small.
 */
import type { ChatMessageView } from '~/server/realtime/events.server';

export type { ChatMessageView };

/** The longest chat message, in characters. */
export const CHAT_MESSAGE_MAX = 2000;
/** A thread shows its latest 200 messages. */
export const CHAT_THREAD_MESSAGE_LIMIT = 200;
/** The staff inbox lists 20 threads a page. */
export const CHAT_INBOX_PAGE_SIZE = 20;
/** How much of the last message the inbox list shows. */
export const CHAT_PREVIEW_LENGTH = 140;
/** A visitor message notifies staff only when the visitor's previous one is older than this (10 minutes). */
export const CHAT_NOTIFY_QUIET_MS = 10 * 60 * 1_000;

export type ChatThreadStatus = 'open' | 'closed';

/** The visitor's own thread as the widget shows it. */
export type VisitorThread = { id: number; status: ChatThreadStatus; visitorName: string; visitorEmail: string };

/** GET /api/chat: the visitor's latest thread with its messages, or nothing yet. */
export type VisitorChat = {
  thread: VisitorThread | null;
  messages: ChatMessageView[];
  /** Staff messages the visitor has not seen yet. */
  unread: number;
};

/** POST /api/chat answers. */
export type ChatSendAnswer =
  | { ok: true; message: ChatMessageView; thread: VisitorThread; duplicate: boolean }
  | { ok: false; errors: Partial<Record<string, string>>; rateLimited?: { action: string; retryAfterS: number } };

/** One row of the staff inbox list. */
export type StaffThreadSummary = {
  id: number;
  visitorName: string;
  visitorEmail: string;
  status: ChatThreadStatus;
  lastMessageAt: string;
  preview: string;
  previewAuthor: 'visitor' | 'staff' | null;
  /** Visitor messages no staff member has read yet. */
  unread: number;
};

export type StaffThreadList = {
  items: StaffThreadSummary[];
  total: number;
  page: number;
  pageCount: number;
  /** Threads with at least one unread visitor message (all pages). */
  unreadThreads: number;
};

/** The thread open in the inbox. */
export type StaffThreadDetail = {
  id: number;
  visitorName: string;
  visitorEmail: string;
  status: ChatThreadStatus;
  /** The visitor was signed in when they started it. */
  hasAccount: boolean;
  locale: string;
  createdAt: string;
  messages: ChatMessageView[];
};

/** What an inbox page (admin or dashboard) renders. */
export type InboxData = {
  list: StaffThreadList;
  selected: StaffThreadDetail | null;
  /** `?thread=` named a thread that does not exist. */
  selectedMissing: boolean;
};

export const INBOX_INTENTS = ['reply', 'close', 'reopen'] as const;
export type InboxIntent = (typeof INBOX_INTENTS)[number];

/** What an inbox command answers (enhanced post). */
export type InboxActionResult =
  | { ok: true; intent: InboxIntent; threadId: number }
  | { ok: false; intent: InboxIntent | null; threadId?: number; errors: Partial<Record<'body' | 'form', string>> };
