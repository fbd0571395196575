/**
 * The loader and action halves of the staff assignments pages, shared by the admin's
 * `/admin/assignments*` and a property manager's `/dashboard/assignments*` (decision 029). Routes check the role first and pass the actor and their base path; this module
 * parses input with zod, calls the services (which scope again) and maps their reasons to
 * answers: 404 (unknown, or outside the manager's buildings — audited), 409 (no longer open, an
 * invoice already decided), 422 with a translated message (an ineligible vendor from
 * `workOrders.errors.*`, a missing reason; nothing written), 400 for bad filters or an unknown
 * intent; after a success a 303 back to the page for a plain post, data (a toast) otherwise.
 */
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { findBuildingOption } from '~/features/portfolio/building-options.server';
import { staffPageTranslations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import { isDocumentPost, readFormData, translateIssues } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import {
  cancelWorkOrder,
  findAssignmentDetail,
  findAssignments,
  findVendorChoices,
  reassignWorkOrder,
  recordDeniedAssignmentAccess,
  staffRefusalKey,
  type StaffCommandOutcome,
} from './assignments.server';
import { approveInvoice, findInvoicesToReview, payInvoice, rejectInvoice, type InvoiceDecisionOutcome } from './invoices.server';
import { cancelSchema, reassignSchema } from './assignments.schemas';
import { payInvoiceSchema, rejectInvoiceSchema } from './invoices.schemas';
import { parseAssignmentQuery } from './work-order-lists.schemas';
import { parseRouteId } from './work-orders.schemas';
import { STAFF_INTENTS, type AssignmentsBase, type AssignmentsPage, type CommandResult, type StaffIntent } from './work-orders.types';

type PageArgs = { request: Request; context: DimoraLoadContext; actor: Viewer; base: AssignmentsBase };

const PAGE_TRANSLATIONS = ['workOrders'] as const;

function fieldErrors(error: z.ZodError, lang: Language): Record<string, string> {
  return Object.fromEntries(
    Object.entries(translateIssues(error, lang)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * The list (`?status=&vendor=&building=&overdue=1&cursor=`) with the invoices waiting for a
 * decision or a payout. Bad filters answer 400 with the page and a message per field.
 */
export async function loadAssignmentsPage<Meta>({ request, context, actor, base, meta }: PageArgs & { meta: Meta }) {
  const lang = requestLanguage(request);
  const parsed = parseAssignmentQuery(new URL(request.url).searchParams);
  const [list, vendors, building, invoices] = await Promise.all([
    parsed.ok
      ? findAssignments({ db: context.db, actor, filters: parsed.filters, cursor: parsed.cursor })
      : Promise.resolve({ items: [], nextCursor: null }),
    findVendorChoices({ db: context.db, actor }),
    findBuildingOption({ db: context.db, actor, id: parsed.filters.buildingId }),
    findInvoicesToReview({ db: context.db, actor }),
  ]);
  const page: AssignmentsPage = {
    basePath: base,
    filters: parsed.filters,
    list,
    vendors,
    building,
    invoices,
    firstPage: !parsed.ok || parsed.cursor === null,
    errors: parsed.ok ? {} : fieldErrors(parsed.issues, lang),
  };
  const body = { page, meta, i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS) };
  return Object.keys(page.errors).length > 0 ? data(body, { status: 400 }) : body;
}

/** One work order's page, or a 404 (audited when it exists outside the actor's scope). */
export async function loadAssignmentPage({ request, context, actor, base, param }: PageArgs & { param: string | undefined }) {
  const lang = requestLanguage(request);
  const workOrderId = parseRouteId(param);
  const detail = workOrderId === null ? null : await findAssignmentDetail({ db: context.db, actor, workOrderId });
  if (!detail) {
    if (workOrderId !== null)
      await recordDeniedAssignmentAccess({ db: context.db, actor, workOrderId, origin: requestOrigin(request, context.clientIp) });
    throw data(null, { status: 404 });
  }
  const vendors = detail.open
    ? (await findVendorChoices({ db: context.db, actor })).filter((choice) => choice.id !== detail.vendor.id)
    : [];
  const done = new URL(request.url).searchParams.get('done');
  return {
    basePath: base,
    detail,
    vendors,
    done: (STAFF_INTENTS as readonly string[]).includes(done ?? '') ? (done as StaffIntent) : null,
    i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS),
  };
}

function answer(body: CommandResult<StaffIntent>, status = 200) {
  return data<CommandResult<StaffIntent>>(body, { status });
}

function isStaffIntent(value: unknown): value is StaffIntent {
  return typeof value === 'string' && (STAFF_INTENTS as readonly string[]).includes(value);
}

const STAFF_STATUS: Record<Exclude<StaffCommandOutcome, { ok: true }>['reason'], number> = {
  not_found: 404,
  invalid_transition: 409,
  already_assigned: 409,
  same_vendor: 422,
  vendor_not_found: 422,
  vendor_not_approved: 422,
  insurance_unverified: 422,
  insurance_expired: 422,
};

/**
 * The commands of both pages (`intent`): on the work order `workOrderId` (from the route or the
 * form): `cancel` (reason), `reassign` (vendorId, reason); on an invoice (`invoiceId`):
 * `approve-invoice`, `reject-invoice` (reason), `pay-invoice` (method, reference). Answers the
 * new work order's page after a reassignment.
 */
export async function handleAssignmentAction({ request, context, actor, base, param }: PageArgs & { param?: string | undefined }) {
  const lang = requestLanguage(request);
  const t = getT(lang);
  const form = await readFormData(request);
  const intent = form.get('intent');
  if (!isStaffIntent(intent)) return answer({ ok: false, intent: null, errors: { form: t('workOrders.errors.unknownIntent') } }, 400);
  const fields = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const values = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value.slice(0, 1_000)]));
  const origin = requestOrigin(request, context.clientIp);
  const back = (id: number | null) => (id === null ? base : `${base}/${id}`);

  if (intent === 'cancel' || intent === 'reassign') {
    const workOrderId = parseRouteId(param ?? fields.workOrderId);
    if (workOrderId === null) return answer({ ok: false, intent, errors: { form: t('workOrders.errors.notFound') } }, 404);
    let outcome: StaffCommandOutcome;
    if (intent === 'cancel') {
      const parsed = cancelSchema.safeParse(fields);
      if (!parsed.success) return answer({ ok: false, intent, errors: fieldErrors(parsed.error, lang), values }, 422);
      outcome = await cancelWorkOrder({ db: context.db, actor, origin, workOrderId, reason: parsed.data.reason });
    } else {
      const parsed = reassignSchema.safeParse(fields);
      if (!parsed.success) return answer({ ok: false, intent, errors: fieldErrors(parsed.error, lang), values }, 422);
      outcome = await reassignWorkOrder({
        db: context.db,
        actor,
        origin,
        workOrderId,
        vendorId: parsed.data.vendorId,
        reason: parsed.data.reason,
      });
    }
    if (!outcome.ok) {
      const field = intent === 'reassign' && STAFF_STATUS[outcome.reason] === 422 ? 'vendorId' : 'form';
      return answer({ ok: false, intent, errors: { [field]: t(staffRefusalKey(outcome.reason)) }, values }, STAFF_STATUS[outcome.reason]);
    }
    context.logger.info({ intent, actor: actor.id, workOrderId, result: outcome.workOrderId }, 'assignment command');
    // A reassignment is a new work order: the page moves there (also after an enhanced post).
    if (intent === 'reassign') return redirect(`${back(outcome.workOrderId)}?done=reassign`, 303);
    if (isDocumentPost(request)) return redirect(`${back(param ? workOrderId : null)}?done=${intent}`, 303);
    return answer({ ok: true, intent, message: t(`workOrders.done.${intent}`) });
  }

  const invoiceId = parseRouteId(fields.invoiceId);
  if (invoiceId === null) return answer({ ok: false, intent, errors: { form: t('workOrders.errors.invoiceNotFound') } }, 404);
  let outcome: InvoiceDecisionOutcome;
  if (intent === 'approve-invoice') outcome = await approveInvoice({ db: context.db, actor, origin, invoiceId });
  else if (intent === 'reject-invoice') {
    const parsed = rejectInvoiceSchema.safeParse(fields);
    if (!parsed.success) return answer({ ok: false, intent, errors: fieldErrors(parsed.error, lang), values, key: String(invoiceId) }, 422);
    outcome = await rejectInvoice({ db: context.db, actor, origin, invoiceId, reason: parsed.data.reason });
  } else {
    const parsed = payInvoiceSchema.safeParse(fields);
    if (!parsed.success) return answer({ ok: false, intent, errors: fieldErrors(parsed.error, lang), values, key: String(invoiceId) }, 422);
    outcome = await payInvoice({ db: context.db, actor, origin, invoiceId, method: parsed.data.method, reference: parsed.data.reference });
  }
  if (!outcome.ok) {
    const message =
      outcome.reason === 'not_found'
        ? t('workOrders.errors.invoiceNotFound')
        : t('workOrders.errors.invoiceDecided', { status: t(`workOrders.invoiceStatus.${outcome.current ?? 'submitted'}`) });
    return answer(
      { ok: false, intent, errors: { form: message }, values, key: String(invoiceId) },
      outcome.reason === 'not_found' ? 404 : 409,
    );
  }
  context.logger.info({ intent, actor: actor.id, invoiceId }, 'invoice decision');
  if (isDocumentPost(request)) return redirect(`${back(param ? outcome.workOrderId : null)}?done=${intent}`, 303);
  return answer({ ok: true, intent, message: t(`workOrders.done.${intent}`), key: String(invoiceId) });
}
