import { describe, expect, it } from 'vitest';
import { bookingToday, chooseStepSchema, keepableValue, keepableValues, readBookingForm } from './booking.schemas';

describe('booking form values', () => {
  it('"today" is the date in the last time zone to reach it (UTC−12)', () => {
    expect(bookingToday(new Date('2026-11-22T11:59:00Z'))).toBe('2026-11-21');
    expect(bookingToday(new Date('2026-11-22T12:00:00Z'))).toBe('2026-11-22');
  });

  it('kept values drop card numbers from free text only; an e-mail with a long number stays intact', () => {
    expect(keepableValue('specialRequests', 'card 4242 4242 4242 4242 ok')).toBe('card […] ok');
    expect(keepableValue('currentAddress', '4222222222222 Main St')).toBe('[…] Main St');
    // 4222222222222 passes Luhn: in an e-mail or phone it is still not a card.
    expect(keepableValue('email', 'ada.4222222222222@example.com')).toBe('ada.4222222222222@example.com');
    expect(keepableValue('firstName', '  Ada \u0007 ')).toBe('Ada');
    expect(keepableValue('city', 'x'.repeat(500))).toHaveLength(60);
  });

  it('reads only the booking fields a form carried: a posted card number, price or anything else is never read', () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      moveIn: '2027-01-15',
      cardNumber: '4242424242424242',
      cvc: '123',
      intent: 'next',
      step: 'choose',
      price: '1',
    }))
      form.set(name, value);
    const posted = readBookingForm(form);
    expect(posted).toMatchObject({ intent: 'next', step: 'choose', idempotencyKey: '' });
    expect(posted.values).toEqual({ moveIn: '2027-01-15' });
    expect(keepableValues(posted.values)).toEqual({ moveIn: '2027-01-15' });
  });

  it('step 1 reports field problems without tripping over missing dates', () => {
    const result = chooseStepSchema({ maxOccupants: 2, availableFrom: null, today: '2026-11-22' }).safeParse({
      moveIn: '',
      moveOut: 'soon',
      adults: 'x',
      children: '',
    });
    expect(result.success).toBe(false);
    // The first issue of each field is the one shown (translateIssues).
    const messages: Record<string, string> = {};
    for (const issue of result.error!.issues) messages[String(issue.path[0])] ??= issue.message;
    expect(messages).toEqual({
      moveIn: 'common.form.required',
      moveOut: 'booking.errors.dateInvalid',
      adults: 'booking.errors.countInvalid',
    });
  });
});
