/**
 * In-app notifications (spec §3 Notification, decision 013): the inputs shared by the bell's calls to
 * /api/notifications and by the broadcast form of /admin/notifications, validated again on the
 * server. Messages are translation keys (`translateIssues` turns them into text). Client-safe.
 */
import { z } from 'zod';
import { ROLES, type Role } from '~/lib/access';
import type { ActionResult } from '~/lib/action-result';
import { cleanLine, cleanMultiline, FIELD_MESSAGES, TEXT_LIMITS } from '~/lib/form-fields';
import { safeRedirectPath } from '~/lib/safe-redirect';

/** spec §3: success, warning, error, or other (shown as info). */
export const NOTIFICATION_TYPES = ['success', 'warning', 'error', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Who a broadcast goes to: one person, everyone holding a role, or everybody. */
export const BROADCAST_AUDIENCES = ['user', 'role', 'all'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];

/** Length limits of a broadcast (decision 013). */
export const BROADCAST_LIMITS = { title: 120, message: 1_000, actionUrl: 500 } as const;

/** A recipient search is at most this long. */
export const RECIPIENT_SEARCH_MAX = 100;

/**
 * A notification's link as stored and followed: a path on this site ("/…", never "//host" or
 * anything a browser would rewrite into another origin), normalised; null when not one.
 */
export function internalPath(value: string | null | undefined): string | null {
  if (!value) return null;
  const path = safeRedirectPath(value, '');
  return path === '' ? null : path;
}

const ERRORS = {
  audience: 'notifications.admin.errors.audience',
  recipient: 'notifications.admin.errors.recipientRequired',
  role: 'notifications.admin.errors.role',
  type: 'notifications.admin.errors.type',
  actionUrl: 'notifications.admin.errors.actionUrl',
} as const;

/** The broadcast form's fields (`userId` is for callers that already know the person). */
export const broadcastSchema = z
  .object({
    audience: z.enum(BROADCAST_AUDIENCES, ERRORS.audience),
    email: z.string().overwrite(cleanLine).max(TEXT_LIMITS.email, FIELD_MESSAGES.tooLong).default(''),
    userId: z.string().trim().max(100, FIELD_MESSAGES.invalid).default(''),
    role: z.string().trim().default(''),
    title: z.string().overwrite(cleanLine).min(1, FIELD_MESSAGES.required).max(BROADCAST_LIMITS.title, FIELD_MESSAGES.tooLong),
    message: z.string().overwrite(cleanMultiline).min(1, FIELD_MESSAGES.required).max(BROADCAST_LIMITS.message, FIELD_MESSAGES.tooLong),
    type: z.enum(NOTIFICATION_TYPES, ERRORS.type).default('info'),
    actionUrl: z
      .string()
      .overwrite(cleanLine)
      .max(BROADCAST_LIMITS.actionUrl, FIELD_MESSAGES.tooLong)
      .refine(
        (value) => value === '' || (value.startsWith('/') && !value.startsWith('//') && internalPath(value) !== null),
        ERRORS.actionUrl,
      )
      .default(''),
  })
  .superRefine((value, ctx) => {
    if (value.audience === 'user' && value.email === '' && value.userId === '') {
      ctx.addIssue({ code: 'custom', path: ['email'], message: ERRORS.recipient });
    }
    if (value.audience === 'role' && !(ROLES as readonly string[]).includes(value.role)) {
      ctx.addIssue({ code: 'custom', path: ['role'], message: ERRORS.role });
    }
  })
  .transform((value) => ({
    ...value,
    role: value.audience === 'role' ? (value.role as Role) : null,
    actionUrl: internalPath(value.actionUrl),
  }));

export type BroadcastInput = z.output<typeof broadcastSchema>;
export type BroadcastField = 'audience' | 'email' | 'userId' | 'role' | 'title' | 'message' | 'type' | 'actionUrl';

/** The broadcast form's typed values, sent back with errors. */
export type BroadcastEcho = {
  audience: string;
  email: string;
  role: string;
  title: string;
  message: string;
  type: string;
  actionUrl: string;
};

/** The broadcast form's one command (the form posts no `intent`: the action assumes it). */
export const BROADCAST_INTENTS = ['send'] as const;
export type BroadcastIntent = (typeof BROADCAST_INTENTS)[number];

/** What the /admin/notifications action answers (decision 037): a success tells how many were reached. */
export type BroadcastActionResult = ActionResult<BroadcastIntent, { recipients: number }>;

/** The bell's commands, posted to /api/notifications as `intent`. */
export const NOTIFICATION_INTENTS = ['read', 'read-all'] as const;
export type NotificationIntent = (typeof NOTIFICATION_INTENTS)[number];

/** True when `value` is one of the bell's commands. */
export function isNotificationIntent(value: unknown): value is NotificationIntent {
  return typeof value === 'string' && (NOTIFICATION_INTENTS as readonly string[]).includes(value);
}

/** A notification id as posted: digits only, within the id column's safe range. */
export const notificationIdSchema = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .refine((id) => id >= 1);
