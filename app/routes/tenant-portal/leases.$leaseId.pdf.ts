/** /tenant-portal/leases/:leaseId/pdf: the lease PDF for one of its signers (the signed copy once signed). */
import { findLeasePdfForSigner } from '~/features/tenant-portal/sign-page.server';
import { parseDigitsId, requestLanguage } from '~/lib/route-helpers.server';
import { auditedNotFound } from '~/server/http/audited-not-found.server';
import { fileResponse } from '~/server/http/download.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/leases.$leaseId.pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'tenant');
  const leaseId = parseDigitsId(params.leaseId);
  const pdf = await findLeasePdfForSigner({ db: context.db, storage: context.storage, viewer, leaseId, lang: requestLanguage(request) });
  // Decision 023: someone else's lease is a 404 like an unknown one, and recorded.
  if (!pdf) {
    throw await auditedNotFound(request, context, viewer, {
      action: 'lease_access_denied',
      table: 'lease',
      id: leaseId,
      reason: 'not_signer',
      values: { lease_id: leaseId },
    });
  }
  return fileResponse({ body: pdf, fileName: `lease-${leaseId}.pdf`, contentType: 'application/pdf', disposition: 'inline' });
}
