/**
 * Who may see which live-chat thread (issue 5 deliverable 4). A visitor's thread is theirs through
 * an httpOnly cookie holding a random token (only its SHA-256 is stored, in `thread.visitor_token`),
 * so it survives a reload; a signed-in user also sees every chat thread started with their
 * (verified) e-mail address or while signed in. Used by the chat API and the event stream.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
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
  if (party.viewer) {
    conditions.push(eq(thread.userId, party.viewer.id));
    conditions.push(sql`lower(${thread.visitorEmail}) = ${party.viewer.email.toLowerCase()}`);
  }
  if (conditions.length === 0) return null;
  return and(eq(thread.kind, 'chat'), or(...conditions)) ?? null;
}

/** Ids of the chat threads `party` may read (newest activity first, at most 20). */
export async function ownThreadIds(db: Db, party: ChatParty): Promise<number[]> {
  const condition = ownThreadsCondition(party);
  if (!condition) return [];
  const rows = await db.select({ id: thread.id }).from(thread).where(condition).orderBy(sql`${thread.lastMessageAt} desc`).limit(20);
  return rows.map((row) => row.id);
}
