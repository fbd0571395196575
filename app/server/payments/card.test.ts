import { describe, expect, it } from 'vitest';
import { cardBrand, cardDigits, containsCardNumber, expiryIsCurrent, isCvc, parseExpiry, passesLuhn, redactCardNumbers } from './card';

describe('card helpers', () => {
  it('accept the digits people type with spaces or dashes, and nothing else', () => {
    expect(cardDigits('4242 4242 4242 4242')).toBe('4242424242424242');
    expect(cardDigits('4242-4242-4242-4242')).toBe('4242424242424242');
    expect(cardDigits('4242.4242.4242.4242')).toBeNull();
    expect(cardDigits('4242')).toBeNull();
  });

  it('check numbers with Luhn', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('name the brand from the leading digits', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });

  it('read MM/YY expiries, valid through the end of their month', () => {
    expect(parseExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry(' 3 / 28 ')).toEqual({ month: 3, year: 2028 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('12/2030')).toBeNull();
    const now = new Date('2026-11-30T23:00:00Z');
    expect(expiryIsCurrent({ month: 11, year: 2026 }, now)).toBe(true);
    expect(expiryIsCurrent({ month: 10, year: 2026 }, now)).toBe(false);
  });

  it('take a CVC of 3 or 4 digits', () => {
    expect(isCvc('123')).toBe(true);
    expect(isCvc('1234')).toBe(true);
    expect(isCvc('12')).toBe(false);
    expect(isCvc('12a')).toBe(false);
  });

  it('spot and remove card numbers in free text, but leave phone numbers and short numbers alone', () => {
    expect(containsCardNumber('my card is 4242 4242 4242 4242, thanks')).toBe(true);
    expect(containsCardNumber('zip 78701 then 4242-4242-4242-4242')).toBe(true);
    expect(containsCardNumber('call +1 (512) 555-0100 after 6pm, unit 12')).toBe(false);
    expect(redactCardNumbers('pay with 4242 4242 4242 4242 please', '[removed]')).toBe('pay with [removed] please');
    expect(redactCardNumbers('78701 4242424242424242', '[x]')).toBe('78701 [x]');
  });
});
