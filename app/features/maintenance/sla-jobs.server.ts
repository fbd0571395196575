/**
 * The SLA watch of the maintenance queue (decision 026), run by the job runner every five
 * minutes (`maintenance.sla_check`): open requests still without a staff response past their
 * `sla_due_at` are flagged once (`sla_breached_at`), each gets a staff-only `sla_breached`
 * timeline entry, and staff are told — every admin and the building's manager in-app (one
 * notification per person per run: the request itself, or "N requests" linking to the filtered
 * queue) and the manager by one e-mail per run listing their requests (en/it, outbox topic
 * `mail.maintenance_sla_breach`). Flagging, entries, notifications, live events and the e-mail
 * job commit together; the UPDATE only takes rows whose `sla_breached_at` is still null (rows
 * another instance is flagging are skipped, `SKIP LOCKED`), so a request is flagged and announced
 * once however often or wherever the job runs.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '~/server/db/rows.server';
import type { Db } from '~/server/db/client.server';
import { maintenanceEvent, user } from '~/server/db/schema';
import { insertNotifications, type NewNotification } from '~/server/notifications/notify.server';
import { enqueueOutbox, type JobHandlers, type JobSchedule } from '~/server/outbox/outbox.server';
import { publishEvents, type Audience } from '~/server/realtime/events.server';
import type { QueuePriority } from './queue.types';
import {
  BREACH_MAIL_LINES,
  priorityWord,
  queueNotification,
  slaBreachMail,
  type BreachLine,
  type SlaBreachMailPayload,
} from './queue-texts.server';

export const SLA_CHECK_TOPIC = 'maintenance.sla_check';
export const SLA_BREACH_MAIL_TOPIC = 'mail.maintenance_sla_breach';

/** Every five minutes. */
export const SLA_CHECK_SCHEDULE: JobSchedule = { name: 'maintenance-sla-check', cron: '*/5 * * * *', topic: SLA_CHECK_TOPIC };

/** At most this many requests are flagged per run (the next run takes the rest). */
export const SLA_CHECK_BATCH = 500;

type Breached = {
  id: number;
  title: string;
  priority: QueuePriority;
  status: string;
  buildingId: number | null;
  managerId: string | null;
  place: string;
  slaDueAt: string;
};

/**
 * Flags the requests past their SLA at `now` and tells staff (see the module note). `publicUrl`
 * is the site's origin for the e-mail's link. Answers how many requests this run flagged (0 when
 * run again).
 */
export async function runSlaCheck({
  db,
  now = new Date(),
  publicUrl,
  limit = SLA_CHECK_BATCH,
}: {
  db: Db;
  now?: Date;
  publicUrl: string;
  limit?: number;
}): Promise<number> {
  return db.transaction(async (tx) => {
    const flagged = rowsOf<{
      id: number;
      title: string;
      priority: QueuePriority;
      status: string;
      building_id: number | null;
      manager_id: string | null;
      place: string;
      due: string;
    }>(
      await tx.execute(sql`
        with due as (
          select id from maintenance_request
          where status in ('submitted', 'triaged', 'scheduled', 'in_progress')
            and first_response_at is null and sla_breached_at is null and sla_due_at < ${now.toISOString()}::timestamptz
          order by sla_due_at
          limit ${limit}
          for update skip locked
        ), flagged as (
          update maintenance_request m set sla_breached_at = ${now.toISOString()}::timestamptz
          from due where m.id = due.id
          returning m.id, m.title, m.priority, m.status, m.building_id, m.property_id, m.sla_due_at
        )
        select f.id, f.title, f.priority, f.status, f.building_id, b.manager_id,
          concat_ws(', ', b.name, '#' || p.unit_number) as place,
          to_char(f.sla_due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as due
        from flagged f
        join property p on p.id = f.property_id
        left join building b on b.id = f.building_id
        order by f.id`),
    );
    if (flagged.length === 0) return 0;
    const breached: Breached[] = flagged.map((row) => ({
      id: Number(row.id),
      title: row.title,
      priority: row.priority,
      status: row.status,
      buildingId: row.building_id === null ? null : Number(row.building_id),
      managerId: row.manager_id,
      place: row.place,
      slaDueAt: row.due,
    }));
    await tx
      .insert(maintenanceEvent)
      .values(breached.map((request) => ({ requestId: request.id, actorId: null, kind: 'sla_breached', internal: true })));

    const admins = await tx
      .select({ id: user.id, locale: user.locale })
      .from(user)
      .where(and(eq(user.role, 'admin'), eq(user.banned, false)));
    const managerIds = [...new Set(breached.map((request) => request.managerId).filter((id): id is string => id !== null))];
    const managers = managerIds.length
      ? await tx
          .select({ id: user.id, locale: user.locale, email: user.email, name: user.name, banned: user.banned })
          .from(user)
          .where(inArray(user.id, managerIds))
      : [];

    const notifications: NewNotification[] = [];
    const notify = (recipient: { id: string; locale: string }, requests: Breached[], base: string) => {
      if (requests.length === 0) return;
      const [only] = requests;
      const text =
        requests.length === 1 && only
          ? queueNotification(recipient.locale, 'slaBreachOne', {
              id: only.id,
              title: only.title,
              priority: priorityWord(recipient.locale, only.priority),
            })
          : queueNotification(recipient.locale, 'slaBreachMany', { count: requests.length });
      notifications.push({
        userId: recipient.id,
        ...text,
        type: 'warning',
        actionUrl: requests.length === 1 && only ? `${base}/${only.id}` : `${base}?breached=1&sort=sla`,
      });
    };
    for (const admin of admins) notify(admin, breached, '/admin/maintenance');
    const mails: { payload: SlaBreachMailPayload; managerId: string }[] = [];
    for (const manager of managers) {
      if (manager.banned || admins.some((admin) => admin.id === manager.id)) continue;
      const theirs = breached.filter((request) => request.managerId === manager.id);
      notify(manager, theirs, '/dashboard/maintenance');
      const lines: BreachLine[] = theirs
        .slice(0, BREACH_MAIL_LINES)
        .map(({ id, title, place, priority, slaDueAt }) => ({ id, title, place, priority, slaDueAt }));
      mails.push({
        managerId: manager.id,
        payload: {
          to: manager.email,
          locale: manager.locale,
          name: manager.name,
          url: `${publicUrl}/dashboard/maintenance?breached=1&sort=sla`,
          requests: lines,
          more: theirs.length - lines.length,
        },
      });
    }
    await insertNotifications(tx, notifications);
    await enqueueOutbox(
      tx,
      mails.map(({ payload, managerId }) => ({
        topic: SLA_BREACH_MAIL_TOPIC,
        payload,
        dedupeKey: `sla-breach:${managerId}:${breached[0]!.id}:${now.getTime()}`,
      })),
    );
    await publishEvents(
      tx,
      breached.flatMap((request) => {
        const audiences: Audience[] = ['role:admin', ...(request.managerId ? [`user:${request.managerId}` as const] : [])];
        return audiences.map((audience) => ({
          audience,
          type: 'maintenance.updated' as const,
          payload: { requestId: request.id, status: request.status },
        }));
      }),
    );
    return breached.length;
  });
}

export const maintenanceQueueJobHandlers: JobHandlers = {
  [SLA_CHECK_TOPIC]: async (_job, { db, logger, publicUrl }) => {
    const flagged = await runSlaCheck({ db, publicUrl });
    if (flagged > 0) logger.info({ flagged }, 'maintenance SLA breaches flagged');
  },
  [SLA_BREACH_MAIL_TOPIC]: async (job, { mailer }) => {
    await mailer.send(slaBreachMail(job.payload as SlaBreachMailPayload));
  },
};
