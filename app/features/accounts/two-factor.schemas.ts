/**
 * Forms of two-factor sign-in (decision 023), shared by the /auth second step and the
 * security section of /dashboard. Messages are translation keys (auth.twoFactor.errors.*).
 */
import { z } from 'zod';

/** A code from an authenticator app: six digits (spaces allowed, removed). */
export const totpCode = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'auth.twoFactor.errors.format'));

/** A backup code as shown (`abcde-12345`), or a six-digit app code, depending on `method`. */
export const twoFactorSchema = z
  .object({
    method: z.enum(['totp', 'backup_code'], 'auth.twoFactor.errors.format'),
    code: z.string().trim().min(1, 'auth.twoFactor.errors.required').max(40, 'auth.twoFactor.errors.format'),
  })
  .superRefine((value, ctx) => {
    if (value.method === 'totp' && !/^\d{6}$/.test(value.code.replace(/\s+/g, ''))) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'auth.twoFactor.errors.format' });
    }
  });
export type TwoFactorInput = z.infer<typeof twoFactorSchema>;
