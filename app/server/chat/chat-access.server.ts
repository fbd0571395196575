/**
 * Who may see which live-chat thread (decision 012). A visitor's thread is theirs through
 * an httpOnly cookie holding a random token (only its SHA-256 is stored, in `thread.visitor_token`),
 * so it survives a reload; a signed-in user also owns the threads with their `user_id`: those
 * started signed in, and those they started as a visitor with their account's e-mail and claim
 * when they sign in on that browser (`claimVisitorThreads`). An e-mail address alone grants
 * nothing: anybody can type anybody's. Used by the chat API and the event stream.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { parseCookies } from '~/lib/cookies';
import type { Db } from '~/server/db/client.server';
import { thread } from '~/server/db/schema';

/** The visitor cookie (httpOnly; the browser never reads it). */
export const CHAT_COOKIE = 'dimora.chat';
/** A visitor keeps their thread for 180 days (seconds). */
export const CHAT_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;

/** A new random visitor token (43 characters, base64url). */
export function newVisitorToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a token: its SHA-256 in hex (a leaked table reveals no cookie). */
export function hashVisitorToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The visitor token from the request's cookies, when it looks like one of ours. */
export function readVisitorToken(request: Request): string | null {
  const token = parseCookies(request.headers.get('cookie'))[CHAT_COOKIE];
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** `Set-Cookie` value for the visitor token. `secure` on https. */
export function visitorCookie(token: string, secure: boolean): string {
  return `${CHAT_COOKIE}=${token}; Path=/; Max-Age=${CHAT_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Who is asking: the cookie token and/or the signed-in user. */
export type ChatParty = { token: string | null; viewer: { id: string; email: string } | null };

/** SQL condition: chat threads `party` may read; null when they may read none. */
export function ownThreadsCondition(party: ChatParty): SQL | null {
  const conditions: SQL[] = [];
  if (party.token) conditions.push(eq(thread.visitorToken, hashVisitorToken(party.token)));
  if (party.viewer) conditions.push(eq(thread.userId, party.viewer.id));
  if (conditions.length === 0) return null;
  return and(eq(thread.kind, 'chat'), or(...conditions)) ?? null;
}

/** Ids of the chat threads `party` may read (newest activity first, at most 20). */
export async function ownThreadIds(db: Db, party: ChatParty): Promise<number[]> {
  const condition = ownThreadsCondition(party);
  if (!condition) return [];
  const rows = await db
    .select({ id: thread.id })
    .from(thread)
    .where(condition)
    .orderBy(sql`${thread.lastMessageAt} desc`)
    .limit(20);
  return rows.map((row) => row.id);
}

/**
 * On sign-in: the chat threads of this browser's visitor `token` that were started with the
 * account's e-mail become the account's (`user_id`), so they stay visible after the cookie goes
 * (sign-out clears it) and on other devices. Threads started with another address stay as they
 * are. Answers how many were claimed.
 */
export async function claimVisitorThreads(db: Db, token: string | null, account: { id: string; email: string }): Promise<number> {
  if (!token) return 0;
  const claimed = await db
    .update(thread)
    .set({ userId: account.id })
    .where(
      and(
        eq(thread.kind, 'chat'),
        eq(thread.visitorToken, hashVisitorToken(token)),
        isNull(thread.userId),
        sql`lower(${thread.visitorEmail}) = ${account.email.toLowerCase()}`,
      ),
    )
    .returning({ id: thread.id });
  return claimed.length;
}

/** `Set-Cookie` value that removes the visitor cookie (sign-out: the next person on this browser starts afresh). */
export function clearedVisitorCookie(secure: boolean): string {
  return `${CHAT_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
