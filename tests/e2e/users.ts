/**
 * The accounts the browser tests sign in with, one per role, created by `seed-users.ts` before
 * the e2e server starts. Test-only credentials: they exist only in the throwaway e2e database.
 */
import type { Role } from '../../app/lib/access';

export const E2E_USERS: Record<Role, { email: string; password: string; name: string }> = {
  tenant: { email: 'tenant@e2e.dimora.test', password: 'e2e-lodger-pass', name: 'Tina Tenant' },
  vendor: { email: 'vendor@e2e.dimora.test', password: 'e2e-supplier-pass', name: 'Victor Vendor' },
  owner: { email: 'owner@e2e.dimora.test', password: 'e2e-landlord-pass', name: 'Olga Owner' },
  property_manager: { email: 'manager@e2e.dimora.test', password: 'e2e-steward-pass', name: 'Paula Manager' },
  admin: { email: 'admin@e2e.dimora.test', password: 'e2e-overseer-pass', name: 'Ada Admin' },
};

/**
 * How many backup codes the seed gives the e2e admin and property manager. The server takes each
 * TOTP step once per account (decision 023), and the browser tests sign these two in far more
 * often than once per 30 seconds, so the fixtures answer their second step with a backup code
 * (each works once) picked at random from this pool (`signInWith`).
 */
export const E2E_BACKUP_CODE_COUNT = 1000;

/** The `index`-th backup code of the seeded staff account `email` (test-only, like the passwords). */
export function e2eBackupCode(email: string, index: number): string {
  return `${email.split('@')[0]}-${String(index).padStart(4, '0')}`;
}

/** True for the seeded accounts that have the backup code pool (the staff of `E2E_USERS`). */
export function hasE2eBackupCodes(email: string): boolean {
  return email === E2E_USERS.admin.email || email === E2E_USERS.property_manager.email;
}
