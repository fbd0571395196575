/** The bell's unread badge (spec §4, §9: "99+" above 99). Pure and client-safe. */
import { NOTIFICATION_BADGE_CAP } from '~/lib/constants';

/** The badge text for `unread` notifications: null when none, the number, or "99+" above 99. */
export function badgeLabel(unread: number): string | null {
  if (!Number.isFinite(unread) || unread <= 0) return null;
  return unread > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(Math.floor(unread));
}
