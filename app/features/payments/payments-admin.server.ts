/**
 * The payments back office (decision 020 and 022): every payment with filters, one
 * payment's detail (payer, lease or application, provider reference, card, allocations to
 * charges, refunds), the CSV export and the reconciliation per day and building.
 *
 * Scope (DESIGN §4 "Who works where"): admins see every payment; a property manager only the
 * payments whose `building_id` is a building they manage (`building.manager_id`); anyone else
 * none. Someone else's payment answers "not found", exactly like an unknown id.
 *
 * Speed (DESIGN §6, p95 ≤ 50 ms at 600,000 payments): the list is keyset-paginated in
 * `created_at desc, id desc` order, the order of `payment_created_idx`; each single filter has an
 * index led by its column (`payment_{status,building,method,kind}_created_idx`), a date range
 * reads a range of `payment_created_idx`. The page's payments are read first from `payment`
 * alone, their payer, building and unit afterwards by primary key, so the plan of the page never
 * depends on the joins. Proven by EXPLAIN in payments-admin.server.test.ts.
 *
 * Services return data and reason codes; the pages (payments.page.server.ts) map them to HTTP.
 */
import { isAdmin, isPropertyManager, isStaffActor } from '~/lib/access';
import { addIsoDays } from '~/lib/time-zones';
import { csvDecimal, keysetCsvStream } from '~/server/http/csv.server';
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { afterInstantKey, instantText, utcDayStart } from '~/server/db/instant-keyset.server';
import { rowsOf } from '~/server/db/rows.server';
import type { KeysetBatch } from '~/server/keyset-stream.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import {
  application,
  building,
  charge,
  lease,
  ledgerAllocation,
  payment,
  paymentDispute,
  property,
  refund,
  user,
} from '~/server/db/schema';
import {
  formatCursor,
  PAYMENTS_CSV_MAX_ROWS,
  PAYMENTS_PAGE_SIZE,
  type PaymentCursor,
  type PaymentFilters,
  type ReconciliationQuery,
} from './payments.schemas';
import { isId } from '~/lib/ids';

/** The acting user: an admin, or a property manager scoped to their buildings. */
export type PaymentsActor = Pick<Viewer, 'id' | 'role'>;

/** The WHERE condition limiting `payment` rows to `actor`'s (undefined: all). */
function scopeOf(db: Db, actor: PaymentsActor): SQL | undefined {
  if (isAdmin(actor.role)) return undefined;
  if (!isPropertyManager(actor.role)) return sql`false`;
  return inArray(payment.buildingId, db.select({ id: building.id }).from(building).where(eq(building.managerId, actor.id)));
}

/** The filters (and scope) as one condition on `payment`. */
function filterCondition(db: Db, actor: PaymentsActor, filters: PaymentFilters): SQL | undefined {
  return and(
    scopeOf(db, actor),
    filters.status ? eq(payment.status, filters.status) : undefined,
    filters.kind ? eq(payment.kind, filters.kind) : undefined,
    filters.method ? eq(payment.method, filters.method) : undefined,
    filters.buildingId ? eq(payment.buildingId, filters.buildingId) : undefined,
    filters.from ? gte(payment.createdAt, utcDayStart(filters.from)) : undefined,
    filters.to ? lt(payment.createdAt, utcDayStart(addIsoDays(filters.to, 1))) : undefined,
  );
}

/** `created_at` exactly as stored (microseconds, UTC): the keyset cursor must not lose precision. */
const createdAtText = instantText(payment.createdAt);

export type PaymentListItem = {
  id: number;
  createdAt: string;
  kind: (typeof payment.$inferSelect)['kind'];
  method: (typeof payment.$inferSelect)['method'];
  status: (typeof payment.$inferSelect)['status'];
  amountCents: number;
  refundedCents: number;
  currency: string;
  provider: string;
  providerRef: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  reference: string | null;
  failureReason: string | null;
  settledAt: string | null;
  leaseId: number | null;
  applicationId: number | null;
  buildingId: number | null;
  buildingName: string | null;
  unitNumber: string | null;
  payerName: string | null;
  payerEmail: string | null;
};

export type PaymentPage = { items: PaymentListItem[]; nextCursor: string | null };

/** The columns of `payment` a list row shows. */
const LIST_COLUMNS = {
  id: payment.id,
  createdAtText,
  kind: payment.kind,
  method: payment.method,
  status: payment.status,
  amountCents: payment.amountCents,
  refundedCents: payment.refundedCents,
  currency: payment.currency,
  provider: payment.provider,
  providerRef: payment.providerRef,
  cardBrand: payment.cardBrand,
  cardLast4: payment.cardLast4,
  reference: payment.reference,
  failureReason: payment.failureReason,
  settledAt: payment.settledAt,
  leaseId: payment.leaseId,
  applicationId: payment.applicationId,
  buildingId: payment.buildingId,
};

function selectListColumns(db: Db) {
  return db.select(LIST_COLUMNS).from(payment);
}
type ListRow = Awaited<ReturnType<typeof selectListColumns>>[number];

/** `page`'s rows with who paid and where, read by primary key for these rows only. */
async function describeRows(db: Db, page: ListRow[]): Promise<PaymentListItem[]> {
  if (page.length === 0) return [];
  const facts = await db
    .select({
      id: payment.id,
      payerName: user.name,
      payerEmail: user.email,
      applicantFirst: application.firstName,
      applicantLast: application.lastName,
      applicantEmail: application.email,
      buildingName: building.name,
      unitNumber: property.unitNumber,
    })
    .from(payment)
    .leftJoin(user, eq(user.id, payment.payerId))
    .leftJoin(building, eq(building.id, payment.buildingId))
    .leftJoin(lease, eq(lease.id, payment.leaseId))
    .leftJoin(application, eq(application.id, payment.applicationId))
    .leftJoin(property, eq(property.id, sql`coalesce(${lease.propertyId}, ${application.propertyId})`))
    .where(
      inArray(
        payment.id,
        page.map((row) => row.id),
      ),
    );
  const byId = new Map(facts.map((row) => [row.id, row]));
  return page.map(({ createdAtText: createdAt, settledAt, ...row }) => {
    const fact = byId.get(row.id);
    return {
      ...row,
      createdAt,
      settledAt: settledAt?.toISOString() ?? null,
      buildingName: fact?.buildingName ?? null,
      unitNumber: fact?.unitNumber ?? null,
      payerName: fact?.payerName ?? (fact?.applicantFirst ? `${fact.applicantFirst} ${fact.applicantLast ?? ''}`.trim() : null),
      payerEmail: fact?.payerEmail ?? fact?.applicantEmail ?? null,
    };
  });
}

/** One batch of payments (`limit` rows after `cursor`), described, and where the next one starts. */
async function readBatch(
  db: Db,
  actor: PaymentsActor,
  filters: PaymentFilters,
  cursor: PaymentCursor | null,
  limit: number,
): Promise<KeysetBatch<PaymentListItem, PaymentCursor>> {
  const rows = await selectListColumns(db)
    .where(and(filterCondition(db, actor, filters), afterInstantKey(payment.createdAt, payment.id, cursor)))
    .orderBy(desc(payment.createdAt), desc(payment.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const tail = page[page.length - 1];
  return {
    rows: await describeRows(db, page),
    last: tail ? { createdAt: tail.createdAtText, id: tail.id } : null,
    more: rows.length > limit,
  };
}

/**
 * A page of payments newest first (`PAYMENTS_PAGE_SIZE` rows after `cursor`), filtered and
 * scoped to `actor`. `nextCursor` is the position of the next page, or null on the last one.
 * Someone who sees no payments gets an empty page.
 */
export async function findPayments({
  db,
  actor,
  filters,
  cursor = null,
  limit = PAYMENTS_PAGE_SIZE,
}: {
  db: Db;
  actor: PaymentsActor;
  filters: PaymentFilters;
  cursor?: PaymentCursor | null;
  limit?: number;
}): Promise<PaymentPage> {
  if (!isStaffActor(actor)) return { items: [], nextCursor: null };
  const batch = await readBatch(db, actor, filters, cursor, limit);
  return { items: batch.rows, nextCursor: batch.more && batch.last ? formatCursor(batch.last) : null };
}

export type PaymentDetail = PaymentListItem & {
  updatedAt: string;
  recordedByName: string | null;
  lease: { id: number; status: string; startDate: string; endDate: string } | null;
  application: { id: number; reference: string; status: string } | null;
  unit: { id: number; title: string; unitNumber: string } | null;
  allocations: {
    id: number;
    chargeId: number;
    kind: string;
    period: string;
    dueDate: string;
    description: string | null;
    chargeCents: number;
    amountCents: number;
    chargeStatus: string;
  }[];
  refunds: {
    id: number;
    amountCents: number;
    reason: string | null;
    providerRef: string | null;
    createdAt: string;
    createdByName: string | null;
  }[];
  /** Disputes (chargebacks) Stripe reported on it, oldest first (features/payments/disputes.server.ts). */
  disputes: {
    id: number;
    providerRef: string;
    status: string;
    reason: string;
    amountCents: number;
    createdAt: string;
    closedAt: string | null;
  }[];
  /** What may still be refunded (cents; 0 unless the payment succeeded). */
  refundableCents: number;
  /** Whether a refund can be made now (succeeded, something left, and the provider that took it is the one configured). */
  canRefund: boolean;
};

/**
 * One payment with everything staff need to reconcile it, or null when it does not exist or is
 * not `actor`'s. `providerName` is the configured provider's (`getPaymentProvider().name`):
 * a card payment taken by another provider cannot be refunded from here.
 */
export async function findPaymentDetail({
  db,
  actor,
  paymentId,
  providerName,
}: {
  db: Db;
  actor: PaymentsActor;
  paymentId: number;
  providerName: string;
}): Promise<PaymentDetail | null> {
  if (!isStaffActor(actor) || !isId(paymentId)) return null;
  const [row] = await db
    .select({ ...LIST_COLUMNS, updatedAt: payment.updatedAt })
    .from(payment)
    .where(and(eq(payment.id, paymentId), scopeOf(db, actor)));
  if (!row) return null;
  const { updatedAt, ...listed } = row;
  const [item] = await describeRows(db, [listed]);
  if (!item) return null;
  const [facts] = await db
    .select({
      recordedByName: user.name,
      leaseId: lease.id,
      leaseStatus: lease.status,
      leaseStart: lease.startDate,
      leaseEnd: lease.endDate,
      applicationId: application.id,
      applicationReference: application.reference,
      applicationStatus: application.status,
      unitId: property.id,
      unitTitle: property.title,
      unitNumber: property.unitNumber,
    })
    .from(payment)
    .leftJoin(user, eq(user.id, payment.recordedBy))
    .leftJoin(lease, eq(lease.id, payment.leaseId))
    .leftJoin(application, eq(application.id, payment.applicationId))
    .leftJoin(property, eq(property.id, sql`coalesce(${lease.propertyId}, ${application.propertyId})`))
    .where(eq(payment.id, paymentId));
  const allocations = await db
    .select({
      id: ledgerAllocation.id,
      chargeId: charge.id,
      kind: charge.kind,
      period: charge.period,
      dueDate: charge.dueDate,
      description: charge.description,
      chargeCents: charge.amountCents,
      amountCents: ledgerAllocation.amountCents,
      chargeStatus: charge.status,
    })
    .from(ledgerAllocation)
    .innerJoin(charge, eq(charge.id, ledgerAllocation.chargeId))
    .where(eq(ledgerAllocation.paymentId, paymentId))
    .orderBy(asc(charge.dueDate), asc(charge.id));
  const refunds = await db
    .select({
      id: refund.id,
      amountCents: refund.amountCents,
      reason: refund.reason,
      providerRef: refund.providerRef,
      createdAt: refund.createdAt,
      createdByName: user.name,
    })
    .from(refund)
    .leftJoin(user, eq(user.id, refund.createdBy))
    .where(eq(refund.paymentId, paymentId))
    .orderBy(asc(refund.id));
  const disputes = await db
    .select({
      id: paymentDispute.id,
      providerRef: paymentDispute.providerRef,
      status: paymentDispute.status,
      reason: paymentDispute.reason,
      amountCents: paymentDispute.amountCents,
      createdAt: paymentDispute.createdAt,
      closedAt: paymentDispute.closedAt,
    })
    .from(paymentDispute)
    .where(eq(paymentDispute.paymentId, paymentId))
    .orderBy(asc(paymentDispute.id));
  const refundableCents = item.status === 'succeeded' ? item.amountCents - item.refundedCents : 0;
  const providerOk = item.provider === 'offline' || (item.providerRef !== null && item.provider === providerName);
  return {
    ...item,
    updatedAt: updatedAt.toISOString(),
    recordedByName: facts?.recordedByName ?? null,
    lease: facts?.leaseId
      ? { id: facts.leaseId, status: facts.leaseStatus!, startDate: facts.leaseStart!, endDate: facts.leaseEnd! }
      : null,
    application: facts?.applicationId
      ? { id: facts.applicationId, reference: facts.applicationReference!, status: facts.applicationStatus! }
      : null,
    unit: facts?.unitId ? { id: facts.unitId, title: facts.unitTitle!, unitNumber: facts.unitNumber! } : null,
    allocations,
    refunds: refunds.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    disputes: disputes.map((entry) => ({
      ...entry,
      createdAt: entry.createdAt.toISOString(),
      closedAt: entry.closedAt?.toISOString() ?? null,
    })),
    refundableCents,
    canRefund: refundableCents > 0 && providerOk,
  };
}

// ---------------------------------------------------------------------------------------------
// CSV export
// ---------------------------------------------------------------------------------------------

export const PAYMENT_CSV_COLUMNS = [
  'id',
  'created_at',
  'settled_at',
  'status',
  'kind',
  'method',
  'amount_cents',
  'refunded_cents',
  'amount_usd',
  'currency',
  'building_id',
  'building',
  'unit',
  'lease_id',
  'application_id',
  'payer_name',
  'payer_email',
  'provider',
  'provider_ref',
  'card_brand',
  'card_last4',
  'reference',
  'failure_reason',
] as const;

/** Rows read per query while exporting. */
const CSV_BATCH = 2_000;

function csvLine(item: PaymentListItem): unknown[] {
  return [
    item.id,
    item.createdAt,
    item.settledAt ?? '',
    item.status,
    item.kind,
    item.method,
    item.amountCents,
    item.refundedCents,
    csvDecimal(item.amountCents),
    item.currency,
    item.buildingId ?? '',
    item.buildingName,
    item.unitNumber,
    item.leaseId ?? '',
    item.applicationId ?? '',
    item.payerName,
    item.payerEmail,
    item.provider,
    item.providerRef,
    item.cardBrand,
    item.cardLast4,
    item.reference,
    item.failureReason,
  ];
}

/**
 * The payments matching `filters` (scoped to `actor`) as CSV, newest first, streamed in batches
 * of `CSV_BATCH` read by keyset, at most `maxRows` (`PAYMENTS_CSV_MAX_ROWS`). The header comes
 * first. Null when `actor` sees no payments at all. (The route logs the export; an audit entry
 * needs a `payments_exported` action in AUDIT_ACTIONS, which this feature does not own.)
 */
export async function exportPaymentsCsv({
  db,
  actor,
  filters,
  maxRows = PAYMENTS_CSV_MAX_ROWS,
}: {
  db: Db;
  actor: PaymentsActor;
  filters: PaymentFilters;
  maxRows?: number;
}): Promise<ReadableStream<Uint8Array> | null> {
  if (!isStaffActor(actor)) return null;
  return keysetCsvStream({
    columns: PAYMENT_CSV_COLUMNS,
    batchSize: CSV_BATCH,
    maxRows,
    readBatch: (cursor: PaymentCursor | null, limit: number) => readBatch(db, actor, filters, cursor, limit),
    toLine: csvLine,
  });
}

// ---------------------------------------------------------------------------------------------
// Reconciliation
// ---------------------------------------------------------------------------------------------

export type ReconciliationRow = {
  /** UTC day (ISO). */
  day: string;
  buildingId: number | null;
  buildingName: string | null;
  /** Succeeded payments created that day (those refunded since included: the money came in). */
  collectedCents: number;
  /** Refunds made that day. */
  refundedCents: number;
  failedCount: number;
  failedCents: number;
  /** Bank debits sent that day and still in flight (decision 050): neither collected nor failed yet. */
  processingCount: number;
  processingCents: number;
  /** Open charges (less what covers them) due that day or earlier, as of now. */
  outstandingCents: number;
};

export type Reconciliation = {
  query: ReconciliationQuery;
  rows: ReconciliationRow[];
  /** True when more rows matched than `maxRows` (the totals still count them all). */
  truncated: boolean;
  totals: Omit<ReconciliationRow, 'day' | 'buildingId' | 'buildingName'>;
};

/**
 * The reconciliation from `query.from` to `query.to` (ISO days, UTC, ≤ 92 days, checked by
 * `parseReconciliationQuery`) per day and building, scoped to `actor`: collected (succeeded
 * payments created that day), refunded (refunds made that day), failed (count and amount),
 * processing (bank debits sent that day still in flight, count and amount; decision 050) and
 * outstanding (the open remainder of charges due that day or earlier, as of now). A row exists
 * for each day and building with a payment, a refund or a charge falling due; days are newest
 * first. `totals.outstandingCents` is what is open and due by `to` in all the actor's buildings.
 */
export async function findReconciliation({
  db,
  actor,
  query,
  maxRows = 1_000,
}: {
  db: Db;
  actor: PaymentsActor;
  query: ReconciliationQuery;
  maxRows?: number;
}): Promise<Reconciliation> {
  const empty = {
    query,
    rows: [],
    truncated: false,
    totals: {
      collectedCents: 0,
      refundedCents: 0,
      failedCount: 0,
      failedCents: 0,
      processingCount: 0,
      processingCents: 0,
      outstandingCents: 0,
    },
  };
  if (!isStaffActor(actor)) return empty;
  const start = `${query.from}T00:00:00Z`;
  const end = `${addIsoDays(query.to, 1)}T00:00:00Z`;
  const managed = isAdmin(actor.role) ? null : actor.id;
  // One condition on a building id column, for the building filter and the manager's scope.
  const buildingIs = (column: SQL) =>
    sql`${query.buildingId === null ? sql`true` : sql`${column} = ${query.buildingId}`} and ${managed === null ? sql`true` : sql`${column} in (select id from building where manager_id = ${managed})`}`;
  const result = await db.execute(sql`
    with pay as (
      select (p.created_at at time zone 'UTC')::date as day, p.building_id,
        sum(case when p.status in ('succeeded', 'refunded') then p.amount_cents else 0 end)::bigint as collected,
        count(*) filter (where p.status = 'failed')::int as failed_count,
        sum(case when p.status = 'failed' then p.amount_cents else 0 end)::bigint as failed_cents,
        count(*) filter (where p.status = 'processing')::int as processing_count,
        sum(case when p.status = 'processing' then p.amount_cents else 0 end)::bigint as processing_cents
      from payment p
      where p.created_at >= ${start}::timestamptz and p.created_at < ${end}::timestamptz and ${buildingIs(sql`p.building_id`)}
      group by 1, 2
    ), ref as (
      select (r.created_at at time zone 'UTC')::date as day, p.building_id, sum(r.amount_cents)::bigint as refunded
      from refund r join payment p on p.id = r.payment_id
      where r.created_at >= ${start}::timestamptz and r.created_at < ${end}::timestamptz and ${buildingIs(sql`p.building_id`)}
      group by 1, 2
    ), due as (
      select u.building_id, c.due_date as day, sum(c.amount_cents - c.allocated_cents)::bigint as open_cents
      from charge c join lease l on l.id = c.lease_id join property u on u.id = l.property_id
      where c.status = 'open' and c.kind <> 'credit' and c.due_date <= ${query.to}::date and ${buildingIs(sql`u.building_id`)}
      group by 1, 2
    ), events as (
      select day, building_id, 0::bigint as open_cents, collected, 0::bigint as refunded, failed_count, failed_cents,
        processing_count, processing_cents from pay
      union all select day, building_id, 0, 0, refunded, 0, 0, 0, 0 from ref
      union all select day, building_id, open_cents, 0, 0, 0, 0, 0, 0 from due
    ), daily as (
      select day, building_id, sum(open_cents) as open_cents, sum(collected) as collected, sum(refunded) as refunded,
        sum(failed_count)::int as failed_count, sum(failed_cents) as failed_cents,
        sum(processing_count)::int as processing_count, sum(processing_cents) as processing_cents
      from events group by 1, 2
    ), running as (
      select *, sum(open_cents) over (partition by building_id order by day) as outstanding from daily
    )
    select r.day::text as day, r.building_id, b.name as building_name, r.collected::float8 as collected, r.refunded::float8 as refunded,
      r.failed_count, r.failed_cents::float8 as failed_cents, r.processing_count, r.processing_cents::float8 as processing_cents,
      r.outstanding::float8 as outstanding
    from running r left join building b on b.id = r.building_id
    where r.day >= ${query.from}::date
    order by r.day desc, b.name nulls last, r.building_id
  `);
  const all = rowsOf<{
    day: string;
    building_id: number | null;
    building_name: string | null;
    collected: number;
    refunded: number;
    failed_count: number;
    failed_cents: number;
    processing_count: number;
    processing_cents: number;
    outstanding: number;
  }>(result);
  const rows: ReconciliationRow[] = all.map((row) => ({
    day: row.day,
    buildingId: row.building_id,
    buildingName: row.building_name,
    collectedCents: Number(row.collected),
    refundedCents: Number(row.refunded),
    failedCount: Number(row.failed_count),
    failedCents: Number(row.failed_cents),
    processingCount: Number(row.processing_count),
    processingCents: Number(row.processing_cents),
    outstandingCents: Number(row.outstanding),
  }));
  const [open] = rowsOf<{ cents: number }>(
    await db.execute(sql`
      select coalesce(sum(c.amount_cents - c.allocated_cents), 0)::float8 as cents
      from charge c join lease l on l.id = c.lease_id join property u on u.id = l.property_id
      where c.status = 'open' and c.kind <> 'credit' and c.due_date <= ${query.to}::date and ${buildingIs(sql`u.building_id`)}`),
  );
  const totals = rows.reduce(
    (sum, row) => ({
      collectedCents: sum.collectedCents + row.collectedCents,
      refundedCents: sum.refundedCents + row.refundedCents,
      failedCount: sum.failedCount + row.failedCount,
      failedCents: sum.failedCents + row.failedCents,
      processingCount: sum.processingCount + row.processingCount,
      processingCents: sum.processingCents + row.processingCents,
      outstandingCents: sum.outstandingCents,
    }),
    { ...empty.totals, outstandingCents: Number(open?.cents ?? 0) },
  );
  return { query, rows: rows.slice(0, maxRows), truncated: rows.length > maxRows, totals };
}
