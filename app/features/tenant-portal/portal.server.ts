/**
 * The tenant portal (decision 022): what `/tenant-portal` shows and does for the signed-in
 * tenant — the current lease (unit, building, dates, rent, documents), leases and renewals
 * waiting for their signature, the balance and next due date, **Pay now**, payment history with a
 * receipt per payment, and autopay. Every read and command is limited to leases the viewer signed
 * (ledger-commands `findTenantLease`); the `payment` rate limit (spec §9: 10 a minute) applies to
 * paying and to saving a card.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Language } from '~/lib/constants';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { charge, lease, ledgerAllocation, payment, user } from '~/server/db/schema';
import { currentSettings } from '~/server/settings/settings.server';
import { findAutopay, type AutopayView } from '~/features/ledger/autopay.server';
import { findLeaseBalance, findLedger, leaseLocalToday, type LeaseBalance, type LedgerEntry } from '~/features/ledger/ledger.server';
import { nextRentDueDate } from '~/lib/time-zones';
import { leaseIdsOfTenant } from '~/features/ledger/ledger-commands.server';
import { leaseUnitLabel, receiptNumber } from '~/features/ledger/lease-payments.server';
import { findLeasesOfSigner, findSignedLeaseDocument, type LeaseSummary } from '~/features/leases/lease-queries.server';

import { renderReceiptPdf, renderStatementPdf } from '~/features/leases/lease-document.server';
import { isId } from '~/lib/ids';

export type PortalPayment = {
  id: number;
  receipt: string;
  date: string;
  amountCents: number;
  refundedCents: number;
  status: string;
  method: string;
  cardLast4: string | null;
  cardBrand: string | null;
  reference: string | null;
  failureReason: string | null;
};

export type TenantPortalData = {
  /** The lease shown as current: the active one, else the newest ended one. */
  current: LeaseSummary | null;
  /** Leases (new or renewals) waiting for the viewer's signature. */
  toSign: LeaseSummary[];
  balance: LeaseBalance | null;
  ledger: LedgerEntry[];
  payments: PortalPayment[];
  autopay: AutopayView | null;
  hasSignedDocument: boolean;
  rentDueDay: number;
  /** The next rent due on the current lease (its building's local date) and whether autopay pays it; null after the last. */
  nextRent: { date: string; amountCents: number; autopay: boolean } | null;
  /** The calendar years of the current lease with a year-end statement (PDF), newest first. */
  statementYears: number[];
};

/** Everything `/tenant-portal` shows for `viewer`. */
export async function loadTenantLeasePortal({ db, viewer }: { db: Db; viewer: Pick<Viewer, 'id' | 'email'> }): Promise<TenantPortalData> {
  const leases = await findLeasesOfSigner({ db, viewer });
  const toSign = leases.filter(
    (l) => l.status === 'sent' && l.signers.some((s) => (s.userId === viewer.id || s.email === viewer.email.toLowerCase()) && !s.signedAt),
  );
  const current =
    leases.find((l) => l.status === 'active' && !l.renewalOfId) ??
    leases.find((l) => l.status === 'active') ??
    leases.find((l) => l.status === 'ended' || l.status === 'terminated' || l.status === 'signed') ??
    null;
  const settings = await currentSettings(db);
  if (!current)
    return {
      current: null,
      toSign,
      balance: null,
      ledger: [],
      payments: [],
      autopay: null,
      hasSignedDocument: false,
      rentDueDay: settings.rentDueDay,
      nextRent: null,
      statementYears: [],
    };
  const [balance, ledger, rows, autopay, signed, today] = await Promise.all([
    findLeaseBalance(db, current.id),
    findLedger(db, current.id),
    db
      .select()
      .from(payment)
      .where(and(eq(payment.leaseId, current.id), inArray(payment.status, ['processing', 'succeeded', 'refunded', 'failed'])))
      .orderBy(desc(payment.createdAt), desc(payment.id))
      .limit(50),
    findAutopay(db, current.id),
    findSignedLeaseDocument(db, current.id),
    leaseLocalToday(db, current.id),
  ]);
  const nextRentDate =
    today && (current.status === 'active' || current.status === 'signed')
      ? nextRentDueDate(today, settings.rentDueDay, current.startDate, current.endDate)
      : null;
  return {
    current,
    toSign,
    balance,
    ledger: ledger.slice(-36),
    payments: rows.map((p) => ({
      id: p.id,
      receipt: receiptNumber(p.id),
      date: (p.settledAt ?? p.createdAt).toISOString(),
      amountCents: p.amountCents,
      refundedCents: p.refundedCents,
      status: p.status,
      method: p.method,
      cardLast4: p.cardLast4,
      cardBrand: p.cardBrand,
      reference: p.reference,
      failureReason: p.failureReason,
    })),
    autopay,
    hasSignedDocument: Boolean(signed),
    rentDueDay: settings.rentDueDay,
    nextRent: nextRentDate ? { date: nextRentDate, amountCents: current.monthlyRentCents, autopay: autopay !== null } : null,
    statementYears: today ? statementYearsOf(current, today) : [],
  };
}

/** The years from the lease's start to its end or `today` (ISO, local), whichever is first; newest first. */
function statementYearsOf(lease: { startDate: string; endDate: string }, today: string): number[] {
  const first = Number(lease.startDate.slice(0, 4));
  const last = Math.min(Number(lease.endDate.slice(0, 4)), Number(today.slice(0, 4)));
  const years: number[] = [];
  for (let year = last; year >= first; year -= 1) years.push(year);
  return years;
}

/**
 * The year-end statement (PDF, `lang`) of lease `leaseId` for calendar `year`, for `viewer`, who
 * must be one of its tenants: `not_tenant` for someone else's or an unknown lease, `no_such_year`
 * for a year outside the lease (both 404; the first is audited). The lines are the ledger's (`findLedger`: local dates, running balance carried in
 * from the years before); the statement is dated 31 December, or the lease's local today in the
 * current year.
 */
export async function findStatementPdf({
  db,
  viewer,
  leaseId,
  year,
  lang,
}: {
  db: Db;
  viewer: Pick<Viewer, 'id'>;
  leaseId: number;
  year: number;
  lang: Language;
}): Promise<{ ok: true; pdf: Buffer; fileName: string } | { ok: false; reason: 'not_tenant' | 'no_such_year' }> {
  if (!isId(leaseId) || (await leaseIdsOfTenant(db, viewer.id, [leaseId])).length === 0) return { ok: false, reason: 'not_tenant' };
  const [row] = await db.select({ startDate: lease.startDate, endDate: lease.endDate }).from(lease).where(eq(lease.id, leaseId));
  const today = await leaseLocalToday(db, leaseId);
  if (!row || !today || !statementYearsOf(row, today).includes(year)) return { ok: false, reason: 'no_such_year' };
  const [lines, settings, { label }, [tenant]] = await Promise.all([
    findLedger(db, leaseId, { year }),
    currentSettings(db),
    leaseUnitLabel(db, leaseId),
    db.select({ name: user.name }).from(user).where(eq(user.id, viewer.id)),
  ]);
  const first = lines[0];
  const pdf = await renderStatementPdf(
    {
      companyName: settings.companyName,
      tenantName: tenant?.name ?? '',
      unitLabel: label,
      year,
      madeOn: today < `${year}-12-31` ? today : `${year}-12-31`,
      openingCents: first ? first.balanceCents - first.amountCents : await balanceBefore(db, leaseId, year),
      lines,
    },
    lang,
  );
  return { ok: true, pdf, fileName: `statement-${leaseId}-${year}.pdf` };
}

/** The running balance at the end of the last ledger line before `year` (0 when there is none). */
async function balanceBefore(db: Db, leaseId: number, year: number): Promise<number> {
  const before = (await findLedger(db, leaseId)).filter((entry) => entry.date < `${year}-01-01`);
  return before.at(-1)?.balanceCents ?? 0;
}

/**
 * The receipt PDF of payment `paymentId` for `viewer`, who must have signed its lease (or made
 * it); null otherwise (404). Only succeeded or refunded payments have receipts.
 */
export async function findReceiptPdf({
  db,
  viewer,
  paymentId,
  lang,
}: {
  db: Db;
  viewer: Pick<Viewer, 'id'>;
  paymentId: number;
  lang: Language;
}): Promise<{ pdf: Buffer; fileName: string } | null> {
  if (!isId(paymentId)) return null;
  const [paid] = await db.select().from(payment).where(eq(payment.id, paymentId));
  if (!paid || paid.leaseId === null || (paid.status !== 'succeeded' && paid.status !== 'refunded')) return null;
  if (paid.payerId !== viewer.id) {
    if ((await leaseIdsOfTenant(db, viewer.id, [paid.leaseId])).length === 0) return null;
  }
  const allocations = await db
    .select({ kind: charge.kind, period: charge.period, description: charge.description, amount: ledgerAllocation.amountCents })
    .from(ledgerAllocation)
    .innerJoin(charge, eq(charge.id, ledgerAllocation.chargeId))
    .where(eq(ledgerAllocation.paymentId, paymentId));
  const [payer] = paid.payerId ? await db.select({ name: user.name }).from(user).where(eq(user.id, paid.payerId)) : [];
  const settings = await currentSettings(db);
  const { label } = await leaseUnitLabel(db, paid.leaseId);
  const pdf = await renderReceiptPdf(
    {
      companyName: settings.companyName,
      receiptNumber: receiptNumber(paid.id),
      paidAt: (paid.settledAt ?? paid.createdAt).toISOString(),
      payerName: payer?.name ?? '',
      unitLabel: label,
      amountCents: paid.amountCents,
      refundedCents: paid.refundedCents,
      method: paid.method,
      cardBrand: paid.cardBrand,
      cardLast4: paid.cardLast4,
      reference: paid.reference,
      allocations: allocations.map((a) => ({
        label: a.description ?? `${chargeLabel(a.kind, lang)}${/^\d{4}-\d{2}$/.test(a.period) ? ` ${a.period}` : ''}`,
        amountCents: a.amount,
      })),
    },
    lang,
  );
  return { pdf, fileName: `receipt-${receiptNumber(paid.id)}.pdf` };
}

const CHARGE_LABELS: Record<Language, Record<string, string>> = {
  en: {
    rent: 'Rent',
    late_fee: 'Late fee',
    deposit: 'Security deposit',
    application_fee: 'Application fee',
    returned_payment_fee: 'Returned payment fee',
    utility: 'Utilities',
    other: 'Other',
    credit: 'Credit',
  },
  it: {
    rent: 'Canone',
    late_fee: 'Penale di ritardo',
    deposit: 'Deposito cauzionale',
    application_fee: 'Spese di istruttoria',
    returned_payment_fee: 'Penale per pagamento respinto',
    utility: 'Utenze',
    other: 'Altro',
    credit: 'Accredito',
  },
};

function chargeLabel(kind: string, lang: Language): string {
  return CHARGE_LABELS[lang][kind] ?? kind;
}
