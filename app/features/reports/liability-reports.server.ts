/**
 * Two reports of what the company holds for or owes to others (decision 060), read from the
 * general ledger (decision 058): the security deposit liability on a date (each lease whose
 * deposit account balance is not zero, by building and unit, with the total the ledger holds), and
 * the payments per vendor in a calendar year with each vendor's W-9 status and whether a Form
 * 1099-NEC is due. Scoped like every report: an admin sees the portfolio or one building; a
 * property manager only the buildings they manage (decision 015). Amounts are integer cents;
 * dates are entry dates (the buildings' wall-clock dates).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isAdmin, isPropertyManager } from '~/lib/access';
import type { Db } from '~/server/db/client.server';
import { rowsOf } from '~/server/db/rows.server';
import { glMonthTotal } from '~/server/db/schema';
import { systemAccountId } from '../accounting/general-ledger.server';
import { lineScope, PRIMARY_TENANT_JOIN, sqlList, totalScope, type ReportArgs, type ReportsActor } from './financial-reports.server';
import {
  DEPOSITS_PAGE_SIZE,
  form1099ThresholdCents,
  VENDOR_PAYMENTS_PAGE_SIZE,
  type RentRollCursor,
  type ReportQuery,
} from './reports.schemas';

/** One lease holding a security deposit on the report's date. */
export type DepositRow = {
  leaseId: number;
  leaseStatus: string;
  tenantName: string | null;
  tenantId: string | null;
  buildingId: number;
  buildingName: string;
  unitId: number;
  unitNumber: string;
  startDate: string;
  endDate: string;
  /** The day the tenant moved out, or null while they live there. */
  moveOutDate: string | null;
  /** The deposit held on the date (cents; the security deposits account's credit balance of the lease). */
  heldCents: number;
};

export type DepositLiability = {
  asOf: string;
  rows: DepositRow[];
  /** The last unit of this page, when more follow. */
  next: RentRollCursor | null;
  /** What the general ledger holds on the date for the whole selection (every page), cents. */
  heldCents: number;
};

/**
 * The security deposit liability of `query.asOf` for `actor` (one building or every building
 * they may see): the units by building then unit number (`property_building_unit_idx`), `limit`
 * units a page after `query.after`, each with every lease whose deposit balance on the date is
 * not zero (an ended lease whose deposit is not yet returned or applied included), read per lease
 * through `journal_line_lease_idx`; and the total the security deposits account holds on the
 * date (`depositsHeld`).
 */
export async function findDepositLiability({
  db,
  actor,
  query,
  limit = DEPOSITS_PAGE_SIZE,
}: ReportArgs<ReportQuery> & { limit?: number }): Promise<DepositLiability> {
  const account = await systemAccountId(db, 'security_deposits');
  const held = (lease: SQL) =>
    sql`(select coalesce(sum(jl.credit_cents - jl.debit_cents), 0) from journal_line jl
      where jl.lease_id = ${lease} and jl.account_id = ${account} and jl.entry_date <= ${query.asOf})`;
  const managed = isAdmin(actor.role) ? sql`true` : isPropertyManager(actor.role) ? sql`sb.manager_id = ${actor.id}` : sql`false`;
  const units = rowsOf<{ id: number; building_id: number; unit_number: string }>(
    await db.execute(sql`
      select u.id, u.building_id, u.unit_number from property u join building sb on sb.id = u.building_id
      -- A lateral with a limit, probed unit by unit in the index's order until the page is full:
      -- as an EXISTS, the planner may turn it into a semi join that sums every lease's deposit.
      cross join lateral (select 1 from lease l where l.property_id = u.id and ${held(sql`l.id`)} <> 0 limit 1) holds
      where ${managed}
        ${query.buildingId === null ? sql`` : sql`and u.building_id = ${query.buildingId}`}
        ${query.after ? sql`and (u.building_id, u.unit_number) > (${query.after.buildingId}, ${query.after.unitNumber})` : sql``}
      order by u.building_id, u.unit_number
      limit ${limit + 1}`),
  );
  const page = units.slice(0, limit);
  const rows =
    page.length === 0
      ? []
      : rowsOf<{
          lease_id: number;
          lease_status: string;
          start_date: string;
          end_date: string;
          move_out_date: string | null;
          unit_id: number;
          unit_number: string;
          building_id: number;
          building_name: string;
          tenant_name: string | null;
          tenant_id: string | null;
          held: string;
        }>(
          await db.execute(sql`
            select l.id as lease_id, l.status::text as lease_status, l.start_date::text, l.end_date::text,
              l.move_out_date::text, u.id as unit_id, u.unit_number, b.id as building_id, b.name as building_name,
              t.name as tenant_name, t.user_id as tenant_id, d.held
            from property u
            join building b on b.id = u.building_id
            join lease l on l.property_id = u.id
            cross join lateral (select ${held(sql`l.id`)} as held) d
            ${PRIMARY_TENANT_JOIN}
            where u.id in ${sqlList(page.map((unit) => unit.id))} and d.held <> 0
            order by u.building_id, u.unit_number, l.id`),
        );
  const last = page.at(-1);
  return {
    asOf: query.asOf,
    rows: rows.map((row) => ({
      leaseId: row.lease_id,
      leaseStatus: row.lease_status,
      tenantName: row.tenant_name,
      tenantId: row.tenant_id,
      buildingId: row.building_id,
      buildingName: row.building_name,
      unitId: row.unit_id,
      unitNumber: row.unit_number,
      startDate: row.start_date,
      endDate: row.end_date,
      moveOutDate: row.move_out_date,
      heldCents: Number(row.held),
    })),
    next: units.length > limit && last ? { buildingId: last.building_id, unitNumber: last.unit_number } : null,
    heldCents: await depositsHeld(db, actor, query, account),
  };
}

/**
 * The security deposits account's credit balance on `query.asOf` for `actor`'s selection: the
 * month totals (decision 059) before the date's month, then that month's lines up to the date.
 */
async function depositsHeld(db: Db, actor: ReportsActor, query: ReportQuery, account: number): Promise<number> {
  const monthStart = `${query.asOf.slice(0, 7)}-01`;
  const [before] = await db
    .select({ cents: sql<string>`coalesce(sum(${glMonthTotal.creditCents} - ${glMonthTotal.debitCents}), 0)` })
    .from(glMonthTotal)
    .where(and(eq(glMonthTotal.accountId, account), sql`${glMonthTotal.month} < ${monthStart}`, totalScope(actor, query.buildingId)));
  const [month] = rowsOf<{ cents: string }>(
    await db.execute(sql`
      select coalesce(sum(jl.credit_cents - jl.debit_cents), 0) as cents from journal_line jl
      where jl.account_id = ${account} and jl.entry_date between ${monthStart} and ${query.asOf}
        and ${lineScope(actor, query.buildingId)}`),
  );
  return Number(before?.cents ?? 0) + Number(month?.cents ?? 0);
}

/** A vendor's W-9 on file: verified by staff, uploaded and not yet verified, or none. */
export type W9Status = 'verified' | 'unverified' | 'missing';

/** One vendor paid in the year. */
export type VendorPaymentRow = {
  vendorId: number;
  companyName: string;
  contactName: string;
  email: string;
  vendorStatus: string;
  /** Paid in the year (cents): payouts less any reversed. */
  paidCents: number;
  payments: number;
  lastPaidOn: string;
  w9: W9Status;
  /** Paid at least the year's 1099-NEC threshold (`form1099ThresholdCents`). */
  needs1099: boolean;
};

export type VendorPayments = {
  year: number;
  thresholdCents: number;
  rows: VendorPaymentRow[];
  totals: {
    vendors: number;
    paidCents: number;
    /** Vendors paid at least the threshold, and of those the ones without a verified W-9. */
    needing1099: number;
    needing1099WithoutW9: number;
  };
  page: number;
  pageCount: number;
};

/**
 * The vendor payments of calendar year `query.year` for `actor` (one building or every building
 * they may see): every vendor whose payouts that year (trust cash paid out on their invoices, by
 * entry date, from each vendor's journal lines through `journal_line_vendor_idx`) are not zero,
 * largest first, `limit` after `offset` (a page of `VENDOR_PAYMENTS_PAGE_SIZE` by default), with
 * their W-9 status; totals over every vendor of the selection.
 */
export async function findVendorPayments({ db, actor, query }: ReportArgs<ReportQuery>): Promise<VendorPayments> {
  const { paid, w9, threshold } = await vendorPaymentsSql(db, actor, query);
  const rows = await findVendorPaymentRows({ db, actor, query });
  const [totals] = rowsOf<{ vendors: number; paid: string; needing: number; without_w9: number }>(
    await db.execute(sql`
      with paid as (${paid})
      select count(*)::int as vendors, coalesce(sum(p.paid), 0) as paid,
        (count(*) filter (where p.paid >= ${threshold}))::int as needing,
        (count(*) filter (where p.paid >= ${threshold} and coalesce(${w9}, 'missing') <> 'verified'))::int as without_w9
      from paid p join vendor v on v.id = p.vendor_id`),
  );
  const vendors = totals?.vendors ?? 0;
  return {
    year: query.year,
    thresholdCents: threshold,
    rows,
    totals: {
      vendors,
      paidCents: Number(totals?.paid ?? 0),
      needing1099: totals?.needing ?? 0,
      needing1099WithoutW9: totals?.without_w9 ?? 0,
    },
    page: query.page,
    pageCount: Math.max(1, Math.ceil(vendors / VENDOR_PAYMENTS_PAGE_SIZE)),
  };
}

/**
 * What the vendor payments of `query` read: `paid`, a statement of each vendor's payouts in the
 * year (vendor_id, paid, payments, last_paid); `w9`, the W-9 status of vendor `v`; the threshold.
 */
async function vendorPaymentsSql(db: Db, actor: ReportsActor, query: ReportQuery): Promise<{ paid: SQL; w9: SQL; threshold: number }> {
  const cash = await systemAccountId(db, 'trust_cash');
  const year = sql`jl.entry_date between ${`${query.year}-01-01`} and ${`${query.year}-12-31`} and jl.account_id = ${cash}`;
  const totals = sql`sum(jl.credit_cents - jl.debit_cents) as paid, count(distinct jl.entry_id)::int as payments,
    max(jl.entry_date)::text as last_paid`;
  // The whole portfolio: vendor by vendor through `journal_line_vendor_idx` (their invoices' and
  // payouts' lines of the year), never the year's trust cash lines, which are mostly tenants'
  // payments. Some buildings: their trust cash lines of the year through
  // `journal_line_building_account_date_idx`, read once (not once per vendor).
  const paid =
    isAdmin(actor.role) && query.buildingId === null
      ? sql`
        select v.id as vendor_id, p.paid, p.payments, p.last_paid from vendor v
        cross join lateral (select ${totals} from journal_line jl where jl.vendor_id = v.id and ${year}) p
        where p.paid <> 0`
      : sql`
        select jl.vendor_id, ${totals} from journal_line jl
        where jl.vendor_id is not null and ${year} and ${lineScope(actor, query.buildingId)}
        group by jl.vendor_id having sum(jl.credit_cents - jl.debit_cents) <> 0`;
  const w9 = sql`(select case when d.verified_at is not null then 'verified' else 'unverified' end from document d
      where d.owner_type = 'vendor' and d.owner_id = v.id::text and d.kind = 'w9'
      order by d.verified_at desc nulls last, d.created_at desc limit 1)`;
  return { paid, w9, threshold: form1099ThresholdCents(query.year) };
}

/**
 * The vendors of the vendor payments of `actor` and `query`, largest payments first, `limit`
 * after `offset` (a page of `VENDOR_PAYMENTS_PAGE_SIZE` by default; the CSV export reads larger
 * batches), each with their W-9 status.
 */
export async function findVendorPaymentRows({
  db,
  actor,
  query,
  limit = VENDOR_PAYMENTS_PAGE_SIZE,
  offset = (query.page - 1) * VENDOR_PAYMENTS_PAGE_SIZE,
}: ReportArgs<ReportQuery> & {
  limit?: number;
  offset?: number;
}): Promise<VendorPaymentRow[]> {
  const { paid, w9, threshold } = await vendorPaymentsSql(db, actor, query);
  const rows = rowsOf<{
    vendor_id: number;
    paid: string;
    payments: number;
    last_paid: string;
    company_name: string;
    contact_name: string;
    email: string;
    status: string;
    w9: W9Status | null;
  }>(
    await db.execute(sql`
      with paid as (${paid})
      select p.vendor_id, p.paid, p.payments, p.last_paid, v.company_name, v.contact_name, v.email, v.status::text, ${w9} as w9
      from paid p join vendor v on v.id = p.vendor_id
      order by p.paid desc, p.vendor_id
      limit ${limit} offset ${offset}`),
  );
  return rows.map((row) => ({
    vendorId: row.vendor_id,
    companyName: row.company_name,
    contactName: row.contact_name,
    email: row.email,
    vendorStatus: row.status,
    paidCents: Number(row.paid),
    payments: row.payments,
    lastPaidOn: row.last_paid,
    w9: row.w9 ?? 'missing',
    needs1099: Number(row.paid) >= threshold,
  }));
}
