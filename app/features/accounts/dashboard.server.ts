/**
 * What a signed-in user's own pages show (spec §2 protected routes, §4 "Security status",
 * DESIGN §4 "Who works where"): the /dashboard summary, and the counts on /tenant-portal and
 * /vendor-portal. Every function takes the acting viewer, checks the role itself and reads only
 * that viewer's rows.
 */
import { and, count, eq, inArray, notInArray } from 'drizzle-orm';
import type { MyApplication } from '~/features/applications/applications.types';
import { listMyApplications } from '~/features/applications/review.server';
import { satisfies, type Requirement, isPropertyManager } from '~/lib/access';
import type { Language } from '~/lib/constants';
import { findRecentAuditEvents } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { application, maintenanceRequest, payment, property, vendor, workOrder } from '~/server/db/schema';
import { findSecurityStatus, type SecurityStatusReport } from '~/server/rate-limit.server';

/** How many recent security events the dashboard lists (the brief: last 10). */
export const DASHBOARD_EVENT_LIMIT = 10;

/** Thrown when a viewer asks for a page their role does not open (the routes guard first). */
export class AccountForbiddenError extends Error {
  constructor(requirement: Requirement) {
    super(`This page needs the role ${requirement}.`);
    this.name = 'AccountForbiddenError';
  }
}

function assertRole(viewer: Viewer, requirement: Requirement) {
  if (!satisfies(viewer.role, requirement)) throw new AccountForbiddenError(requirement);
}

export type SecurityEvent = { id: number; action: string; ipAddress: string | null; createdAt: string };

export type DashboardSummary = {
  profile: { name: string; email: string; role: Viewer['role'] };
  /** Properties whose `manager_id` is the viewer; only for property managers (else null). */
  managedProperties: number | null;
  events: SecurityEvent[];
  security: SecurityStatusReport;
  /** The rental applications the viewer submitted while signed in, newest first (any role). */
  applications: MyApplication[];
};

/**
 * The /dashboard summary of `viewer`: who they are, the properties they manage (property
 * managers), their last 10 security events, the security status of their client address
 * (spec §4: secure, warning above 80 % of a limit, blocked at a limit) and their own rental
 * applications (property titles in `lang`; decision 010).
 */
export async function loadDashboard({
  db,
  viewer,
  client,
  lang = 'en',
}: {
  db: Db;
  viewer: Viewer;
  client: string;
  lang?: Language;
}): Promise<DashboardSummary> {
  const [events, security, managedProperties, applications] = await Promise.all([
    findRecentAuditEvents({ db, userId: viewer.id, limit: DASHBOARD_EVENT_LIMIT }),
    findSecurityStatus({ db, client }),
    isPropertyManager(viewer.role) ? countManagedProperties(db, viewer.id) : Promise.resolve(null),
    listMyApplications({ db, actor: viewer, lang }),
  ]);
  return {
    profile: { name: viewer.name, email: viewer.email, role: viewer.role },
    managedProperties,
    events: events.map((event) => ({
      id: event.id,
      action: event.action,
      ipAddress: event.ipAddress,
      createdAt: event.createdAt.toISOString(),
    })),
    security,
    applications,
  };
}

async function countManagedProperties(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(property).where(eq(property.managerId, userId));
  return row?.n ?? 0;
}

/** Applications that are still in play (not rejected or withdrawn). */
const CLOSED_APPLICATION_STATUSES = ['rejected', 'withdrawn'] as const;
/** Maintenance requests that still need work. */
const OPEN_MAINTENANCE_STATUSES = ['submitted', 'triaged', 'scheduled', 'in_progress'] as const;
/** Work orders a vendor still has to act on or finish. */
const OPEN_WORK_ORDER_STATUSES = ['offered', 'accepted', 'scheduled', 'in_progress'] as const;

export type TenantPortalSummary = {
  applications: { total: number; active: number };
  payments: { total: number };
  maintenance: { total: number; open: number };
};

/**
 * The tenant portal's counts for `viewer` (role tenant; admins pass): their applications,
 * payments and maintenance requests. Throws `AccountForbiddenError` for any other role.
 */
export async function loadTenantPortal({ db, viewer }: { db: Db; viewer: Viewer }): Promise<TenantPortalSummary> {
  assertRole(viewer, 'tenant');
  const [applications, activeApplications, payments, maintenance, openMaintenance] = await Promise.all([
    db.select({ n: count() }).from(application).where(eq(application.userId, viewer.id)),
    db
      .select({ n: count() })
      .from(application)
      .where(and(eq(application.userId, viewer.id), notInArray(application.status, [...CLOSED_APPLICATION_STATUSES]))),
    db.select({ n: count() }).from(payment).where(eq(payment.payerId, viewer.id)),
    db.select({ n: count() }).from(maintenanceRequest).where(eq(maintenanceRequest.tenantId, viewer.id)),
    db
      .select({ n: count() })
      .from(maintenanceRequest)
      .where(and(eq(maintenanceRequest.tenantId, viewer.id), inArray(maintenanceRequest.status, [...OPEN_MAINTENANCE_STATUSES]))),
  ]);
  return {
    applications: { total: applications[0]?.n ?? 0, active: activeApplications[0]?.n ?? 0 },
    payments: { total: payments[0]?.n ?? 0 },
    maintenance: { total: maintenance[0]?.n ?? 0, open: openMaintenance[0]?.n ?? 0 },
  };
}

export type VendorPortalSummary = {
  /** The vendor record linked to this account, or null when none is linked yet. */
  vendor: { companyName: string; status: 'pending' | 'approved' | 'rejected' | 'suspended' } | null;
  assignments: { total: number; open: number; completed: number };
};

/**
 * The vendor portal's summary for `viewer` (role vendor; admins pass): their vendor record
 * (`vendor.user_id`) with its review status, and their work orders (assignments) by state.
 * Throws `AccountForbiddenError` for any other role.
 */
export async function loadVendorPortal({ db, viewer }: { db: Db; viewer: Viewer }): Promise<VendorPortalSummary> {
  assertRole(viewer, 'vendor');
  const [record] = await db
    .select({ id: vendor.id, companyName: vendor.companyName, status: vendor.status })
    .from(vendor)
    .where(eq(vendor.userId, viewer.id))
    .limit(1);
  if (!record) return { vendor: null, assignments: { total: 0, open: 0, completed: 0 } };
  const rows = await db
    .select({ status: workOrder.status, n: count() })
    .from(workOrder)
    .where(eq(workOrder.vendorId, record.id))
    .groupBy(workOrder.status);
  const total = rows.reduce((sum, row) => sum + row.n, 0);
  const open = rows
    .filter((row) => (OPEN_WORK_ORDER_STATUSES as readonly string[]).includes(row.status))
    .reduce((sum, row) => sum + row.n, 0);
  const completed = rows.find((row) => row.status === 'completed')?.n ?? 0;
  return { vendor: { companyName: record.companyName, status: record.status }, assignments: { total, open, completed } };
}
