/**
 * Creates a verified user with a password directly in the database: used by the CLI
 * (`npm run user:create`, `npm run admin:create`) and by the first-admin bootstrap from
 * ADMIN_EMAIL/ADMIN_PASSWORD. The password must pass the policy (decision 023) and is hashed with the
 * same argon2id hasher as better-auth's, so the account signs in like any other. Free of i18n
 * and Vite so plain Node can run it.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '~/lib/constants';
import type { Db } from '../db/client.server';
import { account, user, userRole } from '../db/schema';
import { passwordHasher } from './password-hash.server';
import { checkPasswordPolicy, type PasswordProblem } from './password-policy.server';

export type Role = (typeof userRole.enumValues)[number];
export const ROLES = userRole.enumValues;

export class UserExistsError extends Error {
  constructor(email: string) {
    super(`A user with the e-mail ${email} already exists.`);
    this.name = 'UserExistsError';
  }
}

/** The CLI's (English) text for each policy refusal. */
const POLICY_MESSAGES: Record<PasswordProblem, string> = {
  too_short: `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`,
  too_long: `The password may have at most ${MAX_PASSWORD_LENGTH} characters.`,
  too_common: 'The password is one of the most common passwords; choose another.',
  contains_email: 'The password must not contain the e-mail address.',
};

const inputSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address.')),
    password: z.string(),
    role: z.enum(ROLES, `The role must be one of: ${ROLES.join(', ')}.`),
    name: z.string().trim().max(120).optional(),
  })
  .superRefine((value, ctx) => {
    const problem = checkPasswordPolicy(value.password, value.email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: POLICY_MESSAGES[problem] });
  });

export type CreateUserInput = z.input<typeof inputSchema>;

/**
 * Creates the user and its credential account in one transaction, e-mail already verified.
 * Throws a `z.ZodError` for invalid input and `UserExistsError` when the e-mail is taken.
 * Returns the new user's id.
 */
export async function createVerifiedUser(db: Db, input: CreateUserInput): Promise<{ id: string; email: string; role: Role }> {
  const values = inputSchema.parse(input);
  const [existing] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, values.email));
  if (existing) throw new UserExistsError(values.email);
  const name = values.name || values.email.split('@')[0] || values.email;
  const [firstName = name, ...rest] = name.split(' ');
  const id = randomUUID();
  const hash = await passwordHasher.hash(values.password);
  await db.transaction(async (tx) => {
    await tx.insert(user).values({
      id,
      name,
      email: values.email,
      emailVerified: true,
      role: values.role,
      firstName,
      lastName: rest.join(' ') || null,
      userType: values.role,
    });
    await tx.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
  });
  return { id, email: values.email, role: values.role };
}

/** True when at least one admin exists. */
export async function hasAdmin(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).limit(1);
  return Boolean(row);
}
