/**
 * Opens the database: embedded PGlite under `dataDir` by default, or PostgreSQL through
 * node-postgres when a connection string is given (DESIGN §1.3: one dialect, two drivers).
 * The PGlite directory is locked so that a second process cannot open it and corrupt it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import lockfile from 'proper-lockfile';
import pg from 'pg';
import { logger } from '../logger.server';
import { databaseUserOf, grantApplicationRole } from './roles.server';
import * as schema from './schema';
import { projectRoot } from '../project-root.server';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies every pending migration from `app/server/db/migrations`; with an `ownerUrl`, as the
   * owner role, then grants the application role its privileges (decision 055).
   */
  migrate(): Promise<void>;
  /**
   * Answers true when the database responds to a trivial query, false when it fails or takes
   * longer than `timeoutMs` (default 2 s; decision 023: /readyz must not hang on a silent database).
   */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * Listens for NOTIFY on `channel` (realtime fan-out, DESIGN §2): PostgreSQL through one
   * dedicated connection that is re-opened with backoff when lost, after which `onReconnect`
   * runs (notifications sent meanwhile are gone: the caller catches up from its tables); PGlite
   * in process. Answers `stop()`.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
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

type QueryLogger = { logQuery: (sql: string, params: unknown[]) => void };

/** The SQL migrations and their journal (from the project root, so the compiled server entry finds them too). */
export const migrationsFolder = path.join(projectRoot(), 'app/server/db/migrations');

type OpenOptions = {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /**
   * PostgreSQL: the owner role's connection string (DATABASE_OWNER_URL, decision 055). `migrate`
   * then runs as the owner and grants `databaseUrl`'s user (the application role) exactly its
   * privileges (`grantApplicationRole`). Unset: `migrate` runs as `databaseUrl`'s user and grants
   * nothing. Ignored on PGlite.
   */
  ownerUrl?: string;
  /** PGlite data directory; `undefined` or `memory://` gives an in-memory database (tests). */
  dataDir?: string;
  /** Size of the node-postgres pool. */
  poolSize?: number;
  /** PostgreSQL: how long opening a connection may take (ms, default 5 s; decision 023). */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: the server-side `statement_timeout` of every pooled connection (ms; unset or 0:
   * none), with a client-side read timeout 5 s longer for a server that stops answering at all.
   * Migrations run on their own connection without it (decision 023).
   */
  statementTimeoutMs?: number;
  /** Called with every statement the ORM sends (tests that EXPLAIN what a service runs). */
  onQuery?: (sql: string, params: unknown[]) => void;
  /**
   * PGlite in memory only: start from this dump of a data directory (`dumpMigratedPglite`)
   * instead of an empty cluster (the tests' migrated template, decision 046).
   */
  pgliteDump?: Blob;
};

/**
 * Opens a database. Throws `DataDirLockedError` when another process holds the PGlite directory.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const queryLogger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  if (options.databaseUrl) return openPostgres(postgresPoolConfig(options.databaseUrl, options), queryLogger, options.ownerUrl);
  return openPglite(options.dataDir, queryLogger, options.pgliteDump);
}

/** The advisory lock key migrations hold on PostgreSQL (any constant no other code uses). */
const MIGRATION_LOCK_KEY = 0x64696d6f; // 'dimo'

/** Default of `connectTimeoutMs` (ms). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/** Default of `ping`'s timeout (ms). */
export const DEFAULT_PING_TIMEOUT_MS = 2_000;
/** How much longer than `statement_timeout` the client waits for an answer before giving up (ms). */
const CLIENT_READ_GRACE_MS = 5_000;

/**
 * The node-postgres pool settings for `url` (decision 023): pool size, connect timeout, and — when
 * `statementTimeoutMs` is positive — the server's `statement_timeout` plus a client-side
 * `query_timeout` (a timed-out client is discarded by the pool, never reused mid-answer).
 */
export function postgresPoolConfig(
  url: string,
  options: Pick<OpenOptions, 'poolSize' | 'connectTimeoutMs' | 'statementTimeoutMs'> = {},
): pg.PoolConfig {
  const statementTimeoutMs = options.statementTimeoutMs && options.statementTimeoutMs > 0 ? options.statementTimeoutMs : undefined;
  return {
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + CLIENT_READ_GRACE_MS } : {}),
  };
}

/** `promise`'s value, or `fallback` when it has not settled within `ms` (the timer never keeps the process alive). */
async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function openPostgres(config: pg.PoolConfig, queryLogger?: QueryLogger, ownerUrl?: string): Promise<Database> {
  const url = config.connectionString!;
  const applicationRole = ownerUrl ? databaseUserOf(url) : null;
  if (ownerUrl && !applicationRole)
    throw new Error('DATABASE_URL must name its user (the application role) when DATABASE_OWNER_URL is set.');
  const pool = new pg.Pool(config);
  // An idle connection closed by the server (restart, failover) must not crash the process; the
  // pool replaces it on the next query.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle PostgreSQL connection lost'));
  const db = drizzlePg(pool, { schema, logger: queryLogger }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    // A long migration (an index on a big table) may outlast statement_timeout: its own connection, without it.
    migrate: async () => {
      const migrationPool = new pg.Pool({
        ...config,
        ...(ownerUrl ? { connectionString: ownerUrl } : {}),
        max: 1,
        statement_timeout: undefined,
        query_timeout: undefined,
      });
      migrationPool.on('error', (error) => logger.warn({ err: error }, 'migration connection lost'));
      try {
        // Several instances of a new release may start at once: one migrates, the others wait
        // here (a session lock on the pool's one connection) and then find nothing to apply.
        await migrationPool.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(migrationPool), { migrationsFolder });
        if (applicationRole) {
          const client = await migrationPool.connect();
          try {
            await grantApplicationRole(client, applicationRole);
          } finally {
            client.release();
          }
        }
      } finally {
        await migrationPool.end();
      }
    },
    ping: (timeoutMs = DEFAULT_PING_TIMEOUT_MS) =>
      within(
        // node-postgres reads a per-query `query_timeout` (client.js), missing from its types.
        pool.query({ text: 'select 1', query_timeout: timeoutMs } as pg.QueryConfig).then(
          () => true,
          () => false,
        ),
        timeoutMs,
        false,
      ),
    listen: (channel, onNotify, onReconnect) => listenPostgres(url, channel, onNotify, onReconnect, config.connectionTimeoutMillis),
    close: () => pool.end(),
  };
}

/** How the LISTEN connection names itself in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'dimora-realtime';
/** Backoff between attempts to re-open a lost LISTEN connection: 0.5 s doubling to 15 s. */
const LISTEN_RETRY_MIN_MS = 500;
const LISTEN_RETRY_MAX_MS = 15_000;

async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
  connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let reconnecting = false;

  const lost = (which: pg.Client, error?: Error) => {
    if (stopped || which !== client || reconnecting) return;
    logger.warn({ err: error, channel }, 'realtime LISTEN connection lost');
    client = null;
    reconnecting = true;
    void which.end().catch(() => undefined);
    void reconnect().finally(() => {
      reconnecting = false;
    });
  };

  const open = async (): Promise<pg.Client> => {
    const next = new pg.Client({
      connectionString: url,
      application_name: LISTEN_APPLICATION_NAME,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
    });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      // The channel is our constant; quoted as an identifier all the same.
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      void next.end().catch(() => undefined);
      throw error;
    }
    return next;
  };

  const reconnect = async () => {
    let waitMs = LISTEN_RETRY_MIN_MS;
    while (!stopped) {
      await new Promise((resolve) => setTimeout(resolve, waitMs).unref());
      if (stopped) return;
      try {
        const next = await open();
        if (stopped) {
          await next.end().catch(() => undefined);
          return;
        }
        client = next;
        logger.info({ channel }, 'realtime LISTEN connection restored');
        onReconnect?.();
        return;
      } catch (error) {
        logger.warn({ err: error, channel }, 'realtime LISTEN reconnect failed');
        waitMs = Math.min(LISTEN_RETRY_MAX_MS, waitMs * 2);
      }
    }
  };

  client = await open();
  return async () => {
    stopped = true;
    const current = client;
    client = null;
    if (current) await current.end().catch(() => undefined);
  };
}

/**
 * Takes the embedded database's lock (`<dataDir>/pglite.lock`, the folder `<dataDir>/pglite`
 * created if missing), as the server does while it runs; backup and restore take it too.
 * Throws `DataDirLockedError` while another process holds it. Answers `release()`.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const dir = path.resolve(dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  try {
    // proper-lockfile keeps the lock fresh and treats it as stale when its holder died.
    return await lockfile.lock(dir, { lockfilePath: `${dir}.lock`, stale: 15_000, update: 5_000 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dir);
    throw error;
  }
}

/**
 * The extensions every embedded database is opened with: `pg_trgm` (migration 0008, the tenants
 * directory's search). Whoever opens a PGlite data directory of this app passes these.
 */
export const pgliteExtensions = { pg_trgm };

/**
 * Opens an in-memory embedded database, applies every migration and answers a dump of its data
 * directory (an uncompressed tar, ~40 MB). The test set-up makes it once per run and starts each
 * test's database from it (`OpenOptions.pgliteDump`, decision 046): loading a dump takes a third of
 * the time that applying the migrations does.
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = new PGlite({ extensions: pgliteExtensions });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPglite(dataDir: string | undefined, queryLogger?: QueryLogger, dump?: Blob): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (!dataDir || dataDir.startsWith('memory://')) {
    client = new PGlite({ extensions: pgliteExtensions, ...(dump ? { loadDataDir: dump } : {}) });
  } else {
    release = await lockDataDir(dataDir);
    client = new PGlite(path.resolve(dataDir, 'pglite'), { extensions: pgliteExtensions });
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema, logger: queryLogger }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: (timeoutMs = DEFAULT_PING_TIMEOUT_MS) =>
      within(
        client.query('select 1').then(
          () => true,
          () => false,
        ),
        timeoutMs,
        false,
      ),
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      await release?.();
    },
  };
}
