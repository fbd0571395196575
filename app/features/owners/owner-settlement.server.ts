/**
 * The monthly owner settlement (decision 061): on its management agreement's distribution day,
 * each building's previous month is settled once — the management fee is taken from the income
 * collected in the month, the reserve stays in trust, and what is left of the building's cash
 * (after the tenants' security deposits, prepaid rent and unpaid vendor invoices) is distributed
 * to the owner of record. Both post to the general ledger (decision 058) in the transaction that
 * writes the `owner_settlement` row, whose primary key (building, month) settles a month once:
 *
 * | posting | debit | credit |
 * |---|---|---|
 * | management fee | 5200 management fees | 1010 trust cash |
 * | owner distribution | 3100 owner distributions | 1010 trust cash |
 * | owner contribution (`recordOwnerContribution`) | 1010 trust cash | 3000 owner contributions |
 *
 * Months are `YYYY-MM`, dates ISO on the building's wall clock (decision 047), amounts integer
 * cents. The fee and the distribution are dated the month's last day, so the month's income
 * statement and owner statement show them.
 */
import { addMonths, format, lastDayOfMonth, parseISO } from 'date-fns';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { addIsoDays, localToday, startOfLocalDay } from '~/lib/time-zones';
import type { Db } from '~/server/db/client.server';
import type { Tx } from '~/features/ledger/ledger.server';
import { building, managementAgreement, ownerSettlement } from '~/server/db/schema';
import { rowsOf } from '~/server/db/rows.server';
import { postJournalEntry, systemAccountId } from '~/features/accounting/general-ledger.server';

/** The charge kinds whose collection is income the management fee is taken from (not deposits, credits or application fees). */
export const FEE_BASE_CHARGE_KINDS = ['rent', 'late_fee', 'returned_payment_fee', 'utility', 'other'] as const;

/** How far back the job catches up a building's unsettled months (a missed run, a new agreement). */
export const SETTLEMENT_CATCH_UP_MONTHS = 3;

/** The first day (ISO) of month `month` (`YYYY-MM`). */
export function monthStart(month: string): string {
  return `${month}-01`;
}

/** The last day (ISO) of month `month` (`YYYY-MM`). */
export function monthEnd(month: string): string {
  return format(lastDayOfMonth(parseISO(monthStart(month))), 'yyyy-MM-dd');
}

/** Month `month` (`YYYY-MM`) moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  return format(addMonths(parseISO(monthStart(month)), delta), 'yyyy-MM');
}

/**
 * The income collected for building `buildingId` from ISO date `from` to ISO date `to` (both
 * inclusive, on the building's wall clock in `timeZone`): the tenants' payments applied in those
 * days to charges of `FEE_BASE_CHARGE_KINDS`, in cents. Reads the building's units, their leases,
 * charges and allocations through their indexes (never the whole allocation table).
 */
export async function collectedIncomeCents(
  db: Db | Tx,
  { buildingId, timeZone, from, to }: { buildingId: number; timeZone: string; from: string; to: string },
): Promise<number> {
  const start = startOfLocalDay(timeZone, from);
  const end = startOfLocalDay(timeZone, addIsoDays(to, 1));
  const kinds = sql.join(
    FEE_BASE_CHARGE_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  // Each unit's allocations in a lateral with an aggregate: the planner cannot flatten it into a
  // join that starts from every allocation of the period (there is no index on their date), so it
  // probes the building's units, then their leases, charges and allocations by their indexes.
  const [row] = rowsOf<{ cents: string | number | null }>(
    await db.execute(sql`
      select coalesce(sum(unit_total.cents), 0) as cents
      from property u
      cross join lateral (
        select sum(a.amount_cents) as cents
        from lease l
        join charge c on c.lease_id = l.id and c.kind::text in (${kinds})
        join ledger_allocation a on a.charge_id = c.id and a.payment_id is not null
          and a.created_at >= ${start.toISOString()}::timestamptz and a.created_at < ${end.toISOString()}::timestamptz
        where l.property_id = u.id
      ) unit_total
      where u.building_id = ${buildingId}`),
  );
  return Number(row?.cents ?? 0);
}

/** The building's balances at the end of a month that bound the owner's cash (cents, each on its normal side). */
export type TrustPosition = {
  trustCashCents: number;
  depositsHeldCents: number;
  prepaidCents: number;
  payablesCents: number;
};

/**
 * Building `buildingId`'s trust cash, security deposits held, prepaid rent and unpaid vendor
 * invoices at the end of ISO date `through`'s month, from the journal's month totals (decision 059;
 * every row, compacted or not).
 */
export async function trustPosition(db: Db | Tx, { buildingId, month }: { buildingId: number; month: string }): Promise<TrustPosition> {
  const rows = rowsOf<{ key: string; net: string | number }>(
    await db.execute(sql`
      select a.system_key as key, sum(t.debit_cents - t.credit_cents) as net
      from gl_month_total t join gl_account a on a.id = t.account_id
      where t.building_id = ${buildingId} and t.month <= ${monthStart(month)}::date
        and a.system_key in ('trust_cash', 'security_deposits', 'prepaid_rent', 'accounts_payable')
      group by a.system_key`),
  );
  const net = (key: string) => Number(rows.find((row) => row.key === key)?.net ?? 0);
  return {
    trustCashCents: net('trust_cash'),
    depositsHeldCents: -net('security_deposits'),
    prepaidCents: -net('prepaid_rent'),
    payablesCents: -net('accounts_payable'),
  };
}

/** A management agreement's terms as the settlement reads them. */
export type AgreementTerms = { feePercentBp: number; flatFeeCents: number; reserveCents: number };

/** The figures of one settled month (cents). */
export type SettlementFigures = {
  collectedCents: number;
  feeCents: number;
  reserveCents: number;
  /** Trust cash less deposits held, prepaid rent, unpaid invoices, the fee and the reserve (may be negative: the owner owes). */
  availableCents: number;
  distributionCents: number;
};

/**
 * The settlement arithmetic (decision 061): fee = collected × `feePercentBp` / 10,000 (rounded half
 * up to the cent) + the flat fee, never more than the cash the building has for it; available =
 * trust cash − deposits held − prepaid rent − unpaid invoices − fee − reserve; the distribution is
 * the available cash when positive, else 0.
 */
export function settlementFigures(collectedCents: number, terms: AgreementTerms, position: TrustPosition): SettlementFigures {
  const free = position.trustCashCents - position.depositsHeldCents - position.prepaidCents - position.payablesCents;
  const fee = Math.round((collectedCents * terms.feePercentBp) / 10_000) + terms.flatFeeCents;
  const feeCents = Math.max(0, Math.min(fee, Math.max(0, free)));
  const availableCents = free - feeCents - terms.reserveCents;
  return {
    collectedCents,
    feeCents,
    reserveCents: terms.reserveCents,
    availableCents,
    distributionCents: Math.max(0, availableCents),
  };
}

/**
 * Posts `cents` out of building `buildingId`'s trust cash to `account` (debit) with the owner on
 * both lines, dated `entryDate`; answers the entry's id, or null (nothing posted) for 0 cents.
 */
async function postFromTrustCash({
  tx,
  entryDate,
  buildingId,
  ownerId,
  source,
  account,
  cents,
  memo,
}: {
  tx: Tx;
  entryDate: string;
  buildingId: number;
  ownerId: number;
  source: 'management_fee' | 'owner_distribution';
  account: 'management_fees' | 'owner_distributions';
  cents: number;
  memo: string;
}): Promise<number | null> {
  if (cents <= 0) return null;
  return postJournalEntry(tx, {
    entryDate,
    buildingId,
    source,
    memo,
    lines: [
      { accountId: await systemAccountId(tx, account), debitCents: cents, ownerId },
      { accountId: await systemAccountId(tx, 'trust_cash'), creditCents: cents, ownerId },
    ],
  });
}

/** Why a month was not settled. */
export type SettlementRefusal =
  /** The building is unknown, has no management agreement or no owner of record. */
  | 'no_agreement'
  /** The month starts before the agreement or has not ended on the building's date. */
  | 'not_due'
  /** The month is already settled (by this or a concurrent run). */
  | 'already_settled';

export type SettlementOutcome = ({ ok: true } & SettlementFigures & { ownerId: number }) | { ok: false; reason: SettlementRefusal };

/**
 * Settles month `month` (`YYYY-MM`) of building `buildingId` once: computes the figures, writes the
 * `owner_settlement` row and posts the fee and the distribution (each only when above zero), all in
 * one transaction. A month that has not ended on the building's date at `now`, or that starts
 * before the agreement, is `not_due`; a second call (or a concurrent one, which waits on the row's
 * key) answers `already_settled` and writes nothing.
 */
export async function settleOwnerMonth(
  db: Db,
  { buildingId, month, now = new Date() }: { buildingId: number; month: string; now?: Date },
): Promise<SettlementOutcome> {
  return db.transaction(async (tx): Promise<SettlementOutcome> => {
    const [terms] = await tx
      .select({
        timeZone: building.timeZone,
        ownerId: building.ownerId,
        feePercentBp: managementAgreement.feePercentBp,
        flatFeeCents: managementAgreement.flatFeeCents,
        reserveCents: managementAgreement.reserveCents,
        startsOn: managementAgreement.startsOn,
      })
      .from(building)
      .innerJoin(managementAgreement, eq(managementAgreement.buildingId, building.id))
      .where(and(eq(building.id, buildingId), isNotNull(building.ownerId)));
    if (!terms || terms.ownerId === null) return { ok: false, reason: 'no_agreement' };
    const last = monthEnd(month);
    if (terms.startsOn > last || localToday(terms.timeZone, now) <= last) return { ok: false, reason: 'not_due' };

    const [collectedCents, position] = await Promise.all([
      collectedIncomeCents(tx, { buildingId, timeZone: terms.timeZone, from: monthStart(month), to: last }),
      trustPosition(tx, { buildingId, month }),
    ]);
    const figures = settlementFigures(collectedCents, terms, position);
    const ownerId = terms.ownerId;
    const [claimed] = await tx
      .insert(ownerSettlement)
      .values({ buildingId, month: monthStart(month), ownerId, ...figures, settledAt: now })
      .onConflictDoNothing()
      .returning({ buildingId: ownerSettlement.buildingId });
    if (!claimed) return { ok: false, reason: 'already_settled' };

    const fromTrust = { tx, entryDate: last, buildingId, ownerId };
    const feeEntryId = await postFromTrustCash({
      ...fromTrust,
      source: 'management_fee',
      account: 'management_fees',
      cents: figures.feeCents,
      memo: `Management fee ${month}`,
    });
    const distributionEntryId = await postFromTrustCash({
      ...fromTrust,
      source: 'owner_distribution',
      account: 'owner_distributions',
      cents: figures.distributionCents,
      memo: `Owner distribution ${month}`,
    });
    if (feeEntryId || distributionEntryId) {
      await tx
        .update(ownerSettlement)
        .set({ feeEntryId, distributionEntryId })
        .where(and(eq(ownerSettlement.buildingId, buildingId), eq(ownerSettlement.month, monthStart(month))));
    }
    return { ok: true, ownerId, ...figures };
  });
}

/**
 * The job's pass (decision 061): for every building with an owner and an agreement whose
 * distribution day has come on its wall clock at `now`, settles each month that is due and not yet
 * settled, the oldest first, at most `SETTLEMENT_CATCH_UP_MONTHS` back. Answers how many months it
 * settled. One month's failure goes to `onError` and does not stop the others.
 */
export async function settleDueOwnerMonths(
  db: Db,
  { now = new Date(), onError }: { now?: Date; onError?: (failure: { buildingId: number; month: string; error: unknown }) => void } = {},
): Promise<{ settled: number; failed: number }> {
  const buildings = await db
    .select({
      id: building.id,
      timeZone: building.timeZone,
      day: managementAgreement.distributionDay,
      startsOn: managementAgreement.startsOn,
    })
    .from(building)
    .innerJoin(managementAgreement, eq(managementAgreement.buildingId, building.id))
    .where(isNotNull(building.ownerId));
  let settled = 0;
  let failed = 0;
  for (const row of buildings) {
    const today = localToday(row.timeZone, now);
    const thisMonth = today.slice(0, 7);
    // The last month due: the previous one once the distribution day has come, else the one before.
    const latest = shiftMonth(thisMonth, Number(today.slice(8, 10)) >= row.day ? -1 : -2);
    const done = new Set(
      (
        await db
          .select({ month: ownerSettlement.month })
          .from(ownerSettlement)
          .where(
            and(
              eq(ownerSettlement.buildingId, row.id),
              sql`${ownerSettlement.month} > ${monthStart(shiftMonth(latest, -SETTLEMENT_CATCH_UP_MONTHS))}::date`,
            ),
          )
      ).map((settledRow) => settledRow.month.slice(0, 7)),
    );
    for (let back = SETTLEMENT_CATCH_UP_MONTHS - 1; back >= 0; back -= 1) {
      const month = shiftMonth(latest, -back);
      if (done.has(month) || monthEnd(month) < row.startsOn) continue;
      try {
        const outcome = await settleOwnerMonth(db, { buildingId: row.id, month, now });
        if (outcome.ok) settled += 1;
      } catch (error) {
        failed += 1;
        onError?.({ buildingId: row.id, month, error });
      }
    }
  }
  return { settled, failed };
}
