/**
 * The loader and action halves of the maintenance queue pages, shared by the admin's
 * `/admin/maintenance*` and a property manager's `/dashboard/maintenance*` (decision 026).
 * Routes check the role first and pass the actor and their base path; this module parses the query
 * string leniently, runs the commands through the page protocol (decision 037: zod schemas, a
 * reason table, one answer shape), and calls the services, which scope and authorise again.
 */
import { data } from 'react-router';
import { VENDOR_INELIGIBILITY_KEYS } from '~/features/work-orders/work-order-core.server';
import { findBuildingOption } from '~/features/portfolio/building-options.server';
import { staffPageTranslations } from '~/i18n/resources.server';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import { handleFormAction, type FormCall, type ReasonTable } from '~/server/http/form-action.server';
import type { DimoraLoadContext } from '~/server/load-context';
import {
  addRequestNote,
  assignMaintenanceRequest,
  cancelMaintenanceRequest,
  closeMaintenanceRequest,
  triageMaintenanceRequest,
  type QueueCommandOutcome,
  type QueueRefusal,
} from './queue-commands.server';
import { assignSchema, cancelSchema, closeSchema, noteSchema, triageSchema } from './queue.schemas';
import {
  findMaintenanceBoard,
  findMaintenanceQueue,
  findRequestDetail,
  findVendorChoices,
  parseRequestId,
  recordDeniedRequestAccess,
} from './queue.server';
import {
  isRequestIntent,
  parseQueueFilters,
  QUEUE_OPEN_STATUSES,
  REQUEST_INTENTS,
  type QueueBase,
  type RequestIntent,
} from './queue.types';

type PageArgs = { request: Request; context: DimoraLoadContext; actor: Viewer; base: QueueBase };

const PAGE_TRANSLATIONS = ['maintenanceQueue', 'workOrders'] as const;

/** The queue (`?building=&priority=&status=&category=&age=&breached=1&sort=&view=&after=`) scoped to `actor`: a list page, or the board. */
export async function loadQueuePage({ request, context, actor, base }: PageArgs) {
  const lang = requestLanguage(request);
  const filters = parseQueueFilters(new URL(request.url).searchParams);
  const [result, building] = await Promise.all([
    filters.view === 'board'
      ? findMaintenanceBoard({ db: context.db, actor, filters }).then((board) => ({ view: 'board' as const, board }))
      : findMaintenanceQueue({ db: context.db, actor, filters }).then((list) => ({ view: 'list' as const, list })),
    findBuildingOption({ db: context.db, actor, id: filters.buildingId }),
  ]);
  return { base, filters, building, ...result, i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS) };
}

/** One request's page with the vendors it may be assigned to, or a 404 (audited when it exists outside the actor's scope). */
export async function loadRequestPage({ request, context, actor, base, requestParam }: PageArgs & { requestParam: string | undefined }) {
  const lang = requestLanguage(request);
  const requestId = parseRequestId(requestParam);
  const detail = requestId === null ? null : await findRequestDetail({ db: context.db, actor, requestId });
  if (!detail) {
    await recordDeniedRequestAccess({ db: context.db, actor, requestId, origin: requestOrigin(request, context.clientIp) });
    throw data(null, { status: 404 });
  }
  const assignable = (QUEUE_OPEN_STATUSES as readonly string[]).includes(detail.status) && detail.openWorkOrderId === null;
  const vendors = assignable ? await findVendorChoices({ db: context.db, category: detail.category, state: detail.state }) : [];
  const done = new URL(request.url).searchParams.get('done');
  return {
    base,
    detail,
    vendors,
    done: isRequestIntent(done) ? done : null,
    i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS),
  };
}

/**
 * How the request page answers each reason code of the queue commands (decision 037). A vendor who
 * may not be given work is a message on the vendor field (the `workOrders.errors.*` text); a
 * status that does not allow the command names the status in words (`{{status}}`).
 */
const REFUSALS: ReasonTable<QueueRefusal> = {
  not_found: { status: 404, message: 'maintenanceQueue.errors.not_found' },
  target_not_found: { status: 404, message: 'maintenanceQueue.errors.not_found' },
  not_open: { status: 409, message: 'maintenanceQueue.errors.not_open' },
  invalid_transition: { status: 409, message: 'maintenanceQueue.errors.invalid_transition' },
  already_assigned: { status: 409, message: 'workOrders.errors.alreadyAssigned' },
  vendor_not_found: { status: 422, message: VENDOR_INELIGIBILITY_KEYS.vendor_not_found, field: 'vendorId' },
  vendor_not_approved: { status: 422, message: VENDOR_INELIGIBILITY_KEYS.vendor_not_approved, field: 'vendorId' },
  insurance_unverified: { status: 422, message: VENDOR_INELIGIBILITY_KEYS.insurance_unverified, field: 'vendorId' },
  insurance_expired: { status: 422, message: VENDOR_INELIGIBILITY_KEYS.insurance_expired, field: 'vendorId' },
};

/**
 * The request page's commands (`intent`): `triage` (priority, category), `note` / `comment`
 * (body: a staff-only note or a comment to the tenant), `assign` (vendorId, instructions,
 * dueDate), `cancel` (reason), `close` (note). Answers per decision 037: 404 for an unknown
 * request or one outside the actor's buildings (audited), 409 when its status does not allow the
 * command, 422 with translated field messages (nothing written), 400 for an unknown intent; after
 * a success a 303 to `?done=<intent>` for a plain post, the toast otherwise.
 */
export function handleRequestAction({ request, context, actor, base, requestParam }: PageArgs & { requestParam: string | undefined }) {
  return handleFormAction({ request, context }, { intents: REQUEST_INTENTS }, async (call: FormCall<RequestIntent>) => {
    const { intent } = call;
    const requestId = parseRequestId(requestParam);
    if (requestId === null) call.refuse(REFUSALS.not_found);
    const db = context.db;
    const common = { db, actor, requestId, origin: call.origin };
    let outcome: QueueCommandOutcome;
    switch (intent) {
      case 'triage':
        outcome = await triageMaintenanceRequest({ ...common, ...call.parse(triageSchema) });
        break;
      case 'note':
      case 'comment':
        outcome = await addRequestNote({ db, actor, requestId, body: call.parse(noteSchema).body, internal: intent === 'note' });
        break;
      case 'assign': {
        const input = call.parse(assignSchema);
        if (input.dueDate && input.dueDate.getTime() < Date.now()) call.invalid({ dueDate: call.t('maintenanceQueue.errors.dueDatePast') });
        outcome = await assignMaintenanceRequest({
          ...common,
          vendorId: input.vendorId,
          instructions: input.instructions,
          dueAt: input.dueDate,
        });
        break;
      }
      case 'cancel':
        outcome = await cancelMaintenanceRequest({ ...common, reason: call.parse(cancelSchema).reason });
        break;
      case 'close':
        outcome = await closeMaintenanceRequest({ ...common, note: call.parse(closeSchema).note });
        break;
    }
    if (!outcome.ok) {
      if (outcome.reason === 'not_found') await recordDeniedRequestAccess({ db, actor, requestId, origin: call.origin });
      const status = outcome.current ? call.t(`maintenanceQueue.status.${outcome.current}`).toLocaleLowerCase(call.lang) : '';
      call.refuse(REFUSALS[outcome.reason], { params: { status } });
    }
    context.logger.info({ intent, actor: actor.id, request: requestId }, 'maintenance request command');
    return call.done({ message: `maintenanceQueue.done.${intent}`, redirectTo: `${base}/${requestId}?done=${intent}` });
  });
}
