/**
 * Realtime events (decision 011, spec §7 "realtime subscription on notifications", DESIGN §2): what
 * the server pushes to browsers over Server-Sent Events, and how it is published.
 *
 * Publishing writes the event rows into `realtime_event` and raises one PostgreSQL `NOTIFY` on
 * REALTIME_CHANNEL with their ids. Called with the transaction that makes the change, both happen
 * on commit or not at all: PostgreSQL delivers a NOTIFY only when its transaction commits, to
 * every instance that listens (PGlite: to this process). The hub (`hub.server.ts`) then sends each
 * event to the open streams whose audiences include the event's audience. Importable by plain tsx.
 */
import { isStaff } from '~/lib/access';
import { sql } from 'drizzle-orm';
import type { Role } from '~/lib/access';
import type { Db } from '../db/client.server';
import { realtimeEvent } from '../db/schema';

/** The PostgreSQL channel every instance listens on. */
export const REALTIME_CHANNEL = 'dimora_realtime';

/**
 * Who may receive an event: one user, everyone with a role, staff (admins and property
 * managers, the chat inbox), everybody signed in, or the people in one chat thread. `control`
 * events are for the hubs themselves and never reach a browser.
 */
export type Audience = `user:${string}` | `role:${Role}` | 'staff' | 'all' | `thread:${number}` | typeof CONTROL_AUDIENCE;

/** The audience of hub-only events (`session.ended`); no stream subscribes to it. */
export const CONTROL_AUDIENCE = 'control';

/** A notification as the bell shows it (spec §3 Notification). `createdAt` is an ISO instant. */
export type NotificationView = {
  id: number;
  title: string;
  message: string;
  type: 'success' | 'warning' | 'error' | 'info';
  read: boolean;
  actionUrl: string | null;
  createdAt: string;
};

/** A chat message as both sides see it. `createdAt` is an ISO instant. */
export type ChatMessageView = {
  id: number;
  threadId: number;
  authorKind: 'visitor' | 'staff';
  /** The staff member's display name, or the visitor's name. */
  authorName: string;
  body: string;
  clientId: string | null;
  createdAt: string;
};

/** Every event type with its payload. */
export type RealtimeEventMap = {
  /** A new notification for this user. */
  'notification.created': { notification: NotificationView };
  /** Notifications were marked read (`ids`, or all of them), possibly in another tab. */
  'notification.read': { ids: number[] | 'all' };
  /** Notifications were written for a whole role or everyone: reload the list. */
  'notification.refresh': Record<string, never>;
  /** A chat message in a thread (to the thread and to staff). */
  'chat.message': { message: ChatMessageView };
  /** A thread's read state or status changed (to staff: unread counts). */
  'chat.thread': { threadId: number };
  /**
   * A maintenance request changed (decision 026): to its tenant and to staff, so timelines, the queue
   * and the board refresh live. `status` is the request's status after the change.
   */
  'maintenance.updated': { requestId: number; status: string };
  /** A work order changed (decision 026): to its vendor's user and to staff. */
  'work_order.updated': { workOrderId: number; status: string; maintenanceRequestId: number | null };
  /**
   * Hub-only (decision 023): these sessions ended, or these users' sessions must be re-checked (role
   * changed, banned); every instance closes their open streams. Published by the database
   * triggers of migration 0011_session_bounds, or by `publishSessionEnded`.
   */
  'session.ended': SessionEndedPayload;
};

/** Which streams a `session.ended` event closes: those of these sessions, and all of these users'. */
export type SessionEndedPayload = { sessionIds: string[]; userIds: string[] };
export type RealtimeEventType = keyof RealtimeEventMap;

/** One event to publish. */
export type OutgoingEvent = {
  [T in RealtimeEventType]: { audience: Audience; type: T; payload: RealtimeEventMap[T] };
}[RealtimeEventType];

/** An event as stored and streamed. */
export type StoredEvent = { id: number; audience: string; type: string; payload: unknown };

/** NOTIFY payloads stay far below PostgreSQL's 8,000-byte limit. */
const IDS_PER_NOTIFY = 200;

/**
 * Stores `events` and notifies every instance. Pass the transaction of the change that causes
 * them, so they are seen exactly when it commits. Answers the new event ids, in order.
 */
export async function publishEvents(db: Db, events: readonly OutgoingEvent[]): Promise<number[]> {
  if (events.length === 0) return [];
  const rows = await db
    .insert(realtimeEvent)
    .values(events.map((event) => ({ audience: event.audience, type: event.type, payload: event.payload })))
    .returning({ id: realtimeEvent.id });
  const ids = rows.map((row) => row.id);
  for (let start = 0; start < ids.length; start += IDS_PER_NOTIFY) {
    const chunk = ids.slice(start, start + IDS_PER_NOTIFY).join(',');
    await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${chunk})`);
  }
  return ids;
}

/**
 * Closes the open event streams of `sessionIds` and of every session of `userIds` on every
 * instance, when `db`'s transaction commits. Deleting sessions or changing a role does this by
 * itself (triggers); this is for the rest.
 */
export async function publishSessionEnded(db: Db, payload: SessionEndedPayload): Promise<void> {
  if (payload.sessionIds.length === 0 && payload.userIds.length === 0) return;
  await publishEvents(db, [{ audience: CONTROL_AUDIENCE, type: 'session.ended', payload }]);
}

/** Reads a stored `session.ended` payload; anything malformed reads as empty lists. */
export function parseSessionEnded(payload: unknown): SessionEndedPayload {
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  const object = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  return { sessionIds: strings(object.sessionIds), userIds: strings(object.userIds) };
}

/**
 * Decision 031: the database triggers of migration 0019 announce every write to the tables the
 * public pages are made of (`property`, `building`) with `NOTIFY dimora_realtime, 'content:<table>'`:
 * no stored event, only a signal to every instance's hub, which tells its content listeners (the
 * anonymous HTML cache). PostgreSQL folds identical notifications of one transaction into one.
 * `parseNotifyPayload` drops these payloads (not ids), so streams never see them.
 */
export const CONTENT_SIGNAL_PREFIX = 'content:';

/** The table a content signal names, or null when the payload is not a content signal. */
export function parseContentSignal(payload: string): string | null {
  return payload.startsWith(CONTENT_SIGNAL_PREFIX) ? payload.slice(CONTENT_SIGNAL_PREFIX.length) : null;
}

/** Parses a NOTIFY payload written by `publishEvents` (ids separated by commas); junk is dropped. */
export function parseNotifyPayload(payload: string): number[] {
  return payload
    .split(',')
    .map((part) => Number(part))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

/** The audiences a signed-in user's stream carries (their own, their role's, staff, all). */
export function viewerAudiences(viewer: { id: string; role: Role }): Audience[] {
  const audiences: Audience[] = [`user:${viewer.id}`, `role:${viewer.role}`, 'all'];
  if (isStaff(viewer.role)) audiences.push('staff');
  return audiences;
}
