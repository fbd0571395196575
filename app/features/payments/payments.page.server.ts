/**
 * The loader and action halves of the payments pages, shared by the admin's `/admin/payments*`
 * and a property manager's `/dashboard/payments*` (decision 020 and 022). Routes guard
 * first (`requireRole`), then call these with the actor and their base path; the services scope
 * again. Answers: 400 for filters or a form that cannot be read (translated field messages), 404
 * for an unknown payment or someone else's, 409/422/502 for a refund the service or provider
 * refuses, a 303 back to the payment after a plain browser post, data (a toast) after an
 * enhanced one. Never a 500 for bad input.
 */
import { utcToday } from '~/lib/dates';
import { randomUUID } from 'node:crypto';
import { data } from 'react-router';
import { refundPayment, type StaffLedgerRefusal } from '~/features/ledger/ledger-commands.server';
import { staffPageTranslations } from '~/i18n/resources.server';
import { formatCents } from '~/lib/format';
import { requestLanguage } from '~/lib/route-helpers.server';
import type { Db } from '~/server/db/client.server';
import { filteredCsvResponse, type CsvExportArgs } from '~/server/http/csv-export.server';
import { fieldErrors } from '~/server/http/form.server';
import { handleFormAction, reasonTable, type FormCall } from '~/server/http/form-action.server';
import type { DimoraLoadContext } from '~/server/load-context';
import type { Logger } from '~/server/logger.server';
import type { PaymentProvider } from '~/server/payments/payment-provider';
import { exportPaymentsCsv, findPaymentDetail, findPayments, findReconciliation, type PaymentsActor } from './payments-admin.server';
import { parsePaymentFilters, parseReconciliationQuery, refundFormSchema } from './payments.schemas';
import { REFUND_INTENTS, type PaymentsPageData } from './payments.types';
import { findBuildingOption } from '~/features/portfolio/building-options.server';
import { parseId } from '~/lib/ids';

export type PaymentsBase = '/admin/payments' | '/dashboard/payments';

const PAGE_TRANSLATIONS = ['payments'] as const;

type PageContext = { db: Db; clientIp: string; logger: Pick<Logger, 'info'> };

/**
 * The list page (`?status=&kind=&method=&from=&to=&building=&cursor=`) or, with
 * `?view=reconciliation`, the reconciliation (`from`, `to`, `building`). Bad filters answer 400
 * with the page and a message per field (the list is then empty).
 */
export async function loadPaymentsPage<Meta>({
  request,
  context,
  actor,
  basePath,
  meta,
}: {
  request: Request;
  context: PageContext;
  actor: PaymentsActor;
  basePath: PaymentsBase;
  meta: Meta;
}) {
  const lang = requestLanguage(request);
  const params = new URL(request.url).searchParams;
  const view = params.get('view') === 'reconciliation' ? ('reconciliation' as const) : ('list' as const);
  let page: PaymentsPageData;
  if (view === 'reconciliation') {
    const parsed = parseReconciliationQuery(params, utcToday());
    const reconciliation = parsed.ok ? await findReconciliation({ db: context.db, actor, query: parsed.query }) : null;
    const building = await findBuildingOption({ db: context.db, actor, id: parsed.query.buildingId });
    page = { view, basePath, building, reconciliation, query: parsed.query, errors: parsed.ok ? {} : fieldErrors(parsed.issues, lang) };
  } else {
    const parsed = parsePaymentFilters(params);
    const list = parsed.ok
      ? await findPayments({ db: context.db, actor, filters: parsed.filters, cursor: parsed.cursor })
      : { items: [], nextCursor: null };
    const building = await findBuildingOption({ db: context.db, actor, id: parsed.filters.buildingId });
    page = {
      view,
      basePath,
      building,
      filters: parsed.filters,
      list,
      firstPage: !parsed.ok || parsed.cursor === null,
      errors: parsed.ok ? {} : fieldErrors(parsed.issues, lang),
    };
  }
  const body = { page, meta, i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS) };
  return Object.keys(page.errors).length > 0 ? data(body, { status: 400 }) : body;
}

/** A route's `:paymentId`, or null (a 404) for anything but a positive int. */
function parsePaymentId(raw: string | undefined): number | null {
  return parseId(raw);
}

/** One payment's page with a fresh idempotency key for its refund form; 404 when unknown or not the actor's. `meta` gets the payment's id. */
export async function loadPaymentDetailPage({
  request,
  context,
  actor,
  paymentParam,
  provider,
}: {
  request: Request;
  context: PageContext;
  actor: PaymentsActor;
  paymentParam: string | undefined;
  provider: PaymentProvider;
}) {
  const lang = requestLanguage(request);
  const paymentId = parsePaymentId(paymentParam);
  const detail = paymentId === null ? null : await findPaymentDetail({ db: context.db, actor, paymentId, providerName: provider.name });
  if (!detail) throw data(null, { status: 404 });
  const done = new URL(request.url).searchParams.get('done') === 'refunded' ? ('refunded' as const) : null;
  return { detail, refundKey: randomUUID(), done, i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS) };
}

/** How the payment page answers each reason code of `refundPayment` (decision 037). */
const REFUSALS = reasonTable<StaffLedgerRefusal>('payments.refund.errors', {
  not_found: 404,
  invalid_amount: { status: 422, field: 'amount' },
  invalid_date: 422,
  above_balance: 422,
  nothing_due: 409,
  above_refundable: { status: 422, field: 'amount' },
  not_refundable: 409,
  provider_refused: 422,
  provider_unavailable: 502,
  not_active: 409,
});

/** A refund form whose idempotency key is missing or malformed: a broken (stale) form, not the person's typing. */
const STALE_FORM = { status: 400, message: 'payments.refund.errors.staleForm' };

/**
 * The payment page's one command, `intent=refund`: `amount` (dollars), `reason`,
 * `idempotencyKey` (one per page view). Calls `refundPayment` with the configured provider.
 * Answers per decision 037: 404 for an unknown payment or someone else's, 422 with the field
 * message (the refundable limit in words), 409/502 for a refund the service or provider refuses,
 * 400 for a stale form or an unknown intent; a 303 to `?done=refunded` after a plain post, the
 * refund's id and amount otherwise.
 */
export function handleRefundAction({
  request,
  context,
  actor,
  paymentParam,
  provider,
  basePath,
}: {
  request: Request;
  context: DimoraLoadContext;
  actor: PaymentsActor;
  paymentParam: string | undefined;
  provider: PaymentProvider;
  basePath: PaymentsBase;
}) {
  return handleFormAction(
    { request, context },
    { intents: REFUND_INTENTS, echo: ['amount', 'reason'] },
    async (call: FormCall<'refund'>) => {
      const paymentId = parsePaymentId(paymentParam);
      if (paymentId === null) call.refuse(REFUSALS.not_found);
      const parsed = call.validate(refundFormSchema);
      if (!parsed.success) {
        if (parsed.errors.idempotencyKey) call.refuse(STALE_FORM);
        call.invalid(parsed.errors);
      }
      const outcome = await refundPayment({
        db: context.db,
        provider,
        actor,
        paymentId,
        amountCents: parsed.data.amount,
        reason: parsed.data.reason,
        idempotencyKey: parsed.data.idempotencyKey,
        origin: call.origin,
      });
      if (!outcome.ok) call.refuse(REFUSALS[outcome.reason], { params: { limit: formatCents(outcome.limitCents ?? 0, call.lang) } });
      context.logger.info({ actor: actor.id, payment: paymentId, refund: outcome.id, amountCents: parsed.data.amount }, 'payment refunded');
      return call.done({
        redirectTo: `${basePath}/${paymentId}?done=refunded`,
        extra: { refundId: outcome.id, amountCents: parsed.data.amount },
      });
    },
  );
}

/** The CSV download of the filtered list (`?status=…`, no cursor): 400 for bad filters. */
export function paymentsCsvResponse({ request, context, actor }: CsvExportArgs<PaymentsActor>): Promise<Response> {
  return filteredCsvResponse({
    request,
    parse: parsePaymentFilters,
    fileName: `payments-${utcToday()}.csv`,
    open: async (filters) => {
      const stream = await exportPaymentsCsv({ db: context.db, actor, filters });
      if (stream) context.logger.info({ actor: actor.id, filters }, 'payments exported');
      return stream;
    },
  });
}
