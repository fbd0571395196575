/**
 * Who sees which conversation in the staff inbox (decision 018).
 * - Live-chat threads: every staff member (admins and property managers), as before (decision
 *   012): a visitor's chat is not about a unit until someone asks.
 * - Contact-form inquiries: admins see all; a property manager only those about a unit in one of
 *   their buildings (`property.manager_id`, which the database keeps equal to the building's, or
 *   `building.manager_id`). An inquiry about no unit, or someone else's, is not theirs: it answers
 *   "not found" like an unknown id.
 * The same rule decides who is notified of a new inquiry and which event audiences hear of it.
 */
import { isAdmin, isStaff } from '~/lib/access';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { building, property, thread, user } from '~/server/db/schema';
import type { Audience } from '~/server/realtime/events.server';
import type { InboxKind } from './chat.types';

/** The acting staff member as the inbox needs them. */
export type InboxActor = Pick<Viewer, 'id' | 'role'>;

/** Ids of the units in buildings `managerId` runs (either copy of the manager), as a subquery. */
function managedUnitIds(managerId: string) {
  return sql`(select p.id from ${property} p where p.manager_id = ${managerId}
    union select p.id from ${property} p join ${building} b on b.id = p.building_id where b.manager_id = ${managerId})`;
}

/** The WHERE condition on `thread` for the threads of tab `kind` that `actor` may see. */
export function inboxThreadsCondition(actor: InboxActor, kind: InboxKind): SQL {
  const ofKind = eq(thread.kind, kind);
  if (!isStaff(actor.role)) return sql`false`;
  if (kind === 'chat' || isAdmin(actor.role)) return ofKind;
  return and(ofKind, sql`${thread.propertyId} in ${managedUnitIds(actor.id)}`)!;
}

/** The WHERE condition on `thread` for every inbox thread (chat or contact) `actor` may see. */
export function visibleThreadsCondition(actor: InboxActor): SQL {
  return or(inboxThreadsCondition(actor, 'chat'), inboxThreadsCondition(actor, 'contact'))!;
}

/** The managers (user ids) of unit `propertyId`: its own copy and its building's (usually one). */
export async function unitManagerIds(db: Db, propertyId: number | null): Promise<string[]> {
  if (propertyId === null) return [];
  const [row] = await db
    .select({ unit: property.managerId, building: building.managerId })
    .from(property)
    .innerJoin(building, eq(building.id, property.buildingId))
    .where(eq(property.id, propertyId));
  return [...new Set([row?.unit, row?.building].filter((id): id is string => Boolean(id)))];
}

/** Who hears live of a contact thread about `propertyId`: admins and the unit's managers. */
export async function inquiryAudiences(db: Db, propertyId: number | null): Promise<Audience[]> {
  return ['role:admin', ...(await unitManagerIds(db, propertyId)).map((id) => `user:${id}` as const)];
}

/** Staff to notify of a new inquiry about `propertyId`: every admin and the unit's managers, not banned. */
export async function inquiryRecipients(db: Db, propertyId: number | null): Promise<{ id: string; role: string; locale: string }[]> {
  const managers = await unitManagerIds(db, propertyId);
  return db
    .select({ id: user.id, role: user.role, locale: user.locale })
    .from(user)
    .where(
      and(
        eq(user.banned, false),
        managers.length > 0
          ? or(eq(user.role, 'admin'), and(eq(user.role, 'property_manager'), inArray(user.id, managers)))
          : eq(user.role, 'admin'),
      ),
    )
    .orderBy(user.id);
}

/** Where a staff member's notification about thread `id` leads (their inbox, the thread open). */
export function inboxThreadUrl(role: string, threadId: number): string {
  return isAdmin(role) ? `/admin/messages?thread=${threadId}` : `/dashboard?thread=${threadId}#inbox`;
}
