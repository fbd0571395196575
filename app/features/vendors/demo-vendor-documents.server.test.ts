/**
 * The demo W-9s (decision 060) on a real database and a local store: the approved demo vendors
 * take turns — none, verified, not yet verified — each a stored PDF with its document row and
 * guarded URL; other vendors get nothing, and a second run adds nothing.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_VENDOR_DOMAIN } from '~/server/db/seed/demo-maintenance.server';
import { document } from '~/server/db/schema';
import { createLocalStorage } from '~/server/uploads/storage.server';
import { useTestDatabase } from '../../../tests/setup/test-db';
import { createTestVendor } from '../../../tests/setup/work-orders';
import { seedDemoVendorDocuments } from './demo-vendor-documents.server';

const database = useTestDatabase();
const uploadsDir = path.join(os.tmpdir(), `dimora-demo-w9-${process.pid}`);

afterAll(async () => {
  await fs.rm(uploadsDir, { recursive: true, force: true });
});

describe('the demo W-9s', () => {
  it('gives the approved demo vendors, in turn, no W-9, a verified one and one to verify; a second run adds nothing', async () => {
    const demo = [];
    for (const name of ['alpha', 'bravo', 'charlie', 'delta'])
      demo.push((await createTestVendor(database.db, { email: `${name}@${DEMO_VENDOR_DOMAIN}`, status: 'approved' })).vendorId);
    const pending = (await createTestVendor(database.db, { email: `echo@${DEMO_VENDOR_DOMAIN}`, status: 'pending' })).vendorId;
    const stranger = (await createTestVendor(database.db, { email: 'someone@elsewhere.test', status: 'approved' })).vendorId;
    const storage = createLocalStorage(uploadsDir);
    const now = new Date('2026-11-28T12:00:00Z');

    expect(await seedDemoVendorDocuments({ db: database.db, storage, now })).toEqual({ w9s: 2 });
    const rows = (
      await database.db
        .select({
          ownerId: document.ownerId,
          kind: document.kind,
          verifiedAt: document.verifiedAt,
          key: document.storageKey,
          url: document.url,
          id: document.id,
          sha256: document.sha256,
          mime: document.mime,
        })
        .from(document)
        .where(eq(document.ownerType, 'vendor'))
    ).sort((a, b) => Number(a.ownerId) - Number(b.ownerId));
    expect(rows.map((row) => [Number(row.ownerId), row.kind, row.verifiedAt?.toISOString() ?? null, row.mime])).toEqual([
      [demo[1], 'w9', now.toISOString(), 'application/pdf'],
      [demo[2], 'w9', null, 'application/pdf'],
    ]);
    for (const row of rows) {
      expect(row.key).toMatch(/^private\/vendor-documents\/[0-9a-f]{2}\/[0-9a-f]{32}\.pdf$/);
      expect(row.url).toBe(`/api/vendor-documents/${row.id}`);
      const stored = await storage.get(row.key);
      expect(stored).not.toBeNull();
      const bytes = await buffer(stored!.body);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(rows.map((row) => Number(row.ownerId))).not.toContain(pending);
    expect(rows.map((row) => Number(row.ownerId))).not.toContain(stranger);

    expect(await seedDemoVendorDocuments({ db: database.db, storage, now })).toEqual({ w9s: 0 });
  });
});
