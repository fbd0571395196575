/**
 * Occupancy and vacancy over time on a real database: each month counted on its last day (today
 * for the running month), leased while a lease that took effect covers the day and until its
 * move-out, drafts never; the months after today left out; a manager scoped to their buildings,
 * another manager's building a 404 (audited); the CSV of the same query; a bad range a 400.
 */
import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '~/server/auth/session.server';
import { auditLog, lease } from '~/server/db/schema';
import { createBuilding, createProperty } from '../../../tests/setup/factories';
import { createPerson } from '../../../tests/setup/leases';
import { TEST_PUBLIC_URL, useTestDatabase } from '../../../tests/setup/test-db';
import { findOccupancyOverTime } from './occupancy-report.server';
import { loadReportsPage, reportCsvResponse } from './reports.page.server';
import type { ReportsPageData } from './reports.types';

const database = useTestDatabase();
const NOW = new Date('2026-06-15T12:00:00Z');
let admin: Viewer;
let manager: Viewer;
let otherManager: Viewer;
let harbor = 0;

async function unitOf(buildingId: number) {
  return (await createProperty(database.db, { buildingId })).id;
}

async function leaseOf(
  propertyId: number,
  startDate: string,
  endDate: string,
  status: 'active' | 'ended' | 'draft',
  moveOutDate: string | null = null,
) {
  await database.db
    .insert(lease)
    .values({ propertyId, startDate, endDate, status, moveOutDate, monthlyRentCents: 150_000, depositCents: 150_000 });
}

beforeAll(async () => {
  admin = await createPerson(database.db, 'admin');
  manager = await createPerson(database.db, 'property_manager');
  otherManager = await createPerson(database.db, 'property_manager');
  harbor = (await createBuilding(database.db, { name: 'Occupancy Harbor', managerId: manager.id })).id;
  const [always, movedOut, lateStart] = [await unitOf(harbor), await unitOf(harbor), await unitOf(harbor)];
  await leaseOf(always, '2025-01-01', '2026-12-31', 'active');
  // Signed to May, moved out on 10 March: leased at the end of February, vacant at the end of March.
  await leaseOf(movedOut, '2025-06-01', '2026-05-31', 'ended', '2026-03-10');
  // A draft never occupied the unit.
  await leaseOf(movedOut, '2026-04-01', '2027-03-31', 'draft');
  await leaseOf(lateStart, '2026-04-15', '2027-04-14', 'active');
  const elsewhere = (await createBuilding(database.db, { name: 'Occupancy Elsewhere', managerId: otherManager.id })).id;
  await leaseOf(await unitOf(elsewhere), '2025-01-01', '2027-01-01', 'active');
});

async function load(actor: Viewer, search: string) {
  const answer = await loadReportsPage({
    request: new Request(`${TEST_PUBLIC_URL}/admin/reports${search}`),
    context: { db: database.db, clientIp: '203.0.113.60' },
    actor,
    basePath: '/admin/reports',
    meta: null,
    now: NOW,
  });
  if ('init' in (answer as object)) {
    const wrapped = answer as unknown as { data: { page: ReportsPageData }; init: { status: number } };
    return { status: wrapped.init.status, page: wrapped.data.page };
  }
  return { status: 200, page: (answer as unknown as { page: ReportsPageData }).page };
}

const counts = (page: ReportsPageData) => page.occupancy!.months.map((row) => [row.month, row.day, row.units, row.leased, row.vacant]);

describe('occupancy over time', () => {
  it('counts each month on its last day (today for this one), move-outs end a lease, drafts never count, later months are left out', async () => {
    const { status, page } = await load(admin, `?report=occupancy&building=${harbor}&from=2026-01&to=2026-08`);
    expect(status).toBe(200);
    expect(counts(page)).toEqual([
      ['2026-01', '2026-01-31', 3, 2, 1],
      ['2026-02', '2026-02-28', 3, 2, 1],
      ['2026-03', '2026-03-31', 3, 1, 2],
      ['2026-04', '2026-04-30', 3, 2, 1],
      ['2026-05', '2026-05-31', 3, 2, 1],
      ['2026-06', '2026-06-15', 3, 2, 1],
    ]);
  });

  it('shows the portfolio to an admin, a manager only their buildings, and the twelve months to this one by default', async () => {
    const portfolio = await load(admin, '?report=occupancy&from=2026-03&to=2026-03');
    expect(counts(portfolio.page)).toEqual([['2026-03', '2026-03-31', 4, 2, 2]]);
    const own = await findOccupancyOverTime({ db: database.db, actor: manager, query: portfolio.page.query, today: '2026-06-15' });
    expect(own.months.map((row) => [row.units, row.leased])).toEqual([[3, 1]]);
    const byDefault = await load(admin, '?report=occupancy');
    expect(byDefault.page.query).toMatchObject({ from: '2025-07', to: '2026-06' });
    expect(byDefault.page.occupancy!.months).toHaveLength(12);
    expect(byDefault.page.occupancy!.months[0]).toMatchObject({ month: '2025-07', units: 4, leased: 3 });
  });

  it("answers 404 for another manager's building (audited) and 400 for a range backwards", async () => {
    await expect(load(otherManager, `?report=occupancy&building=${harbor}`)).rejects.toMatchObject({ init: { status: 404 } });
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, otherManager.id), eq(auditLog.action, 'access_denied')));
    expect(audited.map((row) => row.newValues)).toEqual([expect.objectContaining({ object_id: String(harbor), reason: 'not_in_scope' })]);
    const backwards = await load(admin, '?report=occupancy&from=2026-05&to=2026-01');
    expect(backwards.status).toBe(400);
    expect(backwards.page.errors.to).toBeTruthy();
    expect(backwards.page.occupancy).toBeNull();
  });

  it('exports the same months as CSV', async () => {
    const response = await reportCsvResponse({
      request: new Request(`${TEST_PUBLIC_URL}/admin/reports.csv?report=occupancy&building=${harbor}&from=2026-02&to=2026-03`),
      context: { db: database.db, clientIp: '203.0.113.61' },
      actor: admin,
      now: NOW,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('occupancy-2026-02-2026-03.csv');
    expect(parse(await response.text(), { columns: true })).toEqual([
      { month: '2026-02', counted_on: '2026-02-28', units: '3', leased: '2', vacant: '1', occupancy_percent: '66.7' },
      { month: '2026-03', counted_on: '2026-03-31', units: '3', leased: '1', vacant: '2', occupancy_percent: '33.3' },
    ]);
  });
});
