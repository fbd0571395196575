/**
 * /owner-invite/:token (decision 061): the link an owner is e-mailed. Signed out, it creates the
 * owner account — the e-mail fixed to the owner's, a password that passes the policy — signs it in
 * and lands in /owner-portal; signed in as an owner account with that e-mail, it links the account;
 * an expired, used or unknown link says so clearly. The token is never logged (redact.server.ts).
 */
import type { AccountInviteActionResult } from '~/features/accounts/account-invite.types';
import { AccountInvitePage } from '~/features/accounts/components/account-invite-page';
import { handleInviteAction, loadInvitePage, type InvitePageKind } from '~/features/accounts/account-invite.page.server';
import { ownerInvitations } from '~/features/owners/owner-invitation.server';
import { OWNER_PORTAL_PATH } from '~/lib/access';
import { loaderMeta } from '~/lib/loader-meta';
import type { Route } from './+types/owner-invite.$token';

/** The accounts' invitation page for owners: texts under `owners.invite`, the account lands in the portal. */
const INVITE: InvitePageKind = {
  namespace: 'owners',
  portal: OWNER_PORTAL_PATH,
  ...ownerInvitations,
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadInvitePage(INVITE, { request, context, token: params.token });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return handleInviteAction(INVITE, { request, context, token: params.token });
}

// Not public: loaderMeta marks it noindex.
export const meta = loaderMeta;

export default function OwnerInvite({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <AccountInvitePage
      kind="owner"
      invitation={loaderData.invitation}
      result={actionData as AccountInviteActionResult | undefined}
      token={params.token}
    />
  );
}
