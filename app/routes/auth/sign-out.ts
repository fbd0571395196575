/**
 * POST /auth/sign-out (spec §4 "Session"): ends every session of the user (global scope),
 * clears the cookie and returns home with the "Signed out successfully!" toast. A GET only
 * redirects home, so a link or prefetch can never sign anyone out.
 */
import { redirect } from 'react-router';
import { signOut } from '~/features/accounts/accounts.server';
import { clearedVisitorCookie } from '~/server/chat/chat-access.server';
import { redirectWithCookies } from '~/server/responses.server';
import type { Route } from './+types/sign-out';

export function loader() {
  return redirect('/');
}

export async function action({ request, context }: Route.ActionArgs) {
  const { headers, userId } = await signOut({ context, request });
  // The visitor chat cookie goes too: the next person on this browser starts afresh.
  headers.append('Set-Cookie', clearedVisitorCookie(context.publicUrl.startsWith('https:')));
  return redirectWithCookies('/', headers, userId ? 'signed-out' : undefined);
}
