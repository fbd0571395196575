/**
 * The tenant portal's commands as route actions: `pay` (Pay now), `autopay-on`, `autopay-off`
 * on /tenant-portal, and `sign` on /tenant-portal/leases/:leaseId. Each is rate-limited as a
 * `payment` (spec §9: 10 a minute per user), validated with the portal schemas, carried out by
 * the ledger and lease services, and answered with translated field errors (400/422), a
 * translated refusal (404/409/402) or a success notice; a plain HTML post is redirected (303).
 * Card numbers are never echoed back.
 */
import { randomUUID } from 'node:crypto';
import { data, redirect } from 'react-router';
import { getT } from '~/i18n/translate.server';
import { checkRateLimit } from '~/server/rate-limit.server';
import { cancelAutopay, enableAutopay } from '~/features/ledger/autopay.server';
import { payLeaseBalance } from '~/features/ledger/ledger-commands.server';
import { signLease } from '~/features/leases/lease-signing.server';
import type { Language } from '~/lib/constants';
import { formatCents } from '~/lib/format';
import { requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import { isDocumentPost, readFormData, translateIssues } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { getPaymentProvider } from '~/server/payments/payments.server';
import { rateLimitedAnswer } from '~/server/responses.server';
import { autopayFormSchema, payFormSchema, signFormSchema } from './portal.schemas';

export type PortalActionData = {
  ok: boolean;
  intent: string;
  notice?: string;
  error?: string;
  errors?: Partial<Record<string, string>>;
  values?: Record<string, string>;
  /**
   * A fresh idempotency key for the next attempt after a refusal: the failed attempt's key is
   * spent (the provider answers it with the same decline), and React Router does not reload the
   * page's loader after a 4xx answer.
   */
  nextKey?: string;
};

type Args = { request: Request; context: DimoraLoadContext; viewer: Viewer; lang: Language };

/** Echoed values: everything but card data. */
function echo(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['amount', 'day', 'typedName', 'nameOnCard']) {
    const value = form.get(name);
    if (typeof value === 'string') out[name] = value.slice(0, 200);
  }
  return out;
}

function answer(request: Request, body: PortalActionData, status: number, successTo: string) {
  if (body.ok && isDocumentPost(request)) return redirect(successTo, 303);
  return data(body, { status });
}

/** A refusal, with a fresh key for the form's next attempt. */
function refuse(body: Omit<PortalActionData, 'ok' | 'nextKey'>, status: number) {
  return data<PortalActionData>({ ...body, ok: false, nextKey: randomUUID() }, { status });
}

/** `/tenant-portal` actions: pay, autopay-on, autopay-off. */
export async function handlePortalAction({ request, context, viewer, lang }: Args) {
  const t = getT(lang);
  const form = await readFormData(request);
  const intent = String(form.get('intent') ?? '');
  const origin = requestOrigin(request, context.clientIp);
  const provider = getPaymentProvider();
  if (intent === 'autopay-off') {
    const leaseId = Number(form.get('leaseId'));
    const done = await cancelAutopay({ db: context.db, viewer, leaseId, origin });
    if (!done) return refuse({ intent, error: t('tenantPortal.errors.notFound') }, 404);
    return answer(request, { ok: true, intent, notice: t('tenantPortal.autopay.cancelled') }, 200, '/tenant-portal#autopay');
  }
  if (intent !== 'pay' && intent !== 'autopay-on') return refuse({ intent, error: t('tenantPortal.errors.unknownIntent') }, 400);
  const limited = await checkRateLimit({ context, request }, 'payment', viewer.id);
  if (limited) return rateLimitedAnswer(limited);
  const values = echo(form);
  const raw = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'));
  if (intent === 'pay') {
    const parsed = payFormSchema(new Date()).safeParse(raw);
    if (!parsed.success) return refuse({ intent, errors: translateIssues(parsed.error, lang), values }, 422);
    const outcome = await payLeaseBalance({
      db: context.db,
      provider,
      viewer,
      leaseId: parsed.data.leaseId,
      amountCents: parsed.data.amountCents,
      source: parsed.data.card,
      idempotencyKey: parsed.data.key,
      origin,
      publicUrl: context.publicUrl,
    });
    if (!outcome.ok) {
      const status = outcome.reason === 'not_found' ? 404 : outcome.reason === 'not_active' || outcome.reason === 'nothing_due' ? 409 : 422;
      const error = t(`tenantPortal.errors.${outcome.reason}`, { balance: formatCents(outcome.balanceCents ?? 0, lang) });
      return refuse(
        {
          intent,
          error,
          errors: outcome.reason === 'above_balance' || outcome.reason === 'invalid_amount' ? { amount: error } : {},
          values,
        },
        status,
      );
    }
    if (outcome.payment.status === 'failed') {
      return refuse(
        { intent, error: t('tenantPortal.errors.declined', { reason: t(`tenantPortal.declines.${outcome.payment.declineCode}`) }), values },
        402,
      );
    }
    // Outcome unknown: the same key must be used again, so a retry can never charge twice.
    if (outcome.payment.status === 'pending')
      return data<PortalActionData>({ ok: false, intent, error: t('tenantPortal.errors.pending'), values }, { status: 409 });
    return answer(
      request,
      { ok: true, intent, notice: t('tenantPortal.pay.done', { amount: formatCents(parsed.data.amountCents, lang) }) },
      200,
      '/tenant-portal#payments',
    );
  }
  const parsed = autopayFormSchema(new Date()).safeParse(raw);
  if (!parsed.success) return refuse({ intent, errors: translateIssues(parsed.error, lang), values }, 422);
  const outcome = await enableAutopay({
    db: context.db,
    provider,
    viewer,
    leaseId: parsed.data.leaseId,
    dayOfMonth: parsed.data.day,
    card: parsed.data.card,
    origin,
  });
  if (!outcome.ok) {
    const status =
      outcome.reason === 'not_found'
        ? 404
        : outcome.reason === 'card_refused'
          ? 402
          : outcome.reason === 'provider_unavailable'
            ? 503
            : 409;
    const error =
      outcome.reason === 'card_refused'
        ? t('tenantPortal.errors.declined', { reason: t(`tenantPortal.declines.${outcome.declineCode}`) })
        : t(`tenantPortal.errors.${outcome.reason}`);
    return refuse({ intent, error, values }, status);
  }
  return answer(
    request,
    { ok: true, intent, notice: t('tenantPortal.autopay.enabled', { day: outcome.autopay.dayOfMonth }) },
    200,
    '/tenant-portal#autopay',
  );
}

/** `/tenant-portal/leases/:leaseId` action: sign (with the payment due at signing when asked). */
export async function handleSignAction({
  request,
  context,
  viewer,
  lang,
  leaseId,
  cardRequired,
}: Args & { leaseId: number; cardRequired: boolean }) {
  const t = getT(lang);
  const limited = await checkRateLimit({ context, request }, 'payment', viewer.id);
  if (limited) return rateLimitedAnswer(limited);
  const form = await readFormData(request);
  const values = echo(form);
  const raw = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'));
  const parsed = signFormSchema(new Date(), cardRequired).safeParse(raw);
  if (!parsed.success) return refuse({ intent: 'sign', errors: translateIssues(parsed.error, lang), values }, 422);
  const outcome = await signLease({
    db: context.db,
    provider: getPaymentProvider(),
    storage: context.storage,
    viewer,
    leaseId,
    typedName: parsed.data.typedName,
    consent: parsed.data.consent,
    documentSha256: parsed.data.documentSha256,
    lang,
    card: parsed.data.card,
    idempotencyKey: parsed.data.key,
    origin: requestOrigin(request, context.clientIp),
    publicUrl: context.publicUrl,
  });
  if (!outcome.ok) {
    if (outcome.reason === 'payment_failed') {
      const declined =
        outcome.payment.status === 'failed' ? t(`tenantPortal.declines.${outcome.payment.declineCode}`) : t('tenantPortal.errors.pending');
      if (outcome.payment.status === 'pending')
        return data<PortalActionData>(
          { ok: false, intent: 'sign', error: t('tenantPortal.errors.declined', { reason: declined }), values },
          { status: 409 },
        );
      return refuse({ intent: 'sign', error: t('tenantPortal.errors.declined', { reason: declined }), values }, 402);
    }
    const status =
      outcome.reason === 'not_found'
        ? 404
        : outcome.reason === 'name_mismatch' || outcome.reason === 'consent_required' || outcome.reason === 'card_required'
          ? 422
          : 409;
    const error = t(`tenantPortal.sign.errors.${outcome.reason}`);
    const errors: Partial<Record<string, string>> =
      outcome.reason === 'name_mismatch' ? { typedName: error } : outcome.reason === 'consent_required' ? { consent: error } : {};
    return refuse({ intent: 'sign', error, errors, values }, status);
  }
  return answer(
    request,
    { ok: true, intent: 'sign', notice: t(outcome.leaseStatus === 'signed' ? 'tenantPortal.sign.doneAll' : 'tenantPortal.sign.done') },
    200,
    `/tenant-portal/leases/${leaseId}?signed=1`,
  );
}
