/**
 * The owner pages' answers (decision 061, page protocol of decision 037) on a real database: a
 * create with bad fields is a 422 with a message per field and writes nothing, a taken e-mail a
 * 409 on the e-mail, a success a redirect to the new owner's page; an agreement with an impossible
 * percent or day is a 422 (keyed to its building's form), a saved one shows on the page; an unknown
 * owner is a 404 for the page and its commands.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '~/server/auth/session.server';
import { managementAgreement, owner } from '~/server/db/schema';
import { answerOf, settle } from '../../../tests/setup/action-result';
import { createBuilding } from '../../../tests/setup/factories';
import { createPerson } from '../../../tests/setup/leases';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { handleOwnerDetailAction, handleOwnerListAction, loadOwnerDetailPage, loadOwnerListPage } from './owners.page.server';

let database: TestDatabase;
let admin: Viewer;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createPerson(database.db, 'admin');
});

afterAll(async () => {
  await database?.close();
});

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`http://dimora.test${path}`, { method: 'POST', body: new URLSearchParams(fields), headers });
}

describe('/admin/owners', () => {
  it('refuses bad fields with their messages and writes nothing', async () => {
    const context = testContext(database);
    const result = await handleOwnerListAction({
      request: post('/admin/owners', { intent: 'create', kind: 'person', name: ' ', email: 'not-an-email', phone: 'abc', locale: 'en' }),
      context,
      actor: admin,
    });
    const { status, body } = answerOf(result);
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'name', 'phone']);
    expect(body.errors.email).toMatch(/e-mail/i);
    expect(await database.db.select().from(owner)).toHaveLength(0);
  });

  it('creates an owner and opens their page; the same e-mail again is a 409 on the e-mail', async () => {
    const context = testContext(database);
    const fields = {
      intent: 'create',
      kind: 'company',
      name: 'Maple Holdings LLC',
      email: 'maple@owners.test',
      phone: '+1 512 555 0100',
      locale: 'it',
    };
    const created = answerOf(await handleOwnerListAction({ request: post('/admin/owners', fields), context, actor: admin }));
    expect(created.status).toBe(303);
    const [row] = await database.db.select().from(owner).where(eq(owner.email, 'maple@owners.test'));
    expect(row).toMatchObject({ kind: 'company', name: 'Maple Holdings LLC', locale: 'it', phone: '+1 512 555 0100' });
    expect(created.location).toBe(`/admin/owners/${row!.id}?done=create`);

    const again = answerOf(
      await handleOwnerListAction({ request: post('/admin/owners', { ...fields, email: 'MAPLE@owners.test' }), context, actor: admin }),
    );
    expect(again.status).toBe(409);
    expect(again.body.errors.email).toBe('Another owner already has this e-mail address.');

    const list = await loadOwnerListPage({ request: new Request('http://dimora.test/admin/owners?q=maple'), context, actor: admin });
    expect(list.owners.map((entry) => entry.name)).toEqual(['Maple Holdings LLC']);
    const none = await loadOwnerListPage({ request: new Request('http://dimora.test/admin/owners?q=zzz'), context, actor: admin });
    expect(none.owners).toEqual([]);
  });

  it('answers an agreement with an impossible percent or day with 422 on its building’s form, and shows a saved one', async () => {
    const context = testContext(database);
    const held = await createBuilding(database.db, { name: 'Agreement Court' });
    const [row] = await database.db.insert(owner).values({ name: 'Terms Owner', email: 'terms@owners.test' }).returning();
    const path = `/admin/owners/${row!.id}`;
    const ownerId = String(row!.id);
    const assigned = answerOf(
      await handleOwnerDetailAction({
        request: post(path, { intent: 'assign-building', buildingId: String(held.id) }),
        context,
        actor: admin,
        ownerId,
      }),
    );
    expect(assigned.status).toBe(200);

    const bad = {
      intent: 'save-agreement',
      buildingId: String(held.id),
      feePercent: '120',
      flatFee: '12.345',
      reserve: '500',
      distributionDay: '31',
      startsOn: '2026-02-30',
    };
    const refused = answerOf(await handleOwnerDetailAction({ request: post(path, bad), context, actor: admin, ownerId }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({
      feePercent: 'Enter a percent from 0 to 100 with at most two decimals.',
      flatFee: 'Enter an amount in dollars, up to $1,000,000.00.',
      distributionDay: 'Enter a day from 1 to 28.',
      startsOn: 'Enter a date.',
    });
    expect((refused.body as { key?: string }).key).toBe(String(held.id));
    expect(await database.db.select().from(managementAgreement).where(eq(managementAgreement.buildingId, held.id))).toHaveLength(0);

    const good = { ...bad, feePercent: '7,5', flatFee: '150', reserve: '2,500.00', distributionDay: '10', startsOn: '2026-03-01' };
    expect(answerOf(await handleOwnerDetailAction({ request: post(path, good), context, actor: admin, ownerId })).status).toBe(200);
    const page = await loadOwnerDetailPage({ request: new Request(`http://dimora.test${path}`), context, actor: admin, ownerId });
    expect(page.detail.buildings).toEqual([
      expect.objectContaining({
        id: held.id,
        name: 'Agreement Court',
        agreement: { feePercentBp: 750, flatFeeCents: 15_000, reserveCents: 250_000, distributionDay: 10, startsOn: '2026-03-01' },
      }),
    ]);
  });

  it('answers 404 for an unknown owner, page and commands alike', async () => {
    const context = testContext(database);
    const page = answerOf(
      await settle(() =>
        loadOwnerDetailPage({ request: new Request('http://dimora.test/admin/owners/999999'), context, actor: admin, ownerId: '999999' }),
      ),
    );
    expect(page.status).toBe(404);
    const command = answerOf(
      await handleOwnerDetailAction({
        request: post('/admin/owners/999999', {
          intent: 'update',
          kind: 'person',
          name: 'Ghost',
          email: 'ghost@owners.test',
          locale: 'en',
        }),
        context,
        actor: admin,
        ownerId: '999999',
      }),
    );
    expect(command.status).toBe(404);
    const malformed = answerOf(
      await handleOwnerDetailAction({ request: post('/admin/owners/abc', { intent: 'update' }), context, actor: admin, ownerId: 'abc' }),
    );
    expect(malformed.status).toBe(404);
  });
});
