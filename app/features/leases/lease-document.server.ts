/**
 * The lease document and the PDFs of the decision 022: "The applicant reads the lease as a page
 * and as a PDF (generated server-side in their language with a PDF library), and signs
 * electronically … recorded with … the SHA-256 of the exact document signed"; tenant portal
 * "documents: the signed lease PDF and receipts", "payment history with a PDF receipt per
 * payment".
 *
 * Texts live in `locales/{en,it}/lease-document.json`, imported directly (like the mail
 * templates) rather than through `getT`, whose `import.meta.glob` exists only under Vite: the
 * job runner renders these PDFs outside Vite too.
 *
 * The PDFs are byte-for-byte reproducible: the same input and language always give the same
 * bytes, so the SHA-256 recorded at signing can be checked later by rendering again. pdfkit
 * would otherwise stamp the current time as CreationDate and derive the trailer `/ID` from it;
 * both are fixed here to the document's own date (`documentDate`, or `paidAt` for receipts).
 * Nothing else in the file is random (no encryption, no embedded font subsets: the standard
 * Helvetica fonts are used, whose WinAnsi encoding covers Italian accented letters).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { TFunction } from '~/lib/i18n';
import type * as PdfMakeModule from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import en from '~/i18n/locales/en/lease-document.json';
import it from '~/i18n/locales/it/lease-document.json';
import commonEn from '~/i18n/locales/en/common.json';
import commonIt from '~/i18n/locales/it/common.json';
import { lateFeeAmountText, lateFeeRuleText } from '~/lib/late-fee-summary';
import { lateFeeFor } from '~/lib/late-fees';
import type { Language } from '~/lib/constants';
import { formatCents, formatDateTime, formatIsoDate } from '~/lib/format';
import { createI18n, intlLocale } from '~/lib/i18n';
import type { LeaseDocument, LeaseDocumentInput, ReceiptInput, StatementInput, StatementLine } from './lease-document.types';
import { cardBrandName } from '~/lib/card-brands';

type PdfMake = typeof PdfMakeModule;

// pdfmake is a CommonJS module exporting one configured instance; `require` gets that instance
// the same way under Node, Vitest and the Vite server build.
let pdfMake: PdfMake | undefined;

/** The four standard PDF fonts used (built into every PDF reader; nothing embedded). */
const HELVETICA = { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' };
const STANDARD_FONT_NAMES: readonly string[] = Object.values(HELVETICA);

function loadPdfMake(): PdfMake {
  if (!pdfMake) {
    const instance = createRequire(import.meta.url)('pdfmake') as PdfMake;
    instance.addFonts({ Helvetica: HELVETICA });
    // Documents here never fetch anything: no remote URLs, and no local files besides the
    // standard font names (which pdfkit reads from its own metrics, not from disk paths we give).
    // The policies belong to pdfmake's one instance per process: other PDF code inherits them.
    instance.setUrlAccessPolicy(() => false);
    instance.setLocalAccessPolicy((path) => STANDARD_FONT_NAMES.includes(path));
    pdfMake = instance;
  }
  return pdfMake;
}

const NAMESPACE = 'lease-document';
// One object per language, so createI18n's per-object cache gives one translator each. `common`
// holds the late-fee rule's words, shared with the pages (app/lib/late-fee-summary.ts).
const TREES: Record<Language, object> = { en: { [NAMESPACE]: en, common: commonEn }, it: { [NAMESPACE]: it, common: commonIt } };

function translator(lang: Language): TFunction {
  return createI18n(lang, TREES[lang]).t;
}

/** `t` bound to this file's keys: `tr('rent.amount', { rent })`. A missing key comes back as `lease-document.…`. */
function scoped(lang: Language) {
  const t = translator(lang);
  return (key: string, values?: Record<string, unknown>): string => t(`${NAMESPACE}.${key}`, values ?? {});
}

const longDateFormatters = new Map<Language, Intl.DateTimeFormat>();

/** An ISO date (read as UTC) in full: "December 1, 2026" / "1 dicembre 2026". */
function formatLongDate(iso: string, lang: Language): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  let formatter = longDateFormatters.get(lang);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeZone: 'UTC' });
    longDateFormatters.set(lang, formatter);
  }
  return formatter.format(date);
}

function premisesLabel(unit: LeaseDocumentInput['unit'], tr: ReturnType<typeof scoped>): string {
  if (unit.unitNumber && unit.buildingName) return tr('premisesUnitBuilding', { unit: unit.unitNumber, building: unit.buildingName });
  if (unit.unitNumber) return tr('premisesUnit', { unit: unit.unitNumber });
  if (unit.buildingName) return tr('premisesBuilding', { building: unit.buildingName });
  return `${unit.address}, ${unit.city}`;
}

/**
 * The full text of the residential lease in one language (decision 022: "reads the lease as a
 * page and as a PDF"): parties, the home, term, rent (amount, due day, grace days, late fee),
 * security deposit, amount due at signing, occupants, utilities, maintenance and repairs, entry
 * by management, rules, renewal and ending, and the electronic-signature consent. Money in the
 * input is integer cents (USD), dates ISO `YYYY-MM-DD`; both come out formatted for `lang`
 * (en-US / it-IT). Pure: the same input gives the same text.
 */
export function buildLeaseDocument(input: LeaseDocumentInput, lang: Language): LeaseDocument {
  const tr = scoped(lang);
  const money = (cents: number) => formatCents(cents, lang);
  const date = (iso: string) => formatLongDate(iso, lang);
  const { unit } = input;

  const section = (key: string, paragraphs: (string | null | false)[]) => ({
    heading: tr(`${key}.heading`),
    paragraphs: paragraphs.filter((paragraph): paragraph is string => Boolean(paragraph)),
  });

  const sections = [
    section('parties', [
      tr('parties.intro', { date: date(input.documentDate), company: input.companyName }),
      ...input.tenants.map((tenant) =>
        tr(tenant.role === 'primary' ? 'parties.tenantPrimary' : 'parties.tenantCo', { name: tenant.name, email: tenant.email }),
      ),
      input.tenants.length > 1 && tr('parties.joint'),
    ]),
    section('premises', [
      tr('premises.address', { address: unit.address, city: unit.city, state: unit.state, zipCode: unit.zipCode }),
      unit.unitNumber && unit.buildingName
        ? tr('premises.unitBuilding', { unit: unit.unitNumber, building: unit.buildingName })
        : unit.unitNumber
          ? tr('premises.unit', { unit: unit.unitNumber })
          : unit.buildingName && tr('premises.building', { building: unit.buildingName }),
      unit.title && tr('premises.listing', { title: unit.title }),
      tr('premises.use'),
    ]),
    section('term', [
      tr('term.dates', { start: date(input.startDate), end: date(input.endDate) }),
      input.renewalOfLeaseId !== null && tr('term.renewal', { previous: input.renewalOfLeaseId }),
      tr('term.moveOut'),
    ]),
    section('rent', [
      tr('rent.amount', { rent: money(input.monthlyRentCents) }),
      tr('rent.due', { day: input.rentDueDay }),
      lateFeeFor(input.lateFeeRule, input.monthlyRentCents) <= 0
        ? tr('rent.noLateFee')
        : input.lateFeeRule.graceDays > 0
          ? tr('rent.lateFee', { count: input.lateFeeRule.graceDays, fee: lateFeeAmountText(translator(lang), input.lateFeeRule, lang) })
          : tr('rent.lateFeeNoGrace', { fee: lateFeeAmountText(translator(lang), input.lateFeeRule, lang) }),
      tr('rent.order'),
    ]),
    section(
      'deposit',
      input.depositCents > 0 ? [tr('deposit.amount', { deposit: money(input.depositCents) }), tr('deposit.return')] : [tr('deposit.none')],
    ),
    section('atSigning', [
      input.dueAtSigningCents > 0 ? tr('atSigning.amount', { amount: money(input.dueAtSigningCents) }) : tr('atSigning.none'),
    ]),
    section('occupants', [
      tr('occupants.count', {
        adults: tr('occupants.adults', { count: input.occupants.adults }),
        children: tr('occupants.children', { count: input.occupants.children }),
      }),
      tr('occupants.guests'),
    ]),
    section('utilities', [tr('utilities.body')]),
    section('maintenance', [tr('maintenance.tenant'), tr('maintenance.landlord'), tr('maintenance.damage'), tr('maintenance.emergency')]),
    section('entry', [tr('entry.body')]),
    section('rules', [tr('rules.body')]),
    section('termination', [tr('termination.renewal'), tr('termination.early'), tr('termination.moveOut'), tr('termination.law')]),
    section('esign', [tr('esign.consent'), tr('esign.effect')]),
  ].map((s, index) => ({ ...s, heading: tr('headingNumbered', { number: index + 1, heading: s.heading }) }));

  return {
    title: tr('title'),
    subtitle: tr('subtitle', { leaseId: input.leaseId, premises: premisesLabel(unit, tr), date: date(input.documentDate) }),
    sections,
    signatureNote: tr('signatureNote', { company: input.companyName }),
  };
}

// Characters of Windows-1252 above 0x7F that are not Latin-1 (the standard fonts' encoding).
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const SPACES = /[\u2000-\u200A\u202F\u205F\u3000]/g;

/**
 * Text the standard PDF fonts can draw: they only know Windows-1252 (which has every Italian
 * letter). Unusual spaces from Intl become plain spaces, other letters lose their accents
 * ("ő" → "o"), and anything still unknown becomes "?" rather than a wrong glyph.
 */
export function toPdfText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC').replace(SPACES, ' ')) {
    if (isWinAnsi(char)) {
      out += char;
      continue;
    }
    const stripped = char.normalize('NFD').replace(/\p{M}/gu, '');
    out += [...stripped].every(isWinAnsi) && stripped ? stripped : '?';
  }
  return out;
}

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
}

/** An ISO date or timestamp as the fixed moment a PDF says it was made. */
function pdfDate(iso: string): Date {
  const date = new Date(iso.length <= 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) throw new Error(`Invalid document date: ${iso}`);
  return date;
}

const BASE_STYLE = { font: 'Helvetica', fontSize: 10.5, lineHeight: 1.25, color: '#1a1a1a' };

/** What a house PDF's metadata says: its title, optional subject, author (the company) and the moment it was made. */
type PdfMeta = { lang: Language; made: Date; title: string; subject?: string; author: string };

/**
 * A PDF in the house frame — US Letter, the margins, Helvetica at `BASE_STYLE`, the language and
 * metadata of `meta` (dated `made`, never the clock, so the bytes are deterministic) — around
 * `definition`'s content, styles and footer.
 */
export async function renderPdf(
  { lang, made, title, subject, author }: PdfMeta,
  definition: Omit<TDocumentDefinitions, 'info' | 'pageSize' | 'pageMargins' | 'language' | 'displayTitle' | 'defaultStyle'>,
): Promise<Buffer> {
  return loadPdfMake()
    .createPdf({
      pageSize: 'LETTER',
      pageMargins: [60, 56, 60, 60],
      language: intlLocale(lang),
      displayTitle: true,
      info: {
        title: toPdfText(title),
        ...(subject === undefined ? {} : { subject: toPdfText(subject) }),
        author: toPdfText(author),
        creator: 'Dimora',
        producer: 'Dimora',
        creationDate: made,
        modDate: made,
      },
      defaultStyle: BASE_STYLE,
      ...definition,
    })
    .getBuffer();
}

/**
 * The lease as a PDF in `lang` (US Letter, Helvetica), from the same text as the page
 * (`buildLeaseDocument`). Deterministic: the same input and language give byte-identical output
 * (the PDF's dates and ID come from `input.documentDate`), so its `sha256Hex` is the fingerprint
 * recorded with each signature. Throws when `documentDate` is not an ISO date.
 */
export async function renderLeasePdf(input: LeaseDocumentInput, lang: Language): Promise<Buffer> {
  const doc = buildLeaseDocument(input, lang);
  const tr = scoped(lang);
  const made = pdfDate(input.documentDate);
  const content: Content[] = [
    { text: toPdfText(doc.title), style: 'title' },
    { text: toPdfText(doc.subtitle), style: 'subtitle' },
    ...doc.sections.flatMap((section): Content[] => [
      { text: toPdfText(section.heading), style: 'heading', headlineLevel: 1 },
      ...section.paragraphs.map((paragraph): Content => ({ text: toPdfText(paragraph), style: 'paragraph' })),
    ]),
    { text: toPdfText(doc.signatureNote), style: 'note' },
  ];
  return renderPdf(
    { lang, made, title: doc.title, subject: doc.subtitle, author: input.companyName },
    {
      content,
      // A heading is never the last line of a page.
      pageBreakBefore: (node, queries) => node.headlineLevel === 1 && queries.getFollowingNodesOnPage().length === 0,
      footer: (page, pages) => ({
        columns: [
          { text: toPdfText(tr('pdf.footer', { leaseId: input.leaseId })), alignment: 'left' },
          { text: toPdfText(tr('pdf.page', { page, pages })), alignment: 'right' },
        ],
        margin: [60, 24, 60, 0],
        fontSize: 8.5,
        color: '#555555',
      }),
      styles: {
        title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
        subtitle: { fontSize: 10, color: '#444444', margin: [0, 0, 0, 14] },
        heading: { fontSize: 12, bold: true, margin: [0, 10, 0, 4] },
        paragraph: { margin: [0, 0, 0, 5] },
        note: { italics: true, margin: [0, 16, 0, 0] },
      },
    },
  );
}

function paymentMethodLabel(input: ReceiptInput, tr: ReturnType<typeof scoped>): string {
  const method = tr(`receipt.methods.${input.method}`);
  if ((input.method === 'card' || input.method === 'autopay') && input.cardLast4) {
    const brand = cardBrandName(input.cardBrand, method);
    const card = tr('receipt.cardEnding', { brand, last4: input.cardLast4 });
    return input.method === 'card' ? card : tr('receipt.withDetail', { method, detail: card });
  }
  if (input.reference) return tr('receipt.withReference', { method, reference: input.reference });
  return method;
}

/**
 * A payment receipt as a PDF in `lang` (tenant portal: "payment history with a PDF receipt per
 * payment"): company, receipt number, date (UTC), payer, home, amount, method (card brand and
 * last 4, or the check/transfer reference), the charges it paid and, when some was refunded,
 * the refund and the net amount. Amounts are integer cents (USD); `paidAt` is an ISO timestamp
 * and fixes the PDF's dates, so the output is deterministic. Throws when `paidAt` is invalid.
 */
export async function renderReceiptPdf(input: ReceiptInput, lang: Language): Promise<Buffer> {
  const tr = scoped(lang);
  const money = (cents: number) => toPdfText(formatCents(cents, lang));
  const made = pdfDate(input.paidAt);
  const row = (label: string, value: string, bold = false): Content[] => [
    { text: toPdfText(label), color: '#555555' },
    { text: toPdfText(value), bold },
  ];
  const details: Content[][] = [
    row(tr('receipt.number'), input.receiptNumber),
    row(tr('receipt.date'), formatDateTime(made.toISOString(), lang)),
    row(tr('receipt.payer'), input.payerName),
    row(tr('receipt.unit'), input.unitLabel),
    row(tr('receipt.method'), paymentMethodLabel(input, tr)),
    row(tr('receipt.amount'), formatCents(input.amountCents, lang), true),
  ];
  if (input.refundedCents > 0) {
    details.push(row(tr('receipt.refunded'), formatCents(input.refundedCents, lang)));
    details.push(row(tr('receipt.net'), formatCents(input.amountCents - input.refundedCents, lang), true));
  }
  const content: Content[] = [
    { text: toPdfText(input.companyName), style: 'company' },
    { text: toPdfText(tr('receipt.title')), style: 'title' },
    { table: { widths: [150, '*'], body: details }, layout: 'noBorders', margin: [0, 0, 0, 16] },
  ];
  if (input.allocations.length > 0) {
    content.push(
      { text: toPdfText(tr('receipt.allocations')), style: 'heading' },
      {
        table: {
          headerRows: 1,
          widths: ['*', 110],
          body: [
            [
              { text: toPdfText(tr('receipt.charge')), bold: true },
              { text: toPdfText(tr('receipt.chargeAmount')), bold: true, alignment: 'right' },
            ],
            ...input.allocations.map((allocation): Content[] => [
              { text: toPdfText(allocation.label) },
              { text: money(allocation.amountCents), alignment: 'right' },
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 16],
      },
    );
  }
  content.push({ text: toPdfText(tr('receipt.thanks')), italics: true });
  return renderPdf(
    { lang, made, title: `${tr('receipt.title')} ${input.receiptNumber}`, author: input.companyName },
    {
      content,
      styles: {
        company: { fontSize: 11, bold: true, color: '#444444', margin: [0, 0, 0, 2] },
        title: { fontSize: 18, bold: true, margin: [0, 0, 0, 14] },
        heading: { fontSize: 12, bold: true, margin: [0, 0, 0, 6] },
      },
    },
  );
}

/** A statement line's words: kind, rent period, description, due date and a late fee's rule. */
function statementItem(line: StatementLine, lang: Language): string {
  const tr = scoped(lang);
  const parts = [tr(`statement.kinds.${line.kind}`) + (line.period && /^\d{4}-\d{2}$/.test(line.period) ? ` ${line.period}` : '')];
  // A late fee posted by the rent job says "Late fee" (in English) where its rule says more.
  if (line.kind !== 'payment' && !line.lateFeeRule && line.description) parts.push(line.description);
  if (line.dueDate && line.dueDate !== line.date) parts.push(tr('statement.dueOn', { date: formatIsoDate(line.dueDate, lang) }));
  if (line.lateFeeRule) parts.push(tr('statement.lateFeeRule', { rule: lateFeeRuleText(translator(lang), line.lateFeeRule, lang) }));
  return parts.join(' · ');
}

/**
 * A tenant's statement of one calendar year as a PDF in `lang` (the year-end statement): company,
 * tenant, home, the balance carried in on 1 January, every line of the year in the order it
 * happened with its running balance, the year's charges and payments, and the balance on
 * 31 December (or on `madeOn` in the current year). Amounts are integer cents (USD), dates ISO;
 * `madeOn` fixes the PDF's dates, so the output is deterministic. Throws when `madeOn` is invalid.
 */
export async function renderStatementPdf(input: StatementInput, lang: Language): Promise<Buffer> {
  const tr = scoped(lang);
  const money = (cents: number) => toPdfText(formatCents(cents, lang));
  const made = pdfDate(input.madeOn);
  const first = `${input.year}-01-01`;
  const last = input.madeOn < `${input.year}-12-31` ? input.madeOn : `${input.year}-12-31`;
  const closingCents = input.lines.at(-1)?.balanceCents ?? input.openingCents;
  const chargedCents = input.lines.filter((line) => line.amountCents > 0).reduce((sum, line) => sum + line.amountCents, 0);
  const paidCents = -input.lines.filter((line) => line.amountCents < 0).reduce((sum, line) => sum + line.amountCents, 0);
  const row = (label: string, value: string, bold = false): Content[] => [
    { text: toPdfText(label), color: '#555555' },
    { text: toPdfText(value), bold },
  ];
  const content: Content[] = [
    { text: toPdfText(input.companyName), style: 'company' },
    { text: toPdfText(tr('statement.title', { year: input.year })), style: 'title' },
    {
      table: {
        widths: [190, '*'],
        body: [
          row(tr('statement.tenant'), input.tenantName),
          row(tr('statement.unit'), input.unitLabel),
          row(tr('statement.period'), `${formatIsoDate(first, lang)} – ${formatIsoDate(last, lang)}`),
          row(tr('statement.opening', { date: formatIsoDate(first, lang) }), formatCents(input.openingCents, lang)),
          row(tr('statement.charged'), formatCents(chargedCents, lang)),
          row(tr('statement.paid'), formatCents(paidCents, lang)),
          row(tr('statement.closing', { date: formatIsoDate(last, lang) }), formatCents(closingCents, lang), true),
        ],
      },
      layout: 'noBorders',
      margin: [0, 0, 0, 16],
    },
  ];
  if (input.lines.length === 0) content.push({ text: toPdfText(tr('statement.none')), italics: true });
  else
    content.push({
      table: {
        headerRows: 1,
        widths: [70, '*', 80, 80],
        body: [
          [
            { text: toPdfText(tr('statement.date')), bold: true },
            { text: toPdfText(tr('statement.item')), bold: true },
            { text: toPdfText(tr('statement.amount')), bold: true, alignment: 'right' },
            { text: toPdfText(tr('statement.balance')), bold: true, alignment: 'right' },
          ],
          ...input.lines.map((line): Content[] => [
            { text: toPdfText(formatIsoDate(line.date, lang)) },
            { text: toPdfText(statementItem(line, lang)) },
            { text: money(line.amountCents), alignment: 'right' },
            { text: money(line.balanceCents), alignment: 'right' },
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
      fontSize: 9.5,
    });
  content.push({ text: toPdfText(tr('statement.note')), style: 'note' });
  return renderPdf(
    { lang, made, title: tr('statement.title', { year: input.year }), author: input.companyName },
    {
      content,
      styles: {
        company: { fontSize: 11, bold: true, color: '#444444', margin: [0, 0, 0, 2] },
        title: { fontSize: 18, bold: true, margin: [0, 0, 0, 14] },
        note: { italics: true, fontSize: 9, color: '#555555', margin: [0, 12, 0, 0] },
      },
    },
  );
}

/** The SHA-256 of some bytes as 64 lowercase hex digits (the fingerprint recorded with a signature). */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
