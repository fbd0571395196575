import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '~/lib/constants';
import { dailyLateFee } from '../../../tests/setup/leases';
import { buildLeaseDocument, renderLeasePdf, renderReceiptPdf, renderStatementPdf, sha256Hex, toPdfText } from './lease-document.server';
import type { LeaseDocumentInput, ReceiptInput, StatementInput } from './lease-document.types';

const STANDARD_FONTS = `${path.resolve(import.meta.dirname, '../../../node_modules/pdfjs-dist/standard_fonts')}/`;

/** The demo's Texan rule (decision 051): $15 a day after two days of grace, at most 10% of the rent. */
const TEXAN_DAILY = dailyLateFee();

function leaseInput(overrides: Partial<LeaseDocumentInput> = {}): LeaseDocumentInput {
  return {
    leaseId: 42,
    companyName: 'Dimora Residential LLC',
    documentDate: '2026-11-15',
    unit: {
      buildingName: 'Maple Court',
      unitNumber: '3B',
      address: '1200 Congress Avenue',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      title: 'Bright two-bedroom with balcony',
    },
    tenants: [
      { name: 'Ada Lovelace', email: 'ada@example.com', role: 'primary' },
      { name: 'Charles Babbage', email: 'charles@example.com', role: 'co_tenant' },
    ],
    occupants: { adults: 2, children: 1 },
    startDate: '2026-12-01',
    endDate: '2027-11-30',
    monthlyRentCents: 245_000,
    depositCents: 367_500,
    dueAtSigningCents: 602_500,
    rentDueDay: 1,
    lateFeeRule: { graceDays: 5, kind: 'flat', frequency: 'once', amountCents: 7_500, percent: 0, capCents: 0, capPercent: 0 },
    renewalOfLeaseId: null,
    ...overrides,
  };
}

function receiptInput(overrides: Partial<ReceiptInput> = {}): ReceiptInput {
  return {
    companyName: 'Dimora Residential LLC',
    receiptNumber: 'R-2026-000917',
    paidAt: '2026-12-01T14:05:09Z',
    payerName: 'Ada Lovelace',
    unitLabel: 'Maple Court, unit 3B',
    amountCents: 252_500,
    refundedCents: 0,
    method: 'card',
    cardBrand: 'visa',
    cardLast4: '4242',
    reference: null,
    allocations: [
      { label: 'Rent, December 2026', amountCents: 245_000 },
      { label: 'Late fee, November 2026', amountCents: 7_500 },
    ],
    ...overrides,
  };
}

/** The text of every page, whitespace (including no-break spaces) collapsed to single spaces. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    return collapse(pages.join('\n'));
  } finally {
    await pdf.destroy();
  }
}

async function pdfInfo(bytes: Uint8Array): Promise<Record<string, unknown>> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    return (await pdf.getMetadata()).info as Record<string, unknown>;
  } finally {
    await pdf.destroy();
  }
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ');
}

function allText(doc: ReturnType<typeof buildLeaseDocument>): string[] {
  return [doc.title, doc.subtitle, doc.signatureNote, ...doc.sections.flatMap((section) => [section.heading, ...section.paragraphs])];
}

afterEach(() => {
  vi.useRealTimers();
});

describe('lease document', () => {
  it('the English lease PDF holds the tenant names, the rent, the deposit, the dates and the address', async () => {
    const text = await pdfText(await renderLeasePdf(leaseInput(), 'en'));
    for (const expected of [
      'Residential Lease Agreement',
      'Ada Lovelace',
      'Charles Babbage',
      '$2,450.00',
      '$3,675.00',
      '$6,025.00',
      '$75.00',
      'December 1, 2026',
      'November 30, 2027',
      '1200 Congress Avenue, Austin, TX 78701',
      'unit 3B in Maple Court',
      'day 1 of each month',
      'within 5 days',
      'SHA-256 fingerprint of this document',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('the Italian lease PDF has Italian headings and its accented letters come out intact', async () => {
    const input = leaseInput({
      companyName: 'Società Immobiliare Dimora',
      tenants: [{ name: 'Niccolò Lucà', email: 'niccolo@example.com', role: 'primary' }],
      unit: { ...leaseInput().unit, buildingName: 'Palazzo Verità' },
    });
    const text = await pdfText(await renderLeasePdf(input, 'it'));
    for (const expected of [
      'Contratto di locazione a uso abitativo',
      '1. Parti',
      'Durata',
      'Canone',
      'Deposito cauzionale',
      'Firma elettronica',
      'Società Immobiliare Dimora',
      'Niccolò Lucà',
      'Palazzo Verità',
      'Il canone è di 2450,00 USD al mese.',
      'meno quanto già pagato',
      '1 dicembre 2026',
      '30 novembre 2027',
      'impronta SHA-256',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Residential Lease Agreement');
  });

  it('the same lease rendered twice, at different times, gives the same bytes and SHA-256', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-03-01T08:00:00Z'));
    const first = await renderLeasePdf(leaseInput(), 'en');
    vi.setSystemTime(new Date('2031-07-19T23:59:59Z'));
    const second = await renderLeasePdf(leaseInput(), 'en');
    expect(sha256Hex(second)).toBe(sha256Hex(first));
    expect(Buffer.compare(first, second)).toBe(0);
    expect(sha256Hex(first)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the PDF is dated the document date, not the day it was rendered', async () => {
    const info = await pdfInfo(await renderLeasePdf(leaseInput(), 'en'));
    expect(info.CreationDate).toBe('D:20261115000000Z');
    expect(info.ModDate).toBe('D:20261115000000Z');
    expect(info.Title).toBe('Residential Lease Agreement');
  });

  it('changing the rent changes the SHA-256', async () => {
    const before = sha256Hex(await renderLeasePdf(leaseInput(), 'en'));
    const after = sha256Hex(await renderLeasePdf(leaseInput({ monthlyRentCents: 245_100 }), 'en'));
    expect(after).not.toBe(before);
  });

  it('the English and Italian PDFs of one lease differ', async () => {
    const english = sha256Hex(await renderLeasePdf(leaseInput(), 'en'));
    const italian = sha256Hex(await renderLeasePdf(leaseInput(), 'it'));
    expect(italian).not.toBe(english);
  });

  it('buildLeaseDocument leaves no missing key or unfilled placeholder in either language', () => {
    const variants: LeaseDocumentInput[] = [
      leaseInput(),
      leaseInput({
        tenants: [{ name: 'Ada Lovelace', email: 'ada@example.com', role: 'primary' }],
        occupants: { adults: 1, children: 0 },
        depositCents: 0,
        dueAtSigningCents: 0,
        lateFeeRule: { ...leaseInput().lateFeeRule, amountCents: 0 },
        renewalOfLeaseId: 7,
        unit: { ...leaseInput().unit, buildingName: null, unitNumber: null },
      }),
      leaseInput({ lateFeeRule: { ...leaseInput().lateFeeRule, graceDays: 0 }, unit: { ...leaseInput().unit, buildingName: null } }),
      leaseInput({ lateFeeRule: { ...TEXAN_DAILY, graceDays: 1 }, unit: { ...leaseInput().unit, unitNumber: null } }),
    ];
    for (const lang of ['en', 'it'] as const satisfies readonly Language[]) {
      for (const input of variants) {
        const doc = buildLeaseDocument(input, lang);
        expect(doc.sections.length).toBe(13);
        for (const text of allText(doc)) {
          expect(text.trim(), lang).not.toBe('');
          expect(text, lang).not.toMatch(/lease-document\.|\{\{|\}\}|undefined|null|NaN/);
        }
      }
    }
  });

  it('the lease text follows its input: renewal, no deposit, no late fee and one occupant', () => {
    const doc = buildLeaseDocument(
      leaseInput({
        depositCents: 0,
        lateFeeRule: { ...leaseInput().lateFeeRule, amountCents: 0 },
        renewalOfLeaseId: 7,
        occupants: { adults: 1, children: 0 },
      }),
      'en',
    );
    const text = allText(doc).join('\n');
    expect(text).toContain('This lease renews lease no. 7');
    expect(text).toContain('No security deposit is required.');
    expect(text).toContain('No late fee is charged');
    expect(text).toContain('1 adult and 0 children');
  });

  it('states the late fee by the building’s rule: a flat fee, a percent with its cap, a daily fee (decisions 048 and 051)', () => {
    const rentLine = (input: LeaseDocumentInput, lang: Language = 'en') =>
      allText(buildLeaseDocument(input, lang)).find((text) => /late fee is added|penale per il ritardo/.test(text));
    expect(rentLine(leaseInput())).toBe('If the rent is not paid in full within 5 days after the due date, a late fee is added: $75.00.');
    expect(
      rentLine(
        leaseInput({
          lateFeeRule: { graceDays: 5, kind: 'percent', frequency: 'once', amountCents: 0, percent: 5, capCents: 7_500, capPercent: 0 },
        }),
      ),
    ).toBe(
      'If the rent is not paid in full within 5 days after the due date, a late fee is added: 5% of the month’s rent, at most $75.00.',
    );
    expect(rentLine(leaseInput({ lateFeeRule: TEXAN_DAILY }))).toBe(
      'If the rent is not paid in full within 2 days after the due date, a late fee is added: $15.00 a day, at most 10% of the month’s rent.',
    );
    expect(rentLine(leaseInput({ lateFeeRule: TEXAN_DAILY }), 'it')).toMatch(
      /^Se il canone non è pagato per intero entro 2 giorni dalla scadenza, si aggiunge una penale per il ritardo: 15,00\sUSD al giorno, al massimo 10% del canone del mese\.$/,
    );
  });
});

function statementInput(overrides: Partial<StatementInput> = {}): StatementInput {
  const line = (
    date: string,
    kind: string,
    amountCents: number,
    balanceCents: number,
    extra: Partial<StatementInput['lines'][number]> = {},
  ) => ({
    date,
    kind,
    period: null,
    description: null,
    dueDate: null,
    amountCents,
    balanceCents,
    lateFeeRule: null,
    ...extra,
  });
  return {
    companyName: 'Dimora Property Management',
    tenantName: 'Ada Lovelace',
    unitLabel: 'Maple Court · 4B',
    year: 2026,
    madeOn: '2026-12-31',
    openingCents: 10_000,
    lines: [
      line('2026-11-01', 'rent', 245_000, 255_000, { period: '2026-11' }),
      line('2026-11-07', 'late_fee', 7_500, 262_500, {
        dueDate: '2026-11-07',
        // As the rent job stores it: the rule, not this English word, is shown.
        description: 'Late fee',
        lateFeeRule: { graceDays: 5, kind: 'percent', frequency: 'once', amountCents: 0, percent: 5, capCents: 7_500, capPercent: 0 },
      }),
      line('2026-11-09', 'payment', -262_500, 0),
      line('2026-11-20', 'deposit', 50_000, 50_000, { dueDate: '2026-12-01' }),
    ],
    ...overrides,
  };
}

describe('year-end statement PDF', () => {
  it('shows the balance carried in, each line with its running balance and a late fee’s rule, the year’s totals and the closing balance', async () => {
    const text = await pdfText(await renderStatementPdf(statementInput(), 'en'));
    for (const expected of [
      'Statement for 2026',
      'Ada Lovelace',
      'Maple Court · 4B',
      'Balance on Jan 1, 2026 $100.00',
      'Rent 2026-11',
      'Late fee · rule: 5% of the month’s rent after 5 days of grace, at most $75.00',
      'Security deposit · due Dec 1, 2026',
      '-$2,625.00',
      'Charged in the year $3,025.00',
      'Paid and credited in the year $2,625.00',
      'Balance on Dec 31, 2026 $500.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/lease-document\.|common\.|\{\{/);
    expect(text).not.toContain('Late fee · Late fee');
  });

  it('in Italian, for a year with nothing in it, carries the opening balance to the close', async () => {
    const text = await pdfText(await renderStatementPdf(statementInput({ lines: [], madeOn: '2026-06-30', openingCents: -5_000 }), 'it'));
    for (const expected of ['Estratto conto 2026', 'Nessun addebito né pagamento in quest’anno.', 'Saldo al 30 giu 2026']) {
      expect(text).toContain(expected);
    }
    expect(text.match(/-50,00 USD/g)?.length).toBe(2);
  });
});

describe('receipt PDF', () => {
  it('the receipt PDF shows the amount, the receipt number, the card last 4 and the charges paid', async () => {
    const text = await pdfText(await renderReceiptPdf(receiptInput(), 'en'));
    for (const expected of [
      'Payment receipt',
      'R-2026-000917',
      '$2,525.00',
      'Visa ending in 4242',
      'Ada Lovelace',
      'Rent, December 2026',
      '$2,450.00',
      'Dec 1, 2026, 14:05 UTC',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Refunded');
    expect(text).not.toMatch(/lease-document\.|\{\{/);
  });

  it('an autopay receipt names the method and the card', async () => {
    const text = await pdfText(
      await renderReceiptPdf(receiptInput({ method: 'autopay', cardBrand: 'mastercard', cardLast4: '4444' }), 'en'),
    );
    expect(text).toContain('Automatic payment: Mastercard ending in 4444');
  });

  it('an Italian receipt for a check shows the reference and the refund', async () => {
    const input = receiptInput({ method: 'check', cardBrand: null, cardLast4: null, reference: '1043', refundedCents: 7_500 });
    const bytes = await renderReceiptPdf(input, 'it');
    const text = await pdfText(bytes);
    for (const expected of [
      'Ricevuta di pagamento',
      'Assegno, riferimento 1043',
      'Rimborsato',
      '75,00 USD',
      'Importo netto pagato',
      '2450,00 USD',
    ]) {
      expect(text).toContain(expected);
    }
    expect(sha256Hex(await renderReceiptPdf(input, 'it'))).toBe(sha256Hex(bytes));
  });
});

describe('toPdfText', () => {
  it('keeps what the standard fonts can draw and replaces the rest', () => {
    expect(toPdfText('Niccolò è già “qui” – €5')).toBe('Niccolò è già “qui” – €5');
    expect(toPdfText('Gergő\u202Fpaid')).toBe('Gergo paid');
    expect(toPdfText('王')).toBe('?');
  });
});
