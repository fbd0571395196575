/**
 * The page adapter of /admin/vendors and /admin/vendors/:vendorId (decision 030; admin only,
 * spec §6), on the page protocol of decision 037. The routes guard first
 * (`requireRole(…, 'admin')`); the services authorise again and return reason codes, which
 * `VENDOR_COMMAND_REFUSALS` maps to answers. Action answers (`ActionResult`): after a plain
 * browser post (JavaScript off) a 303 back to the vendor's page with `?done=<intent>`; otherwise
 * data `{ ok: true, intent, message }` (the page shows a toast and re-renders). Refusals answer
 * 404, 409 or 422 with a translated message, an unknown intent 400 — never a 500, and nothing
 * changed.
 */
import { parseId } from '~/lib/ids';
import { data } from 'react-router';
import { staffPageTranslations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import type { ActionFailure } from '~/lib/action-result';
import { formText } from '~/lib/form-fields';
import { requestLanguage } from '~/lib/route-helpers.server';
import type { Viewer } from '~/server/auth/session.server';
import { handleFormAction, type FormCall, type ReasonTable } from '~/server/http/form-action.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { utcToday } from '~/lib/dates';
import {
  approveVendor,
  findVendorDetail,
  listVendors,
  reinstateVendor,
  rejectVendor,
  resendVendorInvitation,
  suspendVendor,
  verifyVendorDocument,
  type VendorCommandOutcome,
  type VendorCommandRefusal,
} from './vendor-admin.server';
import {
  isVendorAdminIntent,
  parseVendorFilters,
  VENDOR_ADMIN_INTENTS,
  VENDOR_REASON_MAX,
  type VendorAdminIntent,
} from './vendor-admin.types';

type PageArgs = { request: Request; context: DimoraLoadContext; actor: Viewer };

/** The namespaces the vendor pages need: their own, the trades and countries (forms), the work-order rule's texts. */
const PAGE_TRANSLATIONS = ['vendors', 'forms', 'workOrders'] as const;

/** The staff list as the URL asks for it (`?status=&trade=&state=&insurance=&q=&page=`). */
export async function loadVendorListPage({ request, context, actor }: PageArgs) {
  const lang = requestLanguage(request);
  const filters = parseVendorFilters(new URL(request.url).searchParams);
  const list = await listVendors({ db: context.db, actor, filters });
  return { list, filters: { ...filters, page: list.page }, i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS) };
}

/** One vendor's page, or a thrown 404. */
export async function loadVendorDetailPage({ request, context, actor, vendorId }: PageArgs & { vendorId: string | undefined }) {
  const lang = requestLanguage(request);
  const id = parseId(vendorId);
  const detail = id ? await findVendorDetail({ db: context.db, actor, id }) : null;
  if (!detail) throw data(null, { status: 404 });
  const done = new URL(request.url).searchParams.get('done');
  return {
    detail,
    today: utcToday(),
    done: isVendorAdminIntent(done) ? done : null,
    i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS),
  };
}

/**
 * How the vendor page answers each reason code of the review commands (decision 037): the
 * status, the message (`vendors.errors.<reason>`, with `{{status}}` and `{{max}}`) and its field.
 * Exported for the tests, which check a service's refusal through the status it answers.
 */
export const VENDOR_COMMAND_REFUSALS: ReasonTable<VendorCommandRefusal> = {
  not_found: { status: 404, message: 'vendors.errors.not_found' },
  invalid_transition: { status: 409, message: 'vendors.errors.invalid_transition' },
  reason_required: { status: 422, message: 'vendors.errors.reason_required', field: 'reason' },
  reason_too_long: { status: 422, message: 'vendors.errors.reason_too_long', field: 'reason' },
  already_linked: { status: 409, message: 'vendors.errors.already_linked' },
  document_not_found: { status: 404, message: 'vendors.errors.document_not_found' },
  document_not_coi: { status: 422, message: 'vendors.errors.document_not_coi' },
  document_expired: { status: 422, message: 'vendors.errors.document_expired' },
};

/**
 * The vendor page's commands (`/admin/vendors/:vendorId`, decision 030), posted as `intent`
 * with: `approve`; `reject` and `suspend` with a `reason` (≤ VENDOR_REASON_MAX characters);
 * `reinstate`; `resend-invitation`; `verify-document` with `documentId`. Answers per decision 037:
 * 404 (unknown vendor or document), 409 (the vendor's status does not allow it, or it already has
 * an account), 422 with a translated message (nothing written), 400 for an unknown intent; after a
 * success a 303 to `/admin/vendors/:id?done=<intent>` for a plain post, data and a toast otherwise.
 */
export async function handleVendorAdminAction({ request, context, actor, vendorId }: PageArgs & { vendorId: string | undefined }) {
  const id = parseId(vendorId);
  // An unknown vendor is a 404 whatever was posted (the form is not read).
  if (!id) {
    const t = getT(requestLanguage(request));
    return data<ActionFailure>({ ok: false, intent: null, errors: { form: t('vendors.errors.not_found') } }, { status: 404 });
  }
  return handleFormAction(
    { request, context },
    { intents: VENDOR_ADMIN_INTENTS, echo: ['reason', 'documentId'] },
    async (call: FormCall<VendorAdminIntent>) => {
      const { intent, form } = call;
      const reason = formText(form, 'reason');
      const common = { db: context.db, actor, id, origin: call.origin };
      const documentId = intent === 'verify-document' ? parseId(formText(form, 'documentId')) : null;
      const key = documentId ? String(documentId) : undefined;
      let outcome: VendorCommandOutcome;
      switch (intent) {
        case 'approve':
          outcome = await approveVendor(common);
          break;
        case 'reject':
          outcome = await rejectVendor({ ...common, reason });
          break;
        case 'suspend':
          outcome = await suspendVendor({ ...common, reason });
          break;
        case 'reinstate':
          outcome = await reinstateVendor(common);
          break;
        case 'resend-invitation':
          outcome = await resendVendorInvitation(common);
          break;
        case 'verify-document':
          outcome = documentId ? await verifyVendorDocument({ ...common, documentId }) : { ok: false, reason: 'document_not_found' };
          break;
      }
      if (!outcome.ok) {
        const status = outcome.current ? call.t(`vendors.status.${outcome.current}`).toLowerCase() : '';
        call.refuse(VENDOR_COMMAND_REFUSALS[outcome.reason], { params: { status, max: VENDOR_REASON_MAX }, key });
      }
      context.logger.info({ intent, actor: actor.id, vendor: id, status: outcome.status, changed: outcome.changed }, 'vendor command');
      return call.done({ message: `vendors.done.${intent}`, key, redirectTo: `/admin/vendors/${id}?done=${intent}` });
    },
  );
}
