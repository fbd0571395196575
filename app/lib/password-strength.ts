/**
 * A light, client-side estimate of a password's strength for the meter on the registration,
 * reset and change forms (decision 023). It is only a hint: the verdict (length, the common-password
 * list, the e-mail rule) comes from the server's policy (password-policy.server.ts). No
 * dictionary ships to the browser; the estimate counts the character classes used, and discounts
 * repeated characters, runs (abc, 321) and keyboard rows (qwerty, asdf).
 */
import { MIN_PASSWORD_LENGTH } from './constants';

/** 0 very weak … 4 strong. */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890'];
const COMMON_WORDS = [
  'password',
  'passw0rd',
  'qwerty',
  'letmein',
  'welcome',
  'admin',
  'iloveyou',
  'dragon',
  'monkey',
  'football',
  'baseball',
  'master',
  'login',
  'abc123',
];

/** Size of the alphabet the password draws from (lower, upper, digits, symbols, other). */
function poolSize(password: string): number {
  let pool = 0;
  if (/[a-z]/.test(password)) pool += 26;
  if (/[A-Z]/.test(password)) pool += 26;
  if (/[0-9]/.test(password)) pool += 10;
  if (/[!-/:-@[-`{-~ ]/.test(password)) pool += 33;
  if (/[^\x20-\x7e]/.test(password)) pool += 100;
  return Math.max(pool, 1);
}

/** Characters that add little: a repeat of the previous one, or the next step of a run or keyboard row. */
function predictableCount(password: string): number {
  const lower = password.toLowerCase();
  let predictable = 0;
  for (let i = 1; i < lower.length; i += 1) {
    const previous = lower.charCodeAt(i - 1);
    const current = lower.charCodeAt(i);
    const step = current - previous;
    const pair = lower.slice(i - 1, i + 1);
    if (step === 0 || step === 1 || step === -1 || KEYBOARD_ROWS.some((row) => row.includes(pair))) predictable += 1;
  }
  return predictable;
}

/**
 * The estimate for `password`: 0 (very weak) to 4 (strong). Shorter than the minimum length is
 * always 0; a password built on a very common word is at most 1.
 */
export function estimatePasswordStrength(password: string): StrengthScore {
  if (password.length < MIN_PASSWORD_LENGTH) return 0;
  const effective = password.length - predictableCount(password) * 0.75;
  const bits = effective * Math.log2(poolSize(password));
  let score: StrengthScore = bits < 30 ? 0 : bits < 45 ? 1 : bits < 60 ? 2 : bits < 80 ? 3 : 4;
  const lower = password.toLowerCase();
  if (COMMON_WORDS.some((word) => lower.includes(word)) && score > 1) score = 1;
  return score;
}
