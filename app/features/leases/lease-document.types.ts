/**
 * What a lease document and a payment receipt are made from (decision 022: "the applicant reads
 * the lease as a page and as a PDF"; tenant portal "documents: the signed lease PDF and
 * receipts"). Client-safe: the signing page renders a `LeaseDocument` the server built.
 * Money is integer cents (USD), dates are ISO `YYYY-MM-DD`, timestamps ISO 8601 in UTC.
 */
import type { LateFeeRule } from '~/lib/late-fees';

/** Everything the lease text says, fixed when the lease is sent. */
export type LeaseDocumentInput = {
  leaseId: number;
  /** The landlord/manager, from settings. */
  companyName: string;
  /** ISO date the document is dated (the day it was sent); also fixes the PDF's dates. */
  documentDate: string;
  unit: {
    buildingName: string | null;
    unitNumber: string | null;
    address: string;
    city: string;
    state: string;
    zipCode: string;
    /** The unit's listing title in the document's language. */
    title: string;
  };
  tenants: { name: string; email: string; role: 'primary' | 'co_tenant' }[];
  occupants: { adults: number; children: number };
  /** ISO dates, inclusive. */
  startDate: string;
  endDate: string;
  monthlyRentCents: number;
  depositCents: number;
  dueAtSigningCents: number;
  /** Day of the month rent is due (1–28). */
  rentDueDay: number;
  /**
   * The late-fee rule the lease's building follows: its own, or else the company's (decisions 048
   * and 051); its grace days are the days after the due day before a fee applies.
   */
  lateFeeRule: LateFeeRule;
  renewalOfLeaseId: number | null;
};

/** The lease as text in one language: shown as a page and printed to the PDF. */
export type LeaseDocument = {
  title: string;
  subtitle: string;
  sections: { heading: string; paragraphs: string[] }[];
  signatureNote: string;
};

/** What a payment receipt shows (tenant portal payment history). */
export type ReceiptInput = {
  companyName: string;
  receiptNumber: string;
  /** ISO timestamp (UTC) the payment settled; also fixes the PDF's dates. */
  paidAt: string;
  payerName: string;
  unitLabel: string;
  amountCents: number;
  refundedCents: number;
  method: 'card' | 'autopay' | 'bank_debit' | 'check' | 'cash' | 'bank_transfer';
  cardBrand: string | null;
  cardLast4: string | null;
  /** Check number, transfer reference… */
  reference: string | null;
  /** The charges this payment paid. */
  allocations: { label: string; amountCents: number }[];
};

/** One line of a year's statement (see `StatementInput`). */
export type StatementLine = {
  /** ISO date, the building's local date it happened. */
  date: string;
  kind: string;
  /** `YYYY-MM` of a rent period, else free text or null. */
  period: string | null;
  description: string | null;
  /** A charge's due date when it differs from `date`. */
  dueDate: string | null;
  /** Signed effect on the balance, cents (charges +, payments and credits −, refunds +). */
  amountCents: number;
  /** The balance after the line, cents. */
  balanceCents: number;
  /** A late fee's rule when it posted (decision 048). */
  lateFeeRule: LateFeeRule | null;
};

/** A tenant's statement of one calendar year (the year-end statement). Money in integer cents (USD). */
export type StatementInput = {
  companyName: string;
  tenantName: string;
  unitLabel: string;
  year: number;
  /** ISO date the statement is made (fixes the PDF's dates): 31 December, or today in the current year. */
  madeOn: string;
  /** The balance carried in on 1 January. */
  openingCents: number;
  lines: StatementLine[];
};
