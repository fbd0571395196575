/**
 * The vendor's own profile in the vendor portal (decision 030 "vendor profile:
 * trades, service states, contacts, documents"): what the vendor linked to the signed-in account
 * sees of itself — status, insurance and the work-order rule's verdict, rating, documents — and
 * the edit of its contact, trades and service area. Only ever the viewer's own vendor (found by
 * `vendor.user_id`); a vendor account without a linked vendor has no profile (null / not_found).
 */
import { utcToday } from '~/lib/dates';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { vendor } from '~/server/db/schema';

import { averageRating, type VendorEligibility, type VendorSelfView } from './vendor-admin.types';
import { eligibilityOf } from './vendor-admin.server';
import { findLinkedVendor, listVendorDocuments } from './vendor-documents.server';
import { vendorProfileSchema } from './vendors.schemas';

/** Who reads their own vendor (the signed-in account), and the day (YYYY-MM-DD, UTC) the insurance verdict is for. */
type OwnVendorQuery = { db: Db; viewer: Viewer; today?: string };

/** The insurance line of a vendor on `today`: its expiry (shown only once staff verified it) and the work-order rule's verdict. */
type InsuranceLine = { insuranceExpiry: string | null; eligibility: VendorEligibility };

function insuranceLine(row: Parameters<typeof eligibilityOf>[0], today: string): InsuranceLine {
  return { insuranceExpiry: row.insuranceVerifiedAt ? row.insuranceExpiry : null, eligibility: eligibilityOf(row, today) };
}

/**
 * The viewer's own vendor with its documents and the work-order rule's verdict on `today`, or
 * null when no vendor is linked to the account.
 */
export async function findMyVendorProfile({ db, viewer, today = utcToday() }: OwnVendorQuery): Promise<VendorSelfView | null> {
  const row = await findLinkedVendor(db, viewer);
  if (!row) return null;
  return {
    id: row.id,
    companyName: row.companyName,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    website: row.website,
    trades: row.trades,
    serviceCountries: row.serviceCountries,
    serviceStates: row.serviceStates,
    status: row.status,
    ...insuranceLine(row, today),
    insuranceVerified: row.insuranceVerifiedAt !== null,
    ratingAverage: averageRating(row.ratingSum, row.ratingCount),
    ratingCount: row.ratingCount,
    documents: await listVendorDocuments(db, row.id),
  };
}

/** The portal overview's insurance line: status and verdict, or null without a linked vendor. */
export async function findMyVendorInsurance({ db, viewer, today = utcToday() }: OwnVendorQuery): Promise<InsuranceLine | null> {
  const row = await findLinkedVendor(db, viewer);
  return row ? insuranceLine(row, today) : null;
}

export type VendorProfileOutcome =
  { ok: true; changed: string[] } | { ok: false; reason: 'not_found' } | { ok: false; reason: 'invalid'; issues: z.ZodError };

const EDITABLE = ['contactName', 'phone', 'website', 'trades', 'serviceCountries', 'serviceStates'] as const;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Saves the viewer's own vendor profile from `input` (see `vendorProfileSchema`): contact name,
 * phone, website, trades, countries and US states served. Writes only when something changed,
 * then audits `vendor_updated` with the fields changed. Answers the changed field names,
 * `not_found` (no linked vendor) or `invalid` with the zod issues (translation keys).
 */
export async function updateMyVendorProfile({
  db,
  viewer,
  input,
  origin,
}: {
  db: Db;
  viewer: Viewer;
  input: unknown;
  origin: RequestOrigin;
}): Promise<VendorProfileOutcome> {
  const parsed = vendorProfileSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: 'invalid', issues: parsed.error };
  const next = { ...parsed.data, website: parsed.data.website || null };
  return db.transaction(async (tx): Promise<VendorProfileOutcome> => {
    const [row] = await tx.select().from(vendor).where(eq(vendor.userId, viewer.id)).for('update');
    if (!row) return { ok: false, reason: 'not_found' };
    const changed = EDITABLE.filter((field) => !same(row[field], next[field]));
    if (changed.length === 0) return { ok: true, changed: [] };
    await tx
      .update(vendor)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(vendor.id, row.id));
    await recordAuditEvent({
      db: tx,
      userId: viewer.id,
      action: 'vendor_updated',
      origin,
      tableName: 'vendor',
      values: { vendor_id: row.id, change: 'profile', fields: changed },
    });
    return { ok: true, changed };
  });
}
