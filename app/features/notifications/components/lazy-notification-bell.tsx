/**
 * The notification bell as a chunk of its own (decision 036: first-load JS ≤ 150 KB
 * gzipped). The bell (popover, scroll area, zod-checked links) is for signed-in users only, so
 * anonymous visitors never download it. The server still renders it (React.lazy suspends there
 * too), and the browser hydrates it once its chunk is in; until then a look-alike, inert button
 * holds its place, so the top bar does not move.
 */
import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';

const NotificationBell = lazy(() => import('./notification-bell').then((module) => ({ default: module.NotificationBell })));

/** Render it for a signed-in viewer only, like NotificationBell. */
export function LazyNotificationBell() {
  return (
    <Suspense
      fallback={
        <ActionIcon component="span" variant="default" size="lg" aria-hidden data-testid="notification-bell-placeholder">
          <IconBell size={18} aria-hidden />
        </ActionIcon>
      }
    >
      <NotificationBell />
    </Suspense>
  );
}
