/**
 * The loader and action halves of /admin/vendors and /admin/vendors/:vendorId (decision 030; admin only, spec §6). The routes guard first (`requireRole(…, 'admin')`); the services
 * authorise again. Action answers: after a plain browser post (JavaScript off) a 303 back to the
 * vendor's page with `?done=<intent>`; otherwise data `{ ok: true, intent }` (the page shows a
 * toast and re-renders). Refusals answer data with 404, 409 or 422 and a translated message, an
 * unknown intent 400 — never a 500, and nothing changed.
 */
import { INT4_MAX } from '~/lib/ids';
import { utcToday } from '~/lib/dates';
import { data, redirect } from 'react-router';
import { staffPageTranslations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import { formText } from '~/lib/form-fields';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import { isDocumentPost, readFormData } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';

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
} from './vendor-admin.server';
import {
  isVendorAdminIntent,
  parseVendorFilters,
  VENDOR_REASON_MAX,
  type VendorAdminActionResult,
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

/** A positive database id from a URL segment or form field, or null. */
export function parseId(raw: string | undefined | null): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= INT4_MAX ? id : null;
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

function answer(body: VendorAdminActionResult, status = 200) {
  return data<VendorAdminActionResult>(body, { status });
}

function refusal(
  intent: VendorAdminIntent,
  outcome: Extract<VendorCommandOutcome, { ok: false }>,
  lang: Language,
  values: Record<string, string>,
) {
  const t = getT(lang);
  const message = t(`vendors.errors.${outcome.reason}`, {
    status: outcome.current ? t(`vendors.status.${outcome.current}`).toLowerCase() : '',
    max: VENDOR_REASON_MAX,
  });
  const field = outcome.reason === 'reason_required' || outcome.reason === 'reason_too_long' ? 'reason' : 'form';
  return answer({ ok: false, intent, errors: { [field]: message }, values }, outcome.status);
}

/**
 * The vendor page's commands, posted as `intent` with: `approve`; `reject` and `suspend` with a
 * `reason`; `reinstate`; `resend-invitation`; `verify-document` with `documentId`.
 */
export async function handleVendorAdminAction({ request, context, actor, vendorId }: PageArgs & { vendorId: string | undefined }) {
  const lang = requestLanguage(request);
  const t = getT(lang);
  const id = parseId(vendorId);
  if (!id) return answer({ ok: false, intent: null, errors: { form: t('vendors.errors.not_found') } }, 404);
  const form = await readFormData(request);
  const rawIntent = form.get('intent');
  if (!isVendorAdminIntent(rawIntent)) return answer({ ok: false, intent: null, errors: { form: t('vendors.errors.unknownIntent') } }, 400);
  const intent = rawIntent;
  const reason = formText(form, 'reason');
  const values = { reason, documentId: formText(form, 'documentId') };
  const common = { db: context.db, actor, id, origin: requestOrigin(request, context.clientIp) };
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
    case 'verify-document': {
      const documentId = parseId(formText(form, 'documentId'));
      outcome = documentId
        ? await verifyVendorDocument({ ...common, documentId })
        : { ok: false, status: 404, reason: 'document_not_found' };
      break;
    }
  }
  if (!outcome.ok) return refusal(intent, outcome, lang, values);
  context.logger.info({ intent, actor: actor.id, vendor: id, status: outcome.status, changed: outcome.changed }, 'vendor command');
  if (isDocumentPost(request)) return redirect(`/admin/vendors/${id}?done=${intent}`, 303);
  return answer({ ok: true, intent });
}
