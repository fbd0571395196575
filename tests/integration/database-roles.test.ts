/**
 * Decision 055, the two PostgreSQL roles, through the path the server starts with
 * (`openDatabase({ databaseUrl: DATABASE_URL, ownerUrl: DATABASE_OWNER_URL })`, then `migrate`):
 * on a fresh database owned by a fresh owner role, with a fresh application role, the migrations
 * run as the owner and grant the application role its privileges; connected as the application
 * role, the app writes the audit log and does its normal work, but cannot UPDATE, DELETE or
 * TRUNCATE `audit_log` (not even after the `SET LOCAL dimora.audit_retention` that once opened
 * the trigger), nor alter, drop or disable it; the retention job deletes through
 * `audit_log_purge` only entries older than the retention.
 *
 * Then the real server entry (the compiled `build/entry/index.js`), started on an empty database with
 * DATABASE_URL = a fresh application role and DATABASE_OWNER_URL = the fresh owner of that
 * database: it migrates and seeds the demo data as the owner (the seed moves sequences, which the
 * application role may not), then serves pages with only the application role's connections open.
 * That part needs the production build (`npm run build`; built here when missing).
 *
 * The role tests need a PostgreSQL server on which TEST_DATABASE_URL may create roles; on PGlite
 * (one user) they are not registered. The environment checks run on both.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { pruneAuditLog } from '~/server/audit-retention.server';
import { recordAuditEvent } from '~/server/audit.server';
import { openDatabase, type Database } from '~/server/db/client.server';
import { KNOWN_MIGRATIONS, readMigrationStatus } from '~/server/db/migrations-info.server';
import { ApplicationRoleTooStrongError } from '~/server/db/roles.server';
import { auditLog, user } from '~/server/db/schema';
import { parseEnv } from '~/server/env.server';
import { onPostgres } from '../setup/test-db';
import { ensureProductionBuild } from '../setup/production-build';
import { SERVER_ENTRY } from '../../scripts/lib/server-entry.mjs';

const serverUrl = process.env.TEST_DATABASE_URL;
const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const OWNER = `dimora_owner_${suffix}`;
const APP = `dimora_app_${suffix}`;
const OTHER = `dimora_other_${suffix}`;
const DATABASE = `dimora_roles_${suffix}`;
const ORIGIN = { ip: '192.0.2.55', userAgent: 'roles-test' };

/** TEST_DATABASE_URL's server, as `role`, on database `name`. */
function urlOf(role: string, name = DATABASE): string {
  const url = new URL(serverUrl!);
  url.username = role;
  url.password = `${role}-password`;
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `statements` as superuser on TEST_DATABASE_URL's server (database `name`). */
async function asSuperuser(statements: string[], name?: string): Promise<void> {
  const url = new URL(serverUrl!);
  if (name) url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The error `run` fails with: its SQLSTATE and message (the driver's cause when wrapped), or null. */
async function failureOf(run: () => Promise<unknown>): Promise<{ code: string; message: string } | null> {
  try {
    await run();
    return null;
  } catch (error) {
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; message?: string };
    return { code: cause.code ?? '', message: cause.message ?? String(error) };
  }
}

const postgresDescribe: typeof describe = onPostgres ? describe : (Object.assign(() => undefined, describe) as typeof describe);

postgresDescribe('two database roles on PostgreSQL (decision 055)', () => {
  let app: Database;
  let owner: pg.Client;
  let appClient: pg.Client;

  beforeAll(async () => {
    await asSuperuser([
      `create role ${OWNER} login password '${OWNER}-password'`,
      `create role ${APP} login password '${APP}-password'`,
      `create role ${OTHER} login password '${OTHER}-password'`,
      `create database ${DATABASE} owner ${OWNER}`,
    ]);
    // As server/index.ts opens it: DATABASE_URL = the application role, DATABASE_OWNER_URL = the owner.
    app = await openDatabase({ databaseUrl: urlOf(APP), ownerUrl: urlOf(OWNER), poolSize: 2 });
    await app.migrate();
    owner = new pg.Client({ connectionString: urlOf(OWNER) });
    await owner.connect();
    appClient = new pg.Client({ connectionString: urlOf(APP) });
    await appClient.connect();
  });

  afterAll(async () => {
    await appClient?.end();
    await owner?.end();
    await app?.close();
    await asSuperuser([
      `drop database if exists ${DATABASE} with (force)`,
      `drop role if exists ${APP}`,
      `drop role if exists ${OTHER}`,
      `drop role if exists ${OWNER}`,
    ]);
  });

  it('the owner owns every table; the application role owns none and is no member of the owner', async () => {
    const { rows } = await owner.query<{ owner: string; tables: number }>(
      `select tableowner as owner, count(*)::int as tables from pg_tables where schemaname in ('public', 'drizzle') group by tableowner`,
    );
    expect(rows).toEqual([{ owner: OWNER, tables: expect.any(Number) }]);
    expect(rows[0]!.tables).toBeGreaterThan(40);
    const member = await owner.query(`select pg_has_role($1, $2, 'MEMBER') as member`, [APP, OWNER]);
    expect(member.rows[0]).toEqual({ member: false });
  });

  it('as the application role: SET LOCAL dimora.audit_retention then DELETE is refused with permission denied', async () => {
    await recordAuditEvent({ db: app.db, userId: null, action: 'sign_out', origin: ORIGIN, tableName: 'security_events' });
    await appClient.query('begin');
    await appClient.query(`set local dimora.audit_retention = 'on'`);
    const failure = await failureOf(() => appClient.query('delete from audit_log'));
    await appClient.query('rollback');
    expect(failure).toEqual({ code: '42501', message: 'permission denied for table audit_log' });
    expect((await owner.query('select count(*)::int as n from audit_log')).rows[0]).toEqual({ n: 1 });
  });

  it('as the application role: INSERT and SELECT work; UPDATE, DELETE, TRUNCATE, ALTER, DROP and setval are refused', async () => {
    const inserted = await appClient.query<{ id: string }>(
      `insert into audit_log (action, table_name, new_values) values ('sign_out', 'security_events', '{}') returning id`,
    );
    expect(inserted.rowCount).toBe(1);
    const id = inserted.rows[0]!.id;
    expect((await appClient.query('select action from audit_log where id = $1', [id])).rows).toEqual([{ action: 'sign_out' }]);

    const refused = async (statement: string) => failureOf(() => appClient.query(statement));
    for (const statement of [
      `update audit_log set action = 'x' where id = ${id}`,
      `delete from audit_log where id = ${id}`,
      'truncate audit_log',
    ])
      expect(await refused(statement)).toEqual({ code: '42501', message: 'permission denied for table audit_log' });
    for (const statement of [
      'alter table audit_log disable trigger audit_log_no_update_delete',
      'drop trigger audit_log_no_update_delete on audit_log',
      'drop table audit_log',
    ])
      expect(await refused(statement)).toEqual({
        code: '42501',
        message: expect.stringMatching(/^must be owner of (table|relation) audit_log$/),
      });
    expect(await refused(`select setval('audit_log_id_seq', 1)`)).toEqual({
      code: '42501',
      message: 'permission denied for sequence audit_log_id_seq',
    });
    expect(await refused('create table mine (id int)')).toMatchObject({ code: '42501' });
    expect((await owner.query('select action from audit_log where id = $1', [id])).rows).toEqual([{ action: 'sign_out' }]);
  });

  it('as the application role: the journal takes entries, but no UPDATE, DELETE or TRUNCATE, nor gl_reset_books (decision 058)', async () => {
    const accounts = await appClient.query<{ id: number }>(
      `select id from gl_account where system_key in ('trust_cash', 'other_income') order by number`,
    );
    await appClient.query('begin');
    const entry = await appClient.query<{ id: string }>(
      `insert into journal_entry (entry_date, source, memo) values ('2026-11-02', 'manual', 'roles') returning id`,
    );
    const entryId = entry.rows[0]!.id;
    await appClient.query(
      `insert into journal_line (entry_id, entry_date, account_id, debit_cents, credit_cents) values ($1, '2026-11-02', $2, 700, 0), ($1, '2026-11-02', $3, 0, 700)`,
      [entryId, accounts.rows[0]!.id, accounts.rows[1]!.id],
    );
    await appClient.query('commit');
    const refused = async (statement: string) => failureOf(() => appClient.query(statement));
    for (const table of ['journal_line', 'journal_entry'])
      for (const statement of [`update ${table} set entry_date = '2026-11-03'`, `delete from ${table}`, `truncate ${table} cascade`])
        expect(await refused(statement)).toEqual({ code: '42501', message: `permission denied for table ${table}` });
    expect(await refused('select gl_reset_books()')).toEqual({ code: '42501', message: 'permission denied for function gl_reset_books' });
    expect((await owner.query('select count(*)::int as n from journal_line where entry_id = $1', [entryId])).rows[0]).toEqual({ n: 2 });
  });

  it('as the owner: the trigger still refuses a DELETE, flag or not (only audit_log_purge deletes)', async () => {
    await owner.query('begin');
    await owner.query(`set local dimora.audit_retention = 'on'`);
    const failure = await failureOf(() => owner.query('delete from audit_log'));
    await owner.query('rollback');
    expect(failure?.code).toBe('42501');
    expect(failure?.message).toMatch(/^audit_log is append-only: DELETE is not allowed/);
  });

  it('the retention job, as the application role, deletes only entries older than the retention and records itself', async () => {
    for (const days of [500, 401, 399, 10]) {
      await app.db.insert(auditLog).values({
        action: 'sign_out',
        tableName: 'retention_probe',
        newValues: { days },
        createdAt: sql`now() - make_interval(days => ${days})`,
      });
    }
    const { deleted } = await pruneAuditLog({ db: app.db, retentionDays: 400 });
    expect(deleted).toBe(2);
    const left = await app.db.select({ newValues: auditLog.newValues }).from(auditLog).where(eq(auditLog.tableName, 'retention_probe'));
    expect(left.map((row) => row.newValues.days).sort()).toEqual([10, 399]);
    const [run] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'audit_retention_run'));
    expect(run?.newValues).toMatchObject({ deleted: 2, retention_days: 400 });
    // The function refuses a retention under the minimum, whoever calls it.
    expect(await failureOf(() => appClient.query('select * from audit_log_purge(29)'))).toEqual({
      code: '22023',
      message: 'audit_log_purge: retention_days must be at least 30, got 29',
    });
    // Granted to the application role only, not to every role of the server.
    const execute = await owner.query(
      `select has_function_privilege($1, 'public.audit_log_purge(integer)', 'EXECUTE') as app,
       has_function_privilege($2, 'public.audit_log_purge(integer)', 'EXECUTE') as other`,
      [APP, OTHER],
    );
    expect(execute.rows[0]).toEqual({ app: true, other: false });
  });

  it('the application role does its normal work: creates, changes and deletes rows, reads the applied migrations', async () => {
    const created = await createVerifiedUser(app.db, { email: 'someone@roles.test', password: 'sturdy-audit-pass-9', role: 'tenant' });
    await app.db.update(user).set({ name: 'Renamed' }).where(eq(user.id, created.id));
    expect((await app.db.select({ name: user.name }).from(user).where(eq(user.id, created.id)))[0]).toEqual({ name: 'Renamed' });
    await app.db.delete(user).where(eq(user.id, created.id));
    expect(await app.db.select().from(user).where(eq(user.id, created.id))).toEqual([]);
    const status = await readMigrationStatus(app.db);
    expect(status.pending).toEqual([]);
    expect(status.applied.map((migration) => migration.tag)).toEqual(KNOWN_MIGRATIONS.map((migration) => migration.tag));
  });

  it('migrating again is idempotent, and takes back a privilege granted by hand', async () => {
    await owner.query(`grant truncate, delete on audit_log to ${APP}`);
    await app.migrate();
    const privileges = await owner.query(
      `select privilege_type from information_schema.role_table_grants where grantee = $1 and table_name = 'audit_log' order by 1`,
      [APP],
    );
    expect(privileges.rows.map((row: { privilege_type: string }) => row.privilege_type)).toEqual(['INSERT', 'SELECT']);
  });

  it('refuses to start when the application role could still rewrite the audit log (a member of the owner)', async () => {
    await asSuperuser([`grant ${OWNER} to ${APP}`]);
    try {
      await expect(app.migrate()).rejects.toThrow(ApplicationRoleTooStrongError);
    } finally {
      await asSuperuser([`revoke ${OWNER} from ${APP}`]);
    }
    await app.migrate();
  });
});

const root = path.resolve(import.meta.dirname, '../..');
const SERVER_OWNER = `dimora_srv_owner_${suffix}`;
const SERVER_APP = `dimora_srv_app_${suffix}`;
const SERVER_DATABASE = `dimora_srv_roles_${suffix}`;
const SEED_UNITS = 12;
/** Building, then starting the server (tsx compiling it) on a busy machine can take minutes. */
const START_TIMEOUT_MS = 360_000;

/** TEST_DATABASE_URL's server as `role` (no role: as given) on database `name` (default: as given). */
function serverUrlOf(role?: string, name?: string): string {
  const url = new URL(serverUrl!);
  if (role) {
    url.username = role;
    url.password = `${role}-password`;
  }
  if (name) url.pathname = `/${name}`;
  return url.toString();
}

async function queryAs<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function get(port: number, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: target, agent: false, timeout: 30_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

postgresDescribe('the server started with DATABASE_OWNER_URL (decision 055)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dimora-roles-server-'));
  let child: ChildProcessByStdio<null, Readable, Readable> | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);
  let output = '';
  let port = 0;

  /** Polls `check` every 200 ms until it answers something other than undefined, or fails after `timeoutMs`. */
  async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      const value = await check();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; server output:\n${output.slice(-4_000)}`);
      if (child?.exitCode !== null && child?.exitCode !== undefined)
        throw new Error(`the server exited (${child.exitCode}) before ${what}:\n${output.slice(-4_000)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  beforeAll(async () => {
    await ensureProductionBuild(root);
    for (const statement of [
      `create role ${SERVER_OWNER} login password '${SERVER_OWNER}-password'`,
      `create role ${SERVER_APP} login password '${SERVER_APP}-password'`,
      `create database ${SERVER_DATABASE} owner ${SERVER_OWNER}`,
    ])
      await queryAs(serverUrlOf(), statement);

    const inherited = { ...process.env };
    for (const name of [
      'DATABASE_URL',
      'DATABASE_OWNER_URL',
      'TEST_DATABASE_URL',
      'SMTP_URL',
      'PUBLIC_URL',
      'STRIPE_SECRET_KEY',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
    ])
      delete inherited[name];
    child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: root,
      env: {
        ...inherited,
        DATABASE_URL: serverUrlOf(SERVER_APP, SERVER_DATABASE),
        DATABASE_OWNER_URL: serverUrlOf(SERVER_OWNER, SERVER_DATABASE),
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: '0',
        WEB_CONCURRENCY: '1',
        SEED_ON_START: 'true',
        SEED_UNITS: String(SEED_UNITS),
        SHUTDOWN_DRAIN_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => child!.on('exit', (code) => resolve(code)));
    port = await waitFor('the listening log line', () => {
      const match = /Dimora is listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      return match ? Number(match[1]) : undefined;
    });
    await waitFor('/readyz', async () => ((await get(port, '/readyz').catch(() => 0)) === 200 ? true : undefined));
  }, 2 * START_TIMEOUT_MS);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    await queryAs(serverUrlOf(), `drop database if exists ${SERVER_DATABASE} with (force)`);
    await queryAs(serverUrlOf(), `drop role if exists ${SERVER_APP}`);
    await queryAs(serverUrlOf(), `drop role if exists ${SERVER_OWNER}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrated and seeded as the owner, serves as the application role, which cannot delete audit entries', async () => {
    // First, before this test opens any: the owner's connections (migrations, seed) are closed, only
    // the application role's remain.
    const sessions = await queryAs<{ role: string }>(
      serverUrlOf(),
      `select distinct usename as role from pg_stat_activity where datname = $1 and usename is not null`,
      [SERVER_DATABASE],
    );
    expect(sessions).toEqual([{ role: SERVER_APP }]);
    const owner = serverUrlOf(SERVER_OWNER, SERVER_DATABASE);
    const owners = await queryAs<{ owner: string }>(
      owner,
      `select distinct tableowner as owner from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    expect(owners).toEqual([{ owner: SERVER_OWNER }]);
    expect(await queryAs(owner, 'select count(*)::int as units from property')).toEqual([{ units: SEED_UNITS }]);
    expect(await get(port, '/properties')).toBe(200);
    const rights = await queryAs(
      owner,
      `select has_table_privilege($1, 'audit_log', 'DELETE') as can_delete, has_table_privilege($1, 'audit_log', 'INSERT') as can_insert`,
      [SERVER_APP],
    );
    expect(rights).toEqual([{ can_delete: false, can_insert: true }]);

    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('DATABASE_OWNER_URL (decision 055)', () => {
  const app = 'postgresql://dimora_app@127.0.0.1:5432/dimora';
  const owner = 'postgresql://dimora_owner@127.0.0.1:5432/dimora';

  it('is optional, and taken with DATABASE_URL when they name two users', () => {
    expect(parseEnv({ DATABASE_URL: app }).DATABASE_OWNER_URL).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: app, DATABASE_OWNER_URL: owner }).DATABASE_OWNER_URL).toBe(owner);
  });

  it('is refused without DATABASE_URL, with the same user, or without a user', () => {
    expect(() => parseEnv({ DATABASE_OWNER_URL: owner })).toThrow(/DATABASE_OWNER_URL: needs DATABASE_URL/);
    expect(() => parseEnv({ DATABASE_URL: owner, DATABASE_OWNER_URL: owner })).toThrow(
      /DATABASE_OWNER_URL: names the same user as DATABASE_URL/,
    );
    expect(() => parseEnv({ DATABASE_URL: 'postgresql://127.0.0.1/dimora', DATABASE_OWNER_URL: owner })).toThrow(
      /needs a postgresql:\/\/ DATABASE_URL with the application role as its user/,
    );
  });

  it('AUDIT_RETENTION_DAYS below the minimum the database function accepts is refused', () => {
    expect(() => parseEnv({ AUDIT_RETENTION_DAYS: '29' })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(parseEnv({ AUDIT_RETENTION_DAYS: '30' }).AUDIT_RETENTION_DAYS).toBe(30);
  });
});
