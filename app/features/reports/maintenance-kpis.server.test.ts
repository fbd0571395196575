/**
 * The maintenance KPIs report (decision 060) through the reports page's loader and CSV export on
 * a real database: the requests opened in the months (on the building's local date) by priority —
 * completed, cancelled, SLA breaches, median time to complete — and the months' repair and capital
 * spend from the vendor invoices the general ledger holds, by category and vendor; a manager sees
 * their buildings only.
 */
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '~/server/auth/session.server';
import { building, invoice, maintenanceRequest, project, workOrder } from '~/server/db/schema';
import { createBuilding, createProperty } from '../../../tests/setup/factories';
import { createPerson } from '../../../tests/setup/leases';
import { TEST_PUBLIC_URL, useTestDatabase } from '../../../tests/setup/test-db';
import { createTestVendor } from '../../../tests/setup/work-orders';
import { loadReportsPage, reportCsvResponse } from './reports.page.server';
import type { ReportsPageData } from './reports.types';

const database = useTestDatabase();
let admin: Viewer;
let managerA: Viewer;
let buildingA = 0;
let buildingB = 0;
let plumbers = 0;
let roofers = 0;

const HOUR = 3_600_000;

/** A request in a new unit of `buildingId`, opened at `openedAt` (UTC), completed `hours` later when given. */
async function request(
  buildingId: number,
  openedAt: string,
  values: {
    priority: 'emergency' | 'urgent' | 'routine';
    hours?: number;
    cancelled?: boolean;
    breached?: boolean;
    category?: 'plumbing' | 'electrical';
  },
) {
  const unit = await createProperty(database.db, { buildingId });
  const created = new Date(openedAt);
  const [row] = await database.db
    .insert(maintenanceRequest)
    .values({
      propertyId: unit.id,
      buildingId,
      category: values.category ?? 'plumbing',
      priority: values.priority,
      status: values.cancelled ? 'cancelled' : values.hours !== undefined ? 'completed' : 'triaged',
      title: 'Leak',
      description: 'Water under the sink.',
      slaDueAt: new Date(created.getTime() + 4 * HOUR),
      slaBreachedAt: values.breached ? new Date(created.getTime() + 5 * HOUR) : null,
      completedAt: values.hours !== undefined ? new Date(created.getTime() + values.hours * HOUR) : null,
      cancelledAt: values.cancelled ? new Date(created.getTime() + HOUR) : null,
      createdAt: created,
    })
    .returning({ id: maintenanceRequest.id });
  return row!.id;
}

/** An approved invoice of `vendorId` for `totalCents`, decided on `on`, for request `requestId` (or a project of `buildingId`). */
async function approvedInvoice(vendorId: number, buildingId: number, totalCents: number, on: string, requestId: number | null) {
  const projectId =
    requestId === null
      ? (await database.db.insert(project).values({ buildingId, name: 'Roof', kind: 'roof' }).returning({ id: project.id }))[0]!.id
      : null;
  const [order] = await database.db
    .insert(workOrder)
    .values({ vendorId, buildingId, maintenanceRequestId: requestId, projectId, status: 'completed' })
    .returning({ id: workOrder.id });
  await database.db.insert(invoice).values({
    workOrderId: order!.id,
    vendorId,
    number: `K-${order!.id}`,
    status: 'approved',
    subtotalCents: totalCents,
    totalCents,
    decidedAt: new Date(`${on}T17:00:00Z`),
  });
}

beforeAll(async () => {
  admin = await createPerson(database.db, 'admin');
  managerA = await createPerson(database.db, 'property_manager');
  const managerB = await createPerson(database.db, 'property_manager');
  buildingA = (await createBuilding(database.db, { managerId: managerA.id })).id;
  buildingB = (await createBuilding(database.db, { managerId: managerB.id })).id;
  await database.db.update(building).set({ timeZone: 'America/Chicago' }).where(eq(building.id, buildingA));
  plumbers = (await createTestVendor(database.db, { companyName: 'Pipe Fixers' })).vendorId;
  roofers = (await createTestVendor(database.db, { companyName: 'Roof Masters' })).vendorId;

  // November 2026 in building A: two emergencies done in 2 h and 6 h (one late to respond), an
  // urgent one done in 30 h, a routine one cancelled, one still open — and one opened at 03:00 UTC
  // on 1 December, still 30 November in Chicago (it counts in November).
  const leak = await request(buildingA, '2026-11-03T15:00:00Z', { priority: 'emergency', hours: 2 });
  await request(buildingA, '2026-11-10T15:00:00Z', { priority: 'emergency', hours: 6, breached: true, category: 'electrical' });
  await request(buildingA, '2026-11-12T15:00:00Z', { priority: 'urgent', hours: 30 });
  await request(buildingA, '2026-11-14T15:00:00Z', { priority: 'routine', cancelled: true });
  await request(buildingA, '2026-12-01T03:00:00Z', { priority: 'routine' });
  // Outside the month: October in A, and 1 December 18:00 UTC.
  await request(buildingA, '2026-10-31T15:00:00Z', { priority: 'routine', hours: 1 });
  await request(buildingA, '2026-12-01T18:00:00Z', { priority: 'routine' });
  // Building B (another manager's): an urgent request done in 10 h.
  const roofLeak = await request(buildingB, '2026-11-20T15:00:00Z', { priority: 'urgent', hours: 10 });

  await approvedInvoice(plumbers, buildingA, 45_000, '2026-11-05', leak);
  await approvedInvoice(plumbers, buildingB, 30_000, '2026-11-21', roofLeak);
  await approvedInvoice(roofers, buildingB, 500_000, '2026-11-25', null);
  await approvedInvoice(roofers, buildingA, 99_900, '2026-10-20', null);
});

type Loaded = { page: ReportsPageData };

async function load(actor: Viewer, search: string, area: 'admin' | 'dashboard' = 'admin') {
  const answer = await loadReportsPage({
    request: new Request(`${TEST_PUBLIC_URL}/${area}/reports${search}`),
    context: { db: database.db, clientIp: '203.0.113.42' },
    actor,
    basePath: area === 'admin' ? '/admin/reports' : '/dashboard/reports',
    meta: null,
    now: new Date('2026-12-02T12:00:00Z'),
  });
  return (answer as unknown as Loaded).page;
}

describe('the maintenance KPIs', () => {
  it('counts the requests opened in the month by priority, on the building’s date, with the median time to complete', async () => {
    const kpis = (await load(admin, '?report=maintenance&from=2026-11&to=2026-11')).maintenance!;
    expect(kpis.priorities).toEqual([
      { priority: 'emergency', opened: 2, completed: 2, cancelled: 0, slaBreaches: 1, medianHoursToComplete: 4 },
      { priority: 'urgent', opened: 2, completed: 2, cancelled: 0, slaBreaches: 0, medianHoursToComplete: 20 },
      { priority: 'routine', opened: 2, completed: 0, cancelled: 1, slaBreaches: 0, medianHoursToComplete: null },
    ]);
    expect(kpis.totals).toEqual({ opened: 6, completed: 4, cancelled: 1, slaBreaches: 1, medianHoursToComplete: 8 });
  });

  it('sums the month’s repair and capital spend by category and vendor, largest first', async () => {
    const kpis = (await load(admin, '?report=maintenance&from=2026-11&to=2026-11')).maintenance!;
    expect(kpis.categories).toEqual([
      { category: 'project', cents: 500_000 },
      { category: 'plumbing', cents: 75_000 },
    ]);
    expect(kpis.vendors.map((row) => [row.name, row.cents])).toEqual([
      ['Roof Masters', 500_000],
      ['Pipe Fixers', 75_000],
    ]);
    expect(kpis.spendCents).toBe(575_000);
    expect(kpis.otherVendorsCents).toBe(0);
    const autumn = (await load(admin, '?report=maintenance&from=2026-10&to=2026-11')).maintenance!;
    expect(autumn.spendCents).toBe(674_900);
    expect(autumn.totals.opened).toBe(7);
  });

  it('shows a manager the requests and spend of their buildings only', async () => {
    const mine = (await load(managerA, '?report=maintenance&from=2026-11&to=2026-11', 'dashboard')).maintenance!;
    expect(mine.totals.opened).toBe(5);
    expect(mine.priorities.find((row) => row.priority === 'urgent')!.medianHoursToComplete).toBe(30);
    expect(mine.categories).toEqual([{ category: 'plumbing', cents: 45_000 }]);
    const one = (await load(admin, `?report=maintenance&from=2026-11&to=2026-11&building=${buildingB}`)).maintenance!;
    expect(one.totals.opened).toBe(1);
    expect(one.spendCents).toBe(530_000);
  });

  it('exports the figures as CSV', async () => {
    const response = await reportCsvResponse({
      request: new Request(`${TEST_PUBLIC_URL}/admin/reports.csv?report=maintenance&from=2026-11&to=2026-11`),
      context: { db: database.db, clientIp: '203.0.113.42' },
      actor: admin,
      now: new Date('2026-12-02T12:00:00Z'),
    });
    expect(response.headers.get('content-disposition')).toContain('maintenance-kpis-2026-11-2026-11.csv');
    const rows = parse(await response.text(), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.section, row.name, row.opened, row.median_hours_to_complete, row.spend])).toEqual([
      ['priority', 'emergency', '2', '4.0', ''],
      ['priority', 'urgent', '2', '20.0', ''],
      ['priority', 'routine', '2', '', ''],
      ['priority', 'total', '6', '8.0', ''],
      ['vendor', 'Roof Masters', '', '', '5000.00'],
      ['vendor', 'Pipe Fixers', '', '', '750.00'],
      ['category', 'project', '', '', '5000.00'],
      ['category', 'plumbing', '', '', '750.00'],
      ['spend', 'total', '', '', '5750.00'],
    ]);
  });
});
