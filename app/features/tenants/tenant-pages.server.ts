/**
 * The loader and action halves of the tenants pages, shared by the admin's `/admin/tenants*` and
 * a property manager's `/dashboard/tenants*` (leases issue items 5 and 7). Routes check the role
 * first and pass the actor and their base path; this module parses input with the zod schemas,
 * calls the services (which authorise again and audit every change) and maps their reason codes
 * to answers: 404 (unknown, or not the actor's — audited), 409 (the lease is not active), 422
 * with translated field errors (nothing written), 400 for an unknown intent; after a success a
 * 303 back to the page for a plain form post (`?done=<intent>`), data and a toast otherwise.
 */
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { endLease, notifyLeaseTenants, postManualCharge, recordOfflinePayment } from '~/features/ledger/ledger-commands.server';
import { staffPageTranslations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import { formText } from '~/lib/form-fields';
import { formatCents } from '~/lib/format';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import { readFormData, translateIssues, isDocumentPost } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { addChargeSchema, deductionSchema, DEDUCTIONS_MAX, endLeaseSchema, notifySchema, recordPaymentSchema } from './tenants.schemas';
import { findTenantDetail, findTenants, isTenantLease, recordDeniedTenantAccess, utcToday } from './tenants.server';
import { isTenantIntent, parseTenantFilters, type TenantActionResult, type TenantIntent, type TenantsBase } from './tenants.types';
import { findBuildingOption } from '~/features/portfolio/building-options.server';

type PageArgs = { request: Request; context: DimoraLoadContext; actor: Viewer; base: TenantsBase };

const PAGE_TRANSLATIONS = ['tenants'] as const;

/** The directory (`?q=&building=&due=1&ending=&after=`) scoped to `actor`. */
export async function loadTenantsList({ request, context, actor }: Omit<PageArgs, 'base'>) {
  const lang = requestLanguage(request);
  const filters = parseTenantFilters(new URL(request.url).searchParams);
  const [list, building] = await Promise.all([
    findTenants({ db: context.db, actor, filters }),
    findBuildingOption({ db: context.db, actor, id: filters.buildingId }),
  ]);
  return { list, filters, building, i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS) };
}

/** A tenant's page, or a 404 (audited for a manager asking about another manager's tenant). */
export async function loadTenantPage({ request, context, actor, userId }: Omit<PageArgs, 'base'> & { userId: string | undefined }) {
  const lang = requestLanguage(request);
  const id = userId ?? '';
  const detail = await findTenantDetail({ db: context.db, actor, userId: id });
  if (!detail) {
    await recordDeniedTenantAccess({ db: context.db, actor, userId: id, origin: requestOrigin(request, context.clientIp) });
    throw data(null, { status: 404 });
  }
  const done = new URL(request.url).searchParams.get('done');
  return {
    detail,
    done: isTenantIntent(done) ? done : null,
    today: utcToday(),
    i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS),
  };
}

function answer(body: TenantActionResult, status = 200) {
  return data<TenantActionResult>(body, { status });
}

function fieldErrors(error: z.ZodError, lang: Language): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(translateIssues(error, lang))) if (message) errors[field] = message;
  return errors;
}

/** The form's values to echo back after a refusal (texts only, capped by `formText`). */
function echo(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const name of ['kind', 'amount', 'dueDate', 'description', 'method', 'reference', 'title', 'message', 'moveOutDate'])
    values[name] = formText(form, name);
  values.deductionDescription = form
    .getAll('description')
    .map(String)
    .slice(0, DEDUCTIONS_MAX * 2);
  values.deductionAmount = form
    .getAll('amount')
    .map(String)
    .slice(0, DEDUCTIONS_MAX * 2);
  return values;
}

type Refusal = { reason: string; limitCents?: number };

/** A service refusal → status, field and translated message. */
function refusal(intent: TenantIntent, leaseId: number, outcome: Refusal, lang: Language, values: Record<string, string | string[]>) {
  const t = getT(lang);
  // A notification to a lease whose signers have no account yet has nobody to reach.
  const key = intent === 'notify' && outcome.reason === 'not_active' ? 'no_recipients' : outcome.reason;
  const message = t(`tenants.errors.${key}`, { balance: formatCents(outcome.limitCents ?? 0, lang) });
  const status = outcome.reason === 'not_found' ? 404 : outcome.reason === 'not_active' ? 409 : 422;
  const field =
    {
      invalid_amount: 'amount',
      above_balance: 'amount',
      nothing_due: 'amount',
      invalid_date: intent === 'end-lease' ? 'moveOutDate' : 'dueDate',
      deductions_above_deposit: 'deductions',
    }[outcome.reason] ?? 'form';
  return answer({ ok: false, intent, leaseId, errors: { [field]: message }, values }, status);
}

function succeeded(request: Request, intent: TenantIntent, leaseId: number) {
  if (isDocumentPost(request)) {
    const url = new URL(request.url);
    return redirect(`${url.pathname}?done=${intent}#lease-${leaseId}`, 303);
  }
  return answer({ ok: true, intent, leaseId, message: `tenants.done.${intent}` });
}

/** The end-lease form's deduction rows (`description`/`amount` repeated; blank rows ignored). */
function readDeductions(form: FormData, lang: Language) {
  const descriptions = form.getAll('description').map((value) => (typeof value === 'string' ? value : ''));
  const amounts = form.getAll('amount').map((value) => (typeof value === 'string' ? value : ''));
  const rows = Array.from({ length: Math.max(descriptions.length, amounts.length) }, (_, i) => ({
    description: descriptions[i] ?? '',
    amount: amounts[i] ?? '',
  })).filter((row) => row.description.trim() !== '' || row.amount.trim() !== '');
  const errors: Record<string, string> = {};
  if (rows.length > DEDUCTIONS_MAX) errors.deductions = getT(lang)('tenants.errors.tooManyDeductions', { max: DEDUCTIONS_MAX });
  const deductions: { description: string; amountCents: number }[] = [];
  rows.slice(0, DEDUCTIONS_MAX).forEach((row, i) => {
    const parsed = deductionSchema.safeParse(row);
    if (parsed.success) deductions.push({ description: parsed.data.description, amountCents: parsed.data.amount });
    else for (const [field, message] of Object.entries(fieldErrors(parsed.error, lang))) errors[`deduction.${i}.${field}`] = message;
  });
  return { deductions, errors };
}

/**
 * The tenant page's commands (`intent` with `leaseId`, one of the tenant's leases):
 * `add-charge` (kind, amount, dueDate, description), `record-payment` (amount, method, reference),
 * `notify` (title, message), `end-lease` (moveOutDate, repeated description/amount deductions).
 */
export async function handleTenantAction({ request, context, actor, userId }: Omit<PageArgs, 'base'> & { userId: string | undefined }) {
  const lang = requestLanguage(request);
  const t = getT(lang);
  const form = await readFormData(request);
  const rawIntent = form.get('intent');
  if (!isTenantIntent(rawIntent)) return answer({ ok: false, intent: null, errors: { form: t('tenants.errors.unknownIntent') } }, 400);
  const intent = rawIntent;
  const values = echo(form);
  const db = context.db;
  const origin = requestOrigin(request, context.clientIp);
  const fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string')) as Record<string, string>;
  const schema = {
    'add-charge': addChargeSchema,
    'record-payment': recordPaymentSchema,
    notify: notifySchema,
    'end-lease': endLeaseSchema,
  }[intent];
  const parsed = schema.safeParse(fields);
  const deductions = intent === 'end-lease' ? readDeductions(form, lang) : { deductions: [], errors: {} };
  if (!parsed.success || Object.keys(deductions.errors).length > 0) {
    const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error, lang)), ...deductions.errors };
    if (errors.leaseId) return answer({ ok: false, intent, errors: { form: t('tenants.errors.not_found') }, values }, 404);
    return answer({ ok: false, intent, leaseId: parsed.success ? parsed.data.leaseId : undefined, errors, values }, 422);
  }
  const input = parsed.data;
  // The lease must be this tenant's, in the actor's buildings (the services check the buildings again).
  if (!(await isTenantLease({ db, actor, userId: userId ?? '', leaseId: input.leaseId }))) {
    await recordDeniedTenantAccess({ db, actor, userId: userId ?? '', origin });
    return answer({ ok: false, intent, errors: { form: t('tenants.errors.not_found') }, values }, 404);
  }
  const leaseId = input.leaseId;
  const publicUrl = context.publicUrl;
  let outcome: { ok: true } | ({ ok: false } & Refusal);
  if ('kind' in input) {
    outcome = await postManualCharge({
      db,
      actor,
      leaseId,
      kind: input.kind,
      amountCents: input.amount,
      dueDate: input.dueDate,
      description: input.description,
      origin,
    });
  } else if ('method' in input) {
    outcome = await recordOfflinePayment({
      db,
      actor,
      leaseId,
      amountCents: input.amount,
      method: input.method,
      reference: input.reference,
      origin,
      publicUrl,
    });
  } else if ('title' in input) {
    outcome = await notifyLeaseTenants({ db, actor, leaseId, title: input.title, message: input.message, origin });
  } else {
    outcome = await endLease({ db, actor, leaseId, moveOutDate: input.moveOutDate, deductions: deductions.deductions, origin, publicUrl });
  }
  if (!outcome.ok) return refusal(intent, leaseId, outcome, lang, values);
  context.logger.info({ intent, actor: actor.id, lease: leaseId }, 'tenant page command');
  return succeeded(request, intent, leaseId);
}
