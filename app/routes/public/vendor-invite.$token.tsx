/**
 * /vendor-invite/:token (decision 030): the link an approved vendor is e-mailed.
 * Signed out, it creates the vendor account — the e-mail fixed to the vendor's, a password that
 * passes the policy — signs it in and lands in /vendor-portal; signed in as a vendor account with
 * that e-mail, it links the account; an expired, used or unknown link says so clearly. The token
 * is never logged (redact.server.ts).
 */
import { VendorInvitePage } from '~/features/vendors/components/vendor-invite-page';
import { handleVendorInviteAction, loadVendorInvitePage } from '~/features/vendors/vendor-invite.page.server';
import type { VendorInviteActionResult } from '~/features/vendors/vendor-admin.types';
import { loaderMeta } from '~/lib/loader-meta';
import type { Route } from './+types/vendor-invite.$token';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadVendorInvitePage({ request, context, token: params.token });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return handleVendorInviteAction({ request, context, token: params.token });
}

// Not public: loaderMeta marks it noindex.
export const meta = loaderMeta;

export default function VendorInvite({ loaderData, actionData, params }: Route.ComponentProps) {
  return <VendorInvitePage invitation={loaderData.invitation} result={actionData as VendorInviteActionResult | undefined} token={params.token} />;
}
