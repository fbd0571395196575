/**
 * The booking flow's step machine (spec §2: Choose Property → Tenant Details → Confirmation),
 * pure and client-safe: which step a URL asks for, where an incomplete draft must go back to,
 * and what each posted intent does from each step. The page adapter (`booking.page.server.ts`)
 * does the validation, cookies and payment the transitions call for.
 *
 * Intents: `next` validates the posted step and moves forward (choose → details → confirm),
 * `back` and `goto:<step>` save what was typed without judging it and go to that step,
 * `submit` places and pays the application (from any step: the service checks every step
 * again). Anything else goes back to the posted step.
 */
import { BOOKING_STEPS, isBookingStep, type BookingStep } from './booking.fields';

/** The URL of step `step` of the booking of home `id` (the first step has no `?step=`). */
export function bookingStepUrl(id: number, step: BookingStep): string {
  return step === 'choose' ? `/booking/${id}` : `/booking/${id}?step=${step}`;
}

/** The step named by a `?step=` value or a posted `step` field; the first step when it names none. */
export function bookingStepOf(value: unknown): BookingStep {
  return isBookingStep(value) ? value : 'choose';
}

/**
 * The step the page shows for the requested `step`: the first incomplete step of the draft when
 * that comes before the requested one (a step cannot be reached with an earlier one unfinished),
 * else the requested step. `incomplete` is null when every step before confirm is complete.
 */
export function reachableBookingStep(step: BookingStep, incomplete: BookingStep | null): BookingStep {
  return incomplete && BOOKING_STEPS.indexOf(incomplete) < BOOKING_STEPS.indexOf(step) ? incomplete : step;
}

/** What a posted intent does from the posted step. */
export type BookingTransition =
  /** Save the answers (unjudged) and go to `to`. */
  | { kind: 'navigate'; to: BookingStep }
  /** Validate the choose step; on success save and go to details. */
  | { kind: 'check_choose'; to: 'details' }
  /** Validate the details step (then the choose step again); on success save with a submission key and go to confirm. */
  | { kind: 'check_details'; to: 'confirm' }
  /** Place and pay the application. */
  | { kind: 'submit' }
  /** Nothing to do: go back to the posted step. */
  | { kind: 'stay'; to: BookingStep };

/** The transition for `intent` posted from `from` (see the module comment). */
export function bookingTransition(intent: string, from: BookingStep): BookingTransition {
  if (intent === 'back') return { kind: 'navigate', to: BOOKING_STEPS[Math.max(0, BOOKING_STEPS.indexOf(from) - 1)]! };
  if (intent.startsWith('goto:')) return { kind: 'navigate', to: bookingStepOf(intent.slice(5)) };
  if (intent === 'next' && from === 'choose') return { kind: 'check_choose', to: 'details' };
  if (intent === 'next' && from === 'details') return { kind: 'check_details', to: 'confirm' };
  if (intent === 'submit') return { kind: 'submit' };
  return { kind: 'stay', to: from };
}
