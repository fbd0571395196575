/**
 * The password policy function and the strength estimate (decision 023), without a database.
 */
import { describe, expect, it } from 'vitest';
import { estimatePasswordStrength } from '~/lib/password-strength';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '~/lib/constants';
import { checkPasswordPolicy, commonPasswordCount, isCommonPassword, passwordProblemOfCode } from './password-policy.server';

describe('checkPasswordPolicy', () => {
  it('ships a list of at least 10,000 common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it('requires 8 to 128 characters; 8 is enough', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(checkPasswordPolicy('Zq7#kLm')).toBe('too_short');
    expect(checkPasswordPolicy('Zq7#kLm2')).toBeNull();
    expect(checkPasswordPolicy('x'.repeat(MAX_PASSWORD_LENGTH - 1) + 'Q')).toBeNull();
    expect(checkPasswordPolicy('x'.repeat(MAX_PASSWORD_LENGTH) + 'Q')).toBe('too_long');
  });

  it("refuses the issue's examples and other common passwords, in any letter case", () => {
    for (const weak of ['password', '123456', 'qwerty123', 'aaaaaa', 'password123', 'iloveyou1', '12345678']) {
      expect(checkPasswordPolicy(weak), weak).not.toBeNull();
    }
    expect(checkPasswordPolicy('qwerty123')).toBe('too_common');
    expect(checkPasswordPolicy('PassWord123')).toBe('too_common');
    expect(isCommonPassword('SUNSHINE')).toBe(true);
    expect(isCommonPassword('granite-owl-47')).toBe(false);
  });

  it("refuses a password containing the e-mail's local part (3 characters or more), ignoring case", () => {
    expect(checkPasswordPolicy('my-Rita.Renter-2026', 'rita.renter@example.test')).toBe('contains_email');
    expect(checkPasswordPolicy('xx-bob-secret-xx', 'Bob@example.test')).toBe('contains_email');
    // A local part of 2 characters is too short to look for.
    expect(checkPasswordPolicy('al-secret-word', 'al@example.test')).toBeNull();
    expect(checkPasswordPolicy('granite-owl-47', 'rita@example.test')).toBeNull();
  });

  it('maps better-auth error codes back to problems', () => {
    expect(passwordProblemOfCode('PASSWORD_TOO_COMMON')).toBe('too_common');
    expect(passwordProblemOfCode('PASSWORD_CONTAINS_EMAIL')).toBe('contains_email');
    expect(passwordProblemOfCode('INVALID_PASSWORD')).toBeNull();
  });
});

describe('estimatePasswordStrength', () => {
  it('rates short, repetitive and common-word passwords low and long mixed ones high', () => {
    expect(estimatePasswordStrength('abc')).toBe(0);
    expect(estimatePasswordStrength('aaaaaaaaaa')).toBe(0);
    expect(estimatePasswordStrength('12345678')).toBe(0);
    expect(estimatePasswordStrength('password123')).toBeLessThanOrEqual(1);
    expect(estimatePasswordStrength('Tr0ub4dor&3x')).toBeGreaterThanOrEqual(3);
    expect(estimatePasswordStrength('correct horse battery staple')).toBe(4);
  });
});
