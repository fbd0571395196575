/**
 * `npm run bench` (operations part; decision 019): on the 75,000-unit scratch
 * database (PGlite, and PostgreSQL when DATABASE_URL is set), signed in as an admin, measures
 * /admin/database (rows of every table, migrations, outbox) and /admin/system as SSR pages and
 * data requests, and /contact (which reads the settings) under concurrent load; then times a
 * "Download a backup" of the live database and a restore of that archive into a fresh place,
 * with the archive's size. Targets: pages p95 ≤ 50 ms. Not a test: it prints figures, never fails on them.
 *
 * Options: --duration S (default 5), --connections N (default 4), --units N (default 75000), --fresh.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { restoreBackup } from '../../app/server/backup/restore.server';
import { ensureBenchAdmin, load, loadArgs, prepare, signInBenchAdmin, scratch, startServer, stopServer, type Stats } from './lib';

const { duration, connections, units, fresh } = loadArgs();

/** Downloads a backup through the page's button; answers the file, its size and the time taken. */
async function timeDownload(base: string, cookie: string, file: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`${base}/admin/database/backup`, { method: 'POST', headers: { cookie }, redirect: 'manual' });
  if (response.status !== 200 || !response.body) throw new Error(`backup download answered ${response.status}`);
  await pipeline(Readable.fromWeb(response.body as never), fs.createWriteStream(file));
  return { ms: performance.now() - started, bytes: fs.statSync(file).size };
}

/** A fresh, empty PostgreSQL database next to DATABASE_URL for the restore. */
async function freshPostgres(): Promise<string> {
  const base = new URL(process.env.DATABASE_URL!);
  const name = `dimora_bench_restore_${process.pid}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  base.pathname = `/${name}`;
  return base.toString();
}

async function dropPostgres(url: string) {
  const name = new URL(url).pathname.slice(1);
  const base = new URL(url);
  base.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

async function main() {
  const kinds: Array<'pglite' | 'postgres'> = ['pglite', ...(process.env.DATABASE_URL ? (['postgres'] as const) : [])];
  const rows: Array<{ kind: string; target: string; stats: Stats }> = [];
  const backups: Array<{ kind: string; downloadMs: number; bytes: number; restoreMs: number }> = [];
  // One port for every server (they run one after another): PORT, else 3400.
  const port = Number(process.env.PORT ?? 3400);
  for (const kind of kinds) {
    console.log(`\n${kind}, ${units.toLocaleString('en-US')} units`);
    const env = await prepare(kind, units, { fresh });
    await ensureBenchAdmin(env);
    const server = await startServer(env, port);
    const base = `http://127.0.0.1:${port}`;
    const work = path.join(scratch, `ops-${kind}`);
    fs.rmSync(work, { recursive: true, force: true });
    fs.mkdirSync(work, { recursive: true });
    try {
      const cookie = await signInBenchAdmin(base);
      const headers = { cookie };
      for (const [target, urlPath] of [
        ['/admin/database', '/admin/database'],
        ['/admin/system', '/admin/system'],
        ['/contact', '/contact'],
        // For comparison: the diagnostics page, which counts a few tables too.
        ['/admin-debug', '/admin-debug'],
      ] as const) {
        for (const [kindOf, suffix] of [
          ['SSR', urlPath],
          ['data', `${urlPath}.data`],
        ] as const) {
          const stats = await load(`${base}${suffix}`, { connections, duration, headers });
          rows.push({ kind, target: `${target} · ${kindOf}`, stats });
          console.log(
            `  ${`${target} · ${kindOf}`.padEnd(28)} p50 ${stats.p50} ms  p95 ${stats.p95} ms  p99 ${stats.p99} ms  ${stats.rps.toFixed(0)} req/s  (${stats.errors} errors)`,
          );
        }
      }
      const archive = path.join(work, 'backup.tar');
      const download = await timeDownload(base, cookie, archive);
      const target =
        kind === 'postgres' ? ({ kind, url: await freshPostgres() } as const) : ({ kind, dataDir: path.join(work, 'restored') } as const);
      const started = performance.now();
      await restoreBackup({ archive, target, uploadsDir: path.join(work, 'restored-uploads') });
      const restoreMs = performance.now() - started;
      if (target.kind === 'postgres') await dropPostgres(target.url);
      backups.push({ kind, downloadMs: download.ms, bytes: download.bytes, restoreMs });
      console.log(
        `  backup download ${(download.ms / 1000).toFixed(1)} s (${(download.bytes / 1024 / 1024).toFixed(1)} MB), restore ${(restoreMs / 1000).toFixed(1)} s`,
      );
    } finally {
      await stopServer(server);
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  console.log(
    `\nOperations pages at ${units.toLocaleString('en-US')} units (${connections} connections, ${duration} s each; target p95 ≤ 50 ms)`,
  );
  console.log('| database | request | p50 ms | p95 ms | p99 ms | req/s |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const row of rows)
    console.log(`| ${row.kind} | ${row.target} | ${row.stats.p50} | ${row.stats.p95} | ${row.stats.p99} | ${row.stats.rps.toFixed(0)} |`);
  console.log('\nBackups of the live database (download through /admin/database) and their restore into a fresh place:');
  for (const row of backups) {
    console.log(
      `  ${row.kind}: download ${(row.downloadMs / 1000).toFixed(1)} s, ${(row.bytes / 1024 / 1024).toFixed(1)} MB; restore ${(row.restoreMs / 1000).toFixed(1)} s`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
