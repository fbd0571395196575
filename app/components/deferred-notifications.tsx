/**
 * Mantine's toast container, loaded after hydration (decision 036: first-load JS ≤ 150 KB
 * gzipped). The container (transitions, drag to dismiss) is not needed to paint a page: toasts
 * shown before it is in (`notifications.show` from @mantine/notifications' small store) wait
 * in the store and appear when it mounts. It renders nothing on the server either (a portal).
 * A chunk that cannot be fetched leaves the page without toasts rather than failing it.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { NotificationsProps } from '@mantine/notifications';

const Nothing = () => null;
const Notifications = lazy(() =>
  import('@mantine/notifications').then(
    (module) => ({ default: module.Notifications as (props: NotificationsProps) => ReactNode }),
    () => ({ default: Nothing }),
  ),
);

/** `<Notifications>` with the same props, mounted once the page has hydrated. */
export function DeferredNotifications(props: NotificationsProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
