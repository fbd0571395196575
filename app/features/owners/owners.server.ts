/**
 * Owners for admins (decision 061): the owner records (a person or a company, one e-mail each),
 * the buildings each holds as owner of record, each building's management agreement, the settled
 * months, and the owner contributions an admin records. Services answer data or
 * `{ ok: false, reason }` and audit every change; the page adapter maps reasons to answers
 * (owners.page.server.ts). Amounts are integer cents, dates ISO on the building's wall clock.
 */
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { containsPattern } from '~/lib/like-pattern';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { isUniqueViolation } from '~/server/db/rows.server';
import { building, managementAgreement, owner, ownerSettlement, user } from '~/server/db/schema';
import { postJournalEntry, systemAccountId } from '~/features/accounting/general-ledger.server';
import type { AgreementInput, OwnerInput } from './owners.schemas';
import { listOwnerMessages, type OwnerMessageView } from './owner-messages.server';
import { listOwnerStatements, type StatementRow } from './owner-statements.server';

type Actor = Pick<Viewer, 'id'>;

/** How many owners the list shows at most (a company has hundreds, not thousands). */
export const OWNER_LIST_LIMIT = 200;

/** One row of /admin/owners. */
export type OwnerListRow = {
  id: number;
  kind: 'person' | 'company';
  name: string;
  email: string;
  buildings: number;
  hasAccount: boolean;
};

/** The owners whose name or e-mail contains `q` (any case), by name, at most `OWNER_LIST_LIMIT`, each with its buildings' count. */
export async function listOwners(db: Db, { q = '' }: { q?: string } = {}): Promise<OwnerListRow[]> {
  const search = q.trim();
  const rows = await db
    .select({
      id: owner.id,
      kind: owner.kind,
      name: owner.name,
      email: owner.email,
      userId: owner.userId,
      buildings: sql<number>`(select count(*)::int from building b where b.owner_id = ${owner.id})`,
    })
    .from(owner)
    .where(search ? or(ilike(owner.name, containsPattern(search)), ilike(owner.email, containsPattern(search))) : undefined)
    .orderBy(asc(owner.name), asc(owner.id))
    .limit(OWNER_LIST_LIMIT);
  return rows.map(({ userId, ...row }) => ({ ...row, buildings: Number(row.buildings), hasAccount: userId !== null }));
}

/** A building as an owner's detail page shows it, with its agreement (null: none yet). */
export type OwnedBuilding = {
  id: number;
  name: string;
  city: string;
  state: string;
  unitsTotal: number;
  unitsLeased: number;
  agreement: {
    feePercentBp: number;
    flatFeeCents: number;
    reserveCents: number;
    distributionDay: number;
    startsOn: string;
  } | null;
};

/** One settled month of one building. */
export type SettlementRow = {
  buildingId: number;
  buildingName: string;
  month: string;
  collectedCents: number;
  feeCents: number;
  reserveCents: number;
  availableCents: number;
  distributionCents: number;
  settledAt: string;
};

/** The buildings owner `ownerId` holds, by name, with their agreements. */
export async function findOwnedBuildings(db: Db, ownerId: number): Promise<OwnedBuilding[]> {
  const rows = await db
    .select({
      id: building.id,
      name: building.name,
      city: building.city,
      state: building.state,
      unitsTotal: building.unitsTotal,
      unitsLeased: building.unitsLeased,
      feePercentBp: managementAgreement.feePercentBp,
      flatFeeCents: managementAgreement.flatFeeCents,
      reserveCents: managementAgreement.reserveCents,
      distributionDay: managementAgreement.distributionDay,
      startsOn: managementAgreement.startsOn,
    })
    .from(building)
    .leftJoin(managementAgreement, eq(managementAgreement.buildingId, building.id))
    .where(eq(building.ownerId, ownerId))
    .orderBy(asc(building.name), asc(building.id));
  return rows.map(({ feePercentBp, flatFeeCents, reserveCents, distributionDay, startsOn, ...row }) => ({
    ...row,
    agreement:
      startsOn === null
        ? null
        : {
            feePercentBp: feePercentBp ?? 0,
            flatFeeCents: flatFeeCents ?? 0,
            reserveCents: reserveCents ?? 0,
            distributionDay: distributionDay ?? 1,
            startsOn,
          },
  }));
}

/** Owner `ownerId`'s settled months, newest first, at most `limit` (each building's row). */
export async function findOwnerSettlements(db: Db, ownerId: number, { limit = 24 }: { limit?: number } = {}): Promise<SettlementRow[]> {
  const rows = await db
    .select({
      buildingId: ownerSettlement.buildingId,
      buildingName: building.name,
      month: ownerSettlement.month,
      collectedCents: ownerSettlement.collectedCents,
      feeCents: ownerSettlement.feeCents,
      reserveCents: ownerSettlement.reserveCents,
      availableCents: ownerSettlement.availableCents,
      distributionCents: ownerSettlement.distributionCents,
      settledAt: ownerSettlement.settledAt,
    })
    .from(ownerSettlement)
    .innerJoin(building, eq(building.id, ownerSettlement.buildingId))
    .where(eq(ownerSettlement.ownerId, ownerId))
    .orderBy(desc(ownerSettlement.month), asc(building.name))
    .limit(limit);
  return rows.map((row) => ({ ...row, month: row.month.slice(0, 7), settledAt: row.settledAt.toISOString() }));
}

/** The owner's record as the admin's detail page shows it. */
export type OwnerDetail = {
  id: number;
  kind: 'person' | 'company';
  name: string;
  email: string;
  phone: string | null;
  locale: 'en' | 'it';
  account: { email: string; name: string } | null;
  /** The last invitation's link (while the owner has no account): until when it works, and whether that has passed. */
  invitation: { expiresAt: string; expired: boolean } | null;
  buildings: OwnedBuilding[];
  settlements: SettlementRow[];
  statements: StatementRow[];
  /** The message thread with the owner, oldest first. */
  messages: OwnerMessageView[];
};

/** Owner `ownerId` with its buildings, recent settlements and statements, or null when unknown; `now` decides whether the invitation expired. */
export async function findOwnerDetail(db: Db, ownerId: number, now = new Date()): Promise<OwnerDetail | null> {
  const [row] = await db
    .select({
      id: owner.id,
      kind: owner.kind,
      name: owner.name,
      email: owner.email,
      phone: owner.phone,
      locale: owner.locale,
      accountEmail: user.email,
      accountName: user.name,
      inviteExpiresAt: owner.inviteExpiresAt,
    })
    .from(owner)
    .leftJoin(user, eq(user.id, owner.userId))
    .where(eq(owner.id, ownerId));
  if (!row) return null;
  const [buildings, settlements, statements, messages] = await Promise.all([
    findOwnedBuildings(db, ownerId),
    findOwnerSettlements(db, ownerId),
    listOwnerStatements(db, ownerId),
    listOwnerMessages(db, ownerId),
  ]);
  const { accountEmail, accountName, inviteExpiresAt, ...facts } = row;
  return {
    ...facts,
    account: accountEmail ? { email: accountEmail, name: accountName ?? '' } : null,
    invitation: inviteExpiresAt ? { expiresAt: inviteExpiresAt.toISOString(), expired: inviteExpiresAt.getTime() <= now.getTime() } : null,
    buildings,
    settlements,
    statements,
    messages,
  };
}

/** Why an owner command was refused. */
export type OwnerRefusal = 'not_found' | 'email_taken' | 'building_not_found';

export type OwnerOutcome = { ok: true; id: number } | { ok: false; reason: OwnerRefusal };

/** Creates an owner from `input`; `email_taken` when another owner has that e-mail (any case). Audited `owner_created`. */
export async function createOwner(
  db: Db,
  { actor, input, origin }: { actor: Actor; input: OwnerInput; origin: RequestOrigin },
): Promise<OwnerOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(owner)
        .values({ ...input, phone: input.phone || null })
        .returning({ id: owner.id });
      if (!row) throw new Error('owner insert returned nothing');
      await recordAuditEvent({
        db: tx,
        userId: actor.id,
        action: 'owner_created',
        origin,
        tableName: 'owner',
        values: { owner_id: row.id, name: input.name, email: input.email },
      });
      return { ok: true as const, id: row.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'email_taken' };
    throw error;
  }
}

/** Updates owner `id` with `input`; `not_found`, `email_taken`. Audited `owner_updated`. */
export async function updateOwner(
  db: Db,
  { actor, id, input, origin }: { actor: Actor; id: number; input: OwnerInput; origin: RequestOrigin },
): Promise<OwnerOutcome> {
  try {
    return await db.transaction(async (tx): Promise<OwnerOutcome> => {
      const [row] = await tx
        .update(owner)
        .set({ ...input, phone: input.phone || null, updatedAt: new Date() })
        .where(eq(owner.id, id))
        .returning({ id: owner.id });
      if (!row) return { ok: false, reason: 'not_found' };
      await recordAuditEvent({
        db: tx,
        userId: actor.id,
        action: 'owner_updated',
        origin,
        tableName: 'owner',
        values: { owner_id: id, ...input },
      });
      return { ok: true, id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'email_taken' };
    throw error;
  }
}

/**
 * Makes owner `id` the owner of record of building `buildingId`, replacing any other: the previous
 * owner's management agreement ends with them (the months already settled keep the owner they
 * were settled for), so the building has no agreement until one is saved. `not_found`,
 * `building_not_found`. Audited `owner_building_assigned` with the previous owner.
 */
export async function assignBuildingOwner(
  db: Db,
  { actor, id, buildingId, origin }: { actor: Actor; id: number; buildingId: number; origin: RequestOrigin },
): Promise<OwnerOutcome> {
  return db.transaction(async (tx): Promise<OwnerOutcome> => {
    const [found] = await tx.select({ id: owner.id }).from(owner).where(eq(owner.id, id));
    if (!found) return { ok: false, reason: 'not_found' };
    const [before] = await tx.select({ ownerId: building.ownerId }).from(building).where(eq(building.id, buildingId)).for('update');
    if (!before) return { ok: false, reason: 'building_not_found' };
    await tx.update(building).set({ ownerId: id }).where(eq(building.id, buildingId));
    // The agreement was the previous owner's: the new owner's terms are agreed anew.
    const ended =
      before.ownerId !== id
        ? await tx
            .delete(managementAgreement)
            .where(eq(managementAgreement.buildingId, buildingId))
            .returning({ id: managementAgreement.buildingId })
        : [];
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'owner_building_assigned',
      origin,
      tableName: 'building',
      values: { building_id: buildingId, owner_id: id, previous_owner_id: before.ownerId, agreement_ended: ended.length > 0 },
    });
    return { ok: true, id };
  });
}

/**
 * Writes building `input.buildingId`'s management agreement (creates or replaces its terms); the
 * building must belong to owner `id` (`building_not_found` otherwise). Months already settled
 * keep their figures. Audited `management_agreement_saved`.
 */
export async function saveManagementAgreement(
  db: Db,
  { actor, id, input, origin }: { actor: Actor; id: number; input: AgreementInput; origin: RequestOrigin },
): Promise<OwnerOutcome> {
  return db.transaction(async (tx): Promise<OwnerOutcome> => {
    const [held] = await tx
      .select({ id: building.id })
      .from(building)
      .where(and(eq(building.id, input.buildingId), eq(building.ownerId, id)));
    if (!held) return { ok: false, reason: 'building_not_found' };
    const terms = {
      feePercentBp: input.feePercent,
      flatFeeCents: input.flatFee,
      reserveCents: input.reserve,
      distributionDay: input.distributionDay,
      startsOn: input.startsOn,
      updatedBy: actor.id,
      updatedAt: new Date(),
    };
    await tx
      .insert(managementAgreement)
      .values({ buildingId: input.buildingId, ...terms })
      .onConflictDoUpdate({ target: managementAgreement.buildingId, set: terms });
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'management_agreement_saved',
      origin,
      tableName: 'management_agreement',
      values: {
        building_id: input.buildingId,
        owner_id: id,
        fee_percent_bp: input.feePercent,
        flat_fee_cents: input.flatFee,
        reserve_cents: input.reserve,
        distribution_day: input.distributionDay,
        starts_on: input.startsOn,
      },
    });
    return { ok: true, id };
  });
}

/**
 * Records owner `id`'s contribution of `amountCents` into building `buildingId`'s trust account on
 * ISO date `date`: trust cash debited, owner contributions (equity) credited, source
 * `owner_contribution`. `building_not_found` unless the owner holds the building. A date in a
 * closed month posts on the first open day after it (decision 058). Audited
 * `owner_contribution_recorded`.
 */
export async function recordOwnerContribution(
  db: Db,
  {
    actor,
    id,
    buildingId,
    amountCents,
    date,
    origin,
  }: { actor: Actor; id: number; buildingId: number; amountCents: number; date: string; origin: RequestOrigin },
): Promise<OwnerOutcome> {
  return db.transaction(async (tx): Promise<OwnerOutcome> => {
    const [held] = await tx
      .select({ id: building.id })
      .from(building)
      .where(and(eq(building.id, buildingId), eq(building.ownerId, id)));
    if (!held) return { ok: false, reason: 'building_not_found' };
    const entryId = await postJournalEntry(tx, {
      entryDate: date,
      buildingId,
      source: 'owner_contribution',
      memo: 'Owner contribution',
      createdBy: actor.id,
      lines: [
        { accountId: await systemAccountId(tx, 'trust_cash'), debitCents: amountCents, ownerId: id },
        { accountId: await systemAccountId(tx, 'owner_contributions'), creditCents: amountCents, ownerId: id },
      ],
    });
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'owner_contribution_recorded',
      origin,
      tableName: 'journal_entry',
      values: { entry_id: entryId, building_id: buildingId, owner_id: id, amount_cents: amountCents, date },
    });
    return { ok: true, id };
  });
}
