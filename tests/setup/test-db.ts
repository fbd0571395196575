/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped by `close`). Under
 * Vitest both start as a copy of the run's migrated template (tests/setup/template-db.global.ts,
 * decision 046).
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { openDatabase, type Database } from '~/server/db/client.server';
import type { Auth } from '~/server/auth/auth.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { logger } from '~/server/logger.server';
import type { Mailer } from '~/server/mail/mailer.server';
import { createUnscannedScanner, type MalwareScanner } from '~/server/uploads/malware-scan.server';
import { createLocalStorage, type UploadStorage } from '~/server/uploads/storage.server';
import { createAuthServices } from './auth-services';
import { standInFor } from './stand-in';
import { checkBooks } from '~/features/accounting/general-ledger.server';

/** `url`: the PostgreSQL connection string (absent on PGlite), for a second instance. */
export type TestDatabase = Database & { label: string; url?: string };

/**
 * `migrate: false` leaves the database empty (migration tests apply the files themselves);
 * `onQuery` sees every statement the ORM sends (query-plan tests).
 */
export async function createTestDatabase({
  migrate = true,
  onQuery,
}: { migrate?: boolean; onQuery?: (sql: string, params: unknown[]) => void } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dump = migrate ? await pgliteTemplate() : undefined;
    const database = await openDatabase({ onQuery, pgliteDump: dump });
    if (migrate && !dump) await database.migrate();
    return Object.assign(database, { label: 'pglite', close: checkedClose(database, migrate) });
  }
  const name = `dimora_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const template = migrate ? provided('postgresTemplate') : undefined;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4, onQuery });
  if (migrate && !template) await database.migrate();
  const close = checkedClose(database, migrate);
  return Object.assign(database, {
    label: 'postgres',
    url: url.toString(),
    close: async () => {
      await close();
      // pool.end() resolves before its sockets have closed; a forced drop would then kill them
      // mid-goodbye and surface as an unhandled error. Wait for them, force only as a last resort.
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      for (let attempt = 0; ; attempt += 1) {
        try {
          await cleanup.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 50 ? ' WITH (FORCE)' : ''}`);
          break;
        } catch (error) {
          if (attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await cleanup.end();
    },
  });
}

/**
 * `database.close`, preceded on a migrated database by the books' check (decision 058): whatever
 * money a test file moved, its journal balances, every lease's receivable equals its tenant
 * ledger's balance and the month totals equal the journal (decision 059), or closing throws (the
 * file fails). The database closes either way.
 */
function checkedClose(database: Database, migrated: boolean): () => Promise<void> {
  const close = database.close;
  return async () => {
    try {
      if (migrated) await assertBooksSound(database.db);
    } finally {
      await close();
    }
  };
}

type TestDatabaseOptions = Parameters<typeof createTestDatabase>[0];

/**
 * The test file's database as a fixture: registers a `beforeAll` that creates it (see
 * `createTestDatabase`, same options) and an `afterAll` that closes it, and answers a stand-in
 * that forwards to it, so a file declares `const database = useTestDatabase();` at its top level.
 * Reading the stand-in before `beforeAll` has run (at module load) throws.
 */
export function useTestDatabase(options?: TestDatabaseOptions): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const opened = (): TestDatabase => {
    if (!current) throw new Error('The test database opens in beforeAll: use it inside hooks and tests.');
    return current;
  };
  return standInFor(opened, { db: true, kind: true, label: true, url: true, migrate: true, ping: true, listen: true, close: true });
}

/**
 * Throws when the journal of `db` does not balance, or when a lease's accounts-receivable lines
 * differ from its tenant ledger's balance (decision 058), naming the leases concerned.
 */
export async function assertBooksSound(db: Database['db']): Promise<void> {
  const { imbalanceCents, mismatches, monthTotalMismatches } = await checkBooks(db);
  if (imbalanceCents !== 0 || mismatches.length > 0 || monthTotalMismatches > 0)
    throw new Error(
      `The books are not sound: debits − credits = ${imbalanceCents} cents; receivable ≠ ledger for ${JSON.stringify(mismatches)}; ` +
        `${monthTotalMismatches} month totals differ from the journal`,
    );
}

/** A value the global set-up provided, or undefined outside a Vitest run that has it. */
function provided(key: 'pgliteTemplate' | 'postgresTemplate'): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}

let templateDump: Promise<Blob> | undefined;

/** The run's migrated PGlite dump, read once per worker process (undefined without one). */
function pgliteTemplate(): Promise<Blob> | undefined {
  const file = provided('pgliteTemplate');
  if (!file) return undefined;
  templateDump ??= fs.promises.readFile(file).then((bytes) => new Blob([bytes]));
  return templateDump;
}

export const TEST_PUBLIC_URL = 'http://dimora.test';

const services = new WeakMap<Database, { auth: Auth; mailer: Mailer }>();

/**
 * A load context for calling route loaders and actions directly in tests. Mail goes to the dev
 * mailbox (the `mail_message` table) unless `smtpUrl` points at a test SMTP server. Uploads go
 * to `storage` when given (an S3 store over tests/setup/s3.ts), else to the local folder
 * `uploadsDir` (default: a folder of this test process under the system's temp folder).
 * Documents are not scanned unless `malwareScanner` is given (a clamd stand-in's scanner).
 */
export function testContext(
  database: Database,
  options: { clientIp?: string; smtpUrl?: string; uploadsDir?: string; storage?: UploadStorage; malwareScanner?: MalwareScanner } = {},
): DimoraLoadContext {
  let shared = services.get(database);
  if (!shared || options.smtpUrl) {
    shared = createAuthServices(database.db, { publicUrl: TEST_PUBLIC_URL, smtpUrl: options.smtpUrl });
    if (!options.smtpUrl) services.set(database, shared);
  }
  return {
    db: database.db,
    ...shared,
    logger,
    requestId: 'test-request',
    clientIp: options.clientIp ?? '127.0.0.1',
    cspNonce: 'test-nonce',
    publicUrl: TEST_PUBLIC_URL,
    storage: options.storage ?? createLocalStorage(options.uploadsDir ?? path.join(os.tmpdir(), `dimora-test-uploads-${process.pid}`)),
    malwareScanner: options.malwareScanner ?? createUnscannedScanner(),
  };
}

/** The suite runs on PostgreSQL (TEST_DATABASE_URL is set), not on PGlite. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Declares a race test ("two approvals at once: exactly one wins"): registered only when the suite
 * runs on PostgreSQL, where concurrent transactions really interleave and the test can fail. PGlite
 * runs one transaction at a time, so there the test would pass whatever the code does; it is not
 * registered at all (nothing is reported as skipped). `npm test` runs the suite on both databases
 * when TEST_DATABASE_URL is set, as CI does (`.ci/run`).
 */
export const raceTest: typeof it = onPostgres ? it : (Object.assign(() => undefined, it) as typeof it);

/**
 * Declares a group of race tests with their own set-up (a second connection pool): like
 * `raceTest`, registered only on PostgreSQL, so PGlite neither opens the pool nor reports an
 * empty suite.
 */
export const raceDescribe: typeof describe = onPostgres ? describe : (Object.assign(() => undefined, describe) as typeof describe);
