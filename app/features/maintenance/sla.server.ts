/**
 * The first-response target of a maintenance request (maintenance issue item 2: "SLA targets per
 * priority … defaults: emergency 4 h, urgent 24 h, routine 72 h to first response").
 *
 * Minimal stand-in written by the tenant-side track so requests can be created before the staff
 * queue's track lands: the defaults only. The staff-queue track replaces this file with one that
 * reads the targets from the settings (`/admin/system`), keeping this exact signature.
 */
import type { Db } from '~/server/db/client.server';
import type { MaintenancePriority } from './maintenance-core.server';

/** Default hours to first response, per priority. */
export const DEFAULT_SLA_HOURS: Readonly<Record<MaintenancePriority, number>> = { emergency: 4, urgent: 24, routine: 72 };

/**
 * When a request of `priority` created at `createdAt` must have had its first staff response
 * (`maintenance_request.sla_due_at`). `db` is where the settings live (unused by these defaults).
 */
export async function computeSlaDueAt(_db: Db, priority: MaintenancePriority, createdAt: Date): Promise<Date> {
  return new Date(createdAt.getTime() + DEFAULT_SLA_HOURS[priority] * 3_600_000);
}
