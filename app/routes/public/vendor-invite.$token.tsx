/**
 * /vendor-invite/:token (decision 030): the link an approved vendor is e-mailed.
 * Signed out, it creates the vendor account — the e-mail fixed to the vendor's, a password that
 * passes the policy — signs it in and lands in /vendor-portal; signed in as a vendor account with
 * that e-mail, it links the account; an expired, used or unknown link says so clearly. The token
 * is never logged (redact.server.ts).
 */
import { AccountInvitePage } from '~/features/accounts/components/account-invite-page';
import type { AccountInviteActionResult } from '~/features/accounts/account-invite.types';
import { handleInviteAction, loadInvitePage, type InvitePageKind } from '~/features/accounts/account-invite.page.server';
import { vendorInvitations } from '~/features/vendors/vendor-invitation.server';
import { loaderMeta } from '~/lib/loader-meta';
import type { Route } from './+types/vendor-invite.$token';

/** The accounts' invitation page for vendors: texts under `vendors.invite`, the account lands in the portal. */
const INVITE: InvitePageKind = {
  namespace: 'vendors',
  portal: '/vendor-portal',
  ...vendorInvitations,
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadInvitePage(INVITE, { request, context, token: params.token });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return handleInviteAction(INVITE, { request, context, token: params.token });
}

// Not public: loaderMeta marks it noindex.
export const meta = loaderMeta;

export default function VendorInvite({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <AccountInvitePage
      kind="vendor"
      invitation={loaderData.invitation}
      result={actionData as AccountInviteActionResult | undefined}
      token={params.token}
    />
  );
}
