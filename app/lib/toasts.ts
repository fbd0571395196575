/**
 * Toasts for the code of every page's first load (decision 036: first-load JS ≤ 150 KB
 * gzipped): `showToast` is `notifications.show` of @mantine/notifications, with the package
 * fetched on first use instead of with the page. (Importing it statically, even for its small
 * store, makes the bundler ship the whole package — toast container, transitions, drag — with
 * the chrome.) The container itself is mounted after hydration by DeferredNotifications, which
 * loads the same chunk. A toast shown before the container is in waits in the store.
 *
 * Pages loaded later (staff areas, forms) may keep importing `notifications` directly.
 */
import type { NotificationData, notifications } from '@mantine/notifications';

type ToastApi = typeof notifications;

let loading: Promise<ToastApi> | null = null;

/** The toast API, fetched once; a failed fetch (offline) is retried on the next call. */
export function loadToasts(): Promise<ToastApi> {
  loading ??= import('@mantine/notifications').then(
    (module) => module.notifications,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Shows a toast (`data` as for `notifications.show`: title, message, color, id …). It appears a
 * moment later the first time, once the package is in; when it cannot be fetched, nothing shows.
 */
export function showToast(data: NotificationData): void {
  loadToasts().then(
    (api) => api.show(data),
    () => undefined,
  );
}
