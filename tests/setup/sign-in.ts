/**
 * The setup most route and integration tests share: an account that exists, is verified and is
 * signed in, held as the Cookie header a browser would send. Sign-in goes through
 * `signInForTest`, so staff accounts get two-factor sign-in as the app requires (decision 023).
 */
import type { Role } from '../../app/lib/access';
import { createVerifiedUser } from '../../app/server/auth/create-user.server';
import type { DimoraLoadContext } from '../../app/server/load-context';
import { signInForTest } from './two-factor';

export type SignedInUser = { id: string; email: string; cookie: string };

/** The password of accounts made by `createSignedInUser` unless the test names one. */
export const TEST_PASSWORD = 'sturdy-pass-123';

/**
 * Creates a verified account of `role` (password `TEST_PASSWORD` unless given) and signs it in;
 * answers its id, e-mail and session `cookie` (the `name=value; …` Cookie header value).
 * Throws when the e-mail is taken or sign-in is refused.
 */
export async function createSignedInUser(
  context: Pick<DimoraLoadContext, 'auth' | 'db'>,
  input: { email: string; role: Role; name?: string; password?: string },
): Promise<SignedInUser> {
  const { password = TEST_PASSWORD, ...rest } = input;
  const created = await createVerifiedUser(context.db, { ...rest, password });
  const { cookie } = await signInForTest(context, { email: input.email, password });
  return { id: created.id, email: created.email, cookie };
}
