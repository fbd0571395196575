/**
 * The tenant side's background jobs (decision 014; decision 026), joined in
 * server/jobs.ts:
 *
 * - `mail.maintenance_status` (enqueued by `moveMaintenanceRequest` with every status change the
 *   tenant should hear of): in one transaction that also marks the job done, the tenant's in-app
 *   notification in their language and the job of the e-mail itself — so the notification is
 *   written exactly once however often the job runs, and a failing mail server delays only the
 *   e-mail, which is retried on its own.
 * - `mail.maintenance`: sends one maintenance e-mail (the tenant's status e-mail, a manager's
 *   "new request"), rendered in the recipient's language.
 */
import { eq } from 'drizzle-orm';
import { building, maintenanceRequest, property, user } from '~/server/db/schema';
import { insertNotifications } from '~/server/notifications/notify.server';
import { enqueueOutbox, type JobHandlers } from '~/server/outbox/outbox.server';
import {
  MAINTENANCE_STATUSES,
  MAINTENANCE_STATUS_MAIL_TOPIC,
  type MaintenanceStatusMailPayload,
} from '~/features/work-orders/maintenance-request-core.server';
import { tenantRequestPath } from './tenant-requests.schemas';
import {
  MAINTENANCE_MAIL_TOPIC,
  maintenanceMail,
  maintenanceStatusMailValues,
  maintenanceStatusNotification,
  type MaintenanceMailPayload,
} from './tenant-requests-mail.server';
import { isId } from '~/lib/ids';

/** The payload if it is a well-formed MaintenanceStatusMailPayload, else null (dropped). */
function parseStatusPayload(value: unknown): MaintenanceStatusMailPayload | null {
  const payload = (value ?? {}) as Partial<MaintenanceStatusMailPayload>;
  const requestId = Number(payload.requestId);
  if (!isId(requestId)) return null;
  if (typeof payload.tenantId !== 'string' || !(MAINTENANCE_STATUSES as readonly string[]).includes(payload.status ?? '')) return null;
  return {
    requestId,
    tenantId: payload.tenantId,
    status: payload.status!,
    scheduledFor: typeof payload.scheduledFor === 'string' ? payload.scheduledFor : null,
    note: typeof payload.note === 'string' && payload.note.trim() ? payload.note : null,
  };
}

export const maintenanceTenantJobHandlers: JobHandlers = {
  [MAINTENANCE_STATUS_MAIL_TOPIC]: async (job, { db, markDone, logger }) => {
    const payload = parseStatusPayload(job.payload);
    if (!payload) {
      logger.warn({ outboxId: job.id }, 'maintenance status job with a malformed payload dropped');
      return;
    }
    const [row] = await db
      .select({
        title: maintenanceRequest.title,
        tenantId: maintenanceRequest.tenantId,
        unitTitle: property.title,
        unitNumber: property.unitNumber,
        buildingName: building.name,
        email: user.email,
        name: user.name,
        firstName: user.firstName,
        locale: user.locale,
        banned: user.banned,
      })
      .from(maintenanceRequest)
      .innerJoin(property, eq(property.id, maintenanceRequest.propertyId))
      .leftJoin(building, eq(building.id, maintenanceRequest.buildingId))
      .innerJoin(user, eq(user.id, payload.tenantId))
      .where(eq(maintenanceRequest.id, payload.requestId));
    // The request or the account is gone, or the request changed hands: nobody to tell.
    if (!row || row.tenantId !== payload.tenantId) return;
    const unit = row.buildingName && row.unitNumber ? `${row.buildingName} · ${row.unitNumber}` : row.unitTitle;
    const facts = { status: payload.status, title: row.title, unit, scheduledFor: payload.scheduledFor, note: payload.note };
    await db.transaction(async (tx) => {
      await insertNotifications(tx, [
        { userId: payload.tenantId, ...maintenanceStatusNotification(row.locale, facts), actionUrl: tenantRequestPath(payload.requestId) },
      ]);
      if (!row.banned) {
        const mail: MaintenanceMailPayload = {
          template: 'status',
          status: payload.status,
          to: row.email,
          locale: row.locale,
          name: row.firstName || row.name,
          path: tenantRequestPath(payload.requestId),
          values: maintenanceStatusMailValues(row.locale, facts),
        };
        await enqueueOutbox(tx, [{ topic: MAINTENANCE_MAIL_TOPIC, payload: mail, dedupeKey: `maintenance-status-mail:${job.id}` }]);
      }
      await markDone(tx);
    });
  },

  [MAINTENANCE_MAIL_TOPIC]: async (job, { mailer, publicUrl }) => {
    await mailer.send(maintenanceMail(job.payload as MaintenanceMailPayload, publicUrl));
  },
};
