/**
 * What the vendor pages (decision 030: /admin/vendors, /admin/vendors/:id, the vendor
 * portal's profile and the invitation page) share between server and browser: the list's query
 * string (`?status=&trade=&state=&insurance=&q=&page=`), read and written the same way by the
 * loader and the links, the shapes the loaders and actions answer, and the limits of the inputs.
 * Dates ISO (YYYY-MM-DD for calendar dates, full ISO for instants). Client-safe.
 */
import type { ActionResult } from '~/lib/action-result';
import { US_STATE_CODES, VENDOR_TRADES, type VendorTrade } from './vendors.schemas';

export const VENDOR_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

/** 25 vendors a page. */
export const VENDOR_PAGE_SIZE = 25;
/** A search (company name or e-mail) is at most this long. */
export const VENDOR_SEARCH_MAX = 100;
/** A rejection or suspension reason (told to the vendor by e-mail) is at most this long. */
export const VENDOR_REASON_MAX = 1_000;
/** "Insurance expiring": verified insurance that ends within this many days. */
export const INSURANCE_EXPIRING_DAYS = 30;
/** A rejected applicant may apply again this many days after the decision. */
export const REAPPLY_AFTER_DAYS = 30;
/** A vendor keeps at most this many documents (certificates and W-9s, old ones included). */
export const VENDOR_DOCUMENTS_MAX = 30;

/** The insurance filter: verified insurance ending within 30 days, already ended, or none verified. */
export const INSURANCE_FILTERS = ['expiring', 'expired', 'unverified'] as const;
export type InsuranceFilter = (typeof INSURANCE_FILTERS)[number];

/**
 * Why a vendor cannot be given new work (the rule of work-order-core.server.ts,
 * `vendorIneligibility`), or null when it can.
 */
export type VendorEligibility = null | 'vendor_not_approved' | 'insurance_unverified' | 'insurance_expired';

export type VendorFilters = {
  status: VendorStatus | null;
  trade: VendorTrade | null;
  /** A US state code the vendor serves. */
  state: string | null;
  insurance: InsuranceFilter | null;
  /** Part of the company name or the e-mail (trimmed, ≤ VENDOR_SEARCH_MAX). */
  q: string;
  page: number;
};

function positiveInt(raw: string | null, max: number): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : null;
}

function oneOf<T extends string>(allowed: readonly T[], raw: string | null): T | null {
  return raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : null;
}

/** The filters in `params`, cleaned: garbage means "no filter", a bad page the first one. */
export function parseVendorFilters(params: URLSearchParams): VendorFilters {
  return {
    status: oneOf(VENDOR_STATUSES, params.get('status')),
    trade: oneOf(VENDOR_TRADES, params.get('trade')),
    state: oneOf(US_STATE_CODES, (params.get('state') ?? '').toUpperCase() || null),
    insurance: oneOf(INSURANCE_FILTERS, params.get('insurance')),
    q: (params.get('q') ?? '').trim().slice(0, VENDOR_SEARCH_MAX),
    page: positiveInt(params.get('page'), 1_000_000) ?? 1,
  };
}

/** True when any filter narrows the list. */
export function hasVendorFilters(filters: VendorFilters): boolean {
  return filters.status !== null || filters.trade !== null || filters.state !== null || filters.insurance !== null || filters.q !== '';
}

/** The list at `base` with `filters`, on `page` (default: the filters' own). */
export function vendorsHref(base: string, filters: VendorFilters, page: number = filters.page): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.trade) params.set('trade', filters.trade);
  if (filters.state) params.set('state', filters.state);
  if (filters.insurance) params.set('insurance', filters.insurance);
  if (filters.q) params.set('q', filters.q);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/** Average stars (one decimal) of `sum` over `count` ratings, or null when there are none. */
export function averageRating(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

/** One row of /admin/vendors. */
export type VendorListItem = {
  id: number;
  companyName: string;
  contactName: string;
  email: string;
  status: VendorStatus;
  trades: string[];
  serviceStates: string[];
  /** The verified insurance's expiry (or, unverified, what the applicant declared), YYYY-MM-DD. */
  insuranceExpiry: string | null;
  insuranceVerified: boolean;
  eligibility: VendorEligibility;
  ratingAverage: number | null;
  ratingCount: number;
  /** A vendor account is linked. */
  hasAccount: boolean;
  createdAt: string;
};

export type VendorListPage = { items: VendorListItem[]; total: number; page: number; pageCount: number };

export const VENDOR_DOCUMENT_KINDS = ['coi', 'w9'] as const;
export type VendorDocumentKind = (typeof VENDOR_DOCUMENT_KINDS)[number];

/** One of a vendor's documents as the pages list it. */
export type VendorDocumentView = {
  id: number;
  kind: VendorDocumentKind;
  mime: string;
  sizeBytes: number;
  originalName: string | null;
  /** A certificate of insurance's expiry, YYYY-MM-DD. */
  expiresOn: string | null;
  verifiedAt: string | null;
  verifiedByName: string | null;
  createdAt: string;
  /** The guarded download (attachment). */
  downloadUrl: string;
};

/** The staff page of one vendor. */
export type VendorDetail = VendorListItem & {
  phone: string | null;
  website: string | null;
  serviceCountries: string[];
  notes: string | null;
  locale: string;
  rejectionReason: string | null;
  reviewedAt: string | null;
  reviewedByName: string | null;
  insuranceVerifiedAt: string | null;
  insuranceVerifiedByName: string | null;
  /** The invitation not yet accepted: when it ends (ISO) and whether it already has. */
  invitation: { expiresAt: string; expired: boolean } | null;
  accountEmail: string | null;
  ratingSum: number;
  documents: VendorDocumentView[];
  workOrders: { total: number; open: number; completed: number; byStatus: Record<string, number> };
};

/** The staff commands of /admin/vendors/:id, posted as `intent`. */
export const VENDOR_ADMIN_INTENTS = ['approve', 'reject', 'suspend', 'reinstate', 'resend-invitation', 'verify-document'] as const;
export type VendorAdminIntent = (typeof VENDOR_ADMIN_INTENTS)[number];

export function isVendorAdminIntent(value: unknown): value is VendorAdminIntent {
  return typeof value === 'string' && (VENDOR_ADMIN_INTENTS as readonly string[]).includes(value);
}

/** Which command each status allows (the buttons shown; the service decides again). */
export const VENDOR_STATUS_INTENTS: Readonly<Record<VendorStatus, readonly VendorAdminIntent[]>> = {
  pending: ['approve', 'reject'],
  rejected: ['approve'],
  approved: ['suspend'],
  suspended: ['reinstate'],
};

/** What the vendor page's action answers (decision 037's one result shape). */
export type VendorAdminActionResult = ActionResult<VendorAdminIntent>;

/** The vendor's own view in /vendor-portal/profile. */
export type VendorSelfView = {
  id: number;
  companyName: string;
  contactName: string;
  email: string;
  phone: string | null;
  website: string | null;
  trades: string[];
  serviceCountries: string[];
  serviceStates: string[];
  status: VendorStatus;
  insuranceExpiry: string | null;
  insuranceVerified: boolean;
  eligibility: VendorEligibility;
  ratingAverage: number | null;
  ratingCount: number;
  documents: VendorDocumentView[];
};

/** The vendor portal's command on /vendor-portal/profile. */
export type VendorProfileIntent = 'profile';

/** What the profile form's action answers (decision 037's one result shape). */
export type VendorProfileActionResult = ActionResult<VendorProfileIntent>;

/** Query parameters the document upload's redirect sets on /vendor-portal/profile. */
export const DOCUMENT_DONE_PARAM = 'uploaded';
export const DOCUMENT_ERROR_PARAM = 'uploadError';
