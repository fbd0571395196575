// @vitest-environment happy-dom
/**
 * The booking steps (spec §2 booking flow: Choose Property → Tenant Details → Confirmation) as
 * the booking page renders them, with the route's loader and action stood in by a routes stub
 * that keeps the draft the way the draft cookie does:
 * - Next moves to the following step, Back and the indicator's completed step move back, and
 *   what was typed is kept;
 * - the step indicator marks the current step (`aria-current="step"`) and offers only completed
 *   steps as buttons;
 * - an answer with field errors stays on its step, shows the message beside each field and in
 *   an alert that takes the focus;
 * - on a step change the focus moves to the new step's title (`BOOKING_STEP_TITLE_ID`, WCAG
 *   2.4.3), but not on the first load.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { redirect, useActionData, useLoaderData } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute } from '~/test/render';
import { isBookingStep, type BookingStep, type DraftValues } from '../booking.fields';
import type { BookingFailure } from './booking-form';
import { BookingPage, type BookingPageData } from './booking-page';
import { BOOKING_STEP_TITLE_ID } from './booking-stepper';
import type { BookingHome } from './property-summary';

const home: BookingHome = {
  id: 7,
  title: 'Sunny loft',
  city: 'Austin',
  state: 'TX',
  price: 1850,
  status: 'available',
  maxOccupants: 3,
  availableDate: null,
  imageUrl: null,
  bedrooms: 1,
  bathrooms: 1,
};

/** The draft the stand-in action keeps between steps (the real one is a cookie). */
let draft: DraftValues;
beforeEach(() => {
  draft = { adults: '1', children: '0', country: 'US', paymentMethod: 'card' };
});

function loader({ request }: { request: Request }) {
  const asked = new URL(request.url).searchParams.get('step');
  const step: BookingStep = isBookingStep(asked) ? asked : 'choose';
  return {
    kind: 'form',
    home,
    step,
    values: { ...draft },
    today: '2026-11-29',
    countries: [
      { value: 'US', label: 'United States' },
      { value: 'IT', label: 'Italy' },
    ],
    confirm: null,
  } as unknown as BookingPageData;
}

/** The stand-in action: keeps the step's answers, refuses a missing move-in date or e-mail, moves between steps. */
async function action({ request }: { request: Request }) {
  const form = await request.formData();
  const step = form.get('step') as BookingStep;
  const intent = String(form.get('intent'));
  const values: DraftValues = {};
  for (const [name, value] of form.entries()) if (name !== 'step' && name !== 'intent') values[name as keyof DraftValues] = String(value);
  draft = { ...draft, ...values };
  if (intent.startsWith('goto:')) return redirect(`/booking/7?step=${intent.slice(5)}`);
  if (intent === 'back') return redirect('/booking/7?step=choose');
  if (step === 'choose' && !values.moveIn) {
    return { ok: false, step, errors: { moveIn: 'Choose a move-in date.' }, values } satisfies BookingFailure;
  }
  if (step === 'details' && !values.email) {
    return { ok: false, step, errors: { email: 'Enter your e-mail address.' }, values } satisfies BookingFailure;
  }
  return redirect(`/booking/7?step=${step === 'choose' ? 'details' : 'confirm'}`);
}

function Page() {
  return <BookingPage loaderData={useLoaderData<BookingPageData>()} actionData={useActionData()} />;
}

function renderBooking(entry = '/booking/7') {
  return renderRoute([{ path: '/booking/:id', Component: Page, loader, action, HydrateFallback: () => null }], { initialEntries: [entry] });
}

const stepTitle = () => document.getElementById(BOOKING_STEP_TITLE_ID);

describe('the booking steps', () => {
  it('starts on "Your stay" without moving the focus, the indicator marking the current step', async () => {
    renderBooking();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your stay' })).toBe(stepTitle());
    expect(document.activeElement).toBe(document.body);
    const stepper = screen.getByRole('navigation', { name: 'Application steps' });
    expect(within(stepper).getByTestId('booking-step-choose').getAttribute('aria-current')).toBe('step');
    expect(within(stepper).queryByRole('button', { name: /Back to step/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the home' }).getAttribute('href')).toBe('/property/7');
  });

  it('Next goes to "About you" and puts the focus on its title; Back returns with the answers kept', async () => {
    const { user } = renderBooking();
    await user.type(await screen.findByLabelText(/Move-in date/), '2027-01-15');
    await user.type(screen.getByLabelText(/Move-out date/), '2027-07-15');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const title = await screen.findByRole('heading', { level: 2, name: 'About you' });
    expect(title.id).toBe(BOOKING_STEP_TITLE_ID);
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(
      within(screen.getByRole('navigation', { name: 'Application steps' }))
        .getByTestId('booking-step-details')
        .getAttribute('aria-current'),
    ).toBe('step');
    // The earlier step's answers travel with the form.
    expect((document.querySelector('input[type="hidden"][name="moveIn"]') as HTMLInputElement).value).toBe('2027-01-15');

    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const chooseTitle = await screen.findByRole('heading', { level: 2, name: 'Your stay' });
    await waitFor(() => expect(document.activeElement).toBe(chooseTitle));
    expect((screen.getByLabelText(/Move-in date/) as HTMLInputElement).value).toBe('2027-01-15');
    expect(draft.firstName).toBe('Ada');
  });

  it("the indicator's completed step goes back to it", async () => {
    const { user } = renderBooking('/booking/7?step=details');
    await screen.findByRole('heading', { level: 2, name: 'About you' });
    await user.click(screen.getByRole('button', { name: 'Back to step: Choose Property' }));
    const title = await screen.findByRole('heading', { level: 2, name: 'Your stay' });
    await waitFor(() => expect(document.activeElement).toBe(title));
  });

  it("shows an answer's field errors on its step, beside the field and in an alert that takes the focus", async () => {
    const { user } = renderBooking();
    await user.click(await screen.findByRole('button', { name: 'Next' }));

    const alert = await screen.findByTestId('booking-errors');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe('Please correct the highlighted fields.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    const moveIn = screen.getByLabelText(/Move-in date/);
    expect(moveIn.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose a move-in date.')).toBeTruthy();
    expect(stepTitle()!.textContent).toBe('Your stay');
  });

  it('an error on a later step keeps that step and focuses the alert, not the title', async () => {
    const { user } = renderBooking('/booking/7?step=details');
    await user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Enter your e-mail address.')).toBeTruthy();
    const alert = screen.getByTestId('booking-errors');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(stepTitle()!.textContent).toBe('About you');
    expect((screen.getByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe('Ada');
  });
});
