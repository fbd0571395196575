/**
 * What the payments pages' loaders and actions answer to the browser (decision 020 and 022). The row shapes are the services' (type-only imports, erased from the client bundle).
 * Client-safe.
 */
import type { ActionResult } from '~/lib/action-result';
import type { PaymentDetail, PaymentListItem, PaymentPage, Reconciliation } from './payments-admin.server';
import type { BuildingOption } from '~/features/portfolio/building-options.server';
import type { PaymentFilters, ReconciliationQuery } from './payments.schemas';

export type { PaymentDetail, PaymentListItem, Reconciliation };

type PageCommon = {
  basePath: '/admin/payments' | '/dashboard/payments';
  /** The building the list is filtered by, with its name (the filter searches the others). */
  building: BuildingOption | null;
  /** Translated messages of the fields that are wrong (the page answered 400). */
  errors: Record<string, string>;
};

export type PaymentsPageData =
  | (PageCommon & { view: 'list'; filters: PaymentFilters; list: PaymentPage; firstPage: boolean })
  | (PageCommon & { view: 'reconciliation'; query: ReconciliationQuery; reconciliation: Reconciliation | null });

/** The payment page's one command. */
export const REFUND_INTENTS = ['refund'] as const;

/** What the refund action answers (decision 037): the refund's id and amount, or messages by field. */
export type RefundActionResult = ActionResult<'refund', { refundId: number; amountCents: number }>;
