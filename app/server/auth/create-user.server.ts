/**
 * Creates a verified user with a password directly in the database: used by the CLI
 * (`npm run user:create`, `npm run admin:create`) and by the first-admin bootstrap from
 * ADMIN_EMAIL/ADMIN_PASSWORD. The password is hashed with better-auth's own scrypt, so the
 * account signs in like any other. Free of i18n and Vite so plain Node can run it.
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '~/lib/constants';
import type { Db } from '../db/client.server';
import { account, user, userRole } from '../db/schema';
import { MAX_PASSWORD_LENGTH } from './auth.server';

export type Role = (typeof userRole.enumValues)[number];
export const ROLES = userRole.enumValues;

export class UserExistsError extends Error {
  constructor(email: string) {
    super(`A user with the e-mail ${email} already exists.`);
    this.name = 'UserExistsError';
  }
}

const inputSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address.')),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(MAX_PASSWORD_LENGTH, `The password may have at most ${MAX_PASSWORD_LENGTH} characters.`),
  role: z.enum(ROLES, `The role must be one of: ${ROLES.join(', ')}.`),
  name: z.string().trim().max(120).optional(),
});

export type CreateUserInput = z.input<typeof inputSchema>;

/**
 * Creates the user and its credential account in one transaction, e-mail already verified.
 * Throws a `z.ZodError` for invalid input and `UserExistsError` when the e-mail is taken.
 * Returns the new user's id.
 */
export async function createVerifiedUser(db: Db, input: CreateUserInput): Promise<{ id: string; email: string; role: Role }> {
  const values = inputSchema.parse(input);
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, values.email));
  if (existing) throw new UserExistsError(values.email);
  const name = values.name || values.email.split('@')[0] || values.email;
  const [firstName = name, ...rest] = name.split(' ');
  const id = randomUUID();
  const hash = await hashPassword(values.password);
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
