/**
 * The audit log (spec §3 "Audit log", DESIGN §4): written by the server only. Each entry keeps
 * the acting user, the action, the table it concerns and `new_values` with the spec's timestamp,
 * user agent and IP address, plus anything the action adds.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from './db/client.server';
import { auditLog } from './db/schema';
import { consumeCounter } from './rate-counter.server';
import { isId } from '~/lib/ids';

/** Every action the server records. */
export const AUDIT_ACTIONS = [
  'sign_in_succeeded',
  'sign_in_failed',
  // Two-factor sign-in (decision 023)
  'two_factor_challenged',
  'two_factor_failed',
  'two_factor_enabled',
  'two_factor_disabled',
  'backup_codes_regenerated',
  'sign_up',
  'email_verified',
  'sign_out',
  'password_reset_requested',
  'password_reset_completed',
  // Password change, forced after a weak password or by choice (decision 023)
  'password_changed',
  'password_change_failed',
  'user_created',
  'role_changed',
  'user_banned',
  'user_unbanned',
  'rate_limit_exceeded',
  'paste_blocked',
  'application_submitted',
  'payment_declined',
  'application_status_changed',
  'notification_broadcast',
  // Portfolio (buildings and units)
  'building_created',
  'building_updated',
  'building_manager_assigned',
  'unit_created',
  'unit_updated',
  'units_published',
  'units_unpublished',
  'unit_status_changed',
  'units_imported',
  'units_exported',
  'portfolio_access_denied',
  // Photos (the upload pipeline)
  'photos_uploaded',
  'photo_moved',
  'photo_cover_set',
  'photo_deleted',
  // Leads (contact-form inquiries in the staff inbox)
  'contact_reply_sent',
  'inbox_access_denied',
  // Operations (/admin/system, /admin/database)
  'setting_changed',
  'test_mail_sent',
  'outbox_retried',
  'schedule_run_requested',
  'backup_downloaded',
  // Leases, the ledger and payments (decision 022)
  'lease_cotenant_added',
  'lease_sent',
  'lease_signed',
  'lease_countersigned',
  'lease_renewal_offered',
  'lease_offer_lapsed',
  'lease_ended',
  'lease_access_denied',
  'charge_posted',
  'payment_made',
  'payment_recorded',
  'payment_refunded',
  'autopay_enabled',
  'autopay_cancelled',
  'tenant_notified',
  'payments_exported',
  'payment_after_expiry',
  // Account lockout across addresses, refused accesses, the retention job (decision 023)
  'account_locked',
  // A trusted device's own lock (decision 054)
  'device_locked',
  'access_denied',
  'audit_retention_run',
  'audit_exported',
  // Maintenance, vendors, work orders, invoices, projects (decisions 026 to 030)
  'maintenance_request_created',
  'maintenance_request_triaged',
  'maintenance_request_status_changed',
  'maintenance_request_rated',
  'work_order_created',
  'work_order_status_changed',
  'work_order_reassigned',
  'work_order_cancelled',
  'vendor_approved',
  'vendor_rejected',
  'vendor_suspended',
  'vendor_updated',
  'vendor_account_created',
  'vendor_document_uploaded',
  'vendor_insurance_verified',
  'invoice_submitted',
  'invoice_approved',
  'invoice_rejected',
  'invoice_paid',
  'project_created',
  'project_updated',
  'project_status_changed',
  'project_vendors_invited',
  'bid_submitted',
  'bid_awarded',
  'payment_disputed',
  'payment_dispute_closed',
  // Owners, their agreements and contributions (decision 061)
  'owner_created',
  'owner_updated',
  'owner_building_assigned',
  'management_agreement_saved',
  'owner_contribution_recorded',
  'owner_invitation_sent',
  'owner_account_created',
  'owner_statement_regenerated',
  // The upload pipeline's malware scan refused a file (decision 052)
  'upload_malware_found',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Where a request came from: built by `requestOrigin`. */
export type RequestOrigin = { ip: string; userAgent: string };

/** The request's client address (from the load context) and user agent (≤ 300 characters). */
export function requestOrigin(request: Request, clientIp: string): RequestOrigin {
  return { ip: clientIp, userAgent: (request.headers.get('user-agent') ?? 'unknown').slice(0, 300) };
}

/**
 * Appends one entry. `tableName` defaults to the spec's "security_events". Never throws for
 * content: values are stored as JSON as given.
 */
export async function recordAuditEvent({
  db,
  userId,
  action,
  origin,
  tableName = 'security_events',
  values = {},
}: {
  db: Db;
  userId: string | null;
  action: AuditAction;
  origin: RequestOrigin;
  tableName?: string;
  values?: Record<string, unknown>;
}): Promise<void> {
  await db.insert(auditLog).values({
    userId,
    action,
    tableName,
    ipAddress: origin.ip,
    userAgent: origin.userAgent,
    newValues: { ...values, timestamp: new Date().toISOString(), user_agent: origin.userAgent, ip_address: origin.ip },
  });
}

/** A user's most recent audit entries, newest first (the dashboard's "recent security events"). */
export async function findRecentAuditEvents({ db, userId, limit = 10 }: { db: Db; userId: string; limit?: number }) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      ipAddress: auditLog.ipAddress,
      userAgent: auditLog.userAgent,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.tableName, 'security_events')))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/** Refusal entries one user may cause per minute (decision 023): more are dropped, not stored. */
export const AUDIT_REFUSALS_PER_MINUTE = 30;

/**
 * Records a refused access (decision 023): a guard's wrong-role refusal or a 404 for an object
 * outside the viewer's scope (another manager's application, lease, tenant, building, thread…).
 * Every such refusal goes through here so that one user cannot flood the log: at most
 * `AUDIT_REFUSALS_PER_MINUTE` entries a minute per user, the rest are dropped (counted in
 * `rate_limit`). Signed-out visitors are not recorded (they are sent to sign in). `action`
 * defaults to `access_denied`; features keep their own (`lease_access_denied`…). `values` are
 * server-chosen details stored with `object_id` and `reason`. Returns whether an entry was written.
 */
export async function auditRefusal(
  db: Db,
  viewer: { id: string } | null,
  {
    table,
    id,
    reason,
    origin,
    action = 'access_denied',
    values = {},
  }: { table: string; id: string | number; reason: string; origin: RequestOrigin; action?: AuditAction; values?: Record<string, unknown> },
): Promise<boolean> {
  if (!viewer) return false;
  const counted = await consumeCounter({ db, key: `audit_refusal:user:${viewer.id}`, limit: AUDIT_REFUSALS_PER_MINUTE });
  if (!counted.allowed) return false;
  await recordAuditEvent({ db, userId: viewer.id, action, origin, tableName: table, values: { ...values, object_id: String(id), reason } });
  return true;
}

/** Tables whose rows a refusal may name by numeric id (`auditRefusalIfExists`). */
export type RefusableTable =
  | 'application'
  | 'lease'
  | 'payment'
  | 'building'
  | 'property'
  | 'thread'
  | 'maintenance_request'
  | 'work_order'
  | 'invoice'
  | 'vendor'
  | 'project'
  | 'bid'
  | 'checkout_session'
  | 'owner_statement';

/**
 * `auditRefusal` for an object the viewer was refused with a 404 that looks like "no such id":
 * records only when row `id` of `table` exists, so probing random ids writes nothing.
 */
export async function auditRefusalIfExists(
  db: Db,
  viewer: { id: string } | null,
  refusal: {
    table: RefusableTable;
    id: number;
    reason: string;
    origin: RequestOrigin;
    action?: AuditAction;
    values?: Record<string, unknown>;
  },
): Promise<boolean> {
  if (!viewer || !isId(refusal.id)) return false;
  const found = await db.execute(sql`select 1 from ${sql.identifier(refusal.table)} where "id" = ${refusal.id} limit 1`);
  if (((found as { rows?: unknown[] }).rows ?? []).length === 0) return false;
  return auditRefusal(db, viewer, refusal);
}
