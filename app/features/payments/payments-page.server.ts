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
import { data, redirect } from 'react-router';
import { refundPayment, type StaffLedgerRefusal } from '~/features/ledger/ledger-commands.server';
import { staffPageTranslations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import { formatCents } from '~/lib/format';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin } from '~/server/audit.server';
import type { Db } from '~/server/db/client.server';
import { isDocumentPost, readFormData, translateIssues } from '~/server/http/form.server';
import type { Logger } from '~/server/logger.server';
import type { PaymentProvider } from '~/server/payments/payment-provider';
import { exportPaymentsCsv, findPaymentDetail, findPayments, findReconciliation, type PaymentsActor } from './payments-admin.server';
import { parsePaymentFilters, parseReconciliationQuery, refundFormSchema, type RefundField } from './payments.schemas';
import type { PaymentsPageData, RefundActionResult } from './payments.types';
import { findBuildingOption } from '~/features/portfolio/building-options.server';
import { parseId } from '~/lib/ids';

export type PaymentsBase = '/admin/payments' | '/dashboard/payments';

const PAGE_TRANSLATIONS = ['payments'] as const;

type PageContext = { db: Db; clientIp: string; logger: Pick<Logger, 'info'> };

/** The messages of a zod error, keyed by field, in `lang`. */
function fieldErrors(issues: Parameters<typeof translateIssues>[0], lang: Language): Record<string, string> {
  return Object.fromEntries(
    Object.entries(translateIssues(issues, lang)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

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

const REFUSAL_STATUS: Record<StaffLedgerRefusal, number> = {
  not_found: 404,
  invalid_amount: 422,
  invalid_date: 422,
  above_balance: 422,
  nothing_due: 409,
  above_refundable: 422,
  not_refundable: 409,
  provider_refused: 422,
  provider_unavailable: 502,
  not_active: 409,
};

function answer(body: RefundActionResult, status: number) {
  return data<RefundActionResult>(body, { status });
}

/**
 * The payment page's one command, `intent=refund`: `amount` (dollars), `reason`,
 * `idempotencyKey` (one per page view). Calls `refundPayment` with the configured provider.
 */
export async function handleRefundAction({
  request,
  context,
  actor,
  paymentParam,
  provider,
  basePath,
}: {
  request: Request;
  context: PageContext;
  actor: PaymentsActor;
  paymentParam: string | undefined;
  provider: PaymentProvider;
  basePath: PaymentsBase;
}) {
  const lang = requestLanguage(request);
  const t = getT(lang);
  const paymentId = parsePaymentId(paymentParam);
  if (paymentId === null) return answer({ ok: false, errors: { form: t('payments.refund.errors.not_found') } }, 404);
  const form = await readFormData(request);
  if (form.get('intent') !== 'refund') return answer({ ok: false, errors: { form: t('payments.refund.errors.unknownIntent') } }, 400);
  const raw = { amount: form.get('amount') ?? '', reason: form.get('reason') ?? '', idempotencyKey: form.get('idempotencyKey') ?? '' };
  const values = {
    amount: typeof raw.amount === 'string' ? raw.amount.slice(0, 40) : '',
    reason: typeof raw.reason === 'string' ? raw.reason.slice(0, 600) : '',
  };
  const parsed = refundFormSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error, lang) as Partial<Record<RefundField | 'form', string>>;
    // A missing or malformed key is a broken form, not the user's typing.
    if (errors.idempotencyKey) return answer({ ok: false, errors: { form: t('payments.refund.errors.staleForm') }, values }, 400);
    return answer({ ok: false, errors, values }, 422);
  }
  const outcome = await refundPayment({
    db: context.db,
    provider,
    actor,
    paymentId,
    amountCents: parsed.data.amount,
    reason: parsed.data.reason,
    idempotencyKey: parsed.data.idempotencyKey,
    origin: requestOrigin(request, context.clientIp),
  });
  if (!outcome.ok) {
    const message = t(`payments.refund.errors.${outcome.reason}`, { limit: formatCents(outcome.limitCents ?? 0, lang) });
    const amountProblem = outcome.reason === 'above_refundable' || outcome.reason === 'invalid_amount';
    return answer({ ok: false, errors: amountProblem ? { amount: message } : { form: message }, values }, REFUSAL_STATUS[outcome.reason]);
  }
  context.logger.info({ actor: actor.id, payment: paymentId, refund: outcome.id, amountCents: parsed.data.amount }, 'payment refunded');
  if (isDocumentPost(request)) return redirect(`${basePath}/${paymentId}?done=refunded`, 303);
  return answer({ ok: true, refundId: outcome.id, amountCents: parsed.data.amount }, 200);
}

/** The CSV download of the filtered list (`?status=…`, no cursor): 400 for bad filters. */
export async function paymentsCsvResponse({
  request,
  context,
  actor,
}: {
  request: Request;
  context: PageContext;
  actor: PaymentsActor;
}): Promise<Response> {
  const lang = requestLanguage(request);
  const parsed = parsePaymentFilters(new URL(request.url).searchParams);
  if (!parsed.ok) {
    const errors = fieldErrors(parsed.issues, lang);
    return new Response(`${Object.values(errors).join('\n')}\n`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const stream = await exportPaymentsCsv({ db: context.db, actor, filters: parsed.filters });
  if (!stream) return new Response(null, { status: 404 });
  context.logger.info({ actor: actor.id, filters: parsed.filters }, 'payments exported');
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="payments-${utcToday()}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
