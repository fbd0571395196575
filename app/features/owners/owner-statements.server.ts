/**
 * The monthly owner statement (decision 061): per owner and settled month, per building and in
 * total — the opening balance (the owner's cash in trust: trust cash less the tenants' deposits,
 * prepaid rent and unpaid vendor invoices), income by account, expenses by account with each
 * vendor invoice, the management fee, contributions, the rent charged but not yet collected, the
 * distribution, the reserve kept and the closing balance. Figures come from the journal's month
 * totals (decision 059) and, for the invoices, the building's journal lines of the month.
 *
 * `generateOwnerStatement` keeps the figures (`owner_statement.content`) with the SHA-256 of the
 * PDF they render to; the PDF is rendered from the row on every download and is byte-identical
 * (pdfmake with fixed dates, decision 041), so regenerating a month whose books did not change
 * gives the same fingerprint. Amounts are integer cents; months `YYYY-MM` on the building's wall
 * clock; texts in the owner's language (imported directly, so the job worker can render them).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Content } from 'pdfmake/interfaces';
import en from '~/i18n/locales/en/owners.json';
import it from '~/i18n/locales/it/owners.json';
import type { Language } from '~/lib/constants';
import { formatCents, formatIsoDate } from '~/lib/format';
import { intlLocale } from '~/lib/i18n';
import type { Db } from '~/server/db/client.server';
import { rowsOf } from '~/server/db/rows.server';
import { building, owner, ownerSettlement, ownerStatement } from '~/server/db/schema';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import { currentSettings } from '~/server/settings/settings.server';
import { fileResponse } from '~/server/http/download.server';
import { renderPdf, sha256Hex, toPdfText } from '~/features/leases/lease-document.server';
import { fillText } from '~/server/mail/templates.server';
import { monthEnd, monthStart, shiftMonth } from './owner-settlement.server';
import { OWNER_MAIL_TOPIC, type OwnerMailPayload } from './owner-mail.server';

const TEXTS = { en: en.statement, it: it.statement } as const;

/** One account's line of a statement. */
export type StatementAccountLine = { number: string; name: string; cents: number };

/** One vendor invoice of the month (an expense line of the journal). */
export type StatementInvoice = { date: string; vendor: string; memo: string; cents: number };

/** One building's part of a statement (cents). */
export type StatementBuilding = {
  id: number;
  name: string;
  openingCents: number;
  income: StatementAccountLine[];
  expenses: StatementAccountLine[];
  invoices: StatementInvoice[];
  feeCents: number;
  contributionsCents: number;
  /** Charged but not collected in the month (a rise of receivables and payments in transit), as a negative amount. */
  uncollectedCents: number;
  distributionCents: number;
  /** What the books show besides the lines above (0 when every posting is one of them). */
  otherCents: number;
  reserveCents: number;
  closingCents: number;
};

/** What a statement shows: kept as `owner_statement.content`. */
export type StatementContent = {
  ownerName: string;
  companyName: string;
  month: string;
  locale: Language;
  buildings: StatementBuilding[];
};

type Net = { key: string | null; number: string; name: string; nameIt: string | null; type: string; before: number; during: number };

/** The building's month: per account, the net (debits − credits) before the month and during it. */
async function accountNets(db: Db, buildingId: number, month: string): Promise<Net[]> {
  const rows = rowsOf<{
    key: string | null;
    number: string;
    name: string;
    name_it: string | null;
    type: string;
    before: string;
    during: string;
  }>(
    await db.execute(sql`
      select a.system_key as key, a.number, a.name, a.name_it, a.type::text as type,
        sum(case when t.month < ${monthStart(month)}::date then t.debit_cents - t.credit_cents else 0 end) as before,
        sum(case when t.month = ${monthStart(month)}::date then t.debit_cents - t.credit_cents else 0 end) as during
      from gl_month_total t join gl_account a on a.id = t.account_id
      where t.building_id = ${buildingId} and t.month <= ${monthStart(month)}::date
      group by a.system_key, a.number, a.name, a.name_it, a.type
      order by a.number`),
  );
  return rows.map((row) => ({
    key: row.key,
    number: row.number,
    name: row.name,
    nameIt: row.name_it,
    type: row.type,
    before: Number(row.before),
    during: Number(row.during),
  }));
}

/** The building's vendor invoices posted in the month (expense lines from approved invoices), oldest first. */
async function monthInvoices(db: Db, buildingId: number, month: string): Promise<StatementInvoice[]> {
  const rows = rowsOf<{ entry_date: string; vendor: string | null; memo: string; cents: string }>(
    await db.execute(sql`
      select l.entry_date::text as entry_date, v.company_name as vendor, e.memo, l.debit_cents - l.credit_cents as cents
      from gl_account a
      join journal_line l on l.account_id = a.id and l.building_id = ${buildingId}
        and l.entry_date between ${monthStart(month)}::date and ${monthEnd(month)}::date
      join journal_entry e on e.id = l.entry_id and e.source = 'invoice'
      left join vendor v on v.id = l.vendor_id
      where a.system_key in ('repairs_maintenance', 'capital_improvements')
      order by l.entry_date, l.id`),
  );
  return rows.map((row) => ({ date: row.entry_date, vendor: row.vendor ?? '', memo: row.memo, cents: Number(row.cents) }));
}

/** `-cents` without a negative zero (the figures are compared and kept as JSON). */
function negate(cents: number): number {
  return cents === 0 ? 0 : -cents;
}

/** Free cash: trust cash less deposits held, prepaid rent and unpaid invoices (each on its normal side). */
function freeCash(nets: Net[], pick: (net: Net) => number): number {
  const net = (key: string) => nets.filter((row) => row.key === key).reduce((sum, row) => sum + pick(row), 0);
  return net('trust_cash') + net('security_deposits') + net('prepaid_rent') + net('accounts_payable');
}

/**
 * One building's statement lines for `month` (see the module comment), in `lang`; the reserve is
 * the settlement's. The lines add up: closing = opening + income − expenses − fee + contributions
 * + uncollected − distribution + other.
 */
export async function buildStatementBuilding(
  db: Db,
  {
    buildingId,
    name,
    month,
    lang,
    reserveCents,
  }: { buildingId: number; name: string; month: string; lang: Language; reserveCents: number },
): Promise<StatementBuilding> {
  const [nets, invoices] = await Promise.all([accountNets(db, buildingId, month), monthInvoices(db, buildingId, month)]);
  const label = (row: Net) => (lang === 'it' && row.nameIt ? row.nameIt : row.name);
  const during = (key: string) => nets.filter((row) => row.key === key).reduce((sum, row) => sum + row.during, 0);
  const income = nets
    .filter((row) => row.type === 'income' && row.during !== 0)
    .map((row) => ({ number: row.number, name: label(row), cents: negate(row.during) }));
  const expenses = nets
    .filter((row) => row.type === 'expense' && row.key !== 'management_fees' && row.during !== 0)
    .map((row) => ({ number: row.number, name: label(row), cents: row.during }));
  const openingCents = freeCash(nets, (row) => row.before);
  const closingCents = freeCash(nets, (row) => row.before + row.during);
  const feeCents = during('management_fees');
  const contributionsCents = negate(during('owner_contributions'));
  const distributionCents = during('owner_distributions');
  const uncollectedCents = negate(during('accounts_receivable') + during('payments_in_transit'));
  const incomeCents = income.reduce((sum, line) => sum + line.cents, 0);
  const expenseCents = expenses.reduce((sum, line) => sum + line.cents, 0);
  const explained = openingCents + incomeCents - expenseCents - feeCents + contributionsCents + uncollectedCents - distributionCents;
  return {
    id: buildingId,
    name,
    openingCents,
    income,
    expenses,
    invoices,
    feeCents,
    contributionsCents,
    uncollectedCents,
    distributionCents,
    otherCents: closingCents - explained,
    reserveCents,
    closingCents,
  };
}

/**
 * The statement of owner `ownerId` for `month` (`YYYY-MM`): the buildings settled for this owner
 * that month, by name. Null when the owner is unknown or nothing was settled for them that month.
 */
export async function buildOwnerStatement(
  db: Db,
  { ownerId, month }: { ownerId: number; month: string },
): Promise<StatementContent | null> {
  const [record] = await db.select({ name: owner.name, locale: owner.locale }).from(owner).where(eq(owner.id, ownerId));
  if (!record) return null;
  const settled = await db
    .select({ id: building.id, name: building.name, reserveCents: ownerSettlement.reserveCents })
    .from(ownerSettlement)
    .innerJoin(building, eq(building.id, ownerSettlement.buildingId))
    .where(and(eq(ownerSettlement.ownerId, ownerId), eq(ownerSettlement.month, monthStart(month))))
    .orderBy(asc(building.name), asc(building.id));
  if (settled.length === 0) return null;
  const lang = record.locale;
  const settings = await currentSettings(db);
  const buildings = [];
  for (const row of settled)
    buildings.push(await buildStatementBuilding(db, { buildingId: row.id, name: row.name, month, lang, reserveCents: row.reserveCents }));
  return { ownerName: record.name, companyName: settings.companyName, month, locale: lang, buildings };
}

/** "November 2026" / "novembre 2026". */
export function monthLabel(month: string, lang: Language): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleString(intlLocale(lang), { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The statement lines of one building (or the totals) as label/amount rows. */
function summaryRows(
  part: Omit<StatementBuilding, 'id' | 'name' | 'income' | 'expenses' | 'invoices'> & { incomeCents: number; expenseCents: number },
  lang: Language,
) {
  const tr = TEXTS[lang];
  const rows: [string, number, boolean][] = [
    [tr.opening, part.openingCents, true],
    [tr.income, part.incomeCents, false],
    [tr.expenses, -part.expenseCents, false],
    [tr.fee, -part.feeCents, false],
  ];
  if (part.contributionsCents !== 0) rows.push([tr.contributions, part.contributionsCents, false]);
  if (part.uncollectedCents !== 0) rows.push([tr.uncollected, part.uncollectedCents, false]);
  if (part.otherCents !== 0) rows.push([tr.other, part.otherCents, false]);
  rows.push([tr.distribution, -part.distributionCents, false]);
  rows.push([tr.closing, part.closingCents, true]);
  rows.push([tr.reserve, part.reserveCents, false]);
  return rows;
}

function totalsOf(buildings: StatementBuilding[]) {
  const sum = (pick: (row: StatementBuilding) => number) => buildings.reduce((total, row) => total + pick(row), 0);
  return {
    openingCents: sum((row) => row.openingCents),
    incomeCents: sum((row) => row.income.reduce((total, line) => total + line.cents, 0)),
    expenseCents: sum((row) => row.expenses.reduce((total, line) => total + line.cents, 0)),
    feeCents: sum((row) => row.feeCents),
    contributionsCents: sum((row) => row.contributionsCents),
    uncollectedCents: sum((row) => row.uncollectedCents),
    distributionCents: sum((row) => row.distributionCents),
    otherCents: sum((row) => row.otherCents),
    reserveCents: sum((row) => row.reserveCents),
    closingCents: sum((row) => row.closingCents),
  };
}

/**
 * The statement as a PDF in its language (US Letter, the house frame): the owner, the month, each
 * building's summary with its income and expense accounts and invoices, then the totals.
 * Deterministic: its dates are the month's end, so the same content gives the same bytes.
 */
export async function renderOwnerStatementPdf(content: StatementContent): Promise<Buffer> {
  const lang = content.locale;
  const tr = TEXTS[lang];
  const money = (cents: number) => toPdfText(formatCents(cents, lang));
  const made = new Date(`${monthEnd(content.month)}T23:59:59Z`);
  const title = fillText(tr.title, { month: monthLabel(content.month, lang) });
  const table = (rows: [string, number, boolean][]): Content => ({
    table: {
      widths: ['*', 110],
      body: rows.map(([label, cents, bold]) => [
        { text: toPdfText(label), bold },
        { text: money(cents), alignment: 'right', bold },
      ]),
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 8],
  });
  const accounts = (heading: string, lines: StatementAccountLine[]): Content[] =>
    lines.length === 0
      ? []
      : [
          { text: toPdfText(heading), style: 'subheading' },
          {
            table: {
              widths: ['*', 110],
              body: lines.map((line) => [
                { text: toPdfText(`${line.number} · ${line.name}`) },
                { text: money(line.cents), alignment: 'right' },
              ]),
            },
            layout: 'noBorders',
            margin: [0, 0, 0, 6],
          },
        ];
  const content_: Content[] = [
    { text: toPdfText(content.companyName), style: 'company' },
    { text: toPdfText(title), style: 'title' },
    { text: toPdfText(fillText(tr.owner, { name: content.ownerName })), margin: [0, 0, 0, 2] },
    {
      text: toPdfText(
        fillText(tr.period, { from: formatIsoDate(monthStart(content.month), lang), to: formatIsoDate(monthEnd(content.month), lang) }),
      ),
      margin: [0, 0, 0, 14],
    },
  ];
  for (const part of content.buildings) {
    const incomeCents = part.income.reduce((sum, line) => sum + line.cents, 0);
    const expenseCents = part.expenses.reduce((sum, line) => sum + line.cents, 0);
    content_.push({ text: toPdfText(part.name), style: 'heading', headlineLevel: 1 });
    content_.push(table(summaryRows({ ...part, incomeCents, expenseCents }, lang)));
    content_.push(...accounts(tr.incomeByAccount, part.income), ...accounts(tr.expensesByAccount, part.expenses));
    if (part.invoices.length > 0) {
      content_.push({ text: toPdfText(tr.invoices), style: 'subheading' });
      content_.push({
        table: {
          headerRows: 1,
          widths: [70, 130, '*', 80],
          body: [
            [tr.date, tr.vendor, tr.memo, tr.amount].map((text, index) => ({
              text: toPdfText(text),
              bold: true,
              alignment: index === 3 ? 'right' : 'left',
            })),
            ...part.invoices.map((invoice): Content[] => [
              { text: toPdfText(formatIsoDate(invoice.date, lang)) },
              { text: toPdfText(invoice.vendor) },
              { text: toPdfText(invoice.memo) },
              { text: money(invoice.cents), alignment: 'right' },
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
        fontSize: 9,
        margin: [0, 0, 0, 8],
      });
    }
  }
  if (content.buildings.length > 1) {
    content_.push({ text: toPdfText(tr.total), style: 'heading' });
    content_.push(table(summaryRows(totalsOf(content.buildings), lang)));
  }
  content_.push({ text: toPdfText(tr.note), style: 'note' });
  return renderPdf(
    { lang, made, title, subject: content.ownerName, author: content.companyName },
    {
      content: content_,
      styles: {
        company: { fontSize: 11, bold: true, color: '#444444', margin: [0, 0, 0, 2] },
        title: { fontSize: 18, bold: true, margin: [0, 0, 0, 10] },
        heading: { fontSize: 13, bold: true, margin: [0, 10, 0, 6] },
        subheading: { fontSize: 10.5, bold: true, color: '#333333', margin: [0, 4, 0, 4] },
        note: { italics: true, fontSize: 9, color: '#555555', margin: [0, 12, 0, 0] },
      },
    },
  );
}

/**
 * Makes (or remakes) owner `ownerId`'s statement of `month`: builds the figures, renders the PDF,
 * and keeps the figures with the PDF's SHA-256 (replacing the row of an earlier run). A first
 * statement also queues its e-mail to the owner (`mail.owner`, template `statement`) in the same
 * transaction, unless `email` is false (the demo seed's history). Answers the row's id, the fingerprint and whether it is new, or null when nothing
 * was settled for the owner that month.
 */
export async function generateOwnerStatement(
  db: Db,
  { ownerId, month, now = new Date(), email = true }: { ownerId: number; month: string; now?: Date; email?: boolean },
): Promise<{ id: number; sha256: string; created: boolean } | null> {
  const content = await buildOwnerStatement(db, { ownerId, month });
  if (!content) return null;
  const pdf = await renderOwnerStatementPdf(content);
  const sha256 = sha256Hex(pdf);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: ownerStatement.id })
      .from(ownerStatement)
      .where(and(eq(ownerStatement.ownerId, ownerId), eq(ownerStatement.month, monthStart(month))));
    const [row] = await tx
      .insert(ownerStatement)
      .values({ ownerId, month: monthStart(month), locale: content.locale, content, sha256, byteSize: pdf.length, createdAt: now })
      .onConflictDoUpdate({
        target: [ownerStatement.ownerId, ownerStatement.month],
        set: { locale: content.locale, content, sha256, byteSize: pdf.length },
      })
      .returning({ id: ownerStatement.id });
    const created = !before;
    if (created && email) {
      const [recipient] = await tx.select({ email: owner.email, name: owner.name }).from(owner).where(eq(owner.id, ownerId));
      const distributed = content.buildings.reduce((sum, part) => sum + part.distributionCents, 0);
      const payload: OwnerMailPayload = {
        template: 'statement',
        to: recipient!.email,
        locale: content.locale,
        name: recipient!.name,
        path: '/owner-portal',
        values: {
          month: monthLabel(month, content.locale),
          buildings: content.buildings.map((part) => part.name).join(', '),
          distribution: formatCents(distributed, content.locale),
          hash: sha256,
        },
      };
      await enqueueOutbox(tx, [{ topic: OWNER_MAIL_TOPIC, payload, dedupeKey: `owner-statement:${ownerId}:${month}` }]);
      await tx.update(ownerStatement).set({ emailedAt: now }).where(eq(ownerStatement.id, row!.id));
    }
    return { id: row!.id, sha256, created };
  });
}

/**
 * The job's second step (decision 061): a statement for every owner and month settled in the
 * last `months` months (default 3) that has none yet, each e-mailed once (unless `email` is false).
 * Answers how many were made.
 */
export async function generateDueOwnerStatements(
  db: Db,
  { now = new Date(), months = 3, email = true }: { now?: Date; months?: number; email?: boolean } = {},
): Promise<number> {
  const since = monthStart(shiftMonth(now.toISOString().slice(0, 7), -months));
  const due = await db
    .selectDistinct({ ownerId: ownerSettlement.ownerId, month: ownerSettlement.month })
    .from(ownerSettlement)
    .leftJoin(ownerStatement, and(eq(ownerStatement.ownerId, ownerSettlement.ownerId), eq(ownerStatement.month, ownerSettlement.month)))
    .where(and(sql`${ownerSettlement.month} >= ${since}::date`, isNull(ownerStatement.id), sql`${ownerSettlement.ownerId} is not null`))
    .orderBy(asc(ownerSettlement.month));
  let made = 0;
  for (const row of due) {
    if ((await generateOwnerStatement(db, { ownerId: row.ownerId!, month: row.month.slice(0, 7), now, email })) !== null) made += 1;
  }
  return made;
}

/**
 * An admin's "Regenerate" of owner `ownerId`'s statement of `month` (audited
 * `owner_statement_regenerated` with both fingerprints): `unchanged` is true when the books gave
 * the same PDF again. `not_settled` when nothing was settled for the owner that month.
 */
export async function regenerateOwnerStatement(
  db: Db,
  { actor, ownerId, month, origin }: { actor: { id: string }; ownerId: number; month: string; origin: RequestOrigin },
): Promise<{ ok: true; sha256: string; unchanged: boolean } | { ok: false; reason: 'not_settled' }> {
  const [before] = await db
    .select({ sha256: ownerStatement.sha256 })
    .from(ownerStatement)
    .where(and(eq(ownerStatement.ownerId, ownerId), eq(ownerStatement.month, monthStart(month))));
  const made = await generateOwnerStatement(db, { ownerId, month });
  if (!made) return { ok: false, reason: 'not_settled' };
  await recordAuditEvent({
    db,
    userId: actor.id,
    action: 'owner_statement_regenerated',
    origin,
    tableName: 'owner_statement',
    values: { owner_id: ownerId, month, sha256: made.sha256, previous_sha256: before?.sha256 ?? null },
  });
  return { ok: true, sha256: made.sha256, unchanged: before?.sha256 === made.sha256 };
}

/** One statement as the portal and the admin list it. */
export type StatementRow = { id: number; month: string; sha256: string; byteSize: number; createdAt: string };

/** Owner `ownerId`'s statements, newest month first (at most `limit`). */
export async function listOwnerStatements(db: Db, ownerId: number, { limit = 24 }: { limit?: number } = {}): Promise<StatementRow[]> {
  const rows = await db
    .select({
      id: ownerStatement.id,
      month: ownerStatement.month,
      sha256: ownerStatement.sha256,
      byteSize: ownerStatement.byteSize,
      createdAt: ownerStatement.createdAt,
    })
    .from(ownerStatement)
    .where(eq(ownerStatement.ownerId, ownerId))
    .orderBy(sql`${ownerStatement.month} desc`)
    .limit(limit);
  return rows.map((row) => ({ ...row, month: row.month.slice(0, 7), createdAt: row.createdAt.toISOString() }));
}

/**
 * The download of statement `statementId` when it belongs to owner `ownerId` (null otherwise): the
 * PDF rendered from the kept figures, inline, with its fingerprint in `X-Content-SHA256`.
 */
export async function statementDownload(db: Db, ids: { ownerId: number; statementId: number }): Promise<Response | null> {
  const statement = await statementPdf(db, ids);
  if (!statement) return null;
  const response = fileResponse({
    body: statement.pdf,
    fileName: statement.fileName,
    contentType: 'application/pdf',
    disposition: 'inline',
  });
  response.headers.set('X-Content-SHA256', statement.sha256);
  return response;
}

/**
 * The PDF of statement `statementId` when it belongs to owner `ownerId` (null otherwise): rendered
 * from the kept figures, with its file name and fingerprint.
 */
export async function statementPdf(db: Db, { ownerId, statementId }: { ownerId: number; statementId: number }) {
  const [row] = await db
    .select({ content: ownerStatement.content, month: ownerStatement.month, sha256: ownerStatement.sha256 })
    .from(ownerStatement)
    .where(and(eq(ownerStatement.id, statementId), eq(ownerStatement.ownerId, ownerId)));
  if (!row) return null;
  const pdf = await renderOwnerStatementPdf(row.content as unknown as StatementContent);
  return { pdf, fileName: `owner-statement-${row.month.slice(0, 7)}.pdf`, sha256: row.sha256 };
}
