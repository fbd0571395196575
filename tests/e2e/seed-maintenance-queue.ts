/**
 * The maintenance requests and vendors of the staff-queue journey (tests/e2e/maintenance-queue.spec.ts),
 * in the e2e server's fresh database; `seed-users.ts` calls `seedMaintenanceQueue(db)` after the
 * accounts exist. "E2E Repair Court" (managed by the e2e property manager) holds four requests of
 * its own tenant: a radiator (urgent, submitted), a broken lock (emergency, submitted), a flickering
 * light (triaged, past its response target) and a closed one; the journeys filter them and add a
 * note, never change their state. "E2E Elsewhere Court" (no manager) holds one request the manager
 * must never open, and one cold boiler per attempt of the triage journey (`E2E_QUEUE.boilers`):
 * a retry triages and assigns a fresh one, so no journey depends on what another one did.
 * Two approved vendors: one insured until far ahead, one whose insurance expired; the insured one
 * did the closed request's repair (a completed work order, so the manager's assignments list
 * has one to open).
 * Server modules are imported inside the function, so the spec can import the constants.
 */
import type { Db } from '../../app/server/db/client.server';
import { hasAccount } from './seed-rows';

export const E2E_QUEUE = {
  building: 'E2E Repair Court',
  elsewhere: 'E2E Elsewhere Court',
  tenant: { email: 'rita.repairs@e2e.dimora.test', password: 'e2e-repairs-pass', name: 'Rita Repairs' },
  radiator: 'E2E radiator is cold',
  lock: 'E2E front lock broken',
  flicker: 'E2E hallway light flickers',
  closed: 'E2E dripping shower (fixed)',
  hidden: 'E2E elsewhere leak',
  /** Urgent heating requests, submitted: attempt N of the triage journey takes `boilers[N]`. */
  boilers: ['E2E boiler is cold', 'E2E boiler is cold again'],
  insured: 'E2E Insured Heating & Plumbing',
  lapsed: 'E2E Lapsed Boilers',
} as const;

const HOUR = 3_600_000;

/** Creates the buildings, requests and vendors. Running it again changes nothing. */
export async function seedMaintenanceQueue(db: Db): Promise<void> {
  const { eq } = await import('drizzle-orm');
  const { createVerifiedUser } = await import('../../app/server/auth/create-user.server');
  const { building, maintenanceEvent, maintenanceRequest, property, user, vendor, workOrder } = await import('../../app/server/db/schema');
  const { demoImageUrl } = await import('../../app/server/db/seed/images.server');
  const { E2E_USERS } = await import('./users');
  if (await hasAccount(db, E2E_QUEUE.tenant.email)) return;
  await createVerifiedUser(db, { ...E2E_QUEUE.tenant, role: 'tenant' });
  const idOf = async (email: string) => (await db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
  const tenantId = await idOf(E2E_QUEUE.tenant.email);
  const managerId = await idOf(E2E_USERS.property_manager.email);
  const place = (name: string, street: string, manager: string | null) => ({
    name,
    streetAddress: street,
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    latitude: 30.27,
    longitude: -97.74,
    managerId: manager,
  });
  const [court, elsewhere] = await db
    .insert(building)
    .values([place(E2E_QUEUE.building, '12 Repair Row', managerId), place(E2E_QUEUE.elsewhere, '99 Far Street', null)])
    .returning({ id: building.id });
  const unit = (buildingId: number, n: number) => ({
    buildingId,
    unitNumber: String(n),
    title: `E2E repair home ${n}`,
    description: 'A home kept for the browser tests of the maintenance queue.',
    price: 1_400,
    address: '12 Repair Row',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    bedrooms: 1,
    bathrooms: 1,
    squareFeet: 650,
    propertyType: 'apartment',
    status: 'leased' as const,
    listed: false,
    imageUrls: [demoImageUrl('room', n)],
    amenities: [],
    maxOccupants: 2,
    latitude: 30.27,
    longitude: -97.74,
  });
  const [home, far] = await db
    .insert(property)
    .values([unit(court!.id, 3), unit(elsewhere!.id, 4)])
    .returning({ id: property.id });
  const now = Date.now();
  const request = (values: Partial<typeof maintenanceRequest.$inferInsert> & { title: string; createdAt: Date }) => ({
    propertyId: home!.id,
    buildingId: court!.id,
    tenantId,
    category: 'plumbing' as const,
    priority: 'routine' as const,
    description: 'Reported for the browser tests.',
    slaDueAt: new Date(values.createdAt.getTime() + 72 * HOUR),
    ...values,
  });
  // An urgent heating request as the tenant reports it, with a photo of home `photo`.
  const coldHeating = (photo: number) => ({
    category: 'hvac' as const,
    priority: 'urgent' as const,
    description: 'The living-room radiator stays cold all day.',
    location: 'Living room',
    permissionToEnter: true,
    entryWindows: [{ date: new Date(now + 86_400_000).toISOString().slice(0, 10), from: '09:00', to: '12:00' }],
    photoUrls: [demoImageUrl('room', photo)],
    createdAt: new Date(now - 2 * HOUR),
    slaDueAt: new Date(now + 22 * HOUR),
  });
  const rows = await db
    .insert(maintenanceRequest)
    .values([
      request({ ...coldHeating(3), title: E2E_QUEUE.radiator }),
      request({
        title: E2E_QUEUE.lock,
        category: 'locks_doors',
        priority: 'emergency',
        createdAt: new Date(now - HOUR),
        slaDueAt: new Date(now + 3 * HOUR),
      }),
      request({
        title: E2E_QUEUE.flicker,
        category: 'electrical',
        status: 'triaged',
        createdAt: new Date(now - 5 * 86_400_000),
        firstResponseAt: new Date(now - 1 * 86_400_000),
        slaBreachedAt: new Date(now - 2 * 86_400_000),
      }),
      request({
        title: E2E_QUEUE.closed,
        status: 'closed',
        createdAt: new Date(now - 30 * 86_400_000),
        firstResponseAt: new Date(now - 29 * 86_400_000),
        closedAt: new Date(now - 20 * 86_400_000),
      }),
      request({ title: E2E_QUEUE.hidden, propertyId: far!.id, buildingId: elsewhere!.id, createdAt: new Date(now - 3 * HOUR) }),
      ...E2E_QUEUE.boilers.map((title) => request({ ...coldHeating(4), title, propertyId: far!.id, buildingId: elsewhere!.id })),
    ])
    .returning({
      id: maintenanceRequest.id,
      title: maintenanceRequest.title,
      buildingId: maintenanceRequest.buildingId,
      createdAt: maintenanceRequest.createdAt,
    });
  await db.insert(maintenanceEvent).values(
    rows.map((row) => ({
      requestId: row.id,
      actorId: tenantId,
      kind: 'submitted',
      toStatus: 'submitted' as const,
      createdAt: row.createdAt,
    })),
  );
  const company = (companyName: string, insuranceExpiry: string) => ({
    companyName,
    contactName: 'E2E Contact',
    email: `${companyName.toLowerCase().replace(/[^a-z]+/g, '.')}@vendors.e2e.dimora.test`,
    status: 'approved' as const,
    trades: ['hvac', 'plumbing'],
    serviceStates: ['TX'],
    insuranceExpiry,
    insuranceVerifiedAt: new Date(now - 30 * 86_400_000),
    reviewedAt: new Date(now - 30 * 86_400_000),
  });
  const [insured] = await db
    .insert(vendor)
    .values([company(E2E_QUEUE.insured, '2099-12-31'), company(E2E_QUEUE.lapsed, '2021-06-30')])
    .returning({ id: vendor.id });
  const closed = rows.find((row) => row.title === E2E_QUEUE.closed)!;
  await db.insert(workOrder).values({
    vendorId: insured!.id,
    maintenanceRequestId: closed.id,
    buildingId: closed.buildingId,
    status: 'completed',
    instructions: 'Replace the shower cartridge.',
    completionNotes: 'Cartridge replaced; no more drip.',
    acceptedAt: new Date(now - 23 * 86_400_000),
    startedAt: new Date(now - 22 * 86_400_000),
    completedAt: new Date(now - 21 * 86_400_000),
    createdAt: new Date(now - 24 * 86_400_000),
  });
}
