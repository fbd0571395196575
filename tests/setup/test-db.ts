/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped by `close`).
 */
import pg from 'pg';
import { openDatabase, type Database } from '~/server/db/client.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { logger } from '~/server/logger.server';

export type TestDatabase = Database & { label: string };

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await database.migrate();
    return Object.assign(database, { label: 'pglite' });
  }
  const name = `dimora_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  await database.migrate();
  const close = database.close;
  return Object.assign(database, {
    label: 'postgres',
    close: async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  });
}

/** A load context for calling route loaders and actions directly in tests. */
export function testContext(database: Database): DimoraLoadContext {
  return { db: database.db, logger, requestId: 'test-request', clientIp: '127.0.0.1' };
}
