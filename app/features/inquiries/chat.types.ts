/**
 * What the live chat's server answers and its pages show (decision 012): the visitor's
 * conversation in the widget, the staff inbox's thread list and open thread. Client-safe and
 * free of zod, so the widget (on every page) stays small.
 */
import type { ChatMessageView } from '~/server/realtime/events.server';

export type { ChatMessageView };

/** The widget keeps messages waiting to be sent in localStorage, one key per thread under this prefix. */
export const CHAT_QUEUE_PREFIX = 'dimora.chat.queue.';
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

/**
 * The staff inbox's tabs (decision 018): live chat, and contact-form inquiries
 * (`thread.kind`), which staff answer by e-mail.
 */
export const INBOX_KINDS = ['chat', 'contact'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** Threads and waiting threads (with an unread visitor message) of one tab. */
export type InboxTabCount = { total: number; unread: number };

/** The unit a contact inquiry is about, for the staff inbox. */
export type InboxUnit = {
  id: number;
  title: string;
  unitNumber: string;
  buildingId: number;
  buildingName: string;
  city: string;
  state: string;
  /** Published on the public site (its /property/:id page exists). */
  listed: boolean;
};

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
  kind: InboxKind;
  /** A contact inquiry's subject ("Leasing · #12 Sunny loft"); null for chats. */
  subject: string | null;
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
  kind: InboxKind;
  subject: string | null;
  visitorName: string;
  visitorEmail: string;
  /** The phone number a contact inquiry gave, if any. */
  visitorPhone: string | null;
  /** The unit a contact inquiry is about, if any. */
  unit: InboxUnit | null;
  status: ChatThreadStatus;
  /** The visitor was signed in when they started it. */
  hasAccount: boolean;
  locale: string;
  createdAt: string;
  messages: ChatMessageView[];
};

/** What an inbox page (admin or dashboard) renders. */
export type InboxData = {
  /** The tab shown: the open thread's kind, else `?inboxTab=`, else chat. */
  tab: InboxKind;
  /** Per tab, for the tab labels. */
  counts: Record<InboxKind, InboxTabCount>;
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
