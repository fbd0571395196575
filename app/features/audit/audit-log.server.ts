/**
 * /admin/audit's reads (decision 023): the audit log newest first, filtered by actor (part of
 * an e-mail), action, table and a range of UTC days, read a keyset page at a time so a deep page
 * costs what the first does (indexes of migration 0012: `audit_log_created_idx`,
 * `audit_log_table_idx`, plus `audit_log_user_idx` and `audit_log_action_idx`), and the CSV export
 * of the filtered set, streamed in batches. Admins only: callers guard with `requireRole`.
 */
import { keysetCsvStream } from '~/server/http/csv.server';
import { and, desc, eq, gte, ilike, inArray, lt, type SQL } from 'drizzle-orm';
import { afterInstantKey, instantText, utcDayStart } from '~/server/db/instant-keyset.server';
import type { KeysetBatch } from '~/server/keyset-stream.server';
import { addIsoDays } from '~/lib/time-zones';
import { containsPattern } from '~/lib/like-pattern';
import type { Db } from '~/server/db/client.server';
import { auditLog, user } from '~/server/db/schema';
import {
  AUDIT_CSV_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  formatAuditCursor,
  type AuditCursor,
  type AuditEntry,
  type AuditFilters,
} from './audit-log.schemas';

/** Users an actor filter may match at most (an e-mail fragment matching more is too vague to help). */
const ACTOR_MATCH_LIMIT = 200;

/** `created_at` as stored (microseconds, UTC): the keyset cursor must not lose precision. */
const createdAtText = instantText(auditLog.createdAt);

function filterCondition(db: Db, filters: AuditFilters): SQL | undefined {
  const actorIds = filters.actor
    ? db
        .select({ id: user.id })
        .from(user)
        .where(ilike(user.email, containsPattern(filters.actor)))
        .limit(ACTOR_MATCH_LIMIT)
    : null;
  return and(
    actorIds ? inArray(auditLog.userId, actorIds) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.table ? eq(auditLog.tableName, filters.table) : undefined,
    filters.from ? gte(auditLog.createdAt, utcDayStart(filters.from)) : undefined,
    filters.to ? lt(auditLog.createdAt, utcDayStart(addIsoDays(filters.to, 1))) : undefined,
  );
}

/** Shown in their own columns, so left out of `details`. */
const OWN_COLUMNS = new Set(['timestamp', 'ip_address', 'user_agent']);

async function readBatch(
  db: Db,
  filters: AuditFilters,
  cursor: AuditCursor | null,
  limit: number,
): Promise<KeysetBatch<AuditEntry, AuditCursor>> {
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: createdAtText,
      action: auditLog.action,
      tableName: auditLog.tableName,
      userId: auditLog.userId,
      ipAddress: auditLog.ipAddress,
      userAgent: auditLog.userAgent,
      newValues: auditLog.newValues,
    })
    .from(auditLog)
    .where(and(filterCondition(db, filters), afterInstantKey(auditLog.createdAt, auditLog.id, cursor)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  // The actors' e-mails, by key (a page names few users).
  const ids = [...new Set(page.map((row) => row.userId).filter((id): id is string => id !== null))];
  const emails = new Map(
    ids.length > 0
      ? (await db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, ids))).map((row) => [row.id, row.email])
      : [],
  );
  const entries: AuditEntry[] = page.map(({ newValues, ...row }) => ({
    ...row,
    actorEmail: row.userId ? (emails.get(row.userId) ?? null) : null,
    details: Object.fromEntries(Object.entries(newValues ?? {}).filter(([key]) => !OWN_COLUMNS.has(key))),
  }));
  const tail = page[page.length - 1];
  return { rows: entries, last: tail ? { createdAt: tail.createdAt, id: tail.id } : null, more: rows.length > limit };
}

/** A page of entries newest first after `cursor`; `nextCursor` is null on the last page. */
export async function findAuditEntries({
  db,
  filters,
  cursor = null,
  limit = AUDIT_PAGE_SIZE,
}: {
  db: Db;
  filters: AuditFilters;
  cursor?: AuditCursor | null;
  limit?: number;
}): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const batch = await readBatch(db, filters, cursor, limit);
  return { entries: batch.rows, nextCursor: batch.more && batch.last ? formatAuditCursor(batch.last) : null };
}

export const AUDIT_CSV_COLUMNS = [
  'id',
  'created_at',
  'action',
  'table_name',
  'user_id',
  'actor_email',
  'ip_address',
  'user_agent',
  'details',
] as const;

/** Rows read per query while exporting. */
const CSV_BATCH = 2_000;

function csvLine(entry: AuditEntry): unknown[] {
  return [
    entry.id,
    entry.createdAt,
    entry.action,
    entry.tableName,
    entry.userId,
    entry.actorEmail,
    entry.ipAddress,
    entry.userAgent,
    JSON.stringify(entry.details),
  ];
}

/**
 * The filtered entries as CSV (header first), newest first, read `CSV_BATCH` rows at a time as
 * the client reads, at most `maxRows`. Database errors end the stream with an error.
 */
export function exportAuditCsv({
  db,
  filters,
  maxRows = AUDIT_CSV_MAX_ROWS,
}: {
  db: Db;
  filters: AuditFilters;
  maxRows?: number;
}): ReadableStream<Uint8Array> {
  return keysetCsvStream({
    columns: AUDIT_CSV_COLUMNS,
    batchSize: CSV_BATCH,
    maxRows,
    readBatch: (cursor: AuditCursor | null, limit: number) => readBatch(db, filters, cursor, limit),
    toLine: csvLine,
  });
}
