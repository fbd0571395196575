/**
 * The loader and action halves of the staff assignments pages, shared by the admin's
 * `/admin/assignments*` and a property manager's `/dashboard/assignments*` (decision 029).
 * Routes check the role first and pass the actor and their base path; this module runs the
 * commands through the page protocol (decision 037), calls the services (which scope again) and
 * maps their reasons to answers: 404 (unknown, or outside the manager's buildings — audited), 409 (no longer open, an
 * invoice already decided), 422 with a translated message (an ineligible vendor from
 * `workOrders.errors.*`, a missing reason; nothing written), 400 for bad filters or an unknown
 * intent; after a success a 303 back to the page for a plain post, data (a toast) otherwise.
 */
import { findBuildingOption } from '~/features/portfolio/building-options.server';
import { staffPageTranslations } from '~/i18n/resources.server';
import { requestLanguage } from '~/lib/route-helpers.server';
import type { Viewer } from '~/server/auth/session.server';
import { handleFormAction, type FormCall, type ReasonTable, type Refusal } from '~/server/http/form-action.server';
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
import { answerListPage, doneIntent, findWorkOrderOr404, readWorkOrderListQuery } from './work-order-pages.page.server';
import { parseRouteId } from './work-orders.schemas';
import { STAFF_INTENTS, type AssignmentsBase, type AssignmentsPage, type StaffIntent } from './work-orders.types';

type PageArgs = { request: Request; context: DimoraLoadContext; actor: Viewer; base: AssignmentsBase };

const PAGE_TRANSLATIONS = ['workOrders'] as const;

/**
 * The list (`?status=&vendor=&building=&overdue=1&cursor=`) with the invoices waiting for a
 * decision or a payout. Bad filters answer 400 with the page and a message per field.
 */
export async function loadAssignmentsPage<Meta>({ request, context, actor, base, meta }: PageArgs & { meta: Meta }) {
  const lang = requestLanguage(request);
  const parsed = parseAssignmentQuery(new URL(request.url).searchParams);
  const [query, vendors, building, invoices] = await Promise.all([
    readWorkOrderListQuery(parsed, lang, (filters, cursor) => findAssignments({ db: context.db, actor, filters, cursor })),
    findVendorChoices({ db: context.db, actor }),
    findBuildingOption({ db: context.db, actor, id: parsed.filters.buildingId }),
    findInvoicesToReview({ db: context.db, actor }),
  ]);
  const page: AssignmentsPage = { basePath: base, ...query, vendors, building, invoices };
  return answerListPage({ page, meta, i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS) });
}

/** One work order's page, or a 404 (audited when it exists outside the actor's scope). */
export async function loadAssignmentPage({ request, context, actor, base, param }: PageArgs & { param: string | undefined }) {
  const lang = requestLanguage(request);
  const detail = await findWorkOrderOr404(
    { request, context, param },
    (workOrderId) => findAssignmentDetail({ db: context.db, actor, workOrderId }),
    (workOrderId, origin) => recordDeniedAssignmentAccess({ db: context.db, actor, workOrderId, origin }),
  );
  const vendors = detail.open
    ? (await findVendorChoices({ db: context.db, actor })).filter((choice) => choice.id !== detail.vendor.id)
    : [];
  return {
    basePath: base,
    detail,
    vendors,
    done: doneIntent(request, STAFF_INTENTS),
    i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS),
  };
}

type StaffRefusal = Extract<StaffCommandOutcome, { ok: false }>['reason'];
type InvoiceRefusal = Extract<InvoiceDecisionOutcome, { ok: false }>['reason'];

const staffRefusal = (reason: StaffRefusal, status: number, field?: string): Refusal => ({
  status,
  message: staffRefusalKey(reason),
  field,
});

/**
 * How the pages answer the work-order commands' reason codes (decision 037): a vendor who may not
 * take the work is a message on the vendor field (the `workOrders.errors.*` text).
 */
const STAFF_REFUSALS: ReasonTable<StaffRefusal> = {
  not_found: staffRefusal('not_found', 404),
  invalid_transition: staffRefusal('invalid_transition', 409),
  already_assigned: staffRefusal('already_assigned', 409),
  same_vendor: staffRefusal('same_vendor', 422, 'vendorId'),
  vendor_not_found: staffRefusal('vendor_not_found', 422, 'vendorId'),
  vendor_not_approved: staffRefusal('vendor_not_approved', 422, 'vendorId'),
  insurance_unverified: staffRefusal('insurance_unverified', 422, 'vendorId'),
  insurance_expired: staffRefusal('insurance_expired', 422, 'vendorId'),
};

/** How the pages answer the invoice decisions' reason codes; `{{status}}` is the invoice's status in words. */
const INVOICE_REFUSALS: ReasonTable<InvoiceRefusal> = {
  not_found: { status: 404, message: 'workOrders.errors.invoiceNotFound' },
  invalid_transition: { status: 409, message: 'workOrders.errors.invoiceDecided' },
};

/**
 * The commands of both pages (`intent`): on the work order `workOrderId` (from the route or the
 * form): `cancel` (reason), `reassign` (vendorId, reason); on an invoice (`invoiceId`):
 * `approve-invoice`, `reject-invoice` (reason), `pay-invoice` (method, reference). Answers per
 * decision 037 (see the module comment); a reassignment is a new work order, so the page moves to
 * it after any post (303), as does every plain post.
 */
export function handleAssignmentAction({ request, context, actor, base, param }: PageArgs & { param?: string | undefined }) {
  return handleFormAction({ request, context }, { intents: STAFF_INTENTS }, async (call: FormCall<StaffIntent>) => {
    const { intent, fields, origin } = call;
    const db = context.db;
    const back = (id: number | null) => (id === null ? base : `${base}/${id}`);

    if (intent === 'cancel' || intent === 'reassign') {
      const workOrderId = parseRouteId(param ?? fields.workOrderId);
      if (workOrderId === null) call.refuse(STAFF_REFUSALS.not_found);
      let outcome: StaffCommandOutcome;
      if (intent === 'cancel') {
        outcome = await cancelWorkOrder({ db, actor, origin, workOrderId, reason: call.parse(cancelSchema).reason });
      } else {
        const input = call.parse(reassignSchema);
        outcome = await reassignWorkOrder({ db, actor, origin, workOrderId, vendorId: input.vendorId, reason: input.reason });
      }
      if (!outcome.ok) call.refuse(STAFF_REFUSALS[outcome.reason]);
      context.logger.info({ intent, actor: actor.id, workOrderId, result: outcome.workOrderId }, 'assignment command');
      return call.done({
        message: `workOrders.done.${intent}`,
        // A reassignment is a new work order: the page moves there (also after an enhanced post).
        redirectTo:
          intent === 'reassign' ? `${back(outcome.workOrderId)}?done=reassign` : `${back(param ? workOrderId : null)}?done=${intent}`,
        alwaysRedirect: intent === 'reassign',
      });
    }

    const invoiceId = parseRouteId(fields.invoiceId);
    if (invoiceId === null) call.refuse(INVOICE_REFUSALS.not_found);
    const key = String(invoiceId);
    let outcome: InvoiceDecisionOutcome;
    if (intent === 'approve-invoice') outcome = await approveInvoice({ db, actor, origin, invoiceId });
    else if (intent === 'reject-invoice') {
      outcome = await rejectInvoice({ db, actor, origin, invoiceId, reason: call.parse(rejectInvoiceSchema, fields, { key }).reason });
    } else {
      const input = call.parse(payInvoiceSchema, fields, { key });
      outcome = await payInvoice({ db, actor, origin, invoiceId, method: input.method, reference: input.reference });
    }
    if (!outcome.ok) {
      const status = call.t(`workOrders.invoiceStatus.${outcome.current ?? 'submitted'}`);
      call.refuse(INVOICE_REFUSALS[outcome.reason], { key, params: { status } });
    }
    context.logger.info({ intent, actor: actor.id, invoiceId }, 'invoice decision');
    return call.done({
      message: `workOrders.done.${intent}`,
      key,
      redirectTo: `${back(param ? outcome.workOrderId : null)}?done=${intent}`,
    });
  });
}
