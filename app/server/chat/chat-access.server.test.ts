import { describe, expect, it } from 'vitest';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { thread } from '~/server/db/schema';
import { useTestDatabase } from '../../../tests/setup/test-db';
import { claimVisitorThreads, hashVisitorToken, newVisitorToken, ownThreadIds } from './chat-access.server';

const database = useTestDatabase();

async function chat(token: string, email: string) {
  const [row] = await database.db
    .insert(thread)
    .values({ kind: 'chat', visitorName: 'V', visitorEmail: email, visitorToken: hashVisitorToken(token) })
    .returning({ id: thread.id });
  return row!.id;
}

describe('chat thread ownership', () => {
  it('is granted by the cookie token or the user id, never by an e-mail address alone', async () => {
    const account = await createVerifiedUser(database.db, { email: 'owner@chat-access.test', password: 'keeper-pass-1', role: 'tenant' });
    const strangerToken = newVisitorToken();
    const typedTheirAddress = await chat(strangerToken, 'Owner@chat-access.test');
    expect(await ownThreadIds(database.db, { token: null, viewer: account })).toEqual([]);
    expect(await ownThreadIds(database.db, { token: strangerToken, viewer: null })).toEqual([typedTheirAddress]);
    expect(await ownThreadIds(database.db, { token: null, viewer: null })).toEqual([]);
  });

  it('lets an account claim, on sign-in, the threads this browser started with its address only', async () => {
    const account = await createVerifiedUser(database.db, { email: 'claimer@chat-access.test', password: 'claim-pass-1', role: 'tenant' });
    const token = newVisitorToken();
    const mine = await chat(token, 'CLAIMER@chat-access.test');
    const otherToken = newVisitorToken();
    const otherAddress = await chat(otherToken, 'someone-else@chat-access.test');
    const otherBrowser = await chat(newVisitorToken(), 'claimer@chat-access.test');
    // This browser's chat was started with another address: nothing to claim.
    expect(await claimVisitorThreads(database.db, otherToken, account)).toBe(0);

    expect(await claimVisitorThreads(database.db, token, account)).toBe(1);
    expect(await ownThreadIds(database.db, { token: null, viewer: account })).toEqual([mine]);
    expect(await claimVisitorThreads(database.db, token, account)).toBe(0);
    expect(await claimVisitorThreads(database.db, null, account)).toBe(0);
    expect(await ownThreadIds(database.db, { token: null, viewer: account })).not.toContain(otherAddress);
    expect(await ownThreadIds(database.db, { token: null, viewer: account })).not.toContain(otherBrowser);
  });
});
