import { describe, expect, it } from 'vitest';
import { NOTIFICATION_LIST_LIMIT } from '~/lib/constants';
import type { NotificationView } from '~/server/realtime/events.server';
import { applyChange, type BellState } from './bell-state';

function view(id: number, { read = false, minutesAgo = id } = {}): NotificationView {
  return {
    id,
    title: `N${id}`,
    message: 'm',
    type: 'info',
    read,
    actionUrl: null,
    createdAt: new Date(Date.UTC(2026, 0, 1) - minutesAgo * 60_000).toISOString(),
  };
}

const ready = (items: NotificationView[], unread = items.filter((item) => !item.read).length): BellState => ({
  status: 'ready',
  items,
  unread,
});

describe('applyChange (the bell between loads)', () => {
  it('prepends a new notification and counts it unread', () => {
    const next = applyChange(ready([view(2), view(3)]), { kind: 'created', notification: view(9, { minutesAgo: 0 }) });
    expect(next.items.map((item) => item.id)).toEqual([9, 2, 3]);
    expect(next.unread).toBe(3);
  });

  it('ignores a notification it already shows (a replayed event)', () => {
    const state = ready([view(2)]);
    expect(applyChange(state, { kind: 'created', notification: view(2) })).toBe(state);
  });

  it('keeps the newest 50 and still counts an unread one that falls off the end', () => {
    const full = ready(
      Array.from({ length: NOTIFICATION_LIST_LIMIT }, (_, index) => view(index + 1, { read: true })),
      0,
    );
    const next = applyChange(full, { kind: 'created', notification: view(1000, { minutesAgo: 0 }) });
    expect(next.items).toHaveLength(NOTIFICATION_LIST_LIMIT);
    expect(next.items[0]?.id).toBe(1000);
    expect(next.unread).toBe(1);
  });

  it('marks listed ids read once: a click and the server’s event for it count one', () => {
    const state = ready([view(1), view(2), view(3, { read: true })], 5);
    const clicked = applyChange(state, { kind: 'read', ids: [1] });
    expect(clicked.unread).toBe(4);
    expect(clicked.items.find((item) => item.id === 1)?.read).toBe(true);
    expect(applyChange(clicked, { kind: 'read', ids: [1] })).toBe(clicked);
    expect(applyChange(clicked, { kind: 'read', ids: [3, 404] })).toBe(clicked);
  });

  it('"all" marks every one read and the count becomes zero, beyond the list too', () => {
    const next = applyChange(ready([view(1), view(2)], 120), { kind: 'read', ids: 'all' });
    expect(next.unread).toBe(0);
    expect(next.items.every((item) => item.read)).toBe(true);
  });
});
