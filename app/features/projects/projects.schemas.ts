/**
 * Capital projects and bids (decision 029 and 028) as constants and zod schemas shared
 * by the forms and the actions: kinds, statuses, limits, the project form, the invitation to bid,
 * a vendor's bid, the list's filters. Amounts are typed in dollars ("12,500.00") and become
 * integer cents; every message is a translation key (`projects.errors.*`). Client-safe.
 */
import { isIsoDate } from '~/lib/iso-date';
import { z } from 'zod';
import { FIELD_MESSAGES, cleanLine, cleanMultiline } from '~/lib/form-fields';
import { parseDollars } from '~/lib/money';
import { INT4_MAX, parseId } from '~/lib/ids';

export const PROJECT_KINDS = ['roof', 'renovation', 'repaving', 'hvac', 'exterior', 'other'] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];

/** `planned → bidding → awarded → in_progress → completed`, or `cancelled` (DESIGN §4 `project`). */
export const PROJECT_STATUSES = ['planned', 'bidding', 'awarded', 'in_progress', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const BID_STATUSES = ['submitted', 'withdrawn', 'awarded', 'rejected'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

/** The moves staff make with a button (bidding and award have their own forms). */
export const PROJECT_STATUS_MOVES = ['in_progress', 'completed', 'cancelled'] as const;
export type ProjectStatusMove = (typeof PROJECT_STATUS_MOVES)[number];

export const PROJECT_NAME_MAX = 120;
export const PROJECT_DESCRIPTION_MAX = 4_000;
/** The largest budget or bid accepted: $100,000,000.00, in cents. */
export const PROJECT_AMOUNT_MAX_CENTS = 10_000_000_000;
/** A bid's timeline: 1 day to 10 years. */
export const BID_TIMELINE_MAX_DAYS = 3_650;
export const BID_NOTES_MAX = 2_000;
/** Vendors invited in one go. */
export const INVITE_MAX_VENDORS = 20;
/** A bid deadline may be at most this many days ahead. */
export const BID_DEADLINE_MAX_DAYS = 365;
/** Projects per page of the list. */
export const PROJECTS_PAGE_SIZE = 25;

const MB = 1024 * 1024;
/** A project document or a bid attachment may be at most 10 MB. */
export const PROJECT_FILE_MAX_BYTES = 10 * MB;
/** Documents a project may hold. */
export const PROJECT_DOCUMENTS_MAX = 30;
/** What a project document may be, by its real content (magic bytes): a PDF or a photo. */
export const PROJECT_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
/** What a bid's attachment may be: a PDF. */
export const BID_ATTACHMENT_TYPES = ['application/pdf'] as const;
/** The file pickers' `accept` attributes (the server decides by content anyway). */
export const PROJECT_DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp,.pdf,.jpg,.jpeg,.png,.webp';
export const BID_ATTACHMENT_ACCEPT = 'application/pdf,.pdf';

export const PROJECT_MESSAGES = {
  amountInvalid: 'projects.errors.amountInvalid',
  amountPositive: 'projects.errors.amountPositive',
  amountTooLarge: 'projects.errors.amountTooLarge',
  dateInvalid: 'projects.errors.dateInvalid',
  endBeforeStart: 'projects.errors.endBeforeStart',
  deadlineInvalid: 'projects.errors.deadlineInvalid',
  timelineInvalid: 'projects.errors.timelineInvalid',
  vendorsRequired: 'projects.errors.vendorsRequired',
  tooManyVendors: 'projects.errors.tooManyVendors',
  buildingRequired: 'projects.errors.buildingRequired',
  kindInvalid: 'projects.errors.kindInvalid',
} as const;

/**
 * A deadline as a `datetime-local` field sends it (`YYYY-MM-DDTHH:MM`, seconds optional), read as
 * UTC (the pages say so), → a Date; null for anything else.
 */
export function parseUtcDateTime(value: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match || !isIsoDate(match[1]!)) return null;
  const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[4] ?? '0')];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return new Date(`${match[1]}T${match[2]}:${match[3]}:${String(seconds).padStart(2, '0')}Z`);
}

/** A Date as a `datetime-local` value in UTC (`YYYY-MM-DDTHH:MM`). */
export function toUtcDateTimeInput(date: Date): string {
  return date.toISOString().slice(0, 16);
}

/** A dollar amount field → integer cents; `allowZero` for a budget. */
function dollarsField({ allowZero }: { allowZero: boolean }) {
  return z.string().transform((value, ctx) => {
    const text = value.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.required });
      return z.NEVER;
    }
    const cents = parseDollars(text.startsWith('.') ? `0${text}` : text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: /^-/.test(text) ? PROJECT_MESSAGES.amountPositive : PROJECT_MESSAGES.amountInvalid });
      return z.NEVER;
    }
    if (cents < 0 || (!allowZero && cents === 0)) {
      ctx.addIssue({ code: 'custom', message: PROJECT_MESSAGES.amountPositive });
      return z.NEVER;
    }
    if (cents > PROJECT_AMOUNT_MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: PROJECT_MESSAGES.amountTooLarge });
      return z.NEVER;
    }
    return cents;
  });
}

const optionalDate = z
  .string()
  .trim()
  .default('')
  .refine((value) => value === '' || isIsoDate(value), PROJECT_MESSAGES.dateInvalid)
  .transform((value) => (value === '' ? null : value));

const idField = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((value) => value >= 1 && value <= INT4_MAX, message);

/**
 * The project form (create and edit): building, name, kind, description, budget in dollars,
 * optional start and end dates (end not before start).
 */
export const projectFormSchema = z
  .object({
    buildingId: idField(PROJECT_MESSAGES.buildingRequired),
    name: z.string().overwrite(cleanLine).min(1, FIELD_MESSAGES.required).max(PROJECT_NAME_MAX, FIELD_MESSAGES.tooLong),
    kind: z.enum(PROJECT_KINDS, { message: PROJECT_MESSAGES.kindInvalid }),
    description: z.string().overwrite(cleanMultiline).max(PROJECT_DESCRIPTION_MAX, FIELD_MESSAGES.tooLong).default(''),
    budget: dollarsField({ allowZero: true }),
    startDate: optionalDate,
    endDate: optionalDate,
  })
  .refine((input) => !input.startDate || !input.endDate || input.endDate >= input.startDate, {
    path: ['endDate'],
    message: PROJECT_MESSAGES.endBeforeStart,
  });
export type ProjectFormInput = z.output<typeof projectFormSchema>;
export type ProjectFormField = keyof z.input<typeof projectFormSchema>;

/** The invitation to bid: the chosen vendors (repeated `vendorId`) and the deadline (UTC). */
export const inviteSchema = z.object({
  vendorIds: z
    .array(idField(PROJECT_MESSAGES.vendorsRequired))
    .max(INVITE_MAX_VENDORS, PROJECT_MESSAGES.tooManyVendors)
    .transform((ids) => [...new Set(ids)]),
  deadline: z
    .string()
    .trim()
    .min(1, FIELD_MESSAGES.required)
    .transform((value, ctx) => {
      const date = parseUtcDateTime(value);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: PROJECT_MESSAGES.deadlineInvalid });
        return z.NEVER;
      }
      return date;
    }),
});
export type InviteInput = z.output<typeof inviteSchema>;

/** A vendor's bid: amount in dollars (> 0), timeline in whole days, optional notes. */
export const bidSchema = z.object({
  amount: dollarsField({ allowZero: false }),
  timelineDays: z
    .string()
    .trim()
    .min(1, FIELD_MESSAGES.required)
    .regex(/^\d{1,4}$/, PROJECT_MESSAGES.timelineInvalid)
    .transform(Number)
    .refine((days) => days >= 1 && days <= BID_TIMELINE_MAX_DAYS, PROJECT_MESSAGES.timelineInvalid),
  notes: z.string().overwrite(cleanMultiline).max(BID_NOTES_MAX, FIELD_MESSAGES.tooLong).default(''),
});
export type BidInput = z.output<typeof bidSchema>;
export type BidField = keyof z.input<typeof bidSchema> | 'attachment';

/** The list's filters (`?status=&building=&after=`); anything unreadable is ignored. */
export type ProjectFilters = { status: ProjectStatus | null; buildingId: number | null; after: number | null };

function positiveId(raw: string | null): number | null {
  return parseId(raw);
}

export function parseProjectFilters(params: URLSearchParams): ProjectFilters {
  const status = params.get('status');
  return {
    status: (PROJECT_STATUSES as readonly string[]).includes(status ?? '') ? (status as ProjectStatus) : null,
    buildingId: positiveId(params.get('building')),
    after: positiveId(params.get('after')),
  };
}

/** The list's URL for `filters`, starting after project `after` (null: the first page). */
export function projectsHref(base: string, filters: ProjectFilters, after: number | null): string {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.buildingId) query.set('building', String(filters.buildingId));
  if (after) query.set('after', String(after));
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

/** The tabs of a project's page (`?tab=`). */
export const PROJECT_TABS = ['overview', 'bids', 'work-orders', 'documents'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

export function parseProjectTab(raw: string | null): ProjectTab {
  return (PROJECT_TABS as readonly string[]).includes(raw ?? '') ? (raw as ProjectTab) : 'overview';
}
