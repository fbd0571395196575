/**
 * The loader and action halves of the vendor portal's work-order and invoice pages (decision
 * 029): `/vendor-portal/work-orders` (list), `/vendor-portal/work-orders/:id` (one work
 * order and the vendor's commands), `/vendor-portal/invoices` (+ `/new`, `/:id/pdf`). Routes
 * check the role first (`requireRole(…, 'vendor')`); this module parses input with zod, calls the
 * services (which check the vendor again) and maps their reasons to answers: 404 for an unknown
 * or another vendor's work order (audited by the service), 409 for a move the life cycle
 * forbids, 422 with translated field messages (nothing written), 413/415/422 for refused files,
 * 400 for an unknown intent or broken form, 429 when rate-limited. A plain browser post gets a
 * 303 back to the page; an enhanced one gets data (a toast).
 *
 * The plain form commands go through the page protocol (decision 037, `handleFormAction`). The
 * posts that carry files (a note or the completion with photos, the invoice with its PDF) stream
 * them through the upload pipeline, so they read their body themselves and answer the same
 * `ActionResult` shape (the invoice form its own, with the lines echoed).
 */
import { Readable } from 'node:stream';
import { data, redirect } from 'react-router';
import { checkRateLimit } from '~/server/rate-limit.server';
import { translations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import { requestLanguage } from '~/lib/route-helpers.server';
import type { UploadErrorCode } from '~/lib/uploads';
import { requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import { fileResponse } from '~/server/http/download.server';
import { handleFormAction, type FormCall, type ReasonTable } from '~/server/http/form-action.server';
import { fieldErrors, formFields, isDocumentPost, readFormData } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { rateLimitedAnswer } from '~/server/responses.server';
import { isMultipart } from '~/server/uploads/multipart.server';
import { createUploadBatch, type StoredPhoto, type UploadBatch } from '~/server/uploads/receive-photos.server';
import { UploadError, uploadErrorStatus } from '~/server/uploads/upload-error.server';
import { uploadScanFor } from '~/server/uploads/upload-scan.server';
import { findInvoicePdf, findInvoiceableWorkOrders, findVendorInvoices, submitInvoice } from './invoices.server';
import {
  acceptWorkOrder,
  addWorkOrderNote,
  completeWorkOrder,
  declineWorkOrder,
  findVendorBuildings,
  findVendorWorkOrderDetail,
  findVendorWorkOrders,
  findViewerVendor,
  isOwnWorkOrder,
  recordDeniedWorkOrderAccess,
  scheduleWorkOrder,
  startWorkOrder,
  type VendorCommandOutcome,
} from './vendor-work-orders.server';
import { receiveInvoicePost, receiveWorkOrderPost, type StoredPdf } from './work-order-uploads.server';
import { completeSchema, noteSchema, WORK_ORDER_PHOTOS_PER_POST } from './completion.schemas';
import { INVOICE_LINES_MAX, INVOICE_PDF_MAX_BYTES, readInvoiceForm, type InvoiceErrors } from './invoices.schemas';
import { declineSchema, scheduleSchema } from './vendor-response.schemas';
import { parseVendorWorkOrderQuery, parseWorkOrderCursor } from './work-order-lists.schemas';
import { answerListPage, doneIntent, findWorkOrderOr404, readWorkOrderListQuery } from './work-order-pages.page.server';
import { parseRouteId } from './work-orders.schemas';
import {
  VENDOR_INTENTS,
  type CommandResult,
  type InvoiceFormResult,
  type InvoiceFormValues,
  type VendorIntent,
  type VendorListPage,
} from './work-orders.types';

type PageArgs = { request: Request; context: DimoraLoadContext; viewer: Viewer };

const PAGE_TRANSLATIONS = ['account', 'workOrders'] as const;

/** Invoice problems (translation keys with their values) in `lang`. */
export function translateInvoiceErrors(errors: InvoiceErrors, lang: Language): Record<string, string> {
  const t = getT(lang);
  return Object.fromEntries(Object.entries(errors).map(([field, issue]) => [field, t(issue.key, { max: issue.max })]));
}

/** The message of a refused upload in `lang` (sizes and counts shown with their limit). */
export function uploadErrorMessage(lang: Language, code: UploadErrorCode, limit?: number): string {
  const t = getT(lang);
  const mb = Math.round((limit ?? 0) / (1024 * 1024));
  return t(`workOrders.uploadErrors.${code}`, { max: mb, count: limit ?? WORK_ORDER_PHOTOS_PER_POST });
}

/** The files one post stores, deleted again when anything is refused. */
function uploadBatch(context: DimoraLoadContext): UploadBatch {
  return createUploadBatch(context.storage, (error, key) => context.logger.error({ err: error, key }, 'could not delete an uploaded file'));
}

/** What the upload pipeline reads of a multipart post: its body streamed into `batch`. */
function uploadSource(request: Request, context: DimoraLoadContext, batch: UploadBatch) {
  return {
    storage: context.storage,
    batch,
    body: request.body,
    contentType: request.headers.get('content-type'),
    signal: request.signal,
  };
}

// ---------------------------------------------------------------------------------------------
// Work orders
// ---------------------------------------------------------------------------------------------

/** The vendor's list (`?status=&building=&city=&q=&cursor=`); bad filters answer 400 with the page and a message per field. */
export async function loadVendorWorkOrdersPage<Meta>({ request, context, viewer, meta }: PageArgs & { meta: Meta }) {
  const lang = requestLanguage(request);
  const parsed = parseVendorWorkOrderQuery(new URL(request.url).searchParams);
  const [vendorRecord, query, buildings] = await Promise.all([
    findViewerVendor(context.db, viewer),
    readWorkOrderListQuery(parsed, lang, (filters, cursor) => findVendorWorkOrders({ db: context.db, viewer, filters, cursor })),
    findVendorBuildings({ db: context.db, viewer }),
  ]);
  const page: VendorListPage = { vendor: vendorRecord, ...query, buildings };
  return answerListPage({ page, meta, i18n: translations(lang, PAGE_TRANSLATIONS) });
}

/** One work order's page, or a 404 (audited when it is another vendor's). */
export async function loadVendorWorkOrderPage({ request, context, viewer, param }: PageArgs & { param: string | undefined }) {
  const lang = requestLanguage(request);
  const detail = await findWorkOrderOr404(
    { request, context, param },
    (workOrderId) => findVendorWorkOrderDetail({ db: context.db, viewer, workOrderId }),
    (workOrderId, origin) => recordDeniedWorkOrderAccess({ db: context.db, viewer, workOrderId, origin }),
  );
  return {
    detail,
    done: doneIntent(request, VENDOR_INTENTS),
    now: new Date().toISOString(),
    i18n: translations(lang, PAGE_TRANSLATIONS),
  };
}

function answer(body: CommandResult<VendorIntent>, status = 200) {
  return data<CommandResult<VendorIntent>>(body, { status });
}

/** How the work order page answers each reason of the vendor's commands. */
const REFUSALS: ReasonTable<Extract<VendorCommandOutcome, { ok: false }>['reason']> = {
  not_found: { status: 404, message: 'workOrders.errors.notFound' },
  invalid_transition: { status: 409, message: 'workOrders.errors.invalidTransition' },
  request_closed: { status: 409, message: 'workOrders.errors.requestClosed' },
  empty_note: { status: 422, message: 'workOrders.errors.emptyNote', field: 'note' },
};

/** The refusal's message, with the work order's current status where it says one. */
function refusalParams(outcome: Extract<VendorCommandOutcome, { ok: false }>, t: (key: string) => string) {
  return { status: outcome.current ? t(`workOrders.status.${outcome.current}`) : '' };
}

/** A refused multipart post (a note or the completion), in the protocol's shape. */
function refusal(
  intent: VendorIntent,
  outcome: Extract<VendorCommandOutcome, { ok: false }>,
  lang: Language,
  values: Record<string, string> = {},
) {
  const t = getT(lang);
  const { status, message, field = 'form' } = REFUSALS[outcome.reason];
  return answer({ ok: false, intent, errors: { [field]: t(message, refusalParams(outcome, t)) }, values }, status);
}

function succeeded(request: Request, intent: VendorIntent, workOrderId: number, lang: Language) {
  if (isDocumentPost(request)) return redirect(`/vendor-portal/work-orders/${workOrderId}?done=${intent}`, 303);
  return answer({ ok: true, intent, message: getT(lang)(`workOrders.done.${intent}`) });
}

function isVendorIntent(value: unknown): value is VendorIntent {
  return typeof value === 'string' && (VENDOR_INTENTS as readonly string[]).includes(value);
}

/** The commands posted as a plain form (`note` and `complete` carry photos: multipart). */
const FORM_INTENTS = ['accept', 'decline', 'schedule', 'start'] as const satisfies readonly VendorIntent[];

/**
 * The work order page's commands (`intent`): `accept`, `decline` (reason), `schedule`
 * (scheduledFor, a UTC `datetime-local`), `start` — form posts — and `note` (note, phase, photos)
 * and `complete` (notes, after photos) — multipart posts streamed through the upload pipeline
 * (the intent may also come in the query string, `?intent=note`). Files are stored before the
 * transaction and deleted again when anything is refused.
 */
export async function handleVendorWorkOrderAction({ request, context, viewer, param }: PageArgs & { param: string | undefined }) {
  const lang = requestLanguage(request);
  const t = getT(lang);
  const origin = requestOrigin(request, context.clientIp);
  const workOrderId = parseRouteId(param);
  const queryIntent = new URL(request.url).searchParams.get('intent');
  if (workOrderId === null) return answer({ ok: false, intent: null, errors: { form: t('workOrders.errors.notFound') } }, 404);
  const common = { db: context.db, viewer, origin, workOrderId };

  if (isMultipart(request)) {
    const limited = await checkRateLimit({ context, request }, 'api_call', viewer.id);
    if (limited) return rateLimitedAnswer(limited);
    const intent: VendorIntent = queryIntent === 'complete' ? 'complete' : 'note';
    // Nobody stores a byte on someone else's work order: the check comes before the body is read.
    if (!(await isOwnWorkOrder({ db: context.db, viewer, workOrderId }))) {
      await recordDeniedWorkOrderAccess({ db: context.db, viewer, workOrderId, origin });
      return answer({ ok: false, intent, errors: { form: t('workOrders.errors.notFound') } }, 404);
    }
    const batch = uploadBatch(context);
    let fields: Record<string, string>;
    let photos: StoredPhoto[];
    try {
      ({ fields, photos } = await receiveWorkOrderPost(uploadSource(request, context, batch)));
    } catch (error) {
      await batch.discard();
      if (!(error instanceof UploadError)) throw error;
      context.logger.info({ workOrderId, code: error.code }, 'work order photos refused');
      return answer(
        { ok: false, intent, errors: { photos: uploadErrorMessage(lang, error.code, error.limit) } },
        uploadErrorStatus(error.code),
      );
    }
    const chosen = isVendorIntent(fields.intent) ? fields.intent : intent;
    try {
      if (chosen === 'complete') {
        const parsed = completeSchema.safeParse(fields);
        if (!parsed.success) {
          await batch.discard();
          return answer(
            { ok: false, intent: chosen, errors: fieldErrors(parsed.error, lang), values: { notes: (fields.notes ?? '').slice(0, 4_000) } },
            422,
          );
        }
        const outcome = await completeWorkOrder({ ...common, notes: parsed.data.notes, photos });
        if (!outcome.ok) {
          await batch.discard();
          return refusal(chosen, outcome, lang, { notes: parsed.data.notes });
        }
        return succeeded(request, chosen, workOrderId, lang);
      }
      const parsed = noteSchema.safeParse(fields);
      if (!parsed.success) {
        await batch.discard();
        return answer(
          { ok: false, intent: 'note', errors: fieldErrors(parsed.error, lang), values: { note: (fields.note ?? '').slice(0, 4_000) } },
          422,
        );
      }
      const outcome = await addWorkOrderNote({ ...common, note: parsed.data.note, phase: parsed.data.phase ?? null, photos });
      if (!outcome.ok) {
        await batch.discard();
        return refusal('note', outcome, lang, { note: parsed.data.note });
      }
      return succeeded(request, 'note', workOrderId, lang);
    } catch (error) {
      await batch.discard();
      throw error;
    }
  }

  return handleFormAction({ request, context }, { intents: FORM_INTENTS }, async (call: FormCall<(typeof FORM_INTENTS)[number]>) => {
    const { intent } = call;
    let outcome: VendorCommandOutcome;
    if (intent === 'accept') outcome = await acceptWorkOrder(common);
    else if (intent === 'start') outcome = await startWorkOrder(common);
    else if (intent === 'decline') outcome = await declineWorkOrder({ ...common, reason: call.parse(declineSchema).reason });
    else outcome = await scheduleWorkOrder({ ...common, scheduledFor: call.parse(scheduleSchema(new Date())).scheduledFor });
    if (!outcome.ok) call.refuse(REFUSALS[outcome.reason], { params: refusalParams(outcome, call.t) });
    context.logger.info({ intent, vendorUser: viewer.id, workOrderId }, 'vendor work order command');
    return call.done({ message: `workOrders.done.${intent}`, redirectTo: `/vendor-portal/work-orders/${workOrderId}?done=${intent}` });
  });
}

// ---------------------------------------------------------------------------------------------
// Invoices
// ---------------------------------------------------------------------------------------------

/** The vendor's invoices (`?cursor=`, newest first), with `?done=submitted` after a new one. */
export async function loadVendorInvoicesPage({ request, context, viewer }: PageArgs) {
  const lang = requestLanguage(request);
  const params = new URL(request.url).searchParams;
  const cursor = parseWorkOrderCursor(params.get('cursor') ?? '');
  const [vendorRecord, list] = await Promise.all([
    findViewerVendor(context.db, viewer),
    findVendorInvoices({ db: context.db, viewer, cursor }),
  ]);
  return {
    vendor: vendorRecord,
    list,
    firstPage: cursor === null,
    submitted: params.get('done') === 'submitted',
    i18n: translations(lang, PAGE_TRANSLATIONS),
  };
}

/** The new-invoice form: the work orders the vendor may invoice (`?workOrder=` preselects one). */
export async function loadNewInvoicePage({ request, context, viewer }: PageArgs) {
  const lang = requestLanguage(request);
  const [vendorRecord, workOrders] = await Promise.all([
    findViewerVendor(context.db, viewer),
    findInvoiceableWorkOrders({ db: context.db, viewer }),
  ]);
  const wanted = parseRouteId(new URL(request.url).searchParams.get('workOrder') ?? undefined);
  return {
    vendor: vendorRecord,
    workOrders,
    selected: workOrders.some((order) => order.id === wanted) ? String(wanted) : '',
    limits: { lines: INVOICE_LINES_MAX, pdfBytes: INVOICE_PDF_MAX_BYTES },
    i18n: translations(lang, PAGE_TRANSLATIONS),
  };
}

function invoiceAnswer(body: InvoiceFormResult, status: number) {
  return data<InvoiceFormResult>(body, { status });
}

/** The form's values to echo back after a refusal (texts only, capped). */
function echoInvoice(fields: Record<string, string>): InvoiceFormValues {
  const cap = (value: string | undefined, max = 300) => (value ?? '').slice(0, max);
  const rows: InvoiceFormValues['lines'] = [];
  for (let index = 0; index <= INVOICE_LINES_MAX; index += 1) {
    const at = (field: string) => fields[`lines.${index}.${field}`];
    if ([at('kind'), at('description'), at('quantity'), at('unitPrice')].every((value) => value === undefined)) continue;
    if ([at('description'), at('unitPrice')].every((value) => (value ?? '').trim() === '')) continue;
    rows.push({
      kind: cap(at('kind'), 20),
      description: cap(at('description')),
      quantity: cap(at('quantity'), 20),
      unitPrice: cap(at('unitPrice'), 20),
    });
  }
  return {
    workOrderId: cap(fields.workOrderId, 12),
    number: cap(fields.number, 60),
    tax: cap(fields.tax, 20),
    notes: cap(fields.notes, 4_000),
    lines: rows.slice(0, INVOICE_LINES_MAX),
  };
}

/**
 * The new-invoice post (multipart: the fields of `readInvoiceForm` and an optional PDF): 303 to
 * `/vendor-portal/invoices?done=submitted` on success; 422 with a translated message per field
 * (each line's fields as `lines.<i>.<field>`) and the values echoed; 404 for a work order that is
 * not the vendor's; 409 when it cannot be invoiced yet; 413/415 for a refused file.
 */
export async function handleNewInvoiceAction({ request, context, viewer }: PageArgs) {
  const lang = requestLanguage(request);
  const t = getT(lang);
  const empty: InvoiceFormValues = { workOrderId: '', number: '', tax: '', notes: '', lines: [] };
  const limited = await checkRateLimit({ context, request }, 'api_call', viewer.id);
  if (limited) return rateLimitedAnswer(limited);
  let fields: Record<string, string>;
  let pdf: StoredPdf | null = null;
  const batch = uploadBatch(context);
  if (isMultipart(request)) {
    try {
      ({ fields, pdf } = await receiveInvoicePost({
        ...uploadSource(request, context, batch),
        scan: uploadScanFor(context, request, viewer.id, 'invoice_pdf'),
      }));
    } catch (error) {
      await batch.discard();
      if (!(error instanceof UploadError)) throw error;
      return invoiceAnswer(
        { ok: false, errors: { pdf: uploadErrorMessage(lang, error.code, error.limit ?? INVOICE_PDF_MAX_BYTES) }, values: empty },
        uploadErrorStatus(error.code),
      );
    }
  } else {
    fields = formFields(await readFormData(request));
  }
  try {
    const { input, errors: formErrors } = readInvoiceForm(fields);
    const values = echoInvoice(fields);
    if (Object.keys(formErrors).length > 0) {
      await batch.discard();
      return invoiceAnswer({ ok: false, errors: translateInvoiceErrors(formErrors, lang), values }, 422);
    }
    const outcome = await submitInvoice({ db: context.db, viewer, origin: requestOrigin(request, context.clientIp), input, pdf });
    if (!outcome.ok) {
      await batch.discard();
      if (outcome.reason === 'invalid' || outcome.reason === 'duplicate_number')
        return invoiceAnswer({ ok: false, errors: translateInvoiceErrors(outcome.errors ?? {}, lang), values }, 422);
      if (outcome.reason === 'not_found')
        return invoiceAnswer({ ok: false, errors: { workOrderId: t('workOrders.errors.notFound') }, values }, 404);
      return invoiceAnswer({ ok: false, errors: { workOrderId: t('workOrders.errors.notInvoiceable') }, values }, 409);
    }
    context.logger.info({ vendorUser: viewer.id, invoice: outcome.invoiceId, totalCents: outcome.totalCents }, 'invoice submitted');
    return redirect('/vendor-portal/invoices?done=submitted', 303);
  } catch (error) {
    await batch.discard();
    throw error;
  }
}

/**
 * An invoice's PDF for its vendor, an admin or the building's manager: always an attachment
 * (never rendered inline), `nosniff`, a sandboxing CSP, never cached; 404 otherwise (audited when
 * the invoice exists but is not theirs).
 */
export async function invoicePdfResponse({ request, context, viewer, param }: PageArgs & { param: string | undefined }): Promise<Response> {
  const invoiceId = parseRouteId(param);
  const found =
    invoiceId === null
      ? null
      : await findInvoicePdf({ db: context.db, viewer, invoiceId, origin: requestOrigin(request, context.clientIp) });
  if (!found) throw data(null, { status: 404 });
  const stored = await context.storage.get(found.key);
  if (!stored) throw data(null, { status: 404 });
  return fileResponse({
    body: Readable.toWeb(stored.body) as ReadableStream<Uint8Array>,
    size: stored.size,
    fileName: found.fileName,
    contentType: 'application/pdf',
  });
}
