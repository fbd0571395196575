/**
 * `npm run seed -- [--units N] [--seed S] [--reset] [--demo-accounts]`: fills the database with
 * deterministic demo data (DESIGN §6). Refuses a database that already has properties unless
 * --reset is given. `--demo-accounts` also creates one sign-in per role with new random
 * passwords, printed once on stdout (alone on a seeded database, it keeps the data).
 * Exit codes: 0 done, 1 failed (database locked, not empty, …), 2 bad arguments, 130 interrupted.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { countDistinct } from 'drizzle-orm';
import { DataDirLockedError, openDatabase, type Database } from '../app/server/db/client.server';
import { property } from '../app/server/db/schema';
import { createDemoAccounts, type DemoAccount } from '../app/server/db/seed/demo-accounts.server';
import { seedDemoRepairPhotos } from '../app/server/db/seed/demo-repair-photos.server';
import { ensureDemoImages } from '../app/server/db/seed/images.server';
import { createStorage } from '../app/server/uploads/create-storage.server';
import { MAX_SEED_UNITS, SeedTargetNotEmptyError, isDatabaseEmpty, seedDatabase } from '../app/server/db/seed/seed.server';
import { env } from '../app/server/env.server';
import { seedDemoBankDebits } from '../app/features/ledger/demo-bank-debits.server';
import { seedDemoVendorDocuments } from '../app/features/vendors/demo-vendor-documents.server';
import { seedDemoOwners } from '../app/features/owners/demo-owners.server';

const USAGE = `Usage: npm run seed -- [--units N] [--seed S] [--reset] [--demo-accounts]

  --units N          number of demo units to create (default ${env.SEED_UNITS}, at most ${MAX_SEED_UNITS})
  --seed S           data seed; the same seed always gives the same data (default ${env.SEED})
  --reset            delete existing properties (and everything that references them) first
  --demo-accounts    also create (or reset) one sign-in per role — admin, property manager,
                     vendor, owner, tenant with a lease — with new random passwords, printed once.
                     Without --reset on a seeded database, only the accounts are made.
  --help             show this help`;

class Interrupted extends Error {}

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function parseInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^-?\d+$/.test(raw.trim())) fail(`--${name} must be an integer, got "${raw}"\n\n${USAGE}`, 2);
  return Number(raw);
}

/** A bounded description: Drizzle's query errors embed the whole multi-row INSERT and its values. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const clip = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}…` : text);
  const cause = error.cause instanceof Error ? `\n  caused by: ${clip(error.cause.message)}` : '';
  return `${clip(error.message)}${cause}`;
}

/** The demo accounts as a table on stdout: the only place their passwords ever appear. */
function printDemoAccounts(accounts: readonly DemoAccount[]): void {
  const rows = [['role', 'e-mail', 'password', 'has'], ...accounts.map((a) => [a.role, a.email, a.password, a.detail])];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  process.stdout.write(
    `\nDemo accounts (sign in at /auth; the passwords are shown only now, run again for new ones):\n\n` +
      `${[line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n')}\n\n`,
  );
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        units: { type: 'string' },
        seed: { type: 'string' },
        reset: { type: 'boolean', default: false },
        'demo-accounts': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`, 2);
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const units = parseInteger('units', parsed.values.units, env.SEED_UNITS);
  const seed = parseInteger('seed', parsed.values.seed, env.SEED);
  const reset = parsed.values.reset ?? false;
  const demoAccounts = parsed.values['demo-accounts'] ?? false;
  if (units < 0 || units > MAX_SEED_UNITS) fail(`--units must be between 0 and ${MAX_SEED_UNITS}, got ${units}`, 2);

  const started = performance.now();
  let database: Database;
  try {
    // Decision 055: seeding (its --reset empties tables with TRUNCATE) is the owner role's work.
    database = await openDatabase({ databaseUrl: env.DATABASE_OWNER_URL ?? env.DATABASE_URL, dataDir: env.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message, 1);
    throw error;
  }

  // Ctrl-C stops after the current transaction, so the database is closed cleanly.
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write('\nInterrupted: stopping after the current batch…\n');
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const interactive = Boolean(process.stderr.isTTY);
  const bar = interactive
    ? new cliProgress.SingleBar(
        {
          format: 'Seeding units [{bar}] {percentage}% | {value}/{total} | {duration_formatted} elapsed, ETA {eta_formatted}',
          stream: process.stderr,
          hideCursor: true,
          clearOnComplete: false,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;

  try {
    const where = env.DATABASE_URL
      ? `PostgreSQL (${env.DATABASE_OWNER_URL ? 'DATABASE_OWNER_URL' : 'DATABASE_URL'})`
      : `PGlite at ${path.join(env.dataDir, 'pglite')}`;
    process.stderr.write(`Database: ${where}\n`);
    await database.migrate();
    if (demoAccounts && !reset && !(await isDatabaseEmpty(database.db))) {
      process.stderr.write('The database already holds units: keeping them, making the demo accounts only.\n');
      printDemoAccounts(await createDemoAccounts({ db: database.db }));
      return;
    }

    const imagesStarted = performance.now();
    // Into the store /media serves: the bucket when S3_BUCKET is set (decision 057), else the folder.
    const storage = createStorage(env, env.uploadsDir);
    const pictures = await ensureDemoImages(storage);
    process.stderr.write(
      pictures.written > 0
        ? `Rendered ${pictures.written} demo pictures in ${formatSeconds(performance.now() - imagesStarted)}\n`
        : `Demo pictures already present (${pictures.files} files)\n`,
    );

    let lastPlainStep = -1;
    const unitsStarted = performance.now();
    const result = await seedDatabase({
      db: database.db,
      units,
      seed,
      storage,
      reset,
      onProgress: (done, total) => {
        if (bar) {
          if (done === 0) bar.start(total, 0);
          else bar.update(done);
        } else {
          // Plain lines for logs and CI: one every 10 %.
          const step = total === 0 ? 10 : Math.floor((done / total) * 10);
          if (step !== lastPlainStep) {
            lastPlainStep = step;
            process.stderr.write(`Seeding units: ${done}/${total} (${total === 0 ? 100 : Math.round((done / total) * 100)}%)\n`);
          }
        }
        if (interrupted && done < total) throw new Interrupted();
      },
    });
    bar?.stop();
    // Bank debits in the demo (decision 050) go through the ledger's own settlement, a feature's code.
    await seedDemoBankDebits({ db: database.db, publicUrl: env.publicUrl });
    // Repair photos are private files (decision 056), stored where uploads go (disk or bucket).
    const repairPhotos = await seedDemoRepairPhotos({ db: database.db, storage });
    process.stderr.write(`Repair photos: ${repairPhotos.requests} requests, ${repairPhotos.workOrders} work orders\n`);
    // Vendors' W-9s are private files too (the vendor payments report shows their status).
    const vendorDocuments = await seedDemoVendorDocuments({ db: database.db, storage });
    process.stderr.write(`Vendor W-9s: ${vendorDocuments.w9s}\n`);
    // Owners, management agreements and a year of settled months (decision 061).
    const owners = await seedDemoOwners({ db: database.db });
    process.stderr.write(
      `Owners: ${owners.owners} new, ${owners.buildings} buildings assigned, ${owners.settled} months settled, ${owners.statements} statements\n`,
    );

    const [states] = await database.db.select({ n: countDistinct(property.state) }).from(property);
    process.stdout.write(
      `Seeded ${result.properties.toLocaleString('en-US')} units across ${states?.n ?? 0} states ` +
        `(seed ${seed}${reset ? ', after reset' : ''}) in ${formatSeconds(performance.now() - unitsStarted)}; ` +
        `${result.images} demo pictures in ${env.s3 ? `the bucket ${env.s3.bucket}` : path.join(env.uploadsDir, 'demo')}. ` +
        `Total ${formatSeconds(performance.now() - started)}.\n`,
    );
    if (demoAccounts) printDemoAccounts(await createDemoAccounts({ db: database.db }));
  } catch (error) {
    bar?.stop();
    if (error instanceof Interrupted) {
      process.stderr.write('Seeding interrupted; the units inserted so far were kept. Run again with --reset.\n');
      process.exitCode = 130;
    } else if (error instanceof SeedTargetNotEmptyError) {
      process.stderr.write(
        `${error.message.replace('with reset', 'with --reset')}\n` +
          'Refusing to add demo units to an existing portfolio: run `npm run seed -- --reset` to replace it ' +
          '(this deletes every property and the applications, leases and requests that reference them).\n',
      );
      process.exitCode = 1;
    } else {
      process.stderr.write(`Seeding failed: ${describeError(error)}\n`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

await main();
