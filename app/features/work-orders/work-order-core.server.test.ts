/**
 * The insurance rule and work-order creation (decision 030 "a vendor whose insurance
 * has expired cannot be given new work", item 2 "assign to a vendor, which creates a work order").
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maintenanceRequest, notification, outbox, vendor, workOrder, workOrderEvent } from '~/server/db/schema';
import { createProperty, createUser } from '../../../tests/setup/factories';
import { useTestDatabase } from '../../../tests/setup/test-db';
import { createWorkOrder, vendorIneligibility } from './work-order-core.server';

const database = useTestDatabase();

const TODAY = '2026-11-26';
const notice = { title: 'New work order', message: 'Leak in unit 4B' };

async function makeVendor(values: Partial<typeof vendor.$inferInsert> = {}) {
  const user = await createUser(database.db, { role: 'vendor' });
  const [row] = await database.db
    .insert(vendor)
    .values({
      userId: user.id,
      companyName: 'Ace Plumbing',
      contactName: 'Ada',
      email: `${user.id}@vendors.test`,
      status: 'approved',
      insuranceExpiry: '2027-06-30',
      insuranceVerifiedAt: new Date(),
      ...values,
    })
    .returning({ id: vendor.id });
  return { vendorId: row!.id, userId: user.id };
}

async function makeRequest() {
  const unit = await createProperty(database.db);
  const [row] = await database.db
    .insert(maintenanceRequest)
    .values({ propertyId: unit.id, category: 'plumbing', title: 'Leak', description: 'Under the sink', slaDueAt: new Date() })
    .returning({ id: maintenanceRequest.id });
  return row!.id;
}

describe('vendorIneligibility', () => {
  const insured = { status: 'approved', insuranceExpiry: '2026-11-26', insuranceVerifiedAt: new Date() };
  it('accepts an approved vendor whose verified insurance runs to today', () => {
    expect(vendorIneligibility(insured, TODAY)).toBeNull();
  });
  it('refuses unknown, unapproved, unverified and expired vendors', () => {
    expect(vendorIneligibility(undefined, TODAY)).toBe('vendor_not_found');
    expect(vendorIneligibility({ ...insured, status: 'suspended' }, TODAY)).toBe('vendor_not_approved');
    expect(vendorIneligibility({ ...insured, status: 'pending' }, TODAY)).toBe('vendor_not_approved');
    expect(vendorIneligibility({ ...insured, insuranceVerifiedAt: null }, TODAY)).toBe('insurance_unverified');
    expect(vendorIneligibility({ ...insured, insuranceExpiry: '2026-11-25' }, TODAY)).toBe('insurance_expired');
  });
});

describe('createWorkOrder', () => {
  it('offers the work to an insured vendor: the order, its history, the notification and the e-mail job', async () => {
    const { vendorId, userId } = await makeVendor();
    const requestId = await makeRequest();
    const outcome = await database.db.transaction((tx) =>
      createWorkOrder(tx, { actorId: null, vendorId, maintenanceRequestId: requestId, today: TODAY, notification: notice }),
    );
    expect(outcome.ok).toBe(true);
    const id = outcome.ok ? outcome.workOrderId : 0;
    const [order] = await database.db.select().from(workOrder).where(eq(workOrder.id, id));
    expect(order).toMatchObject({ vendorId, maintenanceRequestId: requestId, status: 'offered' });
    const history = await database.db.select().from(workOrderEvent).where(eq(workOrderEvent.workOrderId, id));
    expect(history.map((row) => row.kind)).toEqual(['offered']);
    const notes = await database.db.select().from(notification).where(eq(notification.userId, userId));
    expect(notes.map((row) => row.actionUrl)).toEqual([`/vendor-portal/work-orders/${id}`]);
    const jobs = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `work-order-offered:${id}`));
    expect(jobs).toHaveLength(1);
  });

  it('refuses an expired or unverified vendor and writes nothing', async () => {
    const expired = await makeVendor({ insuranceExpiry: '2026-11-01' });
    const unverified = await makeVendor({ insuranceVerifiedAt: null });
    const requestId = await makeRequest();
    for (const [candidate, reason] of [
      [expired, 'insurance_expired'],
      [unverified, 'insurance_unverified'],
    ] as const) {
      const outcome = await database.db.transaction((tx) =>
        createWorkOrder(tx, {
          actorId: null,
          vendorId: candidate.vendorId,
          maintenanceRequestId: requestId,
          today: TODAY,
          notification: notice,
        }),
      );
      expect(outcome).toEqual({ ok: false, status: 422, reason });
    }
    expect(await database.db.select().from(workOrder).where(eq(workOrder.maintenanceRequestId, requestId))).toHaveLength(0);
  });

  it('refuses a second open work order on the same request', async () => {
    const { vendorId } = await makeVendor();
    const requestId = await makeRequest();
    const first = await database.db.transaction((tx) =>
      createWorkOrder(tx, { actorId: null, vendorId, maintenanceRequestId: requestId, today: TODAY, notification: notice }),
    );
    expect(first.ok).toBe(true);
    const second = await database.db.transaction((tx) =>
      createWorkOrder(tx, { actorId: null, vendorId, maintenanceRequestId: requestId, today: TODAY, notification: notice }),
    );
    expect(second).toEqual({ ok: false, status: 409, reason: 'already_assigned' });
  });
});
