/**
 * Reads of `checkout_session` rows shared by the tenant portal's checkouts and the booking flow's
 * (decision 049), kept apart from both features so neither imports the other.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { checkoutSession } from '~/server/db/schema';

/** How long a repeated request waits for the first one's session (the provider's own timeout is 30 s). */
const WAIT_FOR_URL_MS = 5_000;

/**
 * The page of checkout `checkoutId` once the request opening it has stored it (polled every
 * 100 ms for up to 5 s); null when it ended meanwhile or is still being opened.
 */
export async function waitForCheckoutUrl(db: Db, checkoutId: number): Promise<string | null> {
  const deadline = Date.now() + WAIT_FOR_URL_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [row] = await db
      .select({ url: checkoutSession.url, status: checkoutSession.status })
      .from(checkoutSession)
      .where(eq(checkoutSession.id, checkoutId));
    if (!row || row.status !== 'open') return null;
    if (row.url) return row.url;
  }
  return null;
}

/** The open checkout of `purpose` that `payerId` has on lease `leaseId` (at most one: a unique index), or undefined. */
export async function findOpenCheckout(
  db: Db,
  { leaseId, payerId, purpose }: { leaseId: number; payerId: string; purpose: 'payment' | 'autopay_setup' },
) {
  const [row] = await db
    .select()
    .from(checkoutSession)
    .where(
      and(
        eq(checkoutSession.leaseId, leaseId),
        eq(checkoutSession.payerId, payerId),
        eq(checkoutSession.purpose, purpose),
        eq(checkoutSession.status, 'open'),
      ),
    );
  return row;
}
