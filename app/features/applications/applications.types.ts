/**
 * What the application review (staff: /admin/applications and a property manager's /dashboard)
 * and the applicant's "My applications" card share between server and browser: statuses, the
 * transitions each side may make, the posted intents, and the shapes the loaders and actions
 * answer. Client-safe.
 *
 * Lifecycle (DESIGN §4, decision 010):
 *   submitted → under_review → approved | rejected   (staff)
 *   submitted → rejected                              (staff: an application that clearly does
 *                                                      not qualify needs no review round)
 *   submitted | under_review → withdrawn              (the applicant only)
 *   approved → leased                                 (lease signing; not part of this review)
 *   submitted → payment_failed → expired             (the card was declined; 7 days later it
 *                                                      expires; a successful retry submits it)
 */
import type { ActionResult } from '~/lib/action-result';
import type { ReviewFilters } from './review-filters';

/** Every status an application can have (schema `application_status`). */
export const APPLICATION_STATUSES = [
  'submitted',
  'under_review',
  'approved',
  'rejected',
  'withdrawn',
  'leased',
  'payment_failed',
  'expired',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);
}

/** The statuses staff may move an application to. */
export type StaffTargetStatus = 'under_review' | 'approved' | 'rejected';

/** From each status, where staff may move it (an empty list: staff cannot change it any more). */
export const STAFF_TRANSITIONS: Record<ApplicationStatus, readonly StaffTargetStatus[]> = {
  submitted: ['under_review', 'rejected'],
  under_review: ['approved', 'rejected'],
  approved: [],
  rejected: [],
  withdrawn: [],
  leased: [],
  // An unpaid application is not reviewed: the applicant retries the card or it expires.
  payment_failed: ['rejected'],
  expired: [],
};

/** The statuses from which the applicant may withdraw. */
export const WITHDRAWABLE_STATUSES: readonly ApplicationStatus[] = ['submitted', 'under_review'];

/** The staff commands, posted as `intent`, and the status each leads to. */
export const STAFF_INTENTS = { review: 'under_review', approve: 'approved', reject: 'rejected' } as const satisfies Record<
  string,
  StaffTargetStatus
>;
export type StaffIntent = keyof typeof STAFF_INTENTS;
/** Every command of the review pages: the staff ones and the applicant's `withdraw`. */
export type ApplicationIntent = StaffIntent | 'withdraw';

export function isApplicationIntent(value: unknown): value is ApplicationIntent {
  return value === 'withdraw' || (typeof value === 'string' && Object.hasOwn(STAFF_INTENTS, value));
}

export function isStaffIntent(value: unknown): value is StaffIntent {
  return typeof value === 'string' && Object.hasOwn(STAFF_INTENTS, value);
}

/** The staff intent that moves an application to `status`. */
export function intentFor(status: StaffTargetStatus): StaffIntent {
  return (Object.keys(STAFF_INTENTS) as StaffIntent[]).find((intent) => STAFF_INTENTS[intent] === status)!;
}

/** A note to the applicant is at most this long (characters). */
export const REVIEW_NOTE_MAX = 1_000;
/** A search (reference, name or e-mail) is at most this long. */
export const REVIEW_SEARCH_MAX = 100;
/** The review list shows 25 applications a page. */
export const REVIEW_PAGE_SIZE = 25;

/**
 * How an application stands on what was due when it was submitted (booking flow, decision 009):
 * nothing was due, it was paid, a charge is still pending, or the card was declined.
 */
export type ApplicationPaymentState = 'paid' | 'not_required' | 'pending' | 'failed';

/** One line of the review list. Dates are ISO (YYYY-MM-DD), timestamps ISO UTC. */
export type ApplicationListItem = {
  id: number;
  reference: string;
  status: ApplicationStatus;
  propertyId: number;
  propertyTitle: string;
  propertyCity: string;
  applicantName: string;
  email: string;
  moveIn: string;
  moveOut: string;
  paymentState: ApplicationPaymentState;
  createdAt: string;
};

export type ApplicationListPage = { items: ApplicationListItem[]; total: number; page: number; pageCount: number };

/** A property the reviewer may narrow the list to. */
export type ReviewPropertyOption = { id: number; title: string; city: string };

/** One entry of an application's history (audit log). */
export type ApplicationHistoryEntry = {
  id: number;
  action: 'application_submitted' | 'application_status_changed';
  from: ApplicationStatus | null;
  to: ApplicationStatus | null;
  note: string | null;
  actorName: string | null;
  createdAt: string;
};

/** The terms an application was quoted at submission (booking flow, decision 009): months, and money in integer cents. */
export type ApplicationQuote = {
  leaseMonths: number;
  monthlyRentCents: number;
  depositCents: number;
  applicationFeeCents: number;
  dueNowCents: number;
  dueAtSigningCents: number;
};

/** Everything the detail panel shows. Money in integer cents; no card number, only brand + last 4. */
export type ApplicationDetail = ApplicationListItem &
  ApplicationQuote & {
    property: { id: number; title: string; city: string; state: string; status: 'available' | 'leased' | 'maintenance' };
    firstName: string;
    lastName: string;
    phone: string;
    currentAddress: string;
    city: string;
    zipCode: string;
    country: string;
    adults: number;
    children: number;
    specialRequests: string | null;
    paymentMethod: 'card' | 'pay_at_signing';
    locale: string;
    /** A signed-in applicant's account, or null for a guest. */
    hasAccount: boolean;
    updatedAt: string;
    payments: {
      id: number;
      kind: 'application_fee' | 'deposit' | 'rent' | 'other';
      amountCents: number;
      status: 'pending' | 'processing' | 'succeeded' | 'failed' | 'refunded';
      cardBrand: string | null;
      cardLast4: string | null;
      createdAt: string;
    }[];
    /** The lease approval created, if any. */
    lease: {
      id: number;
      status: 'draft' | 'sent' | 'signed' | 'active' | 'ended' | 'terminated';
      startDate: string;
      endDate: string;
    } | null;
    history: ApplicationHistoryEntry[];
  };

/** An application on its applicant's /dashboard. */
export type MyApplication = ApplicationQuote & {
  id: number;
  reference: string;
  status: ApplicationStatus;
  propertyId: number;
  propertyTitle: string;
  moveIn: string;
  moveOut: string;
  paymentState: ApplicationPaymentState;
  createdAt: string;
  canWithdraw: boolean;
};

/** What a review page renders: the list, the property filter's options, the open panel. */
export type ReviewPageData = {
  filters: ReviewFilters;
  list: ApplicationListPage;
  properties: ReviewPropertyOption[];
  selected: ApplicationDetail | null;
  /** After a plain browser post: which command succeeded. */
  done: ApplicationIntent | null;
};

/** What the review pages' action answers (the same for /admin/applications and /dashboard). */
/** What a review command answers (decision 037): the application's id and new status; a refusal's `key` is the application's id. */
export type ApplicationActionResult = ActionResult<ApplicationIntent, { applicationId: number; status: ApplicationStatus }>;
