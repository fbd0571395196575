/**
 * /booking/{digits}: the application flow (spec §2: Choose Property → Tenant Details →
 * Confirmation; §3 application form; §4 application summary). Each step is a real form post
 * (`?step=choose|details|confirm`), so the flow works without JavaScript; the answers live in the
 * `booking_draft` cookie and in hidden fields, and are validated again on every post. The
 * confirmation step pays the application fee (and, if chosen, the deposit) by card or chooses
 * "pay at signing", then lands on /payment-success. Non-digit or unknown ids answer 404; homes
 * that are not available show a notice instead of the form (decision 009).
 */
import { Container, Grid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { data, redirect } from 'react-router';
import { checkRateLimit } from '~/server/rate-limit.server';
import {
  BOOKING_STEPS,
  CARD_FIELDS,
  isBookingStep,
  type BookingField,
  type BookingStep,
  type DraftValues,
} from '~/features/booking/booking.fields';
import { readBookingForm, isChecked, keepableValues, bookingToday } from '~/features/booking/booking.schemas';
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
} from '~/features/booking/booking.server';
import {
  clearDraftCookie,
  cookieOptions,
  draftCookie,
  newSubmissionKey,
  readDraft,
  receiptsCookie,
} from '~/features/booking/booking-cookies.server';
import { BookingForm, type BookingActionData } from '~/features/booking/components/booking-form';
import { BookingStepper } from '~/features/booking/components/booking-stepper';
import { PropertySummary } from '~/features/booking/components/property-summary';
import { UnavailableNotice } from '~/features/booking/components/unavailable-notice';
import { translations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { parseDigitsId, requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin } from '~/server/audit.server';
import { getViewer } from '~/server/auth/session.server';
import { rateLimitedAnswer } from '~/server/responses.server';
import { getPaymentProvider } from '~/server/payments/payments.server';
import { SANDBOX_TEST_CARDS } from '~/server/payments/sandbox-provider.server';
import type { Route } from './+types/booking.$id';
import { readFormData } from '~/server/http/form.server';

/** The page holds personal details: never cached by browsers or proxies. */
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

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
export type BookingHomeView = ReturnType<typeof homeView>;

function stepUrl(id: number, step: BookingStep): string {
  return step === 'choose' ? `/booking/${id}` : `/booking/${id}?step=${step}`;
}

async function loadHome(params: { id?: string }, request: Request, context: Route.LoaderArgs['context']) {
  const id = parseDigitsId(params.id);
  const lang = requestLanguage(request);
  const home = await findBookingProperty({ db: context.db, id, lang });
  if (!home) throw data(null, { status: 404 });
  return { id, lang, home };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
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

  const requested = new URL(request.url).searchParams.get('step');
  const step: BookingStep = isBookingStep(requested) ? requested : 'choose';
  const incomplete = firstIncompleteStep({ values, home, locale: lang, now });
  if (incomplete && BOOKING_STEPS.indexOf(incomplete) < BOOKING_STEPS.indexOf(step)) throw redirect(stepUrl(id, incomplete));

  let confirm = null;
  if (step === 'confirm') {
    const stay = checkChooseStep({ values, home, locale: lang, now });
    if (!stay.ok) throw redirect(stepUrl(id, 'choose'));
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

type Failure = { ok: false; step: BookingStep; errors: Partial<Record<BookingField | 'form', string>>; values: DraftValues; unavailable?: boolean; declined?: boolean };

/**
 * One action for every step: `intent=next` validates the posted step and moves on, `back` and
 * `goto:<step>` save what was typed (without judging it) and go back, `submit` (rate-limited
 * as `payment`, spec §9: 10 a minute) places and pays the application. Successes redirect (303);
 * errors answer 400 (invalid), 402 (card declined), 409 (home not available) or 429.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { id, lang, home } = await loadHome(params, request, context);
  const form = readBookingForm(await readFormData(request));
  const fromStep: BookingStep = isBookingStep(form.step) ? form.step : 'choose';
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

  if (form.intent === 'back' || form.intent.startsWith('goto:')) {
    const target = form.intent === 'back' ? BOOKING_STEPS[Math.max(0, BOOKING_STEPS.indexOf(fromStep) - 1)]! : form.intent.slice(5);
    const to = isBookingStep(target) ? target : 'choose';
    return redirect(stepUrl(id, to), { status: 303, headers: { 'Set-Cookie': save() } });
  }

  if (form.intent === 'next' && fromStep === 'choose') {
    const stay = checkChooseStep({ values: typed, home, locale: lang, now });
    if (!stay.ok) return fail({ step: 'choose', errors: stay.errors }, 400, { 'Set-Cookie': save() });
    return redirect(stepUrl(id, 'details'), { status: 303, headers: { 'Set-Cookie': save() } });
  }

  if (form.intent === 'next' && fromStep === 'details') {
    const details = checkDetailsStep({ values: typed, locale: lang });
    if (!details.ok) return fail({ step: 'details', errors: details.errors }, 400, { 'Set-Cookie': save() });
    const stay = checkChooseStep({ values: typed, home, locale: lang, now });
    if (!stay.ok) return fail({ step: 'choose', errors: stay.errors }, 400, { 'Set-Cookie': save() });
    return redirect(stepUrl(id, 'confirm'), { status: 303, headers: { 'Set-Cookie': save(draft.submissionKey ?? newSubmissionKey()) } });
  }

  if (form.intent === 'submit') {
    const outcome = await submitApplication({
      db: context.db,
      provider: getPaymentProvider(),
      home,
      values: { ...typed, ...Object.fromEntries(CARD_FIELDS.map((field) => [field, form.values[field] ?? ''])) },
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
    // Keep this submission's key with the draft: a retry (new card, reload, "pay at signing")
    // continues the same application instead of starting another.
    const keep = { 'Set-Cookie': save(form.idempotencyKey || draft.submissionKey) };
    switch (outcome.reason) {
      case 'invalid':
        return fail({ step: outcome.step, errors: outcome.errors }, 400, keep);
      case 'unavailable':
        return fail({ step: 'confirm', errors: outcome.errors, unavailable: true }, 409, keep);
      case 'declined':
        return fail({ step: 'confirm', errors: outcome.errors, declined: true }, 402, keep);
      default:
        return fail({ step: 'confirm', errors: outcome.errors }, outcome.reason === 'provider_error' ? 502 : 409, keep);
    }
  }
  return redirect(stepUrl(id, fromStep), 303);
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { home } = loaderData;
  const answer = actionData as BookingActionData | undefined;
  if (loaderData.kind === 'unavailable' || (answer && 'unavailable' in answer && answer.unavailable)) {
    return (
      <Container size="md" py="xl">
        <UnavailableNotice home={home} />
      </Container>
    );
  }
  if (loaderData.kind !== 'form') return null;
  const failed = answer && !answer.ok && 'step' in answer ? answer : undefined;
  const step = failed?.step ?? loaderData.step;
  return (
    <Container size="lg" py="xl">
      <Stack gap={4} mb="lg">
        <Title order={1}>{t('booking.title', { title: home.title })}</Title>
        <Text c="dimmed">{t('booking.subtitle')}</Text>
      </Stack>
      <BookingStepper step={step} />
      <Grid gap="xl" mt="lg">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <BookingForm
            // A fresh form per step: its state (payment choice, card fields) belongs to that step.
            key={step}
            home={home}
            step={step}
            values={failed?.values ? { ...loaderData.values, ...failed.values } : loaderData.values}
            today={loaderData.today}
            countries={loaderData.countries}
            confirm={loaderData.confirm}
            result={answer}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <PropertySummary home={home} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
