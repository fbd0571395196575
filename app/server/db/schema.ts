/**
 * Dimora's PostgreSQL schema for the whole mission (DESIGN §4, spec §3). One schema serves PGlite
 * and PostgreSQL. Money in new tables is integer cents; `property.price` stays the spec's monthly
 * rent in whole USD. Timestamps are `timestamptz` (UTC).
 */
import { sql } from 'drizzle-orm';
import type { LateFeeRule, StoredLateFeeRule } from '~/lib/late-fees';
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
  smallint,
  type AnyPgColumn,
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
export const userRole = pgEnum('user_role', ['tenant', 'vendor', 'owner', 'property_manager', 'admin']);
export const propertyStatus = pgEnum('property_status', ['available', 'leased', 'maintenance']);
export const applicationStatus = pgEnum('application_status', [
  'submitted',
  'under_review',
  'approved',
  'rejected',
  'withdrawn',
  'leased',
  // Decision 020: the card was declined; such an application expires after 7 days.
  'payment_failed',
  'expired',
]);
export const paymentMethod = pgEnum('payment_method', ['card', 'pay_at_signing']);
/** DESIGN §4: draft → sent → signed → active → ended | terminated (migration 0007 renamed `pending` to `draft`). */
export const leaseStatus = pgEnum('lease_status', ['draft', 'sent', 'signed', 'active', 'ended', 'terminated']);
export const paymentKind = pgEnum('payment_kind', ['application_fee', 'deposit', 'rent', 'other']);
export const paymentStatus = pgEnum('payment_status', ['pending', 'processing', 'succeeded', 'failed', 'refunded']);
/** How money arrived: by card through the provider (also autopay), or recorded by staff. */
export const paymentMethodKind = pgEnum('payment_method_kind', ['card', 'autopay', 'bank_debit', 'check', 'cash', 'bank_transfer']);
/** The ledger's entry kinds (DESIGN §4 `charge`): `credit` lowers the balance, the rest raise it. */
export const chargeKind = pgEnum('charge_kind', [
  'rent',
  'late_fee',
  'deposit',
  'application_fee',
  'returned_payment_fee',
  'utility',
  'other',
  'credit',
]);
export const chargeStatus = pgEnum('charge_status', ['open', 'processing', 'paid', 'void']);
export const leaseTenantRole = pgEnum('lease_tenant_role', ['primary', 'co_tenant']);
export const vendorStatus = pgEnum('vendor_status', ['pending', 'approved', 'rejected', 'suspended']);
/** Decision 027: what a tenant may report (unknown categories are refused). */
export const maintenanceCategory = pgEnum('maintenance_category', [
  'plumbing',
  'electrical',
  'hvac',
  'appliance',
  'pest_control',
  'locks_doors',
  'structural',
  'other',
]);
export const maintenancePriority = pgEnum('maintenance_priority', ['emergency', 'urgent', 'routine']);
export const maintenanceStatus = pgEnum('maintenance_status', [
  'submitted',
  'triaged',
  'scheduled',
  'in_progress',
  'completed',
  'closed',
  'cancelled',
]);
export const workOrderStatus = pgEnum('work_order_status', [
  'offered',
  'accepted',
  'declined',
  'scheduled',
  'in_progress',
  'completed',
  'cancelled',
]);
export const invoiceStatus = pgEnum('invoice_status', ['submitted', 'approved', 'rejected', 'paid']);
export const invoiceLineKind = pgEnum('invoice_line_kind', ['labour', 'materials']);
export const projectKind = pgEnum('project_kind', ['roof', 'renovation', 'repaving', 'hvac', 'exterior', 'other']);
export const projectStatus = pgEnum('project_status', ['planned', 'bidding', 'awarded', 'in_progress', 'completed', 'cancelled']);
export const bidStatus = pgEnum('bid_status', ['submitted', 'withdrawn', 'awarded', 'rejected']);
export const threadKind = pgEnum('thread_kind', ['chat', 'contact', 'tenant', 'vendor']);
export const threadStatus = pgEnum('thread_status', ['open', 'closed']);
export const notificationType = pgEnum('notification_type', ['success', 'warning', 'error', 'info']);
export const listingAlertStatus = pgEnum('listing_alert_status', ['pending', 'confirmed', 'unsubscribed']);
/** How a confirmed listing alert is delivered (decision 018). */
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
  /** Decision 023: the password failed the policy at a sign-in; pages lead to /account/password until it changes. */
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  /** Two-factor sign-in is on (decision 023; better-auth's twoFactor plugin sets it). */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
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

/**
 * The TOTP secret and backup codes of a user (decision 023), as better-auth's twoFactor plugin
 * keeps them: `secret` encrypted with the auth secret (XChaCha20-Poly1305), `backup_codes` a JSON
 * list of HMAC-SHA-256 digests (auth.server.ts). `verified` turns true with the first code.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * The TOTP time step (Unix seconds / 30) of the last code accepted for this account; a code
     * of that step or an earlier one is refused (decision 023, totp-replay.server.ts). Not a
     * field better-auth knows; it never writes it.
     */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  },
  (t) => [uniqueIndex('two_factor_user_idx').on(t.userId), index('two_factor_secret_idx').on(t.secret)],
);

/** Rate-limit counters kept in the database so they survive restarts (spec §9, decision 007). */
export const rateLimit = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed sign-ins per account, whatever the address they come from (decision 023). `key` is
 * the SHA-256 of the normalized e-mail, so addresses without an account are counted alike and
 * never stored in clear. After SIGN_IN_LOCKOUT.failures failures in the window the account is
 * locked until `locked_until`; `lock_level` counts the locks of this episode (the delay doubles).
 * A trusted device's failures (decision 054) use the key `device:` + SHA-256 of its cookie's nonce.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  lockLevel: integer('lock_level').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

// ---------------------------------------------------------------------------------------------
// Portfolio
// ---------------------------------------------------------------------------------------------
/**
 * A capital project at a building (decision 028): roof, renovation, repaving…
 * `planned → bidding → awarded → in_progress → completed` (or `cancelled`). While `bidding`,
 * the vendors invited in `project_vendor` may bid until `bid_deadline`. Spend is the sum of the
 * approved and paid invoices of its work orders (never stored, so it cannot drift).
 */
export const project = pgTable(
  'project',
  {
    id: serial('id').primaryKey(),
    buildingId: integer('building_id').references(() => building.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    kind: projectKind('kind').notNull().default('other'),
    status: projectStatus('status').notNull().default('planned'),
    budgetCents: bigint('budget_cents', { mode: 'number' }).notNull().default(0),
    startDate: date('start_date'),
    endDate: date('end_date'),
    bidDeadline: timestamp('bid_deadline', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('project_budget_nonnegative', sql`${t.budgetCents} >= 0`),
    index('project_building_idx').on(t.buildingId, t.createdAt, t.id),
    index('project_status_idx').on(t.status, t.createdAt, t.id),
    // Migration 0018: the vendor's work-order search on a project's name.
    index('project_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/**
 * A building: a multi-family community (DESIGN §4, decision 015). Its units are
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
    /**
     * IANA time zone of the building's wall clock (decision 047): its local dates are the ledger's.
     * An insert that leaves it out sends NULL and the database fills it from `state` (trigger
     * `building_time_zone_default`, migration 0020).
     */
    timeZone: text('time_zone')
      .notNull()
      .$defaultFn(() => sql`null`),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    yearBuilt: integer('year_built'),
    /** Building-wide amenity keys (`~/lib/amenities`). */
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    descriptionIt: text('description_it'),
    /** Photo URLs (1200 px variant), cover first. */
    imageUrls: text('image_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    managerId: text('manager_id').references(() => user.id, { onDelete: 'set null' }),
    /** The owner of record (decision 061); null: not assigned yet. */
    ownerId: integer('owner_id').references((): AnyPgColumn => owner.id, { onDelete: 'set null' }),
    /** The building's own late-fee rule (decision 048); null = the company's, from the settings. */
    lateFeeRule: jsonb('late_fee_rule').$type<LateFeeRule>(),
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
    index('building_owner_idx').on(t.ownerId, t.name, t.id),
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
    imageUrls: text('image_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    availableDate: date('available_date'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    maxOccupants: integer('max_occupants').notNull().default(2),
    /** The building the unit is in (decision 015). */
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
    // The public listing (spec §2 /properties, /apartments, the home page; decision 024,
    // decision 024): for each sort order (newest: created_at DESC, id DESC; price: price, id, read
    // backwards for price ↓) one index of the listed units, and one more per location kind (state,
    // lower(city), building) leading with it. Each index also carries the filter columns after the
    // sort key (price, max_occupants, status; city and state for the city ones), so that the
    // capped count and the page's ids are read from the index alone (Index Only Scan) and only the
    // page's 12 rows from the table. `.desc().nullsFirst()` is what `ORDER BY … DESC` means:
    // Drizzle's bare `.desc()` writes DESC NULLS LAST, which that ORDER BY cannot use.
    index('property_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.price, t.maxOccupants, t.status)
      .where(sql`${t.listed}`),
    index('property_price_idx')
      .on(t.price, t.id, t.maxOccupants, t.status)
      .where(sql`${t.listed}`),
    index('property_state_created_idx')
      .on(t.state, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.price, t.maxOccupants, t.status)
      .where(sql`${t.listed}`),
    index('property_state_price_idx')
      .on(t.state, t.price, t.id, t.maxOccupants, t.status)
      .where(sql`${t.listed}`),
    index('property_city_created_idx')
      .on(
        sql`lower(${t.city})`,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.city,
        t.state,
        t.price,
        t.maxOccupants,
        t.status,
      )
      .where(sql`${t.listed}`),
    index('property_city_price_idx')
      .on(sql`lower(${t.city})`, t.price, t.id, t.city, t.state, t.maxOccupants, t.status)
      .where(sql`${t.listed}`),
    index('property_building_created_idx')
      .on(t.buildingId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.price, t.maxOccupants, t.status)
      .where(sql`${t.listed}`),
    // Featured listings (newest available) and the admin overview's units by status.
    index('property_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The map of /properties groups the listed units matching the filters by building (count,
    // price range, the unit's id when it is alone): an index-only scan of this narrow index
    // replaces a scan of the wide table when the filters are broad (none, capacity, price). In
    // (building, price, id) order it is also the price-sorted index of one building's units (the
    // listing's building filter, a unit page's other units; decision 024).
    index('property_map_idx')
      .on(t.buildingId, t.price, t.id, t.maxOccupants, t.status)
      .where(sql`${t.listed}`),
    index('property_manager_idx').on(t.managerId),
    uniqueIndex('property_building_unit_idx').on(t.buildingId, t.unitNumber),
    // The tenants directory finds a unit by its number in any building (migration 0008).
    index('property_unit_number_lower_idx').on(sql`lower(${t.unitNumber})`),
  ],
);

/**
 * Every stored file (DESIGN §4 `document`; the upload pipeline of the decision 015): who owns
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
    /** Certificates of insurance expire (decision 026). */
    expiresOn: date('expires_on'),
    /** Staff who checked a certificate of insurance, and when (decision 030). */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: text('verified_by').references(() => user.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('document_owner_idx').on(t.ownerType, t.ownerId, t.kind), index('document_storage_key_idx').on(t.storageKey)],
);

/**
 * A CSV import of units into a building (decision 015): the file is kept between the
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

/**
 * A lease of one unit (decision 022, DESIGN §4). Staff create it as a `draft` at approval,
 * `send` it (the document is then fixed: `document_sha256` of the English and Italian PDFs is
 * computed at signing from exactly what was shown), every listed tenant signs, staff countersign
 * and it becomes `active`; the daily lease job ends it after `end_date`. `renewal_of_id` links a
 * renewal to the lease it continues. Two leases of a unit never overlap in dates unless one is
 * ended or terminated (checked under a lock on the unit, see leases.server.ts).
 */
export const lease = pgTable(
  'lease',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => property.id, { onDelete: 'restrict' }),
    /** The primary tenant's account (set when the applicant signs). */
    tenantId: text('tenant_id').references(() => user.id, { onDelete: 'set null' }),
    applicationId: integer('application_id').references(() => application.id, { onDelete: 'set null' }),
    renewalOfId: integer('renewal_of_id'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    monthlyRentCents: integer('monthly_rent_cents').notNull(),
    depositCents: integer('deposit_cents').notNull(),
    /** What the primary tenant pays when signing (deposit + first month, less what the application paid). */
    dueAtSigningCents: integer('due_at_signing_cents').notNull().default(0),
    status: leaseStatus('status').notNull().default('draft'),
    locale: text('locale').notNull().default('en'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The offer lapses after this moment (set when sent). */
    signBy: timestamp('sign_by', { withTimezone: true }),
    countersignedAt: timestamp('countersigned_at', { withTimezone: true }),
    countersignedBy: text('countersigned_by').references(() => user.id, { onDelete: 'set null' }),
    moveOutDate: date('move_out_date'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Deposit deductions when the lease ended: `[{ description, amountCents }]`. */
    depositDeductions: jsonb('deposit_deductions').$type<{ description: string; amountCents: number }[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lease_property_idx').on(t.propertyId, t.startDate),
    index('lease_tenant_idx').on(t.tenantId),
    index('lease_status_end_idx').on(t.status, t.endDate),
    check('lease_dates_ordered', sql`${t.endDate} >= ${t.startDate}`),
    check('lease_money_nonnegative', sql`${t.monthlyRentCents} > 0 AND ${t.depositCents} >= 0 AND ${t.dueAtSigningCents} >= 0`),
  ],
);

/**
 * Who signs a lease: the applicant (`primary`) and co-tenants invited by e-mail. The account is
 * linked when the person signs in with that e-mail; each signature keeps its evidence (typed
 * name, time, IP, user agent, SHA-256 of the exact PDF signed).
 */
export const leaseTenant = pgTable(
  'lease_tenant',
  {
    id: serial('id').primaryKey(),
    leaseId: integer('lease_id')
      .notNull()
      .references(() => lease.id, { onDelete: 'cascade' }),
    role: leaseTenantRole('role').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signatureName: text('signature_name'),
    signatureIp: text('signature_ip'),
    signatureUserAgent: text('signature_user_agent'),
    /** SHA-256 (hex) of the PDF this person signed. */
    documentSha256: text('document_sha256'),
    /** The stored signed PDF (`document` row, kind `lease_pdf`). */
    documentId: integer('document_id').references(() => document.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lease_tenant_email_uq').on(t.leaseId, t.email),
    index('lease_tenant_user_idx').on(t.userId),
    index('lease_tenant_email_idx').on(t.email),
    // The tenants directory's search (migration 0008): a name or e-mail containing the typed text
    // reads these trigram indexes instead of every signer.
    index('lease_tenant_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('lease_tenant_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

export const payment = pgTable(
  'payment',
  {
    id: serial('id').primaryKey(),
    payerId: text('payer_id').references(() => user.id, { onDelete: 'set null' }),
    leaseId: integer('lease_id').references(() => lease.id, { onDelete: 'set null' }),
    applicationId: integer('application_id').references(() => application.id, { onDelete: 'set null' }),
    /** The unit's building, kept for /admin/payments filters and reconciliation (set on insert). */
    buildingId: integer('building_id').references(() => building.id, { onDelete: 'set null' }),
    kind: paymentKind('kind').notNull(),
    method: paymentMethodKind('method').notNull().default('card'),
    amountCents: integer('amount_cents').notNull(),
    /** Refunded so far (partial refunds add up; `status` becomes `refunded` when it reaches the amount). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    status: paymentStatus('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureReason: text('failure_reason'),
    /** Check number, transfer reference… for payments staff record. */
    reference: text('reference'),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payment_amount_nonnegative', sql`${t.amountCents} >= 0`),
    check('payment_refund_within_amount', sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.amountCents}`),
    index('payment_application_idx').on(t.applicationId),
    index('payment_lease_idx').on(t.leaseId, t.createdAt),
    index('payment_payer_idx').on(t.payerId),
    index('payment_provider_ref_idx').on(t.providerRef),
    // /admin/payments: newest first, alone or with one filter.
    index('payment_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('payment_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('payment_building_created_idx').on(t.buildingId, t.createdAt.desc().nullsFirst()),
    index('payment_method_created_idx').on(t.method, t.createdAt.desc().nullsFirst()),
    index('payment_kind_created_idx').on(t.kind, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * A dispute (chargeback) a card holder's bank opened on a payment, as Stripe reports it by webhook
 * (`charge.dispute.created` / `updated` / `closed`). One row per provider dispute (`du_…`);
 * `status` is Stripe's (`warning_needs_response`, `needs_response`, `under_review`, `won`, `lost`,
 * `warning_closed`…), and a closed dispute stays closed whatever order the events arrive in.
 */
export const paymentDispute = pgTable(
  'payment_dispute',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payment.id, { onDelete: 'restrict' }),
    providerRef: text('provider_ref').notNull().unique(),
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    amountCents: integer('amount_cents').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('payment_dispute_amount_positive', sql`${t.amountCents} > 0`), index('payment_dispute_payment_idx').on(t.paymentId)],
);

export const checkoutStatus = pgEnum('checkout_status', ['open', 'complete', 'expired']);

/**
 * A hosted checkout (decision 049): for one pending payment, or to save a card for autopay
 * (Checkout's `setup` mode); the provider's session (`cs_…`, `sbx_cs_…`) and its page. At most
 * one of each purpose is open per lease and payer, so a second tab
 * or a double click sends the payer to the same page instead of a second one. Its state is
 * always read back from the provider (webhook, return page, reconciler), never from a URL.
 */
export const checkoutSession = pgTable(
  'checkout_session',
  {
    id: serial('id').primaryKey(),
    /**
     * `payment` (a tenant's payment: `paymentId` is the pending payment), `application` (a booking
     * attempt: `paymentId` is its first payment, `providerKey` the attempt's key) or
     * `autopay_setup` (a card saved for autopay).
     */
    purpose: text('purpose', { enum: ['payment', 'application', 'autopay_setup'] }).notNull(),
    paymentId: integer('payment_id')
      .unique()
      .references(() => payment.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The idempotency key the provider got (a payment's own key; `autopay:<lease>:<uuid>` for a setup). */
    providerKey: text('provider_key').notNull().unique(),
    /** Null only while the provider is being asked for the session. */
    sessionRef: text('session_ref'),
    url: text('url'),
    payerId: text('payer_id').references(() => user.id, { onDelete: 'set null' }),
    leaseId: integer('lease_id').references(() => lease.id, { onDelete: 'set null' }),
    /** Integer cents; 0 for a setup. */
    amountCents: integer('amount_cents').notNull(),
    /** The autopay day (1–28) a setup turns on. */
    dayOfMonth: integer('day_of_month'),
    status: checkoutStatus('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('checkout_session_purpose_known', sql`${t.purpose} IN ('payment', 'autopay_setup')`),
    check('checkout_session_payment_has_amount', sql`(${t.purpose} = 'payment') = (${t.paymentId} IS NOT NULL AND ${t.amountCents} > 0)`),
    check('checkout_session_setup_has_day', sql`${t.purpose} <> 'autopay_setup' OR ${t.dayOfMonth} BETWEEN 1 AND 28`),
    uniqueIndex('checkout_session_ref_idx').on(t.provider, t.sessionRef),
    uniqueIndex('checkout_session_one_open_idx')
      .on(t.leaseId, t.payerId, t.purpose)
      .where(sql`${t.status} = 'open'`),
    index('checkout_session_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** A refund of (part of) a payment through its provider (or recorded for an offline payment). */
export const refund = pgTable(
  'refund',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payment.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    providerRef: text('provider_ref'),
    reason: text('reason'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('refund_amount_positive', sql`${t.amountCents} > 0`),
    index('refund_payment_idx').on(t.paymentId),
    index('refund_created_idx').on(t.createdAt),
  ],
);

/**
 * The lease ledger (decision 022, DESIGN §4 `charge`): every charge and credit in integer
 * cents with a due date and a period (`YYYY-MM` for monthly ones, else a label such as
 * `signing`). Scheduled charges are unique per (lease, kind, period), so the rent and late-fee
 * jobs may run twice or on two instances and post once. `allocated_cents` is what payments or
 * credits have covered (for a credit: what it has covered of charges); `status` is `paid` when
 * it reaches `amount_cents`.
 */
export const charge = pgTable(
  'charge',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leaseId: integer('lease_id')
      .notNull()
      .references(() => lease.id, { onDelete: 'cascade' }),
    kind: chargeKind('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    allocatedCents: integer('allocated_cents').notNull().default(0),
    dueDate: date('due_date').notNull(),
    period: text('period').notNull(),
    description: text('description'),
    /** A late fee's rule, with `source` 'building' or 'company' (decision 048); null otherwise. */
    lateFeeRule: jsonb('late_fee_rule').$type<StoredLateFeeRule>(),
    status: chargeStatus('status').notNull().default('open'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('charge_amount_positive', sql`${t.amountCents} > 0`),
    check('charge_allocated_within', sql`${t.allocatedCents} >= 0 AND ${t.allocatedCents} <= ${t.amountCents}`),
    // Scheduled charges post once per lease, kind and period (rent, late fees, signing charges).
    uniqueIndex('charge_scheduled_uq')
      .on(t.leaseId, t.kind, t.period)
      .where(sql`${t.kind} IN ('rent', 'late_fee', 'deposit', 'application_fee')`),
    index('charge_lease_due_idx').on(t.leaseId, t.dueDate, t.id),
    index('charge_open_rent_idx')
      .on(t.dueDate)
      .where(sql`${t.status} = 'open' AND ${t.kind} = 'rent'`),
    // "Balance due" in the tenants directory: the leases with an open charge (migration 0008).
    index('charge_open_lease_idx')
      .on(t.leaseId)
      .where(sql`${t.status} = 'open' AND ${t.kind} <> 'credit'`),
  ],
);

/** Which payment or credit covered which charge, and how much (cents). */
export const ledgerAllocation = pgTable(
  'ledger_allocation',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chargeId: bigint('charge_id', { mode: 'number' })
      .notNull()
      .references(() => charge.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id').references(() => payment.id, { onDelete: 'cascade' }),
    creditId: bigint('credit_id', { mode: 'number' }).references(() => charge.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_allocation_one_source', sql`(${t.paymentId} IS NULL) <> (${t.creditId} IS NULL)`),
    check('ledger_allocation_positive', sql`${t.amountCents} > 0`),
    index('ledger_allocation_charge_idx').on(t.chargeId),
    index('ledger_allocation_payment_idx').on(t.paymentId),
    index('ledger_allocation_credit_idx').on(t.creditId),
  ],
);

/**
 * Autopay of one lease (decision 022): a saved card as the provider's token (never card
 * data), the day of the month it is charged, and the state of the current month's attempt. A
 * failed charge is retried once `AUTOPAY_RETRY_DAYS` later (`retry_at`).
 */
export const autopay = pgTable(
  'autopay',
  {
    id: serial('id').primaryKey(),
    leaseId: integer('lease_id')
      .notNull()
      .references(() => lease.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's saved payment method (Stripe `pm_…`, sandbox `sbx_pm_…`). */
    paymentMethodToken: text('payment_method_token').notNull(),
    /** The provider's customer the saved card belongs to (Stripe `cus_…`; null for the sandbox). */
    customerRef: text('customer_ref'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    dayOfMonth: integer('day_of_month').notNull(),
    active: boolean('active').notNull().default(true),
    /** The last period (`YYYY-MM`) charged or given up, so a month is attempted once (+ one retry). */
    lastPeriod: text('last_period'),
    retryAt: date('retry_at'),
    lastFailure: text('last_failure'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('autopay_active_lease_uq')
      .on(t.leaseId)
      .where(sql`${t.active}`),
    check('autopay_day_range', sql`${t.dayOfMonth} BETWEEN 1 AND 28`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Maintenance and vendors
// ---------------------------------------------------------------------------------------------
/**
 * A vendor (decision 030): applies through /vendor-signup (`pending`), is approved or
 * rejected (with `rejection_reason`, e-mailed) in /admin/vendors. Approval e-mails an invitation
 * whose token's SHA-256 is `invite_token_hash`; accepting it creates the vendor account and sets
 * `user_id` (one vendor per account). `insurance_expiry` is the expiry of the certificate of
 * insurance staff verified last (`insurance_verified_at`); a vendor without a verified, unexpired
 * certificate gets no new work. `rating_sum`/`rating_count` sum the tenants' ratings (1–5) of its
 * completed work orders.
 */
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
    trades: text('trades')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    serviceCountries: text('service_countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    serviceStates: text('service_states')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    insuranceExpiry: date('insurance_expiry'),
    insuranceVerifiedAt: timestamp('insurance_verified_at', { withTimezone: true }),
    insuranceVerifiedBy: text('insurance_verified_by').references(() => user.id, { onDelete: 'set null' }),
    notes: text('notes'),
    /** The language the vendor applied in (`en` | `it`): their e-mails before and after they have an account (migration 0017). */
    locale: text('locale').notNull().default('en'),
    status: vendorStatus('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vendor_status_idx').on(t.status),
    index('vendor_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('vendor_user_idx').on(t.userId),
    uniqueIndex('vendor_invite_idx').on(t.inviteTokenHash),
  ],
);

/**
 * A maintenance request (decision 027): a tenant reports a problem in a unit they
 * lease. `building_id` is copied from the unit (queue filters and manager scope); `client_id` is
 * the device's id for a request written offline, unique per tenant, so a replay creates nothing.
 * `sla_due_at` = created + the SLA target of its priority (settings) for the first response;
 * `first_response_at` is set by the first staff action (triage or assignment); the SLA job sets
 * `sla_breached_at` once when a request passes its target unanswered. `entry_windows` is a JSON
 * array of `{ date: 'YYYY-MM-DD', from: 'HH:MM', to: 'HH:MM' }`.
 */
export const maintenanceRequest = pgTable(
  'maintenance_request',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => property.id, { onDelete: 'cascade' }),
    buildingId: integer('building_id').references(() => building.id, { onDelete: 'cascade' }),
    leaseId: integer('lease_id').references(() => lease.id, { onDelete: 'set null' }),
    tenantId: text('tenant_id').references(() => user.id, { onDelete: 'set null' }),
    clientId: text('client_id'),
    category: maintenanceCategory('category').notNull(),
    priority: maintenancePriority('priority').notNull().default('routine'),
    status: maintenanceStatus('status').notNull().default('submitted'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location'),
    permissionToEnter: boolean('permission_to_enter').notNull().default(false),
    entryWindows: jsonb('entry_windows')
      .notNull()
      .default(sql`'[]'::jsonb`),
    entryNotes: text('entry_notes'),
    photoUrls: text('photo_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    slaDueAt: timestamp('sla_due_at', { withTimezone: true }).notNull(),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    slaBreachedAt: timestamp('sla_breached_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('maintenance_rating_range', sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 1 AND 5`),
    uniqueIndex('maintenance_client_idx')
      .on(t.tenantId, t.clientId)
      .where(sql`${t.clientId} IS NOT NULL`),
    index('maintenance_created_idx').on(t.createdAt, t.id),
    index('maintenance_status_idx').on(t.status, t.createdAt, t.id),
    index('maintenance_building_idx').on(t.buildingId, t.createdAt, t.id),
    index('maintenance_tenant_idx').on(t.tenantId, t.createdAt),
    index('maintenance_property_idx').on(t.propertyId),
    index('maintenance_sla_idx')
      .on(t.slaDueAt)
      .where(sql`${t.firstResponseAt} IS NULL`),
    // The staff queue (migration 0016): open requests by creation and by SLA due time, and breached ones.
    index('maintenance_open_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} IN ('submitted', 'triaged', 'scheduled', 'in_progress')`),
    index('maintenance_open_sla_idx')
      .on(t.slaDueAt, t.id)
      .where(sql`${t.status} IN ('submitted', 'triaged', 'scheduled', 'in_progress')`),
    index('maintenance_breached_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.slaBreachedAt} IS NOT NULL`),
    index('maintenance_sla_due_idx').on(t.slaDueAt, t.id),
    // Migration 0018: the vendor's work-order search on the job's title.
    index('maintenance_request_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

/**
 * The timeline of a maintenance request: `kind` is `submitted`, `status` (with from/to),
 * `comment`, `triaged`, `assigned`, `scheduled`, `rated` or `sla_breached`. `internal` entries
 * are staff notes the tenant never sees.
 */
export const maintenanceEvent = pgTable(
  'maintenance_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => maintenanceRequest.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    fromStatus: maintenanceStatus('from_status'),
    toStatus: maintenanceStatus('to_status'),
    body: text('body'),
    internal: boolean('internal').notNull().default(false),
    photoUrls: text('photo_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [index('maintenance_event_request_idx').on(t.requestId, t.id)],
);

/**
 * A work order (DESIGN §4; formerly `assignment`): a vendor's job on a maintenance request or a
 * capital project. `offered → accepted|declined → scheduled → in_progress → completed`, or
 * `cancelled` by staff. At most one open work order per request (`work_order_open_request_idx`).
 * `building_id` is copied for filters and scope; `due_at` makes it overdue when passed unfinished.
 */
export const workOrder = pgTable(
  'work_order',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendor.id, { onDelete: 'cascade' }),
    maintenanceRequestId: integer('maintenance_request_id').references(() => maintenanceRequest.id, {
      onDelete: 'cascade',
    }),
    projectId: integer('project_id').references(() => project.id, { onDelete: 'cascade' }),
    buildingId: integer('building_id').references(() => building.id, { onDelete: 'cascade' }),
    status: workOrderStatus('status').notNull().default('offered'),
    instructions: text('instructions'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    cancelReason: text('cancel_reason'),
    completionNotes: text('completion_notes'),
    assignedBy: text('assigned_by').references(() => user.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('work_order_target', sql`(${t.maintenanceRequestId} IS NOT NULL) <> (${t.projectId} IS NOT NULL)`),
    uniqueIndex('work_order_open_request_idx')
      .on(t.maintenanceRequestId)
      .where(sql`${t.status} IN ('offered', 'accepted', 'scheduled', 'in_progress')`),
    index('work_order_vendor_idx').on(t.vendorId, t.createdAt, t.id),
    index('work_order_vendor_status_idx').on(t.vendorId, t.status, t.createdAt, t.id),
    // Migration 0018: a vendor's list by building; the open work orders for "overdue".
    index('work_order_vendor_building_idx').on(t.vendorId, t.buildingId, t.createdAt, t.id),
    index('work_order_open_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} IN ('offered', 'accepted', 'scheduled', 'in_progress')`),
    index('work_order_status_idx').on(t.status, t.createdAt, t.id),
    index('work_order_building_idx').on(t.buildingId, t.createdAt, t.id),
    index('work_order_created_idx').on(t.createdAt, t.id),
    index('work_order_request_idx').on(t.maintenanceRequestId),
    index('work_order_project_idx').on(t.projectId),
  ],
);

/**
 * The history of a work order: `kind` is `offered`, `status` (with from/to), `note`,
 * `reassigned` or `cancelled`; photos taken at the visit carry `photo_phase` `before`/`after`.
 */
export const workOrderEvent = pgTable(
  'work_order_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrder.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    fromStatus: workOrderStatus('from_status'),
    toStatus: workOrderStatus('to_status'),
    note: text('note'),
    photoUrls: text('photo_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    photoPhase: text('photo_phase'),
    createdAt: createdAt(),
  },
  (t) => [index('work_order_event_order_idx').on(t.workOrderId, t.id)],
);

/**
 * A vendor's invoice for a work order (decision 029): lines in integer cents, tax,
 * `total = subtotal + tax` (checked), an optional PDF (`document_id`, never rendered inline).
 * `submitted → approved|rejected → paid` (a `payout` row).
 */
export const invoice = pgTable(
  'invoice',
  {
    id: serial('id').primaryKey(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrder.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendor.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    status: invoiceStatus('status').notNull().default('submitted'),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    documentId: integer('document_id').references(() => document.id, { onDelete: 'set null' }),
    notes: text('notes'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('invoice_amounts', sql`${t.subtotalCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.totalCents} = ${t.subtotalCents} + ${t.taxCents}`),
    uniqueIndex('invoice_vendor_number_idx').on(t.vendorId, t.number),
    index('invoice_work_order_idx').on(t.workOrderId),
    index('invoice_vendor_idx').on(t.vendorId, t.submittedAt, t.id),
    index('invoice_status_idx').on(t.status, t.submittedAt, t.id),
  ],
);

/** One line of an invoice: `amount_cents = quantity × unit_cents`, a whole number of cents. */
export const invoiceLine = pgTable(
  'invoice_line',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoice.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: invoiceLineKind('kind').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'number' }).notNull().default(1),
    unitCents: bigint('unit_cents', { mode: 'number' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('invoice_line_amounts', sql`${t.quantity} > 0 AND ${t.unitCents} >= 0 AND ${t.amountCents} >= 0`),
    uniqueIndex('invoice_line_position_idx').on(t.invoiceId, t.position),
  ],
);

/** The payment of an approved invoice to its vendor (one per invoice). */
export const payout = pgTable(
  'payout',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoice.id, { onDelete: 'restrict' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendor.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: paymentMethodKind('method').notNull().default('bank_transfer'),
    reference: text('reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payout_invoice_idx').on(t.invoiceId), index('payout_vendor_idx').on(t.vendorId, t.paidAt)],
);

/** The vendors invited to bid on a project (decision 028). */
export const projectVendor = pgTable(
  'project_vendor',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendor.id, { onDelete: 'cascade' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.vendorId] }), index('project_vendor_vendor_idx').on(t.vendorId)],
);

/** A vendor's bid on a project open for bidding: one per vendor and project, editable until the deadline. */
export const bid = pgTable(
  'bid',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendor.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    timelineDays: integer('timeline_days').notNull(),
    notes: text('notes'),
    attachmentDocumentId: integer('attachment_document_id').references(() => document.id, { onDelete: 'set null' }),
    status: bidStatus('status').notNull().default('submitted'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bid_amounts', sql`${t.amountCents} > 0 AND ${t.timelineDays} > 0`),
    uniqueIndex('bid_project_vendor_idx').on(t.projectId, t.vendorId),
    index('bid_vendor_idx').on(t.vendorId, t.submittedAt),
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
  (t) => [index('message_thread_idx').on(t.threadId, t.id), uniqueIndex('message_client_id_idx').on(t.threadId, t.clientId)],
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
    index('notification_unread_idx')
      .on(t.userId)
      .where(sql`NOT ${t.read}`),
  ],
);

/** What an admin sent from /admin/notifications (decision 011): one row per broadcast. */
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
 * Realtime events (decision 011, DESIGN §2): every event pushed over Server-Sent Events is a row
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
    /**
     * The acting user's id, kept as written: no foreign key (decision 023), because the log is
     * append-only and an ON DELETE action would have to rewrite history. A deleted user's
     * entries keep their id.
     */
    userId: text('user_id'),
    action: text('action').notNull(),
    tableName: text('table_name').notNull(),
    newValues: jsonb('new_values').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    // Decision 023 (/admin/audit): every list is newest first on a (created_at, id) keyset; ascending
    // indexes read backwards serve `ORDER BY created_at DESC, id DESC` (NULLS FIRST) exactly.
    index('audit_log_user_idx').on(t.userId, t.createdAt, t.id),
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id),
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_table_idx').on(t.tableName, t.createdAt, t.id),
  ],
);

// ---------------------------------------------------------------------------------------------
// General ledger (decision 058, migration 0028: its checks and triggers are raw SQL)
// ---------------------------------------------------------------------------------------------
export const glAccountType = pgEnum('gl_account_type', ['asset', 'liability', 'equity', 'income', 'expense']);

/**
 * The chart of accounts: a number (3–6 digits, unique), names in English and Italian, a type.
 * The accounts the system posts to carry a `system_key` (`trust_cash`, `accounts_receivable`,
 * `rent_income`…); admins edit numbers and names, never keys.
 */
export const glAccount = pgTable(
  'gl_account',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    name: text('name').notNull(),
    nameIt: text('name_it'),
    type: glAccountType('type').notNull(),
    systemKey: text('system_key'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('gl_account_number_format', sql`${t.number} ~ '^[0-9]{3,6}$'`),
    check('gl_account_name_present', sql`length(btrim(${t.name})) > 0`),
    uniqueIndex('gl_account_number_uq').on(t.number),
    uniqueIndex('gl_account_system_key_uq').on(t.systemKey),
  ],
);

/**
 * A journal entry (decision 058): dated on its building's wall clock, from a `source` (a money
 * event's table and row, `manual`, `reversal`…). Append-only; its lines balance (checked by the
 * database at commit). `reverses_entry_id`: the entry a reversal cancels (at most one reversal each).
 */
export const journalEntry = pgTable(
  'journal_entry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryDate: date('entry_date').notNull(),
    buildingId: integer('building_id'),
    source: text('source', {
      enum: ['charge', 'payment', 'invoice', 'payout', 'manual', 'reversal', 'management_fee', 'owner_distribution', 'owner_contribution'],
    }).notNull(),
    sourceId: bigint('source_id', { mode: 'number' }),
    memo: text('memo').notNull().default(''),
    reversesEntryId: bigint('reverses_entry_id', { mode: 'number' }),
    /** The user who wrote a hand entry (no foreign key: the journal is never rewritten). */
    createdBy: text('created_by'),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('journal_entry_source_idx').on(t.source, t.sourceId),
    index('journal_entry_date_idx').on(t.entryDate, t.id),
    index('journal_entry_building_date_idx').on(t.buildingId, t.entryDate, t.id),
    uniqueIndex('journal_entry_reversed_once_uq').on(t.reversesEntryId),
  ],
);

/**
 * One line of a journal entry: an account, one side in integer cents, and its dimensions
 * (building; unit, lease and vendor where they apply). No foreign keys on the dimensions: the
 * journal keeps what happened even when a draft lease or a work order is deleted later.
 */
export const journalLine = pgTable(
  'journal_line',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntry.id),
    entryDate: date('entry_date').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => glAccount.id),
    buildingId: integer('building_id'),
    unitId: integer('unit_id'),
    leaseId: integer('lease_id'),
    vendorId: integer('vendor_id'),
    ownerId: integer('owner_id'),
    debitCents: bigint('debit_cents', { mode: 'number' }).notNull().default(0),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('journal_line_one_side', sql`${t.debitCents} >= 0 AND ${t.creditCents} >= 0 AND (${t.debitCents} = 0) <> (${t.creditCents} = 0)`),
    index('journal_line_entry_idx').on(t.entryId),
    index('journal_line_account_date_idx').on(t.accountId, t.entryDate, t.id),
    index('journal_line_building_account_date_idx').on(t.buildingId, t.accountId, t.entryDate),
    index('journal_line_lease_idx')
      .on(t.leaseId, t.accountId)
      .where(sql`${t.leaseId} IS NOT NULL`),
    index('journal_line_vendor_idx')
      .on(t.vendorId, t.entryDate)
      .where(sql`${t.vendorId} IS NOT NULL`),
  ],
);

/**
 * The journal's totals per month, account and building (null: none), kept by the statement that
 * posts (decision 059): each statement adding lines adds one row per (month, account, building)
 * it touched, never updates one; `gl_compact_month_totals()` folds a group's rows into one. The
 * reports over whole months read these; `checkBooks` proves they equal the journal.
 */
export const glMonthTotal = pgTable(
  'gl_month_total',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The month's first day. */
    month: date('month').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => glAccount.id),
    buildingId: integer('building_id'),
    debitCents: bigint('debit_cents', { mode: 'number' }).notNull(),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('gl_month_total_first_day', sql`extract(day from ${t.month}) = 1`),
    index('gl_month_total_building_month_idx').on(t.buildingId, t.month),
    index('gl_month_total_month_idx').on(t.month),
  ],
);

/** A closed accounting month (its first day): no hand entry may be dated in it. */
export const glClosedMonth = pgTable(
  'gl_closed_month',
  {
    month: date('month').primaryKey(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    closedBy: text('closed_by'),
  },
  (t) => [check('gl_closed_month_first_day', sql`extract(day FROM ${t.month}) = 1`)],
);

// ---------------------------------------------------------------------------------------------
// Owners (decision 061, migration 0030)
// ---------------------------------------------------------------------------------------------
/**
 * An owner of buildings: a person or a company, with the language of their e-mails and
 * statements. `user_id`: their sign-in account (role `owner`) once the invitation is accepted;
 * the invitation token is kept only as its SHA-256, valid until `invite_expires_at`.
 */
export const owner = pgTable(
  'owner',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['person', 'company'] })
      .notNull()
      .default('person'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    locale: text('locale', { enum: ['en', 'it'] })
      .notNull()
      .default('en'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('owner_kind_known', sql`${t.kind} IN ('person', 'company')`),
    check('owner_name_present', sql`length(btrim(${t.name})) > 0`),
    check('owner_locale_known', sql`${t.locale} IN ('en', 'it')`),
    uniqueIndex('owner_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('owner_user_uq').on(t.userId),
    uniqueIndex('owner_invite_uq').on(t.inviteTokenHash),
    index('owner_name_idx').on(t.name, t.id),
  ],
);

/**
 * A building's management agreement with its owner: the management fee as basis points of the
 * income collected in the month (`fee_percent_bp`, 800 = 8 %) and/or a flat monthly fee in cents,
 * the reserve kept in trust (cents), and the day of the month (1–28, building's local date) the
 * previous month is settled; nothing is settled for months before `starts_on`.
 */
export const managementAgreement = pgTable(
  'management_agreement',
  {
    buildingId: integer('building_id')
      .primaryKey()
      .references(() => building.id, { onDelete: 'cascade' }),
    feePercentBp: integer('fee_percent_bp').notNull().default(0),
    flatFeeCents: integer('flat_fee_cents').notNull().default(0),
    reserveCents: integer('reserve_cents').notNull().default(0),
    distributionDay: smallint('distribution_day').notNull().default(10),
    startsOn: date('starts_on').notNull(),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('management_agreement_fee_percent_range', sql`${t.feePercentBp} BETWEEN 0 AND 10000`),
    check('management_agreement_flat_fee_range', sql`${t.flatFeeCents} >= 0`),
    check('management_agreement_reserve_range', sql`${t.reserveCents} >= 0`),
    check('management_agreement_day_range', sql`${t.distributionDay} BETWEEN 1 AND 28`),
  ],
);

/**
 * One building's settled month (decision 061): what was collected, the management fee, the
 * reserve kept, the cash available to the owner and the distribution paid, with the journal
 * entries that posted them. The primary key (building, month) is what settles a month once.
 */
export const ownerSettlement = pgTable(
  'owner_settlement',
  {
    buildingId: integer('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month').notNull(),
    ownerId: integer('owner_id').references(() => owner.id, { onDelete: 'set null' }),
    collectedCents: bigint('collected_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    reserveCents: bigint('reserve_cents', { mode: 'number' }).notNull(),
    availableCents: bigint('available_cents', { mode: 'number' }).notNull(),
    distributionCents: bigint('distribution_cents', { mode: 'number' }).notNull(),
    feeEntryId: bigint('fee_entry_id', { mode: 'number' }),
    distributionEntryId: bigint('distribution_entry_id', { mode: 'number' }),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'owner_settlement_pk', columns: [t.buildingId, t.month] }),
    check('owner_settlement_first_day', sql`extract(day FROM ${t.month}) = 1`),
    check('owner_settlement_amounts', sql`${t.feeCents} >= 0 AND ${t.distributionCents} >= 0 AND ${t.collectedCents} >= 0`),
    index('owner_settlement_owner_idx').on(t.ownerId, t.month),
  ],
);

/**
 * An owner's statement of one month (decision 061, migration 0031): the figures it shows
 * (`content`, in `locale`) and the SHA-256 and size of the PDF they render to; the PDF is rendered
 * from this row whenever it is downloaded (deterministically), so it is the document e-mailed.
 */
export const ownerStatement = pgTable(
  'owner_statement',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => owner.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month').notNull(),
    locale: text('locale', { enum: ['en', 'it'] })
      .notNull()
      .default('en'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    sha256: text('sha256').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    check('owner_statement_first_day', sql`extract(day FROM ${t.month}) = 1`),
    check('owner_statement_locale_known', sql`${t.locale} IN ('en', 'it')`),
    uniqueIndex('owner_statement_owner_month_uq').on(t.ownerId, t.month),
  ],
);

/**
 * The owner portal's message thread with the management (decision 061): one thread per owner, the
 * owner's messages (`author_kind` `owner`) and the staff's answers (`staff`), at most 2,000
 * characters each.
 */
export const ownerMessage = pgTable(
  'owner_message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => owner.id, { onDelete: 'cascade' }),
    authorUserId: text('author_user_id').references(() => user.id, { onDelete: 'set null' }),
    authorKind: text('author_kind', { enum: ['owner', 'staff'] }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('owner_message_author_kind_known', sql`${t.authorKind} IN ('owner', 'staff')`),
    check('owner_message_body_present', sql`length(btrim(${t.body})) > 0 AND length(${t.body}) <= 2000`),
    index('owner_message_owner_idx').on(t.ownerId, t.createdAt, t.id),
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
 * One unit announced to one listing alert (decision 018): the primary key makes "at most
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
    index('listing_alert_delivery_pending_idx')
      .on(t.alertId)
      .where(sql`${t.sentAt} IS NULL`),
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
  (t) => [
    index('outbox_pending_idx')
      .on(t.availableAt)
      .where(sql`${t.processedAt} IS NULL`),
  ],
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
