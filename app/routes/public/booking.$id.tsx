/**
 * /booking/{digits}: the application flow (spec §2: Choose Property → Tenant Details →
 * Confirmation; §3 application form; §4 application summary). Each step is a real form post
 * (`?step=choose|details|confirm`), so the flow works without JavaScript; the answers live in the
 * `booking_draft` cookie and in hidden fields, and are validated again on every post. The
 * confirmation step pays the application fee (and, if chosen, the deposit) by card or chooses
 * "pay at signing", then lands on /payment-success. Non-digit or unknown ids answer 404; homes
 * that are not available show a notice instead of the form (decision 009).
 */
import { handleBookingAction, loadBookingPage } from '~/features/booking/booking.page.server';
import { BookingPage } from '~/features/booking/components/booking-page';
import { loaderMeta } from '~/lib/loader-meta';
import type { Route } from './+types/booking.$id';

/** The page holds personal details: never cached by browsers or proxies. */
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export async function loader(args: Route.LoaderArgs) {
  return loadBookingPage(args);
}

/**
 * One action for every step: `intent=next` validates the posted step and moves on, `back` and
 * `goto:<step>` save what was typed (without judging it) and go back, `submit` (rate-limited
 * as `payment`, spec §9: 10 a minute) places and pays the application. Successes redirect (303);
 * errors answer 400 (invalid), 409 (home not available, a payment in progress, an out-of-date
 * form), 502 (the payment provider unreachable) or 429.
 */
export async function action(args: Route.ActionArgs) {
  return handleBookingAction(args);
}

export const meta = loaderMeta;

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  return <BookingPage loaderData={loaderData} actionData={actionData} />;
}
