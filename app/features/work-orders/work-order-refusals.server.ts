/**
 * The audit entry of a refused work order or invoice (decision 029): someone asked for a row that
 * is not theirs (another vendor's work order, another manager's building) and was answered "not
 * found", exactly like an unknown id. Shared by the vendor portal, the assignments pages and the
 * invoices.
 */
import { auditRefusalIfExists, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';

/** A refused work order or invoice: its table and id, why it was refused, and where the request came from. */
export type WorkOrderRefusal = {
  table: 'work_order' | 'invoice';
  /** The refused row's id. */
  id: number;
  reason: 'not_in_scope' | 'not_your_work_order';
  origin: RequestOrigin;
  /** What the actor was doing, when it is not plain reading (submitting an invoice, fetching its PDF). */
  intent?: 'invoice' | 'pdf';
};

/**
 * Records that `actor` was refused row `refusal.id` of `refusal.table`, with the actor's role and
 * the intent, only when that row exists (probing unknown ids writes nothing; `auditRefusalIfExists`).
 */
export async function auditWorkOrderRefusal(
  db: Db,
  actor: Pick<Viewer, 'id' | 'role'>,
  { table, id, reason, origin, intent }: WorkOrderRefusal,
): Promise<void> {
  const values = intent ? { role: actor.role, intent } : { role: actor.role };
  await auditRefusalIfExists(db, actor, { table, id, reason, origin, values });
}
