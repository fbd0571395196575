/**
 * Demo maintenance, vendors and projects (decision 026: every screen has content on a
 * fresh start). After the demo leases exist, this writes:
 *
 * - 26 demo vendors at `@vendors.dimora.example` serving the seeded buildings' states: most
 *   approved with a verified certificate of insurance, two expiring within 30 and 7 days, one
 *   expired, three pending signups, one rejected, one suspended;
 * - maintenance requests from the demo tenants (about one active lease in five, at least 40 when
 *   there are that many leases) over the last 120 days, in every status, with their timelines,
 *   SLA deadlines (some breached), ratings on the closed ones;
 * - work orders in every state (declined ones before a reassignment too), their history, and
 *   invoices for completed work (submitted, approved, rejected, paid with a payout);
 * - capital projects at the first demo buildings: planned, bidding (invited vendors, two bids),
 *   awarded, in progress and completed, with their work orders and invoices.
 *
 * Deterministic for a seed and `now`. Rows with many instances go in with explicit ids through
 * `bulkInsertSql`. Vendors' ratings are summed from the rated requests at the end.
 */
import { and, asc, eq, inArray, like, max, sql } from 'drizzle-orm';
import type { Db } from '../client.server';
import type { DemoSeedArgs } from './demo-seed-args';
import {
  bid,
  building,
  invoice,
  invoiceLine,
  lease,
  maintenanceEvent,
  maintenanceRequest,
  payout,
  project,
  projectVendor,
  property,
  vendor,
  workOrder,
  workOrderEvent,
} from '../schema';
import { insertInBatches } from './bulk-insert.server';
import { createRandom, mixSeed, pickWeighted, pickWeightedKey, type Random } from './random';

/** Demo vendors' reserved domain (RFC 2606 `.example`: never delivered). */
export const DEMO_VENDOR_DOMAIN = 'vendors.dimora.example';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Share of active leases whose tenant reported something. */
const REQUEST_SHARE = 0.2;
const MIN_REQUESTS = 40;
/** SLA targets (hours to first response) the demo history follows: the settings' defaults. */
const SLA_HOURS = { emergency: 4, urgent: 24, routine: 72 } as const;

type Category = (typeof maintenanceRequest.category.enumValues)[number];
type Priority = (typeof maintenanceRequest.priority.enumValues)[number];
type RequestStatus = (typeof maintenanceRequest.status.enumValues)[number];
type OrderStatus = (typeof workOrder.status.enumValues)[number];

const COMPANIES: readonly { name: string; trades: string[] }[] = [
  { name: 'Lone Star Plumbing', trades: ['plumbing'] },
  { name: 'BrightWire Electric', trades: ['electrical'] },
  { name: 'Polar Air HVAC', trades: ['hvac'] },
  { name: 'FixIt Appliance Repair', trades: ['appliance_repair'] },
  { name: 'Guardian Pest Control', trades: ['pest_control'] },
  { name: 'KeySafe Locksmiths', trades: ['locksmith'] },
  { name: 'Summit Roofing', trades: ['roofing'] },
  { name: 'Evergreen Landscaping', trades: ['landscaping'] },
  { name: 'Precision Painting', trades: ['painting'] },
  { name: 'Cornerstone General Contracting', trades: ['general_contractor', 'carpentry'] },
  { name: 'AquaFlow Plumbing & Drain', trades: ['plumbing'] },
  { name: 'Volt Masters', trades: ['electrical'] },
  { name: 'ClimateCare Heating & Cooling', trades: ['hvac'] },
  { name: 'Ridgeline Paving', trades: ['paving'] },
  { name: 'Handy Pros Maintenance', trades: ['general_contractor', 'appliance_repair', 'carpentry'] },
  { name: 'ClearView Windows & Doors', trades: ['carpentry', 'locksmith'] },
  { name: 'Apex Renovations', trades: ['general_contractor', 'painting'] },
  { name: 'Rapid Rooter', trades: ['plumbing'] },
  { name: 'Bluebonnet Electric', trades: ['electrical'] },
  { name: 'Northwind Mechanical', trades: ['hvac', 'plumbing'] },
  { name: 'Sunrise Cleaning Services', trades: ['cleaning'] },
  // The last six are not approved and insured: what the review screens need.
  { name: 'Harbor Glass Co.', trades: ['carpentry'] },
  { name: 'Granite State Builders', trades: ['general_contractor'] },
  { name: 'Prairie Pest Solutions', trades: ['pest_control'] },
  { name: 'QuickFix Handyman', trades: ['general_contractor'] },
  { name: 'Old Town Roofing', trades: ['roofing'] },
];

/** Review state of the demo vendor at each index of COMPANIES (default: approved and insured). */
function vendorProfile(index: number): {
  status: 'approved' | 'pending' | 'rejected' | 'suspended';
  insuranceDays: number | null;
  verified: boolean;
} {
  switch (index) {
    case 19:
      return { status: 'approved', insuranceDays: 21, verified: true }; // reminder at 30 days sent
    case 20:
      return { status: 'approved', insuranceDays: 5, verified: true }; // reminder at 7 days sent
    case 21:
      return { status: 'approved', insuranceDays: -12, verified: true }; // expired: no new work
    case 22:
    case 23:
      return { status: 'pending', insuranceDays: 200, verified: false };
    case 24:
      return { status: 'rejected', insuranceDays: 90, verified: false };
    case 25:
      return { status: 'suspended', insuranceDays: 150, verified: true };
    default:
      return { status: 'approved', insuranceDays: 60 + index * 17, verified: true };
  }
}

/** Which trades fix which category. */
const CATEGORY_TRADES: Readonly<Record<Category, string[]>> = {
  plumbing: ['plumbing'],
  electrical: ['electrical'],
  hvac: ['hvac'],
  appliance: ['appliance_repair'],
  pest_control: ['pest_control'],
  locks_doors: ['locksmith', 'carpentry'],
  structural: ['general_contractor', 'carpentry'],
  other: ['general_contractor'],
};

const REPORTS: Readonly<Record<Category, readonly { title: string; description: string; location: string }[]>> = {
  plumbing: [
    {
      title: 'Leak under the kitchen sink',
      description: 'Water drips from the pipe under the sink; the cabinet floor is wet.',
      location: 'Kitchen',
    },
    {
      title: 'Toilet keeps running',
      description: 'The toilet tank refills every few minutes and never stops completely.',
      location: 'Bathroom',
    },
    {
      title: 'Low hot-water pressure',
      description: 'The shower has very little hot water pressure since last week.',
      location: 'Bathroom',
    },
  ],
  electrical: [
    { title: 'Outlet not working', description: 'The outlet next to the bed has no power; the breaker looks fine.', location: 'Bedroom' },
    { title: 'Flickering ceiling light', description: 'The living room light flickers even with a new bulb.', location: 'Living room' },
  ],
  hvac: [
    { title: 'AC blowing warm air', description: 'The air conditioner runs but the air from the vents is warm.', location: 'Whole unit' },
    { title: 'Heater makes a loud noise', description: 'A rattling noise when the heat turns on.', location: 'Hallway closet' },
  ],
  appliance: [
    { title: 'Dishwasher does not drain', description: 'Standing water stays at the bottom after every cycle.', location: 'Kitchen' },
    { title: 'Fridge not cooling', description: 'The refrigerator is warm although the freezer still works.', location: 'Kitchen' },
  ],
  pest_control: [{ title: 'Ants in the kitchen', description: 'A line of ants along the counter near the window.', location: 'Kitchen' }],
  locks_doors: [
    { title: 'Front door lock sticks', description: 'The key turns only with a lot of force.', location: 'Front door' },
    { title: 'Sliding door off its track', description: 'The balcony door came off its track and does not close.', location: 'Balcony' },
  ],
  structural: [
    {
      title: 'Crack in the bathroom ceiling',
      description: 'A crack appeared above the shower and is getting longer.',
      location: 'Bathroom',
    },
  ],
  other: [
    {
      title: 'Smoke detector chirping',
      description: 'The smoke detector chirps every minute; replacing the battery did not help.',
      location: 'Hallway',
    },
  ],
};

const CATEGORY_WEIGHTS: readonly [Category, number][] = [
  ['plumbing', 30],
  ['electrical', 14],
  ['hvac', 18],
  ['appliance', 16],
  ['pest_control', 6],
  ['locks_doors', 8],
  ['structural', 3],
  ['other', 5],
];

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export type DemoMaintenanceCounts = {
  vendors: number;
  requests: number;
  workOrders: number;
  invoices: number;
  projects: number;
  bids: number;
};

type VendorRow = { id: number; trades: string[]; states: string[]; eligible: boolean };

/** Inserts the demo vendors (replacing those of an earlier seed); answers them with their eligibility. */
async function seedVendors(db: Db, random: Random, states: string[], now: number): Promise<VendorRow[]> {
  await db.delete(vendor).where(like(vendor.email, `%@${DEMO_VENDOR_DOMAIN}`));
  const rows = COMPANIES.map((company, index) => {
    const profile = vendorProfile(index);
    const slug = company.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/(^-|-$)/g, '');
    // Every state is served by several vendors: a window of the sorted states, wrapping around.
    const served =
      states.length === 0 ? ['TX'] : Array.from({ length: Math.min(states.length, 8) }, (_, k) => states[(index * 3 + k) % states.length]!);
    const createdAt = new Date(now - (400 - index * 9) * DAY_MS);
    return {
      companyName: company.name,
      contactName: `${random.pick(['Alex', 'Jordan', 'Sam', 'Taylor', 'Chris', 'Morgan', 'Jamie', 'Riley'])} ${random.pick(['Reyes', 'Nguyen', 'Patel', 'Brooks', 'Rossi', 'Kim', 'Foster', 'Ward'])}`,
      email: `${slug}@${DEMO_VENDOR_DOMAIN}`,
      phone: `+1 512 555 ${String(1000 + index * 37).slice(-4)}`,
      website: `https://${slug}.example`,
      trades: company.trades,
      serviceCountries: ['US'],
      serviceStates: [...new Set(served)].sort(),
      insuranceExpiry: profile.insuranceDays === null ? null : isoDate(now + profile.insuranceDays * DAY_MS),
      insuranceVerifiedAt: profile.verified ? new Date(now - 30 * DAY_MS) : null,
      status: profile.status,
      rejectionReason: profile.status === 'rejected' ? 'We could not verify the contractor licence number you gave us.' : null,
      reviewedAt: profile.status === 'pending' ? null : new Date(createdAt.getTime() + 3 * DAY_MS),
      notes: profile.status === 'pending' ? 'Applied through /vendor-signup.' : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const inserted = await db.insert(vendor).values(rows).returning({ id: vendor.id, trades: vendor.trades, states: vendor.serviceStates });
  return inserted.map((row, index) => ({ ...row, eligible: index < 21 }));
}

/** A vendor for `category` in `state`: an eligible one with the trade and the state, else any eligible one. */
function chooseVendor(random: Random, vendors: readonly VendorRow[], category: Category, state: string, except?: number): VendorRow {
  const eligible = vendors.filter((row) => row.eligible && row.id !== except);
  const trades = CATEGORY_TRADES[category];
  const best = eligible.filter((row) => row.states.includes(state) && row.trades.some((trade) => trades.includes(trade)));
  const good = eligible.filter((row) => row.trades.some((trade) => trades.includes(trade)));
  return random.pick(best.length ? best : good.length ? good : eligible);
}

/** How likely each final status is for a request by its age: the first band whose `underDays` the age is below. */
const STATUS_BY_AGE: readonly { underDays: number; weights: Partial<Record<RequestStatus, number>> }[] = [
  { underDays: 2, weights: { submitted: 5, triaged: 3, scheduled: 2 } },
  { underDays: 7, weights: { submitted: 1, triaged: 2, scheduled: 3, in_progress: 3, completed: 2, cancelled: 1 } },
  { underDays: 21, weights: { scheduled: 1, in_progress: 2, completed: 3, closed: 4, cancelled: 1 } },
  { underDays: Number.POSITIVE_INFINITY, weights: { completed: 1, closed: 8, cancelled: 1 } },
];

/** The final status of a request reported `ageDays` ago. */
function requestStatus(random: Random, ageDays: number): RequestStatus {
  const band = STATUS_BY_AGE.find(({ underDays }) => ageDays < underDays) ?? STATUS_BY_AGE[STATUS_BY_AGE.length - 1]!;
  return pickWeightedKey(random, band.weights);
}

const LIFE: readonly RequestStatus[] = ['submitted', 'triaged', 'scheduled', 'in_progress', 'completed', 'closed'];

/**
 * Writes the demo vendors, maintenance requests, work orders, invoices and projects (see the file
 * comment). Call after `seedDemoLeases`; an earlier run's demo vendors are replaced, and the
 * requests, work orders and projects of a `--reset` are gone with the units already.
 */
export async function seedDemoMaintenance({ db, seed, now = new Date() }: DemoSeedArgs): Promise<DemoMaintenanceCounts> {
  const nowMs = now.getTime();
  const random = createRandom(mixSeed(seed, 0x6d61696e));
  const buildingStates = (await db.selectDistinct({ state: building.state }).from(building).orderBy(asc(building.state))).map(
    (row) => row.state,
  );
  const vendors = await seedVendors(db, random, buildingStates, nowMs);
  const counts: DemoMaintenanceCounts = { vendors: vendors.length, requests: 0, workOrders: 0, invoices: 0, projects: 0, bids: 0 };

  const leases = await db
    .select({
      id: lease.id,
      tenantId: lease.tenantId,
      propertyId: lease.propertyId,
      buildingId: property.buildingId,
      state: property.state,
      startDate: lease.startDate,
    })
    .from(lease)
    .innerJoin(property, eq(property.id, lease.propertyId))
    .where(eq(lease.status, 'active'))
    .orderBy(asc(lease.id));
  const wanted = Math.min(leases.length, Math.max(MIN_REQUESTS, Math.round(leases.length * REQUEST_SHARE)));
  const chosen = random.sample(leases, wanted);

  const [requestMax, eventMax, orderMax, orderEventMax, invoiceMax] = await Promise.all([
    db.select({ id: max(maintenanceRequest.id) }).from(maintenanceRequest),
    db.select({ id: max(maintenanceEvent.id) }).from(maintenanceEvent),
    db.select({ id: max(workOrder.id) }).from(workOrder),
    db.select({ id: max(workOrderEvent.id) }).from(workOrderEvent),
    db.select({ id: max(invoice.id) }).from(invoice),
  ]);
  const ids = {
    request: requestMax[0]?.id ?? 0,
    event: Number(eventMax[0]?.id ?? 0),
    order: orderMax[0]?.id ?? 0,
    orderEvent: Number(orderEventMax[0]?.id ?? 0),
    invoice: invoiceMax[0]?.id ?? 0,
  };
  const requests: (typeof maintenanceRequest.$inferInsert)[] = [];
  const events: (typeof maintenanceEvent.$inferInsert)[] = [];
  const addEvent = (values: typeof maintenanceEvent.$inferInsert) => events.push({ ...EVENT_DEFAULTS, ...values, id: ++ids.event });
  const orders: (typeof workOrder.$inferInsert)[] = [];
  const orderEvents: (typeof workOrderEvent.$inferInsert)[] = [];
  const invoices: (typeof invoice.$inferInsert)[] = [];
  const lines: (typeof invoiceLine.$inferInsert)[] = [];
  const payouts: (typeof payout.$inferInsert)[] = [];

  const addOrder = (
    values: Omit<typeof workOrder.$inferInsert, 'id'>,
    history: { at: number; kind: string; to: OrderStatus; from?: OrderStatus; note?: string | null }[],
  ) => {
    const id = ++ids.order;
    // bulkInsertSql takes its columns from the first row: every row spells out every column.
    orders.push({ ...ORDER_DEFAULTS, id, ...values });
    for (const step of history) {
      orderEvents.push({
        id: ++ids.orderEvent,
        workOrderId: id,
        kind: step.kind,
        fromStatus: step.from ?? null,
        toStatus: step.to,
        note: step.note ?? null,
        createdAt: new Date(step.at),
      });
    }
    counts.workOrders += 1;
    return id;
  };

  const addInvoice = (
    workOrderId: number,
    vendorId: number,
    at: number,
    laborHours: number,
    status: 'submitted' | 'approved' | 'rejected' | 'paid',
  ) => {
    const id = ++ids.invoice;
    const rate = 8_500;
    const materials = random.chance(0.6) ? random.int(20, 400) * 100 + random.int(0, 99) : 0;
    const labourCents = Math.round(laborHours * rate);
    const subtotal = labourCents + materials;
    const tax = Math.round(materials * 0.0825);
    const decidedAt = status === 'submitted' ? null : new Date(at + 2 * DAY_MS);
    invoices.push({
      id,
      workOrderId,
      vendorId,
      number: `INV-${String(id).padStart(5, '0')}`,
      status,
      subtotalCents: subtotal,
      taxCents: tax,
      totalCents: subtotal + tax,
      rejectionReason: status === 'rejected' ? 'The materials line has no receipt attached. Please resubmit with the receipt.' : null,
      submittedAt: new Date(at),
      decidedAt,
      paidAt: status === 'paid' ? new Date(at + 9 * DAY_MS) : null,
      createdAt: new Date(at),
      updatedAt: new Date(status === 'paid' ? at + 9 * DAY_MS : at),
    });
    lines.push({
      invoiceId: id,
      position: 1,
      kind: 'labour',
      description: 'Labour',
      quantity: laborHours,
      unitCents: rate,
      amountCents: labourCents,
    });
    if (materials > 0)
      lines.push({
        invoiceId: id,
        position: 2,
        kind: 'materials',
        description: 'Parts and materials',
        quantity: 1,
        unitCents: materials,
        amountCents: materials,
      });
    if (status === 'paid')
      payouts.push({
        invoiceId: id,
        vendorId,
        amountCents: subtotal + tax,
        method: 'bank_transfer',
        reference: `ACH-${100_000 + id}`,
        paidAt: new Date(at + 9 * DAY_MS),
        createdAt: new Date(at + 9 * DAY_MS),
      });
    counts.invoices += 1;
  };

  // The first triaged request's work order waits for the vendor's answer: every state has an example.
  let offeredYet = false;
  const invoiceStatuses = new Set<string>();
  for (const chosenLease of chosen) {
    const ageDays = random.next() ** 1.6 * 120;
    const createdMs = nowMs - ageDays * DAY_MS;
    const startMs = Date.parse(`${chosenLease.startDate}T12:00:00Z`);
    if (createdMs < startMs) continue;
    const category = pickWeighted(random, CATEGORY_WEIGHTS);
    const report = random.pick(REPORTS[category]);
    const priority = pickWeightedKey<Priority>(random, { emergency: 1, urgent: 3, routine: 6 });
    const status = requestStatus(random, ageDays);
    const slaMs = SLA_HOURS[priority] * HOUR_MS;
    const slaDue = createdMs + slaMs;
    const id = ++ids.request;
    // Time of each life step: the first response within (or, one time in six, after) the target.
    const responseMs = createdMs + slaMs * (random.chance(1 / 6) ? 1 + random.next() : 0.2 + random.next() * 0.7);
    const stepsDone = status === 'cancelled' ? random.int(1, 2) : LIFE.indexOf(status) + 1;
    const times: number[] = [createdMs];
    for (let step = 1; step < stepsDone; step++) {
      const previous = times[step - 1]!;
      const planned =
        step === 1 ? Math.min(responseMs, nowMs - HOUR_MS) : Math.min(previous + (0.3 + random.next() * 2) * DAY_MS, nowMs - HOUR_MS / 2);
      times.push(Math.max(previous + 60_000, planned));
    }
    const responded = stepsDone > 1 ? new Date(times[1]!) : null;
    const breached = (responded ? responded.getTime() : nowMs) > slaDue;
    const completedMs = stepsDone >= 5 ? times[4]! : null;
    const closedMs = stepsDone >= 6 ? times[5]! : null;
    const cancelledMs = status === 'cancelled' ? Math.min(times[times.length - 1]! + DAY_MS, nowMs - HOUR_MS) : null;
    const rating =
      status === 'closed'
        ? pickWeighted(random, [
            [5, 6],
            [4, 3],
            [3, 1],
            [2, 0.4],
            [1, 0.2],
          ])
        : null;
    const windows = random.chance(0.7)
      ? [
          { date: isoDate(createdMs + DAY_MS), from: '09:00', to: '12:00' },
          { date: isoDate(createdMs + 2 * DAY_MS), from: '13:00', to: '17:00' },
        ]
      : [];
    requests.push({
      id,
      propertyId: chosenLease.propertyId,
      buildingId: chosenLease.buildingId,
      leaseId: chosenLease.id,
      tenantId: chosenLease.tenantId,
      category,
      priority,
      status,
      title: report.title,
      description: report.description,
      location: report.location,
      permissionToEnter: windows.length > 0 || random.chance(0.5),
      entryWindows: windows,
      entryNotes: random.chance(0.3) ? 'Please text before coming; the dog is friendly.' : null,
      rating,
      ratingComment: rating !== null && rating >= 4 && random.chance(0.5) ? 'Quick and tidy, thank you!' : null,
      ratedAt: rating !== null && closedMs !== null ? new Date(closedMs) : null,
      slaDueAt: new Date(slaDue),
      firstResponseAt: responded,
      slaBreachedAt: breached && (responded === null || status !== 'submitted') ? new Date(slaDue) : null,
      completedAt: completedMs === null ? null : new Date(completedMs),
      closedAt: closedMs === null ? null : new Date(closedMs),
      cancelledAt: cancelledMs === null ? null : new Date(cancelledMs),
      cancelReason: status === 'cancelled' ? 'The tenant fixed it themselves.' : null,
      createdAt: new Date(createdMs),
      updatedAt: new Date(Math.max(...times, cancelledMs ?? 0)),
    });
    addEvent({ requestId: id, actorId: chosenLease.tenantId, kind: 'submitted', toStatus: 'submitted', createdAt: new Date(createdMs) });
    for (let step = 1; step < stepsDone; step++) {
      addEvent({ requestId: id, kind: 'status', fromStatus: LIFE[step - 1]!, toStatus: LIFE[step]!, createdAt: new Date(times[step]!) });
    }
    if (breached && responded === null) addEvent({ requestId: id, kind: 'sla_breached', internal: true, createdAt: new Date(slaDue) });
    if (status === 'cancelled') {
      addEvent({
        requestId: id,
        actorId: chosenLease.tenantId,
        kind: 'status',
        fromStatus: LIFE[stepsDone - 1]!,
        toStatus: 'cancelled',
        body: 'The tenant fixed it themselves.',
        createdAt: new Date(cancelledMs!),
      });
    }
    if (rating !== null)
      addEvent({ requestId: id, actorId: chosenLease.tenantId, kind: 'rated', body: `${rating}/5`, createdAt: new Date(closedMs!) });
    counts.requests += 1;

    // Work orders: from "scheduled" on, and one triaged request in three already offered.
    const offered = stepsDone >= 3 || (status === 'triaged' && (!offeredYet || random.chance(1 / 3)));
    if (!offered || status === 'cancelled') continue;
    const offeredMs = times[1]!;
    let vendorRow = chooseVendor(random, vendors, category, chosenLease.state);
    if (random.chance(0.08)) {
      // A first vendor declined; the request was reassigned.
      addOrder(
        {
          vendorId: vendorRow.id,
          maintenanceRequestId: id,
          buildingId: chosenLease.buildingId,
          status: 'declined',
          declineReason: 'No technician available this week.',
          createdAt: new Date(offeredMs),
          updatedAt: new Date(offeredMs + HOUR_MS),
        },
        [
          { at: offeredMs, kind: 'offered', to: 'offered' },
          { at: offeredMs + HOUR_MS, kind: 'status', from: 'offered', to: 'declined', note: 'No technician available this week.' },
        ],
      );
      vendorRow = chooseVendor(random, vendors, category, chosenLease.state, vendorRow.id);
    }
    const orderStatus: OrderStatus =
      status === 'triaged'
        ? offeredYet
          ? random.pick(['offered', 'accepted'] as const)
          : 'offered'
        : status === 'scheduled'
          ? 'scheduled'
          : status === 'in_progress'
            ? 'in_progress'
            : 'completed';
    if (orderStatus === 'offered') offeredYet = true;
    const history: { at: number; kind: string; to: OrderStatus; from?: OrderStatus; note?: string | null }[] = [
      { at: offeredMs, kind: 'offered', to: 'offered' },
    ];
    const acceptedMs = Math.min(offeredMs + (1 + random.next() * 5) * HOUR_MS, stepsDone >= 3 ? times[2]! : nowMs);
    const visitMs = stepsDone >= 3 ? Math.max(times[2]!, acceptedMs) + (1 + random.next() * 2) * DAY_MS : null;
    if (orderStatus !== 'offered') history.push({ at: acceptedMs, kind: 'status', from: 'offered', to: 'accepted' });
    if (stepsDone >= 3) history.push({ at: times[2]!, kind: 'status', from: 'accepted', to: 'scheduled' });
    if (stepsDone >= 4) history.push({ at: times[3]!, kind: 'status', from: 'scheduled', to: 'in_progress', note: 'On site, diagnosing.' });
    if (stepsDone >= 5) history.push({ at: times[4]!, kind: 'status', from: 'in_progress', to: 'completed', note: 'Repaired and tested.' });
    const orderId = addOrder(
      {
        vendorId: vendorRow.id,
        maintenanceRequestId: id,
        buildingId: chosenLease.buildingId,
        status: orderStatus,
        instructions: priority === 'emergency' ? 'Emergency: please call the tenant on the way.' : null,
        scheduledFor: visitMs === null ? null : new Date(visitMs),
        dueAt: new Date(createdMs + (priority === 'emergency' ? 1 : priority === 'urgent' ? 3 : 7) * DAY_MS),
        completionNotes: stepsDone >= 5 ? 'Repaired and tested.' : null,
        acceptedAt: orderStatus === 'offered' ? null : new Date(acceptedMs),
        startedAt: stepsDone >= 4 ? new Date(times[3]!) : null,
        completedAt: stepsDone >= 5 ? new Date(times[4]!) : null,
        createdAt: new Date(offeredMs),
        updatedAt: new Date(history[history.length - 1]!.at),
      },
      history,
    );
    if (stepsDone >= 5 && random.chance(0.8)) {
      const at = times[4]! + HOUR_MS * 3;
      const age = (nowMs - at) / DAY_MS;
      let invoiceStatus =
        age > 20
          ? 'paid'
          : age > 8
            ? pickWeightedKey(random, { approved: 3, paid: 5, rejected: 1 })
            : pickWeightedKey(random, { submitted: 4, approved: 1 });
      // Small seeds still show one rejected invoice and one waiting for approval.
      if (age > 8 && !invoiceStatuses.has('rejected')) invoiceStatus = 'rejected';
      if (age <= 8 && !invoiceStatuses.has('submitted')) invoiceStatus = 'submitted';
      invoiceStatuses.add(invoiceStatus);
      addInvoice(orderId, vendorRow.id, at, random.int(2, 12) / 2, invoiceStatus);
    }
  }

  const projectCounts = await seedProjects(db, random, vendors, nowMs, { addOrder, addInvoice });
  counts.projects = projectCounts.projects;
  counts.bids = projectCounts.bids;

  await db.transaction(async (tx) => {
    await insertInBatches(tx, maintenanceRequest, requests);
    await insertInBatches(tx, maintenanceEvent, events);
    await insertInBatches(tx, workOrder, orders);
    await insertInBatches(tx, workOrderEvent, orderEvents);
    await insertInBatches(tx, invoice, invoices);
    await insertInBatches(tx, invoiceLine, lines);
    await insertInBatches(tx, payout, payouts);
    for (const table of ['maintenance_request', 'maintenance_event', 'work_order', 'work_order_event', 'invoice'] as const) {
      await tx.execute(
        sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), GREATEST((SELECT max(id) FROM ${sql.identifier(table)}), 1), (SELECT count(*) > 0 FROM ${sql.identifier(table)}))`,
      );
    }
    // Ratings of the rated requests, credited to the vendor who completed the work.
    await tx.execute(sql`
      UPDATE ${vendor} v SET rating_sum = r.total, rating_count = r.n
      FROM (
        SELECT w.vendor_id, sum(m.rating)::int AS total, count(*)::int AS n
        FROM ${maintenanceRequest} m JOIN ${workOrder} w ON w.maintenance_request_id = m.id AND w.status = 'completed'
        WHERE m.rating IS NOT NULL GROUP BY w.vendor_id
      ) r
      WHERE v.id = r.vendor_id`);
  });
  for (const table of [maintenanceRequest, maintenanceEvent, workOrder, workOrderEvent, invoice, vendor])
    await db.execute(sql`ANALYZE ${table}`);
  return counts;
}

const ORDER_DEFAULTS = {
  maintenanceRequestId: null,
  projectId: null,
  instructions: null,
  scheduledFor: null,
  dueAt: null,
  declineReason: null,
  cancelReason: null,
  completionNotes: null,
  assignedBy: null,
  acceptedAt: null,
  startedAt: null,
  completedAt: null,
} satisfies Partial<typeof workOrder.$inferInsert>;

const EVENT_DEFAULTS = { actorId: null, fromStatus: null, toStatus: null, body: null, internal: false } satisfies Partial<
  typeof maintenanceEvent.$inferInsert
>;

type OrderWriters = {
  addOrder: (
    values: Omit<typeof workOrder.$inferInsert, 'id'>,
    history: { at: number; kind: string; to: OrderStatus; from?: OrderStatus; note?: string | null }[],
  ) => number;
  addInvoice: (
    workOrderId: number,
    vendorId: number,
    at: number,
    laborHours: number,
    status: 'submitted' | 'approved' | 'rejected' | 'paid',
  ) => void;
};

const PROJECTS: readonly {
  name: string;
  kind: (typeof project.kind.enumValues)[number];
  budget: number;
  status: (typeof project.status.enumValues)[number];
  trade: string;
  description: string;
}[] = [
  {
    name: 'Roof replacement',
    kind: 'roof',
    budget: 420_000_00,
    status: 'bidding',
    trade: 'roofing',
    description: 'Tear-off and replacement of the flat roof membrane over buildings A and B, with new insulation and gutters.',
  },
  {
    name: 'Parking lot repaving',
    kind: 'repaving',
    budget: 185_000_00,
    status: 'awarded',
    trade: 'paving',
    description: 'Mill and overlay of the main parking lot, new striping and accessible spaces.',
  },
  {
    name: 'Lobby renovation',
    kind: 'renovation',
    budget: 96_000_00,
    status: 'in_progress',
    trade: 'general_contractor',
    description: 'New flooring, lighting and mailroom in the main lobby.',
  },
  {
    name: 'Boiler and chiller upgrade',
    kind: 'hvac',
    budget: 240_000_00,
    status: 'completed',
    trade: 'hvac',
    description: 'High-efficiency boiler and chiller with new controls.',
  },
  {
    name: 'Exterior painting',
    kind: 'exterior',
    budget: 130_000_00,
    status: 'planned',
    trade: 'painting',
    description: 'Pressure wash and repaint of all exterior walls and railings.',
  },
];

/** Capital projects at the first demo buildings (see the file comment); answers how many projects and bids. */
async function seedProjects(
  db: Db,
  random: Random,
  vendors: readonly VendorRow[],
  nowMs: number,
  writers: OrderWriters,
): Promise<{ projects: number; bids: number }> {
  const buildings = await db
    .select({ id: building.id, managerId: building.managerId })
    .from(building)
    .where(like(building.managerId, 'demo-manager-%'))
    .orderBy(asc(building.id))
    .limit(PROJECTS.length);
  let bids = 0;
  const eligible = vendors.filter((row) => row.eligible);
  for (const [index, spec] of PROJECTS.entries()) {
    const home = buildings[index % Math.max(buildings.length, 1)];
    if (!home || eligible.length < 3) break;
    const createdMs = nowMs - (120 - index * 20) * DAY_MS;
    const bidding = spec.status !== 'planned';
    const deadlineMs = spec.status === 'bidding' ? nowMs + 10 * DAY_MS : createdMs + 21 * DAY_MS;
    const [row] = await db
      .insert(project)
      .values({
        buildingId: home.id,
        name: spec.name,
        description: spec.description,
        kind: spec.kind,
        status: spec.status,
        budgetCents: spec.budget,
        startDate: isoDate(createdMs + 40 * DAY_MS),
        endDate: isoDate(createdMs + 160 * DAY_MS),
        bidDeadline: bidding ? new Date(deadlineMs) : null,
        createdBy: home.managerId,
        createdAt: new Date(createdMs),
        updatedAt: new Date(createdMs),
      })
      .returning({ id: project.id });
    const projectId = row!.id;
    if (!bidding) continue;
    const withTrade = eligible.filter((vendorRow) => vendorRow.trades.includes(spec.trade));
    const invited = [
      ...withTrade,
      ...random.sample(
        eligible.filter((vendorRow) => !withTrade.includes(vendorRow)),
        3,
      ),
    ].slice(0, 3);
    await db
      .insert(projectVendor)
      .values(invited.map((vendorRow) => ({ projectId, vendorId: vendorRow.id, invitedAt: new Date(createdMs + DAY_MS) })));
    // In bidding: two of three have bid so far; later stages: all three did, the cheapest won.
    const bidders = spec.status === 'bidding' ? invited.slice(0, 2) : invited;
    const amounts = bidders.map(() => Math.round((spec.budget * (0.78 + random.next() * 0.35)) / 100) * 100);
    const winner = spec.status === 'bidding' ? -1 : amounts.indexOf(Math.min(...amounts));
    await db.insert(bid).values(
      bidders.map((vendorRow, i) => ({
        projectId,
        vendorId: vendorRow.id,
        amountCents: amounts[i]!,
        timelineDays: random.int(20, 90),
        notes:
          i === 0
            ? 'Price includes permits, disposal and a 10-year workmanship warranty.'
            : 'Materials per the specification; start within two weeks of award.',
        status: winner < 0 ? ('submitted' as const) : i === winner ? ('awarded' as const) : ('rejected' as const),
        submittedAt: new Date(createdMs + (3 + i * 2) * DAY_MS),
        updatedAt: new Date(createdMs + (3 + i * 2) * DAY_MS),
      })),
    );
    bids += bidders.length;
    if (winner < 0) continue;
    const awardedMs = deadlineMs + DAY_MS;
    const orderStatus: OrderStatus = spec.status === 'awarded' ? 'accepted' : spec.status === 'in_progress' ? 'in_progress' : 'completed';
    const history: { at: number; kind: string; to: OrderStatus; from?: OrderStatus; note?: string | null }[] = [
      { at: awardedMs, kind: 'offered', to: 'offered' },
      { at: awardedMs + DAY_MS, kind: 'status', from: 'offered', to: 'accepted' },
    ];
    if (orderStatus !== 'accepted') history.push({ at: awardedMs + 10 * DAY_MS, kind: 'status', from: 'accepted', to: 'in_progress' });
    if (orderStatus === 'completed')
      history.push({
        at: awardedMs + 60 * DAY_MS,
        kind: 'status',
        from: 'in_progress',
        to: 'completed',
        note: 'Work complete; final inspection passed.',
      });
    const vendorId = bidders[winner]!.id;
    const orderId = writers.addOrder(
      {
        vendorId,
        projectId,
        buildingId: home.id,
        status: orderStatus,
        instructions: spec.description,
        acceptedAt: new Date(awardedMs + DAY_MS),
        startedAt: orderStatus === 'accepted' ? null : new Date(awardedMs + 10 * DAY_MS),
        completedAt: orderStatus === 'completed' ? new Date(awardedMs + 60 * DAY_MS) : null,
        dueAt: new Date(awardedMs + 90 * DAY_MS),
        createdAt: new Date(awardedMs),
        updatedAt: new Date(history[history.length - 1]!.at),
      },
      history,
    );
    if (orderStatus === 'in_progress') writers.addInvoice(orderId, vendorId, awardedMs + 30 * DAY_MS, 120, 'approved');
    if (orderStatus === 'completed') {
      // Paid nine days after it is sent (never a payout in the future: approved until then).
      for (const [days, hours] of [
        [30, 400],
        [61, 300],
      ] as const) {
        const sentMs = awardedMs + days * DAY_MS;
        writers.addInvoice(orderId, vendorId, sentMs, hours, sentMs + 9 * DAY_MS <= nowMs ? 'paid' : 'approved');
      }
    }
  }
  const projects = (
    await db
      .select({ id: project.id })
      .from(project)
      .where(
        inArray(
          project.buildingId,
          buildings.map((row) => row.id),
        ),
      )
  ).length;
  return { projects, bids };
}

/** Demo vendors that are approved, insured and not linked to an account: the demo vendor account takes one. */
export async function unlinkedDemoVendor(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: vendor.id })
    .from(vendor)
    .where(
      and(
        like(vendor.email, `%@${DEMO_VENDOR_DOMAIN}`),
        eq(vendor.status, 'approved'),
        sql`${vendor.userId} IS NULL`,
        sql`${vendor.insuranceExpiry} >= current_date`,
      ),
    )
    .orderBy(sql`(select count(*) from ${workOrder} w where w.vendor_id = ${vendor.id}) desc`, asc(vendor.id))
    .limit(1);
  return row?.id ?? null;
}
