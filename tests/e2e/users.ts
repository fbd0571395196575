/**
 * The accounts the browser tests sign in with, one per role, created by `seed-users.ts` before
 * the e2e server starts. Test-only credentials: they exist only in the throwaway e2e database.
 */
import type { Role } from '../../app/lib/access';

export const E2E_USERS: Record<Role, { email: string; password: string; name: string }> = {
  tenant: { email: 'tenant@e2e.dimora.test', password: 'e2e-lodger-pass', name: 'Tina Tenant' },
  vendor: { email: 'vendor@e2e.dimora.test', password: 'e2e-supplier-pass', name: 'Victor Vendor' },
  property_manager: { email: 'manager@e2e.dimora.test', password: 'e2e-steward-pass', name: 'Paula Manager' },
  admin: { email: 'admin@e2e.dimora.test', password: 'e2e-overseer-pass', name: 'Ada Admin' },
};
