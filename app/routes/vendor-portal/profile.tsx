/**
 * /vendor-portal/profile (decision 030; role vendor, admins pass): the vendor's own
 * profile — status, insurance and whether it can receive work, rating — the form for its
 * contact, trades and service area (`intent=profile`), and its documents: the certificate of
 * insurance (with its expiry) and the W-9, uploaded to `POST /api/vendor-documents/upload` and
 * downloaded as attachments. An account not linked to a vendor yet sees how to get there.
 */
import { useTranslation } from '~/lib/i18n';
import { VendorProfilePage } from '~/features/vendors/components/vendor-profile-page';
import { handleVendorProfileAction, loadVendorProfilePage } from '~/features/vendors/vendor-portal.page.server';
import type { VendorProfileActionResult } from '~/features/vendors/vendor-admin.types';
import { loaderMeta } from '~/lib/loader-meta';
import { SignedInPage } from '~/components/signed-in-page';
import { withRole } from '~/server/http/role-page.server';
import type { Route } from './+types/profile';

export const loader = withRole('vendor', ({ actor, ...args }) => loadVendorProfilePage({ ...args, viewer: actor }));

export const action = withRole('vendor', ({ actor, ...args }) => handleVendorProfileAction({ ...args, viewer: actor }));

export const meta = loaderMeta;

export default function VendorProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SignedInPage title={t('vendors.profile.title')} subtitle={t('vendors.profile.subtitle')}>
      <VendorProfilePage
        profile={loaderData.profile}
        today={loaderData.today}
        uploaded={loaderData.uploaded}
        uploadError={loaderData.uploadError}
        result={actionData as VendorProfileActionResult | undefined}
      />
    </SignedInPage>
  );
}
