/**
 * The lease's document (spec §6, DESIGN §4 `lease`): what it says, assembled from the lease, its
 * unit and signers, the application's occupants and the rent settings, and its PDF with the
 * SHA-256 a signature is bound to. Rendering itself is `lease-document.server.ts`.
 */
import { utcToday } from '~/lib/dates';
import { asc, eq } from 'drizzle-orm';
import type { Language } from '~/lib/constants';
import type { Db } from '~/server/db/client.server';
import { application, building, lease, leaseTenant, property } from '~/server/db/schema';
import { canonicalLateFeeRule } from '~/lib/late-fees';
import { companyLateFeeRule } from '~/server/settings/settings-registry.server';
import { currentSettings } from '~/server/settings/settings.server';
import { type Tx } from '~/features/ledger/ledger.server';
import { renderLeasePdf, sha256Hex } from './lease-document.server';
import type { LeaseDocumentInput } from './lease-document.types';

/**
 * What the lease's document says, from the lease, its unit and signers, the application's
 * occupants, the rent settings and the building's late-fee rule (or the company's). `documentDate` is the day it was sent (today for a draft).
 */
export async function leaseDocumentInput(db: Db | Tx, leaseId: number, lang: Language): Promise<LeaseDocumentInput | null> {
  const [row] = await db
    .select({
      lease,
      unit: property,
      buildingName: building.name,
      buildingRule: building.lateFeeRule,
      adults: application.adults,
      children: application.children,
    })
    .from(lease)
    .innerJoin(property, eq(property.id, lease.propertyId))
    .leftJoin(building, eq(building.id, property.buildingId))
    .leftJoin(application, eq(application.id, lease.applicationId))
    .where(eq(lease.id, leaseId));
  if (!row) return null;
  const signers = await db.select().from(leaseTenant).where(eq(leaseTenant.leaseId, leaseId)).orderBy(asc(leaseTenant.id));
  const settings = await currentSettings(db as Db);
  return {
    leaseId,
    companyName: settings.companyName,
    documentDate: utcToday(row.lease.sentAt ?? new Date()),
    unit: {
      buildingName: row.buildingName,
      unitNumber: row.unit.unitNumber,
      address: row.unit.address,
      city: row.unit.city,
      state: row.unit.state,
      zipCode: row.unit.zipCode,
      title: lang === 'it' ? (row.unit.titleIt ?? row.unit.title) : row.unit.title,
    },
    tenants: signers.map((s) => ({ name: s.name, email: s.email, role: s.role })),
    occupants: { adults: row.adults ?? Math.max(1, signers.length), children: row.children ?? 0 },
    startDate: row.lease.startDate,
    endDate: row.lease.endDate,
    monthlyRentCents: row.lease.monthlyRentCents,
    depositCents: row.lease.depositCents,
    dueAtSigningCents: row.lease.dueAtSigningCents,
    rentDueDay: settings.rentDueDay,
    lateFeeRule: row.buildingRule ? canonicalLateFeeRule(row.buildingRule) : companyLateFeeRule(settings),
    renewalOfLeaseId: row.lease.renewalOfId,
  };
}

/** The lease's PDF in `lang` and its SHA-256 (hex); null for an unknown lease. */
export async function leasePdf(db: Db | Tx, leaseId: number, lang: Language): Promise<{ pdf: Buffer; sha256: string } | null> {
  const input = await leaseDocumentInput(db, leaseId, lang);
  if (!input) return null;
  const pdf = await renderLeasePdf(input, lang);
  return { pdf, sha256: sha256Hex(pdf) };
}
