import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from './client.server';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dimora-lock-'));

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the embedded database', () => {
  it('cannot be opened by a second process while the first holds it, and can after it closes', async () => {
    const first = await openDatabase({ dataDir: dir });
    await first.migrate();
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    expect(await first.ping()).toBe(true);
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    // The migrated schema persisted on disk.
    const tables = (await second.db.execute(
      "select count(*)::int as n from information_schema.tables where table_name = 'property'",
    )) as unknown as { rows: Array<{ n: number }> };
    expect(tables.rows[0]?.n).toBe(1);
    await second.close();
  });
});
