/**
 * /tenant-portal/leases/:leaseId (decision 022): a signer reads their lease as a page and
 * as a PDF and signs it (paying what is due at signing). Role tenant (admins pass); anyone who is
 * not a signer of the lease gets 404.
 */
import { Container } from '@mantine/core';
import { SignedInPageHeader } from '~/components/page-header';
import { LeaseDocumentView } from '~/features/leases/components/lease-document-view';
import { SignLease } from '~/features/tenant-portal/components/sign-lease';
import { handleSignAction, type PortalActionResult } from '~/features/tenant-portal/portal.page.server';
import { loadSignPage } from '~/features/tenant-portal/sign-page.server';
import { getT } from '~/i18n/translate.server';
import { translations } from '~/i18n/resources.server';
import { loaderMeta } from '~/lib/loader-meta';
import { parseDigitsId, requestLanguage } from '~/lib/route-helpers.server';
import { useLanguage } from '~/lib/use-language';
import { getPaymentProvider } from '~/server/payments/payments.server';
import { auditedNotFound } from '~/server/http/audited-not-found.server';
import { requireRole, type Viewer } from '~/server/auth/session.server';
import type { Route } from './+types/leases.$leaseId';

/**
 * The signing page of the lease in `param` for `viewer`, in the request's language. Someone else's
 * lease answers 404 like an unknown one, and the refusal is recorded (decision 023).
 */
async function findSignPage(request: Request, context: Route.LoaderArgs['context'], viewer: Viewer, param: string) {
  const lang = requestLanguage(request);
  const leaseId = parseDigitsId(param);
  const page = await loadSignPage({ db: context.db, viewer, leaseId, lang });
  if (!page) {
    const refusal = {
      action: 'lease_access_denied',
      table: 'lease',
      id: leaseId,
      reason: 'not_signer',
      values: { lease_id: leaseId },
    } as const;
    throw await auditedNotFound(request, context, viewer, refusal);
  }
  return { page, leaseId, lang };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'tenant');
  const { page, lang } = await findSignPage(request, context, viewer, params.leaseId);
  const t = getT(lang);
  return {
    page,
    signedNotice: new URL(request.url).searchParams.get('signed') === '1',
    testMode: getPaymentProvider().testMode,
    i18n: translations(lang, ['account', 'tenantPortal', 'lease-document']),
    meta: { title: t('tenantPortal.sign.title', { unit: page.lease.unitLabel }), description: t('tenantPortal.meta.description') },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireRole(request, context, 'tenant');
  const { leaseId } = await findSignPage(request, context, viewer, params.leaseId);
  return handleSignAction({ request, context, viewer, leaseId });
}

export const meta = loaderMeta;

export default function TenantLease({ loaderData, actionData }: Route.ComponentProps) {
  const lang = useLanguage();
  const { page } = loaderData;
  return (
    <Container size="md" py="xl">
      <SignedInPageHeader title={loaderData.meta.title} subtitle={page.lease.address} />
      <SignLease
        page={page}
        lang={lang}
        documentView={<LeaseDocumentView document={page.document} lang={lang} />}
        action={actionData as PortalActionResult | undefined}
        signedNotice={loaderData.signedNotice}
        testMode={loaderData.testMode}
      />
    </Container>
  );
}
