/**
 * What /admin/users' action answers, shared by the route and its forms. Client-safe.
 */
import type { Role } from '~/lib/access';
import type { ActionResult } from '~/lib/action-result';

/** A ban reason is at most this long. */
export const BAN_REASON_MAX = 300;
/** A user search is at most this long. */
export const USER_SEARCH_MAX = 100;

/** The commands of /admin/users, posted as `intent`. */
export const USER_INTENTS = ['create', 'set-role', 'ban', 'unban'] as const;
export type UserIntent = (typeof USER_INTENTS)[number];

export function isUserIntent(value: unknown): value is UserIntent {
  return typeof value === 'string' && (USER_INTENTS as readonly string[]).includes(value);
}

/** The create form's typed values, sent back with errors (never the password). */
export type CreateUserEcho = { email: string; fullName: string; role: string };

/** What the action answers (decision 037): a success names the account and whether anything changed. */
export type UsersActionResult = ActionResult<UserIntent, { userId: string; changed: boolean }>;

/** A user as the list and the manage panel show them. */
export type UserSummary = {
  id: string;
  name: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  banned: boolean;
  banReason: string | null;
  createdAt: string;
};
