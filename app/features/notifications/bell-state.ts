/**
 * The bell's list as a value, and how each change applies to it (spec §4 "Notification": a new
 * notification is prepended, clicking one or "Mark all read" marks read). Pure and client-safe;
 * applying a change twice, or one the list does not concern, changes nothing.
 */
import { NOTIFICATION_LIST_LIMIT } from '~/lib/constants';
import type { NotificationView } from '~/server/realtime/events.server';

export type BellStatus = 'loading' | 'ready' | 'error';
export type BellState = { status: BellStatus; items: NotificationView[]; unread: number };

export type BellChange = { kind: 'created'; notification: NotificationView } | { kind: 'read'; ids: number[] | 'all' };

/** Applies one change to the list; unknown or repeated changes leave it as it is. */
export function applyChange(state: BellState, change: BellChange): BellState {
  if (change.kind === 'created') {
    const { notification } = change;
    if (state.items.some((item) => item.id === notification.id)) return state;
    const items = [notification, ...state.items]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
      .slice(0, NOTIFICATION_LIST_LIMIT);
    return { ...state, items, unread: state.unread + (notification.read ? 0 : 1) };
  }
  if (change.ids === 'all') {
    return { ...state, items: state.items.map((item) => (item.read ? item : { ...item, read: true })), unread: 0 };
  }
  const ids = new Set(change.ids);
  let marked = 0;
  const items = state.items.map((item) => {
    if (item.read || !ids.has(item.id)) return item;
    marked += 1;
    return { ...item, read: true };
  });
  return marked === 0 ? state : { ...state, items, unread: Math.max(0, state.unread - marked) };
}
