/**
 * The maintenance SLA (decision 026): every request must get a first staff response (triage or
 * assignment) within the target of its priority — emergency 4 h, urgent 24 h, routine 72 h by
 * default, editable in /admin/system (settings `maintenance.sla_*_hours`). `sla_due_at` is fixed
 * at creation (and recomputed when staff change the priority before responding); the SLA job
 * flags requests that pass it unanswered.
 */
import type { Db } from '~/server/db/client.server';
import { readSettings } from '~/server/settings/settings.server';
import type { Settings } from '~/server/settings/settings-registry.server';
import type { MaintenancePriority } from '~/features/work-orders/maintenance-request-core.server';

const HOUR_MS = 3_600_000;

/** The settings that hold the SLA target of each priority. */
export const SLA_SETTING_OF = {
  emergency: 'slaEmergencyHours',
  urgent: 'slaUrgentHours',
  routine: 'slaRoutineHours',
} as const satisfies Record<MaintenancePriority, keyof Settings>;

/** The SLA targets (whole hours) per priority, as the settings hold them. */
export type SlaTargets = Pick<Settings, (typeof SLA_SETTING_OF)[MaintenancePriority]>;

/**
 * The first-response deadline of a request of `priority` created at `createdAt`, with the
 * targets `targets` (hours): `createdAt + target hours`. Pure.
 */
export function slaDueAt(priority: MaintenancePriority, createdAt: Date, targets: SlaTargets): Date {
  return new Date(createdAt.getTime() + targets[SLA_SETTING_OF[priority]] * HOUR_MS);
}

/** Reads the SLA targets from the `setting` table (defaults when unset or malformed). */
export async function readSlaTargets(db: Db): Promise<SlaTargets> {
  const settings = await readSettings({ db, names: Object.values(SLA_SETTING_OF) });
  return {
    slaEmergencyHours: settings.slaEmergencyHours,
    slaUrgentHours: settings.slaUrgentHours,
    slaRoutineHours: settings.slaRoutineHours,
  };
}

/**
 * The `sla_due_at` of a new request: `createdAt` plus the target hours of `priority` read from
 * the settings through `db` (a transaction works). Database errors propagate.
 */
export async function computeSlaDueAt(db: Db, priority: MaintenancePriority, createdAt: Date): Promise<Date> {
  return slaDueAt(priority, createdAt, await readSlaTargets(db));
}
