/**
 * What the signing page /tenant-portal/leases/:leaseId shows (decision 022): the lease as
 * a page in the viewer's language, the fingerprint of the PDF in that language (the form posts it
 * back, so the signature is bound to exactly this document), the signers and their state, and
 * what is due at signing and whether it is paid (the signature waits for it, decision 049). Only a signer of the lease gets it (else null → 404).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Language } from '~/lib/constants';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { lease } from '~/server/db/schema';
import { buildLeaseDocument } from '~/features/leases/lease-document.server';
import type { LeaseDocument } from '~/features/leases/lease-document.types';
import { leaseDocumentInput, leasePdf } from '~/features/leases/lease-pdf.server';
import { findSignedLeaseDocument, summariseLeases, type LeaseSummary } from '~/features/leases/lease-queries.server';
import { dueAtSigningFor, findSigner, findSigningPayment } from '~/features/leases/lease-signing.server';
import type { UploadStorage } from '~/server/uploads/storage.server';

export type SignPageData = {
  lease: LeaseSummary;
  document: LeaseDocument;
  documentSha256: string;
  signer: { name: string; role: 'primary' | 'co_tenant'; signedAt: string | null };
  /** Cents the viewer pays before signing (0: nothing). */
  dueCents: number;
  /** True once what is due at signing is paid (on the hosted checkout, decision 049). */
  duePaid: boolean;
  canSign: boolean;
  expired: boolean;
  key: string;
};

/** The signing page's data for `viewer`, or null when they are not a signer of `leaseId`. */
export async function loadSignPage({
  db,
  viewer,
  leaseId,
  lang,
  now = new Date(),
}: {
  db: Db;
  viewer: Pick<Viewer, 'id' | 'email'>;
  leaseId: number;
  lang: Language;
  now?: Date;
}): Promise<SignPageData | null> {
  const signer = await findSigner(db, viewer, leaseId);
  if (!signer) return null;
  const [row] = await db.select().from(lease).where(eq(lease.id, leaseId));
  if (!row || row.status === 'draft') return null;
  const [summary] = await summariseLeases(db, [leaseId]);
  const input = await leaseDocumentInput(db, leaseId, lang);
  const rendered = await leasePdf(db, leaseId, lang);
  if (!summary || !input || !rendered) return null;
  const expired = Boolean(row.signBy && row.signBy.getTime() < now.getTime());
  return {
    lease: summary,
    document: buildLeaseDocument(input, lang),
    documentSha256: rendered.sha256,
    signer: { name: signer.name, role: signer.role, signedAt: signer.signedAt?.toISOString() ?? null },
    dueCents: dueAtSigningFor(signer, row),
    duePaid: dueAtSigningFor(signer, row) > 0 && (await findSigningPayment(db, leaseId, viewer.id)) !== null,
    canSign: row.status === 'sent' && !signer.signedAt && !expired,
    expired,
    key: randomUUID(),
  };
}

/**
 * The lease PDF for a signer: the stored signed copy once they (or the primary signer) signed,
 * else the current document in `lang`. Null when the viewer is not a signer.
 */
export async function findLeasePdfForSigner({
  db,
  storage,
  viewer,
  leaseId,
  lang,
}: {
  db: Db;
  storage: UploadStorage;
  viewer: Pick<Viewer, 'id' | 'email'>;
  leaseId: number;
  lang: Language;
}): Promise<Buffer | null> {
  const signer = await findSigner(db, viewer, leaseId);
  if (!signer) return null;
  const signed = await findSignedLeaseDocument(db, leaseId, signer.id);
  if (signed) {
    const stored = await storage.get(signed.storageKey);
    if (stored) {
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }
  }
  const rendered = await leasePdf(db, leaseId, lang);
  return rendered?.pdf ?? null;
}
