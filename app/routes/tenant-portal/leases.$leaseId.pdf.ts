/** /tenant-portal/leases/:leaseId/pdf: the lease PDF for one of its signers (the signed copy once signed). */
import { data } from 'react-router';
import { findLeasePdfForSigner } from '~/features/tenant-portal/sign-page.server';
import { parseDigitsId, requestLanguage } from '~/lib/route-helpers.server';
import { auditRefusalIfExists, requestOrigin } from '~/server/audit.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/leases.$leaseId.pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'tenant');
  const leaseId = parseDigitsId(params.leaseId);
  const pdf = await findLeasePdfForSigner({ db: context.db, storage: context.storage, viewer, leaseId, lang: requestLanguage(request) });
  if (!pdf) {
    // Decision 023: someone else's lease is a 404 like an unknown one, and recorded.
    await auditRefusalIfExists(context.db, viewer, {
      action: 'lease_access_denied',
      table: 'lease',
      id: leaseId,
      reason: 'not_signer',
      origin: requestOrigin(request, context.clientIp),
      values: { lease_id: leaseId },
    });
    throw data(null, { status: 404 });
  }
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="lease-${leaseId}.pdf"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
