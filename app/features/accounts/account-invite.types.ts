/**
 * The invitation page's shapes (decision 030, decision 061), client-safe: what the link shows,
 * its commands and its answers. The service is account-invitation.server.ts.
 */
import type { ActionResult } from '~/lib/action-result';

/** How long an invitation link stays valid (days). */
export const INVITATION_TTL_DAYS = 7;

/** What the invitation page shows; `name` is the invited record's (a vendor's company, an owner's name). */
export type AccountInviteState =
  /** Unknown, used or replaced link, or a record that can no longer take an account. */
  | { state: 'invalid' }
  | { state: 'expired'; name: string }
  /** Signed out: create the account (the e-mail is the record's). */
  | { state: 'create'; name: string; email: string; expiresAt: string }
  /** Signed out, but an account with this e-mail exists: sign in with it first. */
  | { state: 'sign_in'; name: string; email: string }
  /** Signed in with an account of the right role and this e-mail: link it. */
  | { state: 'link'; name: string; email: string }
  /** Signed in as someone else. */
  | { state: 'wrong_account'; name: string; email: string; signedInAs: string };

/** Why accepting an invitation was refused. */
export type InvitationRefusal =
  /** Unknown, used or replaced link, or the record can no longer take an account (404). */
  | 'invalid'
  /** The link is older than 7 days (410). */
  | 'expired'
  /** An account with the record's e-mail exists: sign in with it and open the link again (409). */
  | 'account_exists'
  /** Signed in as someone who is not an account of the right role with the record's e-mail (403). */
  | 'wrong_account'
  /** This account is already linked to another record of the kind (409). */
  | 'already_linked';

/** The invitation page's commands: create the account (signed out), or link the signed-in one. */
export const INVITE_INTENTS = ['create', 'link'] as const;
export type AccountInviteIntent = (typeof INVITE_INTENTS)[number];

/** What the invitation page's action answers when it does not redirect (decision 037's one result shape). */
export type AccountInviteActionResult = ActionResult<AccountInviteIntent>;
