/**
 * Bank debits for the demo data (decision 050), so the screens that show them have something on a
 * fresh `npm start`: the newest demo lease that owes money pays its balance from a bank account
 * and the debit is in flight (`processing`); the one before it paid the same way and the bank
 * returned the debit (the charges open again, the returned-payment fee, the notices). Both go
 * through the ledger's own settlement, as the provider's webhook would. The sandbox does not know
 * these debits (they never went through its page), so the one in flight stays in flight. Leases
 * are taken newest first, so the demo tenant account (which takes the oldest owing lease) keeps a
 * plain balance to pay. Idempotent: a second run finds the payments by their keys and does nothing.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { rowsOf } from '~/server/db/rows.server';
import { payment } from '~/server/db/schema';
import { DEMO_TENANT_ID_PREFIX } from '~/server/db/seed/demo-leases.server';
import type { ChargeResult } from '~/server/payments/payment-provider';
import { SANDBOX_BANK_NAME, SANDBOX_TEST_BANK } from '~/server/payments/sandbox-provider.server';
import { findLeaseBalance, lockLease } from './ledger.server';
import { settleLeasePayment } from './lease-payments.server';

const KEY_PREFIX = 'demo-seed:bank-debit:';

/** Seeds the two demo bank debits (see the module comment); `publicUrl` is for the notices' links. Returns how many it made. */
export async function seedDemoBankDebits({ db, publicUrl }: { db: Db; publicUrl: string }): Promise<number> {
  const [done] = await db
    .select({ id: payment.id })
    .from(payment)
    .where(like(payment.idempotencyKey, `${KEY_PREFIX}%`))
    .limit(1);
  if (done) return 0;
  const owing = rowsOf<{ id: number; tenant_id: string; building_id: number | null }>(
    await db.execute(sql`
      select l.id, l.tenant_id, u.building_id from lease l join property u on u.id = l.property_id
      where l.status = 'active' and l.tenant_id like ${`${DEMO_TENANT_ID_PREFIX}%`}
        and exists (select 1 from charge c where c.lease_id = l.id and c.status = 'open' and c.kind <> 'credit')
      order by l.id desc limit 2`),
  );
  let made = 0;
  for (const [index, row] of owing.entries()) {
    const returned = index === 1;
    const leaseId = Number(row.id);
    await db.transaction(async (tx) => {
      await lockLease(tx, leaseId);
      const { balanceCents } = await findLeaseBalance(tx, leaseId);
      if (balanceCents <= 0) return;
      const [created] = await tx
        .insert(payment)
        .values({
          payerId: row.tenant_id,
          leaseId,
          buildingId: row.building_id,
          kind: 'rent',
          method: 'card',
          amountCents: balanceCents,
          status: 'pending',
          provider: 'sandbox',
          idempotencyKey: `${KEY_PREFIX}${leaseId}`,
        })
        .returning({ id: payment.id });
      if (!created) return;
      const account = returned ? SANDBOX_TEST_BANK.returned : SANDBOX_TEST_BANK.clears;
      const debit = { providerRef: `sbx_ch_demo_debit_${leaseId}`, cardBrand: SANDBOX_BANK_NAME, cardLast4: account.slice(-4) };
      const sent: ChargeResult = { status: 'processing', ...debit, paidBy: 'us_bank_account' };
      await settleLeasePayment(tx, { paymentId: created.id, result: sent, publicUrl });
      if (returned) {
        const back: ChargeResult = { status: 'failed', ...debit, paidBy: 'us_bank_account', declineCode: 'debit_returned' };
        await settleLeasePayment(tx, { paymentId: created.id, result: back, publicUrl });
      }
      made += 1;
    });
  }
  return made;
}

/** The demo's bank debits, for tests: payment id and status by lease. */
export async function findDemoBankDebits(db: Db) {
  return db
    .select({ leaseId: payment.leaseId, status: payment.status, method: payment.method, failureReason: payment.failureReason })
    .from(payment)
    .where(and(like(payment.idempotencyKey, `${KEY_PREFIX}%`), eq(payment.kind, 'rent')))
    .orderBy(payment.leaseId);
}
