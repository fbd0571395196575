/** Creates the e2e accounts (tests/e2e/users.ts) and review data in the e2e server's fresh database. */
import { createVerifiedUser } from '../../app/server/auth/create-user.server';
import { resolveAuthSecret } from '../../app/server/auth/auth.server';
import { openDatabase } from '../../app/server/db/client.server';
import { enrolTwoFactor } from '../setup/two-factor';
import { seedApplications } from './seed-applications';
import { seedLeases } from './seed-leases';
import { seedMaintenanceTenant } from './seed-maintenance';
import { seedMaintenanceJourney } from './seed-maintenance-journey';
import { seedMaintenanceQueue } from './seed-maintenance-queue';
import { seedNotificationUsers } from './seed-notifications';
import { seedOps } from './seed-ops';
import { seedWorkOrders } from './seed-work-orders';
import { seedLegacyPasswordUser } from './seed-passwords';
import { seedProjects } from './seed-projects';
import { seedOwners } from './seed-owners';
import { E2E_BACKUP_CODE_COUNT, E2E_USERS, e2eBackupCode } from './users';

const database = await openDatabase({ dataDir: process.env.DATA_DIR });
await database.migrate();
// The server signs with the same secret (AUTH_SECRET, or the one kept in the `setting` table).
const authSecret = await resolveAuthSecret(database.db, process.env.AUTH_SECRET);
for (const [role, account] of Object.entries(E2E_USERS)) {
  const created = await createVerifiedUser(database.db, { ...account, role: role as keyof typeof E2E_USERS });
  // Staff must sign in with a second factor (decision 023): enrolled with the known test key and
  // a pool of backup codes, which the fixtures (signInWith) answer the second step with.
  if (role === 'admin' || role === 'property_manager') {
    const backupCodes = Array.from({ length: E2E_BACKUP_CODE_COUNT }, (_, index) => e2eBackupCode(account.email, index));
    await enrolTwoFactor(database.db, authSecret, created.id, { backupCodes });
  }
}
// Homes, a managed property and applications for the review tests (tests/e2e/seed-applications.ts).
await seedApplications(database.db);
// The bell journeys' own accounts and notifications (tests/e2e/seed-notifications.ts).
await seedNotificationUsers(database.db);
// A given-up background job for the operations journey (tests/e2e/seed-ops.ts).
await seedOps(database.db);
// Two tenants with leases for the tenant-portal journeys (tests/e2e/seed-leases.ts).
await seedLeases(database.db);
// A tenant with a lease for the maintenance-request journeys (tests/e2e/seed-maintenance.ts).
await seedMaintenanceTenant(database.db);
// A vendor with an offered work order for the work-order journey (tests/e2e/seed-work-orders.ts).
await seedWorkOrders(database.db);
// An account with an old scrypt hash of a password the policy refuses (tests/e2e/seed-passwords.ts).
await seedLegacyPasswordUser(database.db);
// A building and two approved, insured vendor accounts for the capital projects journey (tests/e2e/seed-projects.ts).
await seedProjects(database.db);
// Maintenance requests and vendors for the staff-queue journey (tests/e2e/seed-maintenance-queue.ts).
await seedMaintenanceQueue(database.db);
// A tenant with a lease and a vendor account of their own for the whole maintenance journey (tests/e2e/seed-maintenance-journey.ts).
await seedMaintenanceJourney(database.db);
// An owner record with a building, a paid rent and a settled month for the owner portal (tests/e2e/seed-owners.ts).
await seedOwners(database.db);
await database.close();
