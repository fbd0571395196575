import { describe, expect, it } from 'vitest';
import { BOOKING_STEPS } from './booking.fields';
import { bookingStepOf, bookingStepUrl, bookingTransition, reachableBookingStep } from './booking-steps';

describe('booking step machine', () => {
  it('the first step has no ?step= in its URL; the others name it', () => {
    expect(bookingStepUrl(7, 'choose')).toBe('/booking/7');
    expect(bookingStepUrl(7, 'details')).toBe('/booking/7?step=details');
    expect(bookingStepUrl(7, 'confirm')).toBe('/booking/7?step=confirm');
  });

  it('an unknown, missing or odd step value means the first step', () => {
    expect(bookingStepOf('details')).toBe('details');
    expect(bookingStepOf('confirm')).toBe('confirm');
    expect(bookingStepOf(null)).toBe('choose');
    expect(bookingStepOf(undefined)).toBe('choose');
    expect(bookingStepOf('payment')).toBe('choose');
    expect(bookingStepOf(['details'])).toBe('choose');
  });

  it('a step cannot be reached while an earlier one is incomplete', () => {
    expect(reachableBookingStep('confirm', 'choose')).toBe('choose');
    expect(reachableBookingStep('confirm', 'details')).toBe('details');
    expect(reachableBookingStep('details', 'choose')).toBe('choose');
  });

  it('a step at or before the first incomplete one, or with nothing incomplete, is shown as asked', () => {
    expect(reachableBookingStep('choose', 'choose')).toBe('choose');
    expect(reachableBookingStep('choose', 'details')).toBe('choose');
    expect(reachableBookingStep('details', 'details')).toBe('details');
    for (const step of BOOKING_STEPS) expect(reachableBookingStep(step, null)).toBe(step);
  });

  it('next from choose checks the stay and leads to details', () => {
    expect(bookingTransition('next', 'choose')).toEqual({ kind: 'check_choose', to: 'details' });
  });

  it('next from details checks the details and leads to confirm', () => {
    expect(bookingTransition('next', 'details')).toEqual({ kind: 'check_details', to: 'confirm' });
  });

  it('next from confirm does nothing but show confirm again', () => {
    expect(bookingTransition('next', 'confirm')).toEqual({ kind: 'stay', to: 'confirm' });
  });

  it('back goes one step back, and stays on the first step', () => {
    expect(bookingTransition('back', 'confirm')).toEqual({ kind: 'navigate', to: 'details' });
    expect(bookingTransition('back', 'details')).toEqual({ kind: 'navigate', to: 'choose' });
    expect(bookingTransition('back', 'choose')).toEqual({ kind: 'navigate', to: 'choose' });
  });

  it('goto:<step> goes to that step from any step; an unknown target goes to the first step', () => {
    for (const from of BOOKING_STEPS) {
      for (const to of BOOKING_STEPS) expect(bookingTransition(`goto:${to}`, from)).toEqual({ kind: 'navigate', to });
      expect(bookingTransition('goto:payment', from)).toEqual({ kind: 'navigate', to: 'choose' });
      expect(bookingTransition('goto:', from)).toEqual({ kind: 'navigate', to: 'choose' });
    }
  });

  it('submit places the application from any step', () => {
    for (const from of BOOKING_STEPS) expect(bookingTransition('submit', from)).toEqual({ kind: 'submit' });
  });

  it('an unknown or empty intent shows the posted step again', () => {
    for (const from of BOOKING_STEPS) {
      expect(bookingTransition('', from)).toEqual({ kind: 'stay', to: from });
      expect(bookingTransition('pay', from)).toEqual({ kind: 'stay', to: from });
    }
  });
});
