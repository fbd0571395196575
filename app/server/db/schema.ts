/**
 * Dimora's PostgreSQL schema for the whole mission (DESIGN §4, spec §3). One schema serves PGlite
 * and PostgreSQL. Money in new tables is integer cents; `property.price` stays the spec's monthly
 * rent in whole USD. Timestamps are `timestamptz` (UTC).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------------------------------------
// Enumerations (spec §4, DESIGN §4)
// ---------------------------------------------------------------------------------------------
export const userRole = pgEnum('user_role', ['tenant', 'vendor', 'property_manager', 'admin']);
export const propertyStatus = pgEnum('property_status', ['available', 'leased', 'maintenance']);
export const applicationStatus = pgEnum('application_status', [
  'submitted',
  'under_review',
  'approved',
  'rejected',
  'withdrawn',
  'leased',
]);
export const paymentMethod = pgEnum('payment_method', ['card', 'pay_at_signing']);
export const leaseStatus = pgEnum('lease_status', ['pending', 'active', 'ended']);
export const paymentKind = pgEnum('payment_kind', ['application_fee', 'deposit', 'rent', 'other']);
export const paymentStatus = pgEnum('payment_status', ['pending', 'succeeded', 'failed', 'refunded']);
export const maintenancePriority = pgEnum('maintenance_priority', ['low', 'normal', 'high', 'emergency']);
export const maintenanceStatus = pgEnum('maintenance_status', [
  'open',
  'assigned',
  'in_progress',
  'resolved',
  'closed',
  'cancelled',
]);
export const vendorStatus = pgEnum('vendor_status', ['pending', 'approved', 'suspended']);
export const assignmentStatus = pgEnum('assignment_status', [
  'offered',
  'accepted',
  'declined',
  'in_progress',
  'completed',
]);
export const projectStatus = pgEnum('project_status', ['planned', 'active', 'on_hold', 'completed', 'cancelled']);
export const threadKind = pgEnum('thread_kind', ['chat', 'contact', 'tenant', 'vendor']);
export const threadStatus = pgEnum('thread_status', ['open', 'closed']);
export const notificationType = pgEnum('notification_type', ['success', 'warning', 'error', 'info']);
export const listingAlertStatus = pgEnum('listing_alert_status', ['pending', 'confirmed', 'unsubscribed']);
/** How a confirmed listing alert is delivered (portfolio issue item 8). */
export const listingAlertFrequency = pgEnum('listing_alert_frequency', ['immediate', 'daily']);
/** What a stored file is (DESIGN §4 `document`): photos now; COI, W-9, lease PDFs… later. */
export const documentKind = pgEnum('document_kind', ['photo', 'coi', 'w9', 'lease_pdf', 'receipt', 'invoice', 'attachment']);

// ---------------------------------------------------------------------------------------------
// Accounts: better-auth's core tables (user, session, account, verification) + admin plugin
// columns (role, banned, ban_reason, ban_expires) + Dimora's profile fields. The spec's
// `profiles` view is the user row.
// ---------------------------------------------------------------------------------------------
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: userRole('role').notNull().default('tenant'),
  banned: boolean('banned').notNull().default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phone: text('phone'),
  companyName: text('company_name'),
  address: text('address'),
  userType: text('user_type'),
  locale: text('locale').notNull().default('en'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** Rate-limit counters kept in the database so they survive restarts (spec §9, accounts issue). */
export const rateLimit = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Portfolio
// ---------------------------------------------------------------------------------------------
export const project = pgTable('project', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  kind: text('kind').notNull().default('capital'),
  budgetCents: bigint('budget_cents', { mode: 'number' }).notNull().default(0),
  spentCents: integer('spent_cents').notNull().default(0),
  startDate: date('start_date'),
  endDate: date('end_date'),
  status: projectStatus('status').notNull().default('planned'),
  managerId: text('manager_id').references(() => user.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A building: a multi-family community (DESIGN §4, portfolio issue item 1). Its units are
 * `property` rows. `manager_id` is the property manager who runs it; the database copies it to
 * every unit's `property.manager_id` (trigger `property_manager_from_building`), so every query
 * scoped by unit stays correct. The `units_*` counters are kept by statement triggers on
 * `property` (migration 0004): the buildings list filters and sorts by occupancy without
 * aggregating 75,000 units.
 */
export const building = pgTable(
  'building',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    streetAddress: text('street_address').notNull(),
    city: text('city').notNull(),
    /** Two-letter USPS code. */
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    yearBuilt: integer('year_built'),
    /** Building-wide amenity keys (`~/lib/amenities`). */
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    descriptionIt: text('description_it'),
    /** Photo URLs (1200 px variant), cover first. */
    imageUrls: text('image_urls').array().notNull().default(sql`'{}'::text[]`),
    managerId: text('manager_id').references(() => user.id, { onDelete: 'set null' }),
    unitsTotal: integer('units_total').notNull().default(0),
    unitsAvailable: integer('units_available').notNull().default(0),
    unitsLeased: integer('units_leased').notNull().default(0),
    unitsMaintenance: integer('units_maintenance').notNull().default(0),
    unitsListed: integer('units_listed').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('building_year_built_range', sql`${t.yearBuilt} IS NULL OR ${t.yearBuilt} BETWEEN 1700 AND 2100`),
    index('building_name_idx').on(t.name, t.id),
    index('building_state_name_idx').on(t.state, t.name, t.id),
    index('building_manager_idx').on(t.managerId, t.name, t.id),
  ],
);

/**
 * A rentable unit (spec §3 "Property"). `price` is the monthly rent in whole USD; `max_occupants`
 * backs the public "capacity" filter. The public listing never selects `address`.
 */
export const property = pgTable(
  'property',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    titleIt: text('title_it'),
    description: text('description').notNull(),
    descriptionIt: text('description_it'),
    price: integer('price').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    bedrooms: integer('bedrooms').notNull(),
    bathrooms: numeric('bathrooms', { precision: 3, scale: 1, mode: 'number' }).notNull(),
    squareFeet: integer('square_feet').notNull(),
    propertyType: text('property_type').notNull(),
    status: propertyStatus('status').notNull().default('available'),
    imageUrls: text('image_urls').array().notNull().default(sql`'{}'::text[]`),
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    availableDate: date('available_date'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    maxOccupants: integer('max_occupants').notNull().default(2),
    /** The building the unit is in (portfolio issue item 1). */
    buildingId: integer('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'restrict' }),
    /** The unit's number within its building ("4B", "1203", "A"). */
    unitNumber: text('unit_number').notNull(),
    /** Published on the public site; separate from `status`. */
    listed: boolean('listed').notNull().default(true),
    projectId: integer('project_id').references(() => project.id, { onDelete: 'set null' }),
    /** A copy of the building's manager, kept by the database (see `building`). */
    managerId: text('manager_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('property_price_positive', sql`${t.price} > 0`),
    check('property_max_occupants_positive', sql`${t.maxOccupants} > 0`),
    // Listing filters (spec §2 /properties): sort by newest or by price, filter by capacity,
    // price range and city/state. Each sort order has an index that also carries the filters.
    index('property_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('property_price_idx').on(t.price, t.id),
    index('property_occupants_price_idx').on(t.maxOccupants, t.price),
    index('property_state_city_idx').on(t.state, t.city),
    index('property_city_lower_idx').on(sql`lower(${t.city})`),
    // Location + price range: the capped count reads one index range instead of intersecting
    // two large bitmaps (18 ms → about 1 ms on PostgreSQL at 75,000 units).
    index('property_state_price_idx').on(t.state, t.price, t.maxOccupants),
    index('property_city_price_idx').on(sql`lower(${t.city})`, t.price, t.maxOccupants),
    index('property_status_created_idx').on(t.status, t.createdAt.desc()),
    // The map of /properties groups the listed units matching the filters by building (count,
    // price range, the unit's id when it is alone): an index-only scan of this narrow index
    // replaces a scan of the wide table when the filters are broad (none, capacity, price).
    index('property_map_idx').on(t.buildingId, t.price, t.maxOccupants, t.id).where(sql`${t.listed}`),
    index('property_manager_idx').on(t.managerId),
    uniqueIndex('property_building_unit_idx').on(t.buildingId, t.unitNumber),
  ],
);

/**
 * Every stored file (DESIGN §4 `document`; the upload pipeline of the portfolio issue): who owns
 * it (`owner_type` + `owner_id`: `property`, `building`, later `maintenance_request`, `vendor`…),
 * what it is, where the storage keeps it, and its checksum. Photos keep their ordered URLs in the
 * owner's `image_urls`; this row holds the facts needed to audit and delete them.
 */
export const document = pgTable(
  'document',
  {
    id: serial('id').primaryKey(),
    ownerType: text('owner_type').notNull(),
    ownerId: text('owner_id').notNull(),
    kind: documentKind('kind').notNull(),
    /** Storage key of the file (photos: of the 1200 px variant; the others differ by width). */
    storageKey: text('storage_key').notNull().unique(),
    /** Public URL of the file (photos: the 1200 px variant). */
    url: text('url').notNull(),
    mime: text('mime').notNull(),
    /** Bytes stored (photos: all variants together). */
    sizeBytes: integer('size_bytes').notNull(),
    /** SHA-256 (hex) of the file as uploaded. */
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    originalName: text('original_name'),
    /** Certificates of insurance expire (maintenance issue). */
    expiresOn: date('expires_on'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('document_owner_idx').on(t.ownerType, t.ownerId, t.kind)],
);

/**
 * A CSV import of units into a building (portfolio issue item 2): the file is kept between the
 * dry-run preview and the commit, so "Import" writes exactly what was previewed, once.
 */
export const unitImport = pgTable(
  'unit_import',
  {
    id: text('id').primaryKey(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    fileName: text('file_name'),
    csv: text('csv').notNull(),
    rowCount: integer('row_count').notNull(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    /** `{ created, updated }` once committed. */
    result: jsonb('result').$type<{ created: number; updated: number }>(),
    createdAt: createdAt(),
  },
  (t) => [index('unit_import_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Applications, leases, payments
// ---------------------------------------------------------------------------------------------
export const application = pgTable(
  'application',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => property.id, { onDelete: 'restrict' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    moveIn: date('move_in').notNull(),
    moveOut: date('move_out').notNull(),
    adults: integer('adults').notNull(),
    children: integer('children').notNull().default(0),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    currentAddress: text('current_address').notNull(),
    city: text('city').notNull(),
    zipCode: text('zip_code').notNull(),
    country: text('country').notNull(),
    specialRequests: text('special_requests'),
    paymentMethod: paymentMethod('payment_method').notNull(),
    leaseMonths: integer('lease_months').notNull(),
    monthlyRentCents: integer('monthly_rent_cents').notNull(),
    depositCents: integer('deposit_cents').notNull(),
    applicationFeeCents: integer('application_fee_cents').notNull(),
    dueNowCents: integer('due_now_cents').notNull(),
    dueAtSigningCents: integer('due_at_signing_cents').notNull(),
    locale: text('locale').notNull().default('en'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    status: applicationStatus('status').notNull().default('submitted'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('application_property_idx').on(t.propertyId),
    index('application_user_idx').on(t.userId),
    index('application_status_idx').on(t.status, t.createdAt.desc()),
    // The admin overview's applications per week (a range of recent weeks, any status).
    index('application_created_idx').on(t.createdAt),
  ],
);

export const lease = pgTable(
  'lease',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => property.id, { onDelete: 'restrict' }),
    tenantId: text('tenant_id').references(() => user.id, { onDelete: 'set null' }),
    applicationId: integer('application_id').references(() => application.id, { onDelete: 'set null' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    monthlyRentCents: integer('monthly_rent_cents').notNull(),
    depositCents: integer('deposit_cents').notNull(),
    status: leaseStatus('status').notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lease_property_idx').on(t.propertyId), index('lease_tenant_idx').on(t.tenantId)],
);

export const payment = pgTable(
  'payment',
  {
    id: serial('id').primaryKey(),
    payerId: text('payer_id').references(() => user.id, { onDelete: 'set null' }),
    leaseId: integer('lease_id').references(() => lease.id, { onDelete: 'set null' }),
    applicationId: integer('application_id').references(() => application.id, { onDelete: 'set null' }),
    kind: paymentKind('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: paymentStatus('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureReason: text('failure_reason'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payment_amount_nonnegative', sql`${t.amountCents} >= 0`),
    index('payment_application_idx').on(t.applicationId),
    index('payment_lease_idx').on(t.leaseId),
    index('payment_payer_idx').on(t.payerId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Maintenance and vendors
// ---------------------------------------------------------------------------------------------
export const maintenanceRequest = pgTable(
  'maintenance_request',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => property.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').references(() => user.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    priority: maintenancePriority('priority').notNull().default('normal'),
    status: maintenanceStatus('status').notNull().default('open'),
    photoUrls: text('photo_urls').array().notNull().default(sql`'{}'::text[]`),
    permissionToEnter: boolean('permission_to_enter').notNull().default(false),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('maintenance_property_idx').on(t.propertyId),
    index('maintenance_tenant_idx').on(t.tenantId),
    index('maintenance_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

export const vendor = pgTable(
  'vendor',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    website: text('website'),
    trades: text('trades').array().notNull().default(sql`'{}'::text[]`),
    serviceCountries: text('service_countries').array().notNull().default(sql`'{}'::text[]`),
    serviceStates: text('service_states').array().notNull().default(sql`'{}'::text[]`),
    insuranceExpiry: date('insurance_expiry'),
    notes: text('notes'),
    status: vendorStatus('status').notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('vendor_status_idx').on(t.status), index('vendor_email_idx').on(sql`lower(${t.email})`)],
);

export const assignment = pgTable(
  'assignment',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendor.id, { onDelete: 'cascade' }),
    maintenanceRequestId: integer('maintenance_request_id').references(() => maintenanceRequest.id, {
      onDelete: 'cascade',
    }),
    projectId: integer('project_id').references(() => project.id, { onDelete: 'cascade' }),
    status: assignmentStatus('status').notNull().default('offered'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    estimateCents: integer('estimate_cents'),
    invoiceCents: integer('invoice_cents'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'assignment_target',
      sql`(${t.maintenanceRequestId} IS NOT NULL) <> (${t.projectId} IS NOT NULL)`,
    ),
    index('assignment_vendor_idx').on(t.vendorId, t.status),
    index('assignment_request_idx').on(t.maintenanceRequestId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Conversations, notifications, audit
// ---------------------------------------------------------------------------------------------
export const thread = pgTable(
  'thread',
  {
    id: serial('id').primaryKey(),
    kind: threadKind('kind').notNull(),
    subject: text('subject'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    propertyId: integer('property_id').references(() => property.id, { onDelete: 'set null' }),
    visitorName: text('visitor_name'),
    visitorEmail: text('visitor_email'),
    visitorPhone: text('visitor_phone'),
    /** Opaque token kept in a visitor's cookie so an anonymous thread survives a reload. */
    visitorToken: text('visitor_token').unique(),
    locale: text('locale').notNull().default('en'),
    status: threadStatus('status').notNull().default('open'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('thread_kind_last_idx').on(t.kind, t.lastMessageAt.desc()),
    index('thread_user_idx').on(t.userId),
    index('thread_visitor_email_idx').on(sql`lower(${t.visitorEmail})`),
  ],
);

export const message = pgTable(
  'message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => thread.id, { onDelete: 'cascade' }),
    authorUserId: text('author_user_id').references(() => user.id, { onDelete: 'set null' }),
    authorKind: text('author_kind').notNull(),
    body: text('body').notNull(),
    /**
     * The sender's own id for this message (a UUID made in the browser): a message queued while
     * offline and sent again after a reconnect is stored once.
     */
    clientId: text('client_id'),
    readByStaffAt: timestamp('read_by_staff_at', { withTimezone: true }),
    readByVisitorAt: timestamp('read_by_visitor_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_thread_idx').on(t.threadId, t.id),
    uniqueIndex('message_client_id_idx').on(t.threadId, t.clientId),
  ],
);

/** Spec §3 Notification + user_id. */
export const notification = pgTable(
  'notification',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: notificationType('type').notNull().default('info'),
    read: boolean('read').notNull().default(false),
    actionUrl: text('action_url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_user_idx').on(t.userId, t.createdAt.desc()),
    index('notification_unread_idx').on(t.userId).where(sql`NOT ${t.read}`),
  ],
);

/** What an admin sent from /admin/notifications (issue 5): one row per broadcast. */
export const broadcast = pgTable(
  'broadcast',
  {
    id: serial('id').primaryKey(),
    senderId: text('sender_id').references(() => user.id, { onDelete: 'set null' }),
    /** `user` (one person), `role` (everyone holding `target_role`) or `all`. */
    audience: text('audience').notNull(),
    targetUserId: text('target_user_id').references(() => user.id, { onDelete: 'set null' }),
    targetRole: text('target_role'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: notificationType('type').notNull().default('info'),
    actionUrl: text('action_url'),
    /** How many notifications it wrote. */
    recipients: integer('recipients').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('broadcast_created_idx').on(t.createdAt.desc())],
);

/**
 * Realtime events (issue 5, DESIGN §2): every event pushed over Server-Sent Events is a row
 * here first, so a reconnecting client replays what it missed (`Last-Event-ID`) from any
 * instance. `audience` names who may receive it: `user:<id>`, `role:<role>`, `staff`, `all` or
 * `thread:<id>`. Rows older than a day are pruned.
 */
export const realtimeEvent = pgTable(
  'realtime_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    audience: text('audience').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('realtime_event_audience_idx').on(t.audience, t.id), index('realtime_event_created_idx').on(t.createdAt)],
);

/** Spec §3 Audit log (+ id, created_at, ip, user agent). Written by the server only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    tableName: text('table_name').notNull(),
    newValues: jsonb('new_values').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_user_idx').on(t.userId, t.createdAt.desc()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc()),
  ],
);

/** The /subscriptions page: saved search criteria with double opt-in. */
export const listingAlert = pgTable(
  'listing_alert',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    criteria: jsonb('criteria')
      .$type<{ capacity?: number; location?: string; minPrice?: number; maxPrice?: number }>()
      .notNull()
      .default({}),
    locale: text('locale').notNull().default('en'),
    status: listingAlertStatus('status').notNull().default('pending'),
    /** `immediate`: one e-mail per matching unit; `daily`: one digest a day. */
    frequency: listingAlertFrequency('frequency').notNull().default('immediate'),
    confirmToken: text('confirm_token').notNull().unique(),
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('listing_alert_email_idx').on(sql`lower(${t.email})`), index('listing_alert_status_idx').on(t.status)],
);

/**
 * One unit announced to one listing alert (portfolio issue item 8): the primary key makes "at most
 * once per unit per alert" a database rule. `sent_at` is null while a daily digest waits.
 */
export const listingAlertDelivery = pgTable(
  'listing_alert_delivery',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => listingAlert.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => property.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.propertyId] }),
    index('listing_alert_delivery_pending_idx').on(t.alertId).where(sql`${t.sentAt} IS NULL`),
  ],
);

/** System settings edited in /admin/system (application fee, deposit rule, …). */
export const setting = pgTable('setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/** Transactional outbox: e-mails and notifications written with the business change. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    /** Optional idempotency key: a second enqueue with the same key is ignored (exactly-once effects). */
    dedupeKey: text('dedupe_key').unique(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_pending_idx').on(t.availableAt).where(sql`${t.processedAt} IS NULL`)],
);

/**
 * Recurring jobs of the job runner (decision 014): each row is one schedule; the instance that
 * moves `next_run_at` forward (one conditional UPDATE) enqueues that run, so several instances
 * run a schedule once. A run missed while every instance was down runs once at the next start.
 */
export const jobSchedule = pgTable('job_schedule', {
  name: text('name').primaryKey(),
  /** Cron expression (UTC), evaluated by croner. */
  cron: text('cron').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** Dev mailbox: every e-mail the server sends when no SMTP_URL is configured. */
export const mailMessage = pgTable('mail_message', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
});

