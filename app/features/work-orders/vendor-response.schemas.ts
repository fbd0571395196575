/**
 * The vendor's answer to an offered work order: decline it with a reason, or (once accepted)
 * schedule the visit — a `datetime-local` time read as UTC, not in the past beyond a clock's
 * slack, at most a year ahead. Messages are translation keys (`workOrders.errors.*`,
 * `common.form.*`). Client-safe.
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '~/lib/form-fields';
import { reasonField } from './work-orders.schemas';

/** How far ahead a visit may be scheduled (days), and how far in the past it may be typed (minutes, a clock's slack). */
export const SCHEDULE_MAX_DAYS = 366;
export const SCHEDULE_SLACK_MINUTES = 5;

const SCHEDULE_MESSAGES = {
  scheduleInvalid: 'workOrders.errors.scheduleInvalid',
  schedulePast: 'workOrders.errors.schedulePast',
  scheduleTooFar: 'workOrders.errors.scheduleTooFar',
} as const;

/** Decline an offered work order. */
export const declineSchema = z.object({ reason: reasonField });

/**
 * A visit time typed in a `datetime-local` field (`YYYY-MM-DDTHH:MM`, seconds optional), read as
 * UTC (every time on the signed-in pages is UTC) → an ISO instant. Refused: not a real time,
 * earlier than `now` less SCHEDULE_SLACK_MINUTES, later than SCHEDULE_MAX_DAYS from `now`.
 */
export function scheduleSchema(now: Date) {
  return z.object({
    scheduledFor: z
      .string()
      .trim()
      .min(1, FIELD_MESSAGES.required)
      .transform((raw, ctx) => {
        const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d{1,3})?Z?$/.exec(raw);
        const parts = match ? match.slice(1, 7).map((part) => Number(part ?? 0)) : [];
        const instant = match ? new Date(Date.UTC(parts[0]!, parts[1]! - 1, parts[2]!, parts[3]!, parts[4]!, parts[5]!)) : null;
        const real =
          instant !== null &&
          instant.getUTCFullYear() === parts[0] &&
          instant.getUTCMonth() === parts[1]! - 1 &&
          instant.getUTCDate() === parts[2] &&
          parts[3]! < 24;
        if (!real) {
          ctx.addIssue({ code: 'custom', message: SCHEDULE_MESSAGES.scheduleInvalid });
          return z.NEVER;
        }
        if (instant.getTime() < now.getTime() - SCHEDULE_SLACK_MINUTES * 60_000) {
          ctx.addIssue({ code: 'custom', message: SCHEDULE_MESSAGES.schedulePast });
          return z.NEVER;
        }
        if (instant.getTime() > now.getTime() + SCHEDULE_MAX_DAYS * 86_400_000) {
          ctx.addIssue({ code: 'custom', message: SCHEDULE_MESSAGES.scheduleTooFar });
          return z.NEVER;
        }
        return instant.toISOString();
      }),
  });
}
