/**
 * An account from before the password policy (decision 023): its password `abc123` is too short and
 * common, and is stored as better-auth's old scrypt hash. Signing in must still work, rehash it
 * and lead to /account/password (tests/e2e/passwords.spec.ts).
 */
import { randomUUID } from 'node:crypto';
import { hashPassword as scryptHash } from 'better-auth/crypto';
import type { Db } from '../../app/server/db/client.server';
import { account, user } from '../../app/server/db/schema';

export const E2E_LEGACY_USER = { email: 'legacy.weak@e2e.dimora.test', password: 'abc123', name: 'Lee Legacy' };

/** Inserts the legacy account directly: the policy would refuse its password today. */
export async function seedLegacyPasswordUser(db: Db): Promise<void> {
  const id = randomUUID();
  await db.insert(user).values({
    id,
    name: E2E_LEGACY_USER.name,
    email: E2E_LEGACY_USER.email,
    emailVerified: true,
    role: 'tenant',
    userType: 'tenant',
    firstName: 'Lee',
    lastName: 'Legacy',
  });
  await db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await scryptHash(E2E_LEGACY_USER.password),
  });
}
