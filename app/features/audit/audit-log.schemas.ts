/**
 * /admin/audit's filters (decision 023), client-safe: the query string
 * `?actor=&action=&table=&from=&to=&cursor=` read with zod (messages are translation keys), the
 * keyset cursor, and the URL of a filtered list or CSV. Dates are UTC days of `created_at`,
 * both ends included.
 */
import { z } from 'zod';
import { isIsoDate } from '~/lib/iso-date';
import { cursorParam, dayRangeCheck, filteredHref, optionalParam as optional, pickParams } from '~/lib/query-filters';

/** Rows per page of /admin/audit. */
export const AUDIT_PAGE_SIZE = 50;
/** The CSV export stops after this many rows (narrow the filters for more). */
export const AUDIT_CSV_MAX_ROWS = 100_000;

export const AUDIT_MESSAGES = {
  actor: 'audit.errors.actor',
  action: 'audit.errors.action',
  table: 'audit.errors.table',
  date: 'audit.errors.date',
  range: 'audit.errors.range',
  cursor: 'audit.errors.cursor',
} as const;

export type AuditFilters = {
  /** Part of the acting user's e-mail (case-insensitive). */
  actor: string | null;
  action: string | null;
  table: string | null;
  from: string | null;
  to: string | null;
};

export const NO_AUDIT_FILTERS: AuditFilters = { actor: null, action: null, table: null, from: null, to: null };

/** A keyset position: the entry's exact `created_at` (microseconds, UTC) and id. */
export type AuditCursor = { createdAt: string; id: number };

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_(\d{1,15})$/;

/** `2026-11-22T12:00:00.123456Z_42` → the cursor, or null. */
export function parseAuditCursor(raw: string): AuditCursor | null {
  const match = CURSOR.exec(raw);
  if (!match || Number.isNaN(Date.parse(match[1]!))) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) && id >= 1 ? { createdAt: match[1]!, id } : null;
}

export function formatAuditCursor(cursor: AuditCursor): string {
  return `${cursor.createdAt}_${cursor.id}`;
}

const dateField = z.string().refine(isIsoDate, AUDIT_MESSAGES.date);

const shape = z
  .object({
    actor: optional(z.string().max(254, AUDIT_MESSAGES.actor)),
    action: optional(z.string().regex(/^[a-z_]{1,64}$/, AUDIT_MESSAGES.action)),
    table: optional(z.string().regex(/^[a-z_]{1,64}$/, AUDIT_MESSAGES.table)),
    from: optional(dateField),
    to: optional(dateField),
    cursor: cursorParam(parseAuditCursor, AUDIT_MESSAGES.cursor),
  })
  .superRefine(dayRangeCheck(AUDIT_MESSAGES.range));

export type ParsedAuditFilters =
  { ok: true; filters: AuditFilters; cursor: AuditCursor | null } | { ok: false; issues: z.ZodError; filters: AuditFilters };

/** What a query string asks for: filters and cursor, or the fields that are wrong. */
export function parseAuditFilters(params: URLSearchParams): ParsedAuditFilters {
  const parsed = shape.safeParse(pickParams(params, ['actor', 'action', 'table', 'from', 'to', 'cursor']));
  if (!parsed.success) return { ok: false, issues: parsed.error, filters: NO_AUDIT_FILTERS };
  const { actor, action, table, from, to, cursor } = parsed.data;
  return {
    ok: true,
    filters: { actor: actor ?? null, action: action ?? null, table: table ?? null, from: from ?? null, to: to ?? null },
    cursor: cursor ?? null,
  };
}

/** True when any filter narrows the list. */
export function hasAuditFilters(filters: AuditFilters): boolean {
  return Object.values(filters).some((value) => value !== null);
}

/** The list (or CSV) URL for `filters`, optionally at `cursor`. */
export function auditHref(basePath: string, filters: AuditFilters, cursor?: string | null): string {
  const { actor, action, table, from, to } = filters;
  return filteredHref(basePath, { actor, action, table, from, to }, cursor);
}

/** One row of the list as the page receives it (`createdAt` ISO with microseconds). */
export type AuditEntry = {
  id: number;
  createdAt: string;
  action: string;
  tableName: string;
  userId: string | null;
  actorEmail: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  /** `new_values` without the fields shown in their own columns (timestamp, IP, user agent). */
  details: Record<string, unknown>;
};

export type AuditPageData = {
  filters: AuditFilters;
  entries: AuditEntry[];
  nextCursor: string | null;
  firstPage: boolean;
  errors: Record<string, string>;
  /** The actions one may filter by (the server's list). */
  actions: readonly string[];
};
