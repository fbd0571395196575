/**
 * What the tenants directory and tenant page (decision 020 and 022: /admin/tenants and a
 * property manager's /dashboard/tenants) share between server and browser: the list's query
 * string (`?q=&building=&due=1&ending=&after=`), read and written the same way by loaders and
 * links, and the shapes the loaders and actions answer. Money in integer cents, dates ISO.
 * Client-safe.
 */
import { numberCursor } from '~/lib/keyset-cursor';
import type { ActionResult } from '~/lib/action-result';
import { INT4_MAX } from '~/lib/ids';

/** 25 rows a page. */
export const TENANT_PAGE_SIZE = 25;
/**
 * A search whose name, e-mail or unit matches are at most this many is answered from those rows
 * (the trigram and unit-number indexes); a broader one walks leases newest first instead.
 */
export const TENANT_SEARCH_SPARSE_MAX = 5_000;
/** A search (name, e-mail, unit number) is at most this long. */
export const TENANT_SEARCH_MAX = 100;
/** "Lease ending within N days": 1–365. */
export const ENDING_WITHIN_MAX = 365;

/** Where the pages live: the admin area or the manager's dashboard. */
export type TenantsBase = '/admin/tenants' | '/dashboard/tenants';

export type TenantFilters = {
  /** Part of a name or an e-mail, or a whole unit number (trimmed, ≤ TENANT_SEARCH_MAX). */
  q: string;
  buildingId: number | null;
  /** Only tenants whose lease has a balance due (> 0). */
  balanceDue: boolean;
  /** Only active or signed leases ending within this many days (1–365). */
  endingWithin: number | null;
  /** Keyset pagination: the rows after this one (newest lease first), or the first page. */
  after: TenantCursor | null;
};

/** The last row of a page: its lease id and lease_tenant id. */
export type TenantCursor = { leaseId: number; tenantId: number };

/** The directory's cursors: a number and an id (decision 037, `app/lib/keyset-cursor.ts`). */
const CURSOR = numberCursor();

/** `1234.5678` → the cursor, or null. */
export function parseTenantCursor(raw: string | null): TenantCursor | null {
  const cursor = CURSOR.parse(raw);
  return cursor && { leaseId: cursor.key, tenantId: cursor.id };
}

/** The cursor as the `after` parameter writes it. */
export function formatTenantCursor(cursor: TenantCursor): string {
  return CURSOR.format({ key: cursor.leaseId, id: cursor.tenantId });
}

function positiveInt(raw: string | null, max: number): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : null;
}

/** The filters in `params`, cleaned: garbage means "no filter", a bad cursor the first page. */
export function parseTenantFilters(params: URLSearchParams): TenantFilters {
  const due = params.get('due');
  return {
    q: (params.get('q') ?? '').trim().slice(0, TENANT_SEARCH_MAX),
    buildingId: positiveInt(params.get('building'), INT4_MAX),
    balanceDue: due === '1' || due === 'on' || due === 'true',
    endingWithin: positiveInt(params.get('ending'), ENDING_WITHIN_MAX),
    after: parseTenantCursor(params.get('after')),
  };
}

/** True when any filter narrows the list. */
export function hasTenantFilters(filters: TenantFilters): boolean {
  return filters.q !== '' || filters.buildingId !== null || filters.balanceDue || filters.endingWithin !== null;
}

/** The directory at `base` with `filters`, after `after` (default: the filters' own cursor; null: the first page). */
export function tenantsHref(base: TenantsBase, filters: TenantFilters, after: TenantCursor | null = filters.after): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.buildingId) params.set('building', String(filters.buildingId));
  if (filters.balanceDue) params.set('due', '1');
  if (filters.endingWithin) params.set('ending', String(filters.endingWithin));
  if (after) params.set('after', formatTenantCursor(after));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

export type TenantLeaseStatus = 'draft' | 'sent' | 'signed' | 'active' | 'ended' | 'terminated';

/** One row of the directory: one signer of one lease. */
export type TenantListItem = {
  /** lease_tenant id. */
  id: number;
  /** The signer's account (null: invited, not signed in yet — no tenant page). */
  userId: string | null;
  name: string;
  email: string;
  leaseId: number;
  leaseStatus: TenantLeaseStatus;
  startDate: string;
  endDate: string;
  unitNumber: string;
  buildingId: number;
  buildingName: string;
  /** What they owe on this lease now (cents; negative: credit). */
  balanceCents: number;
};

/** One page of the directory: no total (counting 50,000 leases costs more than the page). */
export type TenantListPage = {
  items: TenantListItem[];
  /** The cursor of the next page, or null on the last one. */
  next: TenantCursor | null;
};

export type TenantLedgerEntry = {
  key: string;
  date: string;
  kind: string;
  description: string | null;
  amountCents: number;
  balanceCents: number;
  status: string;
};

export type TenantLease = {
  id: number;
  status: TenantLeaseStatus;
  startDate: string;
  endDate: string;
  moveOutDate: string | null;
  monthlyRentCents: number;
  depositCents: number;
  unitLabel: string;
  buildingId: number | null;
  signers: { name: string; email: string; role: 'primary' | 'co_tenant'; signedAt: string | null }[];
  balanceCents: number;
  overdueCents: number;
  ledger: TenantLedgerEntry[];
  depositDeductions: { description: string; amountCents: number }[] | null;
};

export type TenantDetail = {
  userId: string;
  name: string;
  email: string;
  phone: string | null;
  leases: TenantLease[];
  payments: {
    id: number;
    leaseId: number | null;
    kind: string;
    method: string;
    amountCents: number;
    refundedCents: number;
    status: string;
    reference: string | null;
    createdAt: string;
  }[];
  applications: { id: number; reference: string; status: string; unitLabel: string; moveIn: string; moveOut: string; createdAt: string }[];
  threads: { id: number; subject: string | null; status: string; lastMessageAt: string; messages: number; lastBody: string | null }[];
};

/** The commands of the tenant page, posted as `intent` with `leaseId`. */
export const TENANT_INTENTS = ['add-charge', 'record-payment', 'notify', 'end-lease'] as const;
export type TenantIntent = (typeof TENANT_INTENTS)[number];

export function isTenantIntent(value: unknown): value is TenantIntent {
  return typeof value === 'string' && (TENANT_INTENTS as readonly string[]).includes(value);
}

/** What the tenant page's action answers. */
export type TenantActionResult = ActionResult<TenantIntent>;
