/**
 * Who may work the staff inbox, and which thread a staff member may open (decisions 012 and 018):
 * live chats are every staff member's; contact-form inquiries are the admins' and the managers'
 * of the unit they are about (`visibleThreadsCondition`, lead-access.server.ts). A property
 * manager reaching for a thread that exists but is not theirs is audited
 * (`inbox_access_denied`), as the portfolio does for buildings.
 */
import { isPropertyManager, isStaffActor } from '~/lib/access';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { building, property, thread } from '~/server/db/schema';
import { auditRefusal, type RequestOrigin } from '~/server/audit.server';
import type { InboxUnit } from './chat.types';
import { visibleThreadsCondition } from './lead-access.server';
import { isId } from '~/lib/ids';

/** Thrown when someone who is not staff (admin, property manager) reaches the inbox functions. */
export class ChatForbiddenError extends Error {
  constructor() {
    super('Only staff may use the chat inbox.');
    this.name = 'ChatForbiddenError';
  }
}

/** Throws `ChatForbiddenError` unless `actor` is staff. */
export function assertStaff(actor: Pick<Viewer, 'role'> | null | undefined): asserts actor is Viewer {
  if (!isStaffActor(actor)) throw new ChatForbiddenError();
}

/** `actor`'s thread `threadId` of either tab, with what the inbox shows and the reply needs; null when they may not see it. */
export async function findInboxThread(db: Db, actor: Viewer, threadId: number) {
  if (!isId(threadId)) return null;
  const [row] = await db
    .select({
      thread,
      unit: {
        id: property.id,
        title: property.title,
        unitNumber: property.unitNumber,
        buildingId: property.buildingId,
        city: property.city,
        state: property.state,
        listed: property.listed,
        buildingName: building.name,
      },
    })
    .from(thread)
    .leftJoin(property, eq(property.id, thread.propertyId))
    .leftJoin(building, eq(building.id, property.buildingId))
    .where(and(eq(thread.id, threadId), visibleThreadsCondition(actor)));
  return row ?? null;
}

type JoinedUnit = { [K in keyof InboxUnit]: InboxUnit[K] | null } | null;

export function toInboxUnit(unit: JoinedUnit): InboxUnit | null {
  if (!unit || unit.id === null || unit.buildingId === null) return null;
  return {
    id: unit.id,
    title: unit.title ?? '',
    unitNumber: unit.unitNumber ?? '',
    buildingId: unit.buildingId,
    buildingName: unit.buildingName ?? '',
    city: unit.city ?? '',
    state: unit.state ?? '',
    listed: unit.listed ?? false,
  };
}

/**
 * Records that property manager `actor` reached for thread `threadId` that exists but is not
 * theirs (`inbox_access_denied`), as the portfolio does for buildings. Unknown ids and admins
 * record nothing.
 */
export async function auditRefusedThread(db: Db, actor: Viewer, threadId: number, origin: RequestOrigin | undefined) {
  if (!isPropertyManager(actor.role) || !isId(threadId)) return;
  const [exists] = await db.select({ id: thread.id }).from(thread).where(eq(thread.id, threadId));
  if (!exists) return;
  await auditRefusal(db, actor, {
    action: 'inbox_access_denied',
    origin: origin ?? UNKNOWN_ORIGIN,
    table: 'thread',
    id: threadId,
    reason: 'not_managed',
    values: { thread_id: threadId },
  });
}

/** The origin audited when the caller gave none (a call from a job or a test). */
export const UNKNOWN_ORIGIN: RequestOrigin = { ip: 'unknown', userAgent: 'unknown' };
