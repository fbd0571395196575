/**
 * The /booking/{digits} page adapter (decision 037; spec §2 Choose Property → Tenant Details →
 * Confirmation, §3 application form, §4 summary): loads the home and the step's data, and runs
 * every step's post — the step machine is `booking-steps.ts`, the checks and the payment are
 * `booking.server.ts`, the draft cookie `booking-cookies.server.ts`. Each step is a real form
 * post, so the flow works without JavaScript. Non-digit or unknown ids answer 404 (decision 009).
 */
import { data, redirect } from 'react-router';
import { translations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import { parseDigitsId, requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin } from '~/server/audit.server';
import { getViewer } from '~/server/auth/session.server';
import { readFormData } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { getPaymentProvider } from '~/server/payments/payments.server';
import { SANDBOX_TEST_CARDS } from '~/server/payments/sandbox-provider.server';
import { checkRateLimit } from '~/server/rate-limit.server';
import { rateLimitedAnswer } from '~/server/responses.server';
import { clearDraftCookie, cookieOptions, draftCookie, newSubmissionKey, readDraft, receiptsCookie } from './booking-cookies.server';
import { bookingStepOf, bookingStepUrl, bookingTransition, reachableBookingStep } from './booking-steps';
import type { BookingField, BookingStep, DraftValues } from './booking.fields';
import { bookingToday, isChecked, keepableValues, readBookingForm } from './booking.schemas';
import {
  checkChooseStep,
  checkDetailsStep,
  countryOptions,
  findApplicantPrefill,
  findBookingProperty,
  firstIncompleteStep,
  quoteForDraft,
  submitApplication,
  type BookingProperty,
} from './booking.server';

type PageArgs = { request: Request; params: { id?: string }; context: DimoraLoadContext };

/** The home fields the page shows (no street address). */
function homeView(home: BookingProperty) {
  return {
    id: home.id,
    title: home.title,
    city: home.city,
    state: home.state,
    price: home.price,
    status: home.status,
    maxOccupants: home.maxOccupants,
    availableDate: home.availableDate,
    imageUrl: home.imageUrls[0] ?? null,
    bedrooms: home.bedrooms,
    bathrooms: home.bathrooms,
  };
}
/** The home as the booking page shows it. */
export type BookingHomeView = ReturnType<typeof homeView>;

async function loadHome(params: { id?: string }, request: Request, context: DimoraLoadContext) {
  const id = parseDigitsId(params.id);
  const lang = requestLanguage(request);
  const home = await findBookingProperty({ db: context.db, id, lang });
  if (!home) throw data(null, { status: 404 });
  return { id, lang, home };
}

/**
 * The booking page's data for home `params.id`: the home, and either `kind: 'unavailable'` or
 * the form's step, answers (draft cookie over the signed-in applicant's prefill over defaults)
 * and, on the confirm step, the quote and the submission key. Throws 404 for an unknown id and
 * redirects to the first incomplete step when a later one is asked for.
 */
export async function loadBookingPage({ request, params, context }: PageArgs) {
  const { id, lang, home } = await loadHome(params, request, context);
  const t = getT(lang);
  const base = {
    home: homeView(home),
    i18n: translations(lang, ['booking', 'listings']),
    meta: { title: t('booking.meta.title', { title: home.title }), description: t('booking.meta.description') },
  };
  if (home.status !== 'available') return { ...base, kind: 'unavailable' as const };

  const now = new Date();
  const draft = readDraft(request, id);
  const viewer = await getViewer(request, context);
  const prefill = viewer ? await findApplicantPrefill({ db: context.db, userId: viewer.id }) : {};
  const values: DraftValues = { adults: '1', children: '0', country: 'US', paymentMethod: 'card', ...prefill, ...draft.values };

  const step = bookingStepOf(new URL(request.url).searchParams.get('step'));
  const reachable = reachableBookingStep(step, firstIncompleteStep({ values, home, locale: lang, now }));
  if (reachable !== step) throw redirect(bookingStepUrl(id, reachable));

  let confirm = null;
  if (step === 'confirm') {
    const stay = checkChooseStep({ values, home, locale: lang, now });
    if (!stay.ok) throw redirect(bookingStepUrl(id, 'choose'));
    const { settings, quote } = await quoteForDraft({
      db: context.db,
      home,
      stay: stay.data,
      paymentMethod: values.paymentMethod === 'pay_at_signing' ? 'pay_at_signing' : 'card',
      payDepositNow: isChecked(values.payDeposit),
    });
    const provider = getPaymentProvider();
    confirm = {
      settings,
      quote,
      // The submission's key: kept in the draft once the details step was passed, so a reload or
      // a second tab posts the same key; a fresh one when the draft had none.
      idempotencyKey: draft.submissionKey ?? newSubmissionKey(),
      testCards: provider.testMode ? { succeeds: SANDBOX_TEST_CARDS.succeeds, declined: SANDBOX_TEST_CARDS.declined } : null,
    };
  }
  return {
    ...base,
    kind: 'form' as const,
    step,
    values,
    today: bookingToday(now),
    // The Country field's options (details step; confirm shows the chosen name and may fall back to details).
    countries: step === 'choose' ? [] : countryOptions(lang),
    confirm,
  };
}

/** A refused step post: the step to show, its field messages, the answers kept. */
type Failure = {
  ok: false;
  step: BookingStep;
  errors: Partial<Record<BookingField | 'form', string>>;
  values: DraftValues;
  unavailable?: boolean;
};

/**
 * Runs a post of the booking form (see the route's `action` for intents and statuses): the
 * transition comes from `bookingTransition`; the answers are kept in the draft cookie.
 */
export async function handleBookingAction({ request, params, context }: PageArgs) {
  const { id, lang, home } = await loadHome(params, request, context);
  const form = readBookingForm(await readFormData(request));
  const fromStep = bookingStepOf(form.step);
  const options = cookieOptions(context.publicUrl);
  const draft = readDraft(request, id);
  const viewer = await getViewer(request, context);
  // The cookie's answers, then what the form carried (hidden fields of other steps and this
  // step's fields). Card fields are never kept.
  const values: DraftValues = { ...draft.values, ...keepableValues(form.values) };
  if (fromStep === 'confirm') values.payDeposit = form.values.payDeposit ?? '';
  // Validation sees what was typed (a card number in a text field is refused, not silently
  // removed); drafts and echoed values only ever hold the kept, cleaned form.
  const typed: Partial<Record<BookingField, string>> = { ...values, ...form.values };
  const fail = (failure: Omit<Failure, 'ok' | 'values'>, status: number, headers?: HeadersInit) =>
    data<Failure>({ ok: false, values, ...failure }, { status, headers });

  if (form.intent === 'submit') {
    const limited = await checkRateLimit({ context, request }, 'payment', viewer?.id ?? null);
    if (limited) return rateLimitedAnswer(limited);
  } else {
    const limited = await checkRateLimit({ context, request }, 'default', viewer?.id ?? null);
    if (limited) return rateLimitedAnswer(limited);
  }

  if (home.status !== 'available' && form.intent !== 'submit') {
    return fail({ step: fromStep, errors: { form: getT(lang)('booking.unavailable.body') }, unavailable: true }, 409);
  }
  const save = (submissionKey: string | null = draft.submissionKey) => draftCookie({ propertyId: id, values, submissionKey }, options);
  const now = new Date();

  const transition = bookingTransition(form.intent, fromStep);
  if (transition.kind === 'navigate') {
    return redirect(bookingStepUrl(id, transition.to), { status: 303, headers: { 'Set-Cookie': save() } });
  }

  if (transition.kind === 'check_choose') {
    const stay = checkChooseStep({ values: typed, home, locale: lang, now });
    if (!stay.ok) return fail({ step: 'choose', errors: stay.errors }, 400, { 'Set-Cookie': save() });
    return redirect(bookingStepUrl(id, transition.to), { status: 303, headers: { 'Set-Cookie': save() } });
  }

  if (transition.kind === 'check_details') {
    const details = checkDetailsStep({ values: typed, locale: lang });
    if (!details.ok) return fail({ step: 'details', errors: details.errors }, 400, { 'Set-Cookie': save() });
    const stay = checkChooseStep({ values: typed, home, locale: lang, now });
    if (!stay.ok) return fail({ step: 'choose', errors: stay.errors }, 400, { 'Set-Cookie': save() });
    return redirect(bookingStepUrl(id, transition.to), {
      status: 303,
      headers: { 'Set-Cookie': save(draft.submissionKey ?? newSubmissionKey()) },
    });
  }

  if (transition.kind === 'submit') {
    const outcome = await submitApplication({
      db: context.db,
      provider: getPaymentProvider(),
      home,
      values: typed,
      idempotencyKey: form.idempotencyKey,
      userId: viewer?.id ?? null,
      locale: lang,
      now,
      context: { publicUrl: context.publicUrl, origin: requestOrigin(request, context.clientIp), logger: context.logger },
    });
    if (outcome.ok) {
      const headers = new Headers();
      headers.append('Set-Cookie', clearDraftCookie(options));
      headers.append('Set-Cookie', receiptsCookie(request, { reference: outcome.reference, key: form.idempotencyKey }, options));
      return redirect(`/payment-success?ref=${encodeURIComponent(outcome.reference)}`, { status: 303, headers });
    }
    // Keep this submission's key with the draft: a retry (back from the hosted page, a reload,
    // "pay at signing") continues the same application instead of starting another.
    const keep = { 'Set-Cookie': save(form.idempotencyKey || draft.submissionKey) };
    if (outcome.reason === 'checkout') {
      // To the provider's hosted page (decision 049). The receipts cookie lets this browser see
      // the outcome on /payment-success; the draft stays for a cancelled or failed payment.
      const headers = new Headers(keep);
      headers.append('Set-Cookie', receiptsCookie(request, { reference: outcome.reference, key: form.idempotencyKey }, options));
      return redirect(outcome.url, { status: 303, headers });
    }
    switch (outcome.reason) {
      case 'invalid':
        return fail({ step: outcome.step, errors: outcome.errors }, 400, keep);
      case 'unavailable':
        return fail({ step: 'confirm', errors: outcome.errors, unavailable: true }, 409, keep);
      default:
        return fail({ step: 'confirm', errors: outcome.errors }, outcome.reason === 'provider_error' ? 502 : 409, keep);
    }
  }
  return redirect(bookingStepUrl(id, transition.to), 303);
}
