/**
 * The loader and action halves of the tenants pages, shared by the admin's `/admin/tenants*` and
 * a property manager's `/dashboard/tenants*` (decision 020 and 022). Routes check the role
 * first and pass the actor and their base path; this module parses input with the zod schemas,
 * calls the services (which authorise again and audit every change) and maps their reason codes
 * to answers: 404 (unknown, or not the actor's — audited), 409 (the lease is not active), 422
 * with translated field errors (nothing written), 400 for an unknown intent; after a success a
 * 303 back to the page for a plain form post (`?done=<intent>`), data and a toast otherwise.
 */
import { utcToday } from '~/lib/dates';
import { data } from 'react-router';
import {
  endLease,
  notifyLeaseTenants,
  postManualCharge,
  recordOfflinePayment,
  type StaffLedgerRefusal,
} from '~/features/ledger/ledger-commands.server';
import { staffPageTranslations } from '~/i18n/resources.server';
import { formatCents } from '~/lib/format';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import { handleFormAction, type FormCall, type ReasonTable, type Refusal } from '~/server/http/form-action.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { addChargeSchema, deductionSchema, DEDUCTIONS_MAX, endLeaseSchema, notifySchema, recordPaymentSchema } from './tenants.schemas';
import { findTenantDetail, findTenants, isTenantLease, recordDeniedTenantAccess } from './tenants.server';
import { isTenantIntent, parseTenantFilters, TENANT_INTENTS, type TenantIntent, type TenantsBase } from './tenants.types';
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

/**
 * How the page answers each reason code of the ledger commands (decision 037). The refund reasons
 * belong to refunds (the payment page); the commands here never return them.
 */
const REFUSALS: ReasonTable<LedgerRefusalReason> = {
  not_found: { status: 404, message: 'tenants.errors.not_found' },
  not_active: { status: 409, message: 'tenants.errors.not_active' },
  invalid_amount: { status: 422, message: 'tenants.errors.invalid_amount', field: 'amount' },
  above_balance: { status: 422, message: 'tenants.errors.above_balance', field: 'amount' },
  nothing_due: { status: 422, message: 'tenants.errors.nothing_due', field: 'amount' },
  invalid_date: { status: 422, message: 'tenants.errors.invalid_date', field: 'dueDate' },
  deductions_above_deposit: { status: 422, message: 'tenants.errors.deductions_above_deposit', field: 'deductions' },
  above_refundable: { status: 422, message: 'tenants.errors.invalid_amount', field: 'amount' },
  not_refundable: { status: 409, message: 'tenants.errors.not_active' },
  provider_refused: { status: 422, message: 'tenants.errors.invalid_amount', field: 'amount' },
  provider_unavailable: { status: 503, message: 'tenants.errors.not_active' },
};

type LedgerRefusalReason = StaffLedgerRefusal | 'deductions_above_deposit';

/** The refusal of `reason` for `intent`: a notification to a lease without reachable signers, a move-out date. */
function refusalOf(intent: TenantIntent, reason: LedgerRefusalReason): Refusal {
  if (intent === 'notify' && reason === 'not_active') return { status: 409, message: 'tenants.errors.no_recipients' };
  if (intent === 'end-lease' && reason === 'invalid_date') return { ...REFUSALS.invalid_date, field: 'moveOutDate' };
  return REFUSALS[reason];
}

/** The end-lease form's deduction rows (`description`/`amount` repeated; blank rows ignored), with their messages. */
function readDeductions(call: FormCall<TenantIntent>) {
  const descriptions = call.form.getAll('description').map((value) => (typeof value === 'string' ? value : ''));
  const amounts = call.form.getAll('amount').map((value) => (typeof value === 'string' ? value : ''));
  const rows = Array.from({ length: Math.max(descriptions.length, amounts.length) }, (_, i) => ({
    description: descriptions[i] ?? '',
    amount: amounts[i] ?? '',
  })).filter((row) => row.description.trim() !== '' || row.amount.trim() !== '');
  const errors: Record<string, string> = {};
  if (rows.length > DEDUCTIONS_MAX) errors.deductions = call.t('tenants.errors.tooManyDeductions', { max: DEDUCTIONS_MAX });
  const deductions: { description: string; amountCents: number }[] = [];
  rows.slice(0, DEDUCTIONS_MAX).forEach((row, i) => {
    const parsed = call.validate(deductionSchema, row);
    if (parsed.success) deductions.push({ description: parsed.data.description, amountCents: parsed.data.amount });
    else for (const [field, message] of Object.entries(parsed.errors)) errors[`deduction.${i}.${field}`] = message;
  });
  return { deductions, errors };
}

const SCHEMAS = { 'add-charge': addChargeSchema, 'record-payment': recordPaymentSchema, notify: notifySchema, 'end-lease': endLeaseSchema };

/**
 * The tenant page's commands (`intent` with `leaseId`, one of the tenant's leases):
 * `add-charge` (kind, amount, dueDate, description), `record-payment` (amount, method, reference),
 * `notify` (title, message), `end-lease` (moveOutDate, repeated description/amount deductions).
 * Answers per decision 037: 404 (a lease not this tenant's, or outside the actor's buildings —
 * audited), 409 (not active), 422 with translated field messages (nothing written), 400 for an
 * unknown intent; after a success a 303 to `?done=<intent>#lease-<id>` for a plain post, the toast
 * otherwise.
 */
export function handleTenantAction({ request, context, actor, userId }: Omit<PageArgs, 'base'> & { userId: string | undefined }) {
  return handleFormAction({ request, context }, { intents: TENANT_INTENTS }, async (call: FormCall<TenantIntent>) => {
    const { intent, form } = call;
    const db = context.db;
    // The deduction rows come back as lists, so the form can show every row again.
    call.values.deductionDescription = form
      .getAll('description')
      .map(String)
      .slice(0, DEDUCTIONS_MAX * 2);
    call.values.deductionAmount = form
      .getAll('amount')
      .map(String)
      .slice(0, DEDUCTIONS_MAX * 2);
    const parsed = call.validate(SCHEMAS[intent]);
    const deductions = intent === 'end-lease' ? readDeductions(call) : { deductions: [], errors: {} };
    if (!parsed.success || Object.keys(deductions.errors).length > 0) {
      const errors = { ...(parsed.success ? {} : parsed.errors), ...deductions.errors };
      if (errors.leaseId) call.refuse(REFUSALS.not_found);
      call.invalid(errors, { key: parsed.success ? String(parsed.data.leaseId) : undefined });
    }
    const input = parsed.data;
    const leaseId = input.leaseId;
    const key = String(leaseId);
    // The lease must be this tenant's, in the actor's buildings (the services check the buildings again).
    if (!(await isTenantLease({ db, actor, userId: userId ?? '', leaseId }))) {
      await recordDeniedTenantAccess({ db, actor, userId: userId ?? '', origin: call.origin });
      call.refuse(REFUSALS.not_found);
    }
    const origin = call.origin;
    const publicUrl = context.publicUrl;
    let outcome: { ok: true } | { ok: false; reason: LedgerRefusalReason; limitCents?: number };
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
      outcome = await endLease({
        db,
        actor,
        leaseId,
        moveOutDate: input.moveOutDate,
        deductions: deductions.deductions,
        origin,
        publicUrl,
      });
    }
    if (!outcome.ok) {
      call.refuse(refusalOf(intent, outcome.reason), { key, params: { balance: formatCents(outcome.limitCents ?? 0, call.lang) } });
    }
    context.logger.info({ intent, actor: actor.id, lease: leaseId }, 'tenant page command');
    const url = new URL(request.url);
    return call.done({ message: `tenants.done.${intent}`, key, redirectTo: `${url.pathname}?done=${intent}#lease-${leaseId}` });
  });
}
