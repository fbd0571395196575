/**
 * Opens the database: embedded PGlite under `dataDir` by default, or PostgreSQL through
 * node-postgres when a connection string is given (DESIGN §1.3: one dialect, two drivers).
 * The PGlite directory is locked so that a second process cannot open it and corrupt it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import lockfile from 'proper-lockfile';
import pg from 'pg';
import { logger } from '../logger.server';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies every pending migration from `app/server/db/migrations`. */
  migrate(): Promise<void>;
  /** Answers true when the database responds to a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `The embedded database at ${dir} is in use by another process (is the server running?). ` +
        'Stop it first, or set DATABASE_URL to use PostgreSQL. (After a crash the lock expires by itself within 15 seconds.)',
    );
    this.name = 'DataDirLockedError';
  }
}

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

type OpenOptions = {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `undefined` or `memory://` gives an in-memory database (tests). */
  dataDir?: string;
  /** Size of the node-postgres pool. */
  poolSize?: number;
};

/**
 * Opens a database. Throws `DataDirLockedError` when another process holds the PGlite directory.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection closed by the server (restart, failover) must not crash the process; the
  // pool replaces it on the next query.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle PostgreSQL connection lost'));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (!dataDir || dataDir.startsWith('memory://')) {
    client = new PGlite();
  } else {
    const dir = path.resolve(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    try {
      // proper-lockfile keeps the lock fresh and treats it as stale when its holder died.
      release = await lockfile.lock(dir, { lockfilePath: `${dir}.lock`, stale: 15_000, update: 5_000 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dir);
      throw error;
    }
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      await release?.();
    },
  };
}
