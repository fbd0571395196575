/**
 * The back office's read models (spec §2 "Admin-only", §6; DESIGN §4 "/admin/* is admin-only
 * and sees everything"): the overview counts, the diagnostics facts of /admin-debug and the dev
 * mailbox. Every function takes the acting viewer and refuses anyone but an admin with
 * `AdminForbiddenError`, whatever the route already checked.
 */
import { count, desc, gt, sql } from 'drizzle-orm';
import { ROLES, type Role, isAdmin } from '~/lib/access';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { redactSecrets } from '~/server/redact.server';
import { auditLog, mailMessage, property, propertyStatus, session, user, vendor } from '~/server/db/schema';
import { rowsOf } from '~/server/db/rows.server';

/** Thrown when a non-admin reaches a back-office function (spec §6: admin-only). */
export class AdminForbiddenError extends Error {
  constructor() {
    super('Only administrators may do this.');
    this.name = 'AdminForbiddenError';
  }
}

/** Throws `AdminForbiddenError` unless `actor` is an admin (spec §6: a required admin role means only admins). */
export function assertAdmin(actor: Pick<Viewer, 'role'> | null | undefined): asserts actor is Viewer {
  if (!isAdmin(actor?.role)) throw new AdminForbiddenError();
}

export type PropertyStatus = (typeof propertyStatus.enumValues)[number];

export type AdminOverview = {
  users: { total: number; banned: number; byRole: Record<Role, number> };
  properties: { total: number; byStatus: Record<PropertyStatus, number> };
  pendingVendors: number;
  auditEventsLast24h: number;
};

/**
 * The /admin overview: users by role (and how many are banned), properties by status, vendor
 * applications awaiting review and audit-log entries of the last 24 hours.
 */
export async function loadAdminOverview({ db, actor }: { db: Db; actor: Viewer }): Promise<AdminOverview> {
  assertAdmin(actor);
  const [roleRows, bannedRows, statusRows, vendorRows, auditRows] = await Promise.all([
    db.select({ role: user.role, n: count() }).from(user).groupBy(user.role),
    db
      .select({ n: count() })
      .from(user)
      .where(sql`${user.banned}`),
    db.select({ status: property.status, n: count() }).from(property).groupBy(property.status),
    db
      .select({ n: count() })
      .from(vendor)
      .where(sql`${vendor.status} = 'pending'`),
    db
      .select({ n: count() })
      .from(auditLog)
      .where(gt(auditLog.createdAt, sql`now() - interval '24 hours'`)),
  ]);
  const byRole = Object.fromEntries(ROLES.map((role) => [role, 0])) as Record<Role, number>;
  for (const row of roleRows) byRole[row.role] = row.n;
  const byStatus = Object.fromEntries(propertyStatus.enumValues.map((status) => [status, 0])) as Record<PropertyStatus, number>;
  for (const row of statusRows) byStatus[row.status] = row.n;
  return {
    users: { total: roleRows.reduce((sum, row) => sum + row.n, 0), banned: bannedRows[0]?.n ?? 0, byRole },
    properties: { total: statusRows.reduce((sum, row) => sum + row.n, 0), byStatus },
    pendingVendors: vendorRows[0]?.n ?? 0,
    auditEventsLast24h: auditRows[0]?.n ?? 0,
  };
}

export type DatabaseFacts = { kind: 'pglite' | 'postgres'; version: string; sizeBytes: number | null; latencyMs: number };
export type RuntimeFacts = { version: string; platform: string; uptimeS: number; memoryRssBytes: number };

export type ServerFacts = {
  database: DatabaseFacts;
  node: RuntimeFacts;
  mailer: 'smtp' | 'mailbox';
  counts: { users: number; activeSessions: number; properties: number; auditEntries: number; mailMessages: number };
  generatedAt: string;
};

/**
 * The database engine (from `version()`, timed: the query's round trip is `latencyMs`), its
 * PostgreSQL version and size on disk (null with `withSize: false`). Shared by /admin-debug,
 * /admin/system and /admin/database. Admins only.
 */
export async function loadDatabaseFacts({
  db,
  actor,
  withSize = true,
}: {
  db: Db;
  actor: Viewer;
  withSize?: boolean;
}): Promise<DatabaseFacts> {
  assertAdmin(actor);
  const started = performance.now();
  type EngineRow = { version: string; server_version: string; size: string | number | null };
  // The size walks the database's files (≈ 10 ms on PGlite at 75,000 units): only when shown.
  const size = withSize ? sql`pg_database_size(current_database())` : sql`null`;
  const [engine] = rowsOf<EngineRow>(
    await db.execute(sql`select version() as version, current_setting('server_version') as server_version, ${size} as size`),
  );
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  const fullVersion = engine?.version ?? '';
  return {
    kind: /PGlite/i.test(fullVersion) ? 'pglite' : 'postgres',
    version: engine?.server_version ?? 'unknown',
    sizeBytes: engine?.size === null || engine?.size === undefined ? null : Number(engine.size),
    latencyMs,
  };
}

/** This process: Node version, platform, uptime (whole seconds) and resident memory (bytes). */
export function readRuntimeFacts(): RuntimeFacts {
  return {
    version: process.version,
    platform: `${process.platform}/${process.arch}`,
    uptimeS: Math.floor(process.uptime()),
    memoryRssBytes: process.memoryUsage().rss,
  };
}

/**
 * The facts /admin-debug shows: database engine (from `version()`, timed), Node version, uptime,
 * memory, mailer kind and row counts. Never environment values, secrets or connection strings.
 */
export async function loadServerFacts({
  db,
  actor,
  mailerKind,
}: {
  db: Db;
  actor: Viewer;
  mailerKind: 'smtp' | 'mailbox';
}): Promise<ServerFacts> {
  assertAdmin(actor);
  const database = await loadDatabaseFacts({ db, actor });
  const [users, sessions, properties, audits, mails] = await Promise.all([
    db.select({ n: count() }).from(user),
    db
      .select({ n: count() })
      .from(session)
      .where(gt(session.expiresAt, sql`now()`)),
    db.select({ n: count() }).from(property),
    db.select({ n: count() }).from(auditLog),
    db.select({ n: count() }).from(mailMessage),
  ]);
  return {
    database,
    node: readRuntimeFacts(),
    mailer: mailerKind,
    counts: {
      users: users[0]?.n ?? 0,
      activeSessions: sessions[0]?.n ?? 0,
      properties: properties[0]?.n ?? 0,
      auditEntries: audits[0]?.n ?? 0,
      mailMessages: mails[0]?.n ?? 0,
    },
    generatedAt: new Date().toISOString(),
  };
}

/** The dev mailbox shows 50 messages a page (newest first). */
export const MAILBOX_PAGE_SIZE = 50;

export type MailboxMessage = { id: number; to: string; subject: string; text: string; createdAt: string };
export type MailboxPage = { items: MailboxMessage[]; total: number; page: number; pageCount: number };

/**
 * One page of the dev mailbox (`mail_message`), newest first. `page` is clamped to the pages
 * that exist. Only the plain-text body is returned: the HTML part is never shown. Unless
 * `showTokens` (test or demo mode, `mailboxShowsTokens`), the secrets in its links (reset and
 * verification tokens, alert confirm/unsubscribe tokens) are redacted before they leave the
 * server (decision 023): an admin cannot take over an account from the mailbox.
 */
export async function listMailbox({
  db,
  actor,
  page,
  showTokens = false,
}: {
  db: Db;
  actor: Viewer;
  page: number;
  showTokens?: boolean;
}): Promise<MailboxPage> {
  assertAdmin(actor);
  const [totalRow] = await db.select({ n: count() }).from(mailMessage);
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / MAILBOX_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .select({
      id: mailMessage.id,
      to: mailMessage.to,
      subject: mailMessage.subject,
      text: mailMessage.text,
      createdAt: mailMessage.createdAt,
    })
    .from(mailMessage)
    .orderBy(desc(mailMessage.createdAt), desc(mailMessage.id))
    .limit(MAILBOX_PAGE_SIZE)
    .offset((current - 1) * MAILBOX_PAGE_SIZE);
  return {
    items: rows.map((row) => ({ ...row, text: showTokens ? row.text : redactSecrets(row.text), createdAt: row.createdAt.toISOString() })),
    total,
    page: current,
    pageCount,
  };
}

/** A `?page=` value as a positive whole number (1 when absent or malformed). */
export function parsePage(raw: string | null): number {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 && value <= 1_000_000 ? value : 1;
}
