/**
 * The mail and sign-in services of a test or benchmark, wired as the server wires them but with a
 * fixed secret. No Vitest import: the benchmarks under tests/bench load it too.
 */
import type { Db } from '../../app/server/db/client.server';
import { createAuth, type Auth } from '../../app/server/auth/auth.server';
import { logger } from '../../app/server/logger.server';
import { createMailer, type Mailer } from '../../app/server/mail/mailer.server';

type AuthOptions = Parameters<typeof createAuth>[0];

/** The better-auth secret of the tests (32+ characters, as better-auth wants). */
export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** The better-auth secret of the benchmarks' in-process servers (tests/bench). */
export const BENCH_AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/**
 * A mailer over `db` (sender `from`, SMTP at `smtpUrl` or else the dev mailbox table) and a
 * better-auth instance that sends through it. `publicUrl`: the origin of links and cookies
 * (`secureCookies` for https's `__Host-` cookies, default off); `secret` defaults to
 * `TEST_AUTH_SECRET`; `sessionBounds` and `hasher` as `createAuth` takes them (its defaults).
 */
export function createAuthServices(
  db: Db,
  {
    publicUrl,
    from = 'Dimora <no-reply@dimora.test>',
    smtpUrl,
    secret = TEST_AUTH_SECRET,
    secureCookies = false,
    sessionBounds,
    hasher,
  }: {
    publicUrl: string;
    from?: string;
    smtpUrl?: string;
    secret?: string;
    secureCookies?: boolean;
    sessionBounds?: AuthOptions['sessionBounds'];
    hasher?: AuthOptions['hasher'];
  },
): { auth: Auth; mailer: Mailer } {
  const mailer = createMailer({ db, logger, from, smtpUrl });
  const auth = createAuth({ db, mailer, logger, secret, publicUrl, secureCookies, sessionBounds, hasher });
  return { auth, mailer };
}
