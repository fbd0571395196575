/**
 * Dimora's server entry: opens the database (PGlite under DATA_DIR, or PostgreSQL with
 * DATABASE_URL), applies migrations, seeds demo data into an empty database, serves on
 * HOST:PORT, and shuts down gracefully on SIGTERM/SIGINT (closing PGlite cleanly).
 * `--dev` attaches Vite's dev server with hot reload.
 *
 * All cores (decision 032): with `WEB_CONCURRENCY` > 1 (PostgreSQL only) this
 * process is the cluster's primary — it does the one-time work above, then forks the workers
 * (server/cluster.ts), each of which runs this file again and serves; worker slot 0 also runs the
 * job runner. With one worker (PGlite, `--dev`, or WEB_CONCURRENCY=1) one process does it all.
 *
 * Production runs this file compiled (`npm run build` writes build/entry/index.js, run by plain
 * `node`; decision 053); `npm run dev` and the tests run it from source under tsx.
 */
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { createAuth, resolveAuthSecret } from '../app/server/auth/auth.server';
import { createVerifiedUser, hasAdmin } from '../app/server/auth/create-user.server';
import { sessionBoundsFromEnv } from '../app/server/auth/session-bounds.server';
import { DataDirLockedError, openDatabase, type Database } from '../app/server/db/client.server';
import { seedDemoRepairPhotos } from '../app/server/db/seed/demo-repair-photos.server';
import { isDatabaseEmpty, seedDatabase } from '../app/server/db/seed/seed.server';
import { env } from '../app/server/env.server';
import { logger } from '../app/server/logger.server';
import { createMailer } from '../app/server/mail/mailer.server';
import { startOutboxWorker } from '../app/server/outbox/outbox.server';
import { checkoutOrigins, getPaymentProvider } from '../app/server/payments/payments.server';
import { createRealtimeHub } from '../app/server/realtime/hub.server';
import { createStorage } from '../app/server/uploads/create-storage.server';
import { APP_VERSION } from '../app/server/app-info.server';
import { projectRoot } from '../app/server/project-root.server';
import { monitoringConfigOf, syncServerMonitoring, flushServerMonitoring } from '../app/server/monitoring/monitoring.server';
import { currentSettings, onSettingsChange, watchSettings } from '../app/server/settings/settings.server';
import { reconcilePendingPayments } from '../app/features/booking/application-payments.server';
import { seedDemoBankDebits } from '../app/features/ledger/demo-bank-debits.server';
import { seedDemoVendorDocuments } from '../app/features/vendors/demo-vendor-documents.server';
import { seedDemoOwners } from '../app/features/owners/demo-owners.server';
import { reconcileCheckouts } from '../app/features/ledger/lease-checkout.server';
import { reconcileLeasePayments } from '../app/features/ledger/settlement.server';
import { movePublicMaintenancePhotos } from '../app/features/work-orders/private-photo-move.server';
import { createConfiguredScanner } from '../app/server/uploads/malware-scan.server';
import { createApp, hardenHttpServer } from './app';
import { startCluster } from './cluster';
import { startHealthPort, startHeartbeat } from './health-port';
import { createReadiness, drainServer } from './shutdown';
import { jobHandlers, jobSchedules } from './jobs';

// From the project root: this file also runs compiled, from build/entry (decision 053).
const root = projectRoot();
const buildFile = path.join(root, 'build/server/index.js');

async function main() {
  const dev = process.argv.includes('--dev');
  if (cluster.isPrimary) {
    if (env.webConcurrencyRefused) {
      logger.warn(
        { WEB_CONCURRENCY: env.WEB_CONCURRENCY },
        'WEB_CONCURRENCY > 1 refused: the embedded database (PGlite) is owned by one process; running 1 worker. Set DATABASE_URL (PostgreSQL) to use every core.',
      );
    }
    // Decision 052: said once, by the primary, so an operator notices a machine without clamd.
    if (env.CLAMD_URL) logger.info({ clamd: env.CLAMD_URL }, 'uploaded documents are scanned for malware by clamd');
    else logger.warn('CLAMD_URL is not set: uploaded documents (PDFs) are stored without a malware scan');
    if (dev && env.webConcurrency > 1)
      logger.warn({ WEB_CONCURRENCY: env.webConcurrency }, 'the development server (--dev) runs one process; WEB_CONCURRENCY is ignored');
  }
  const workers = dev ? 1 : env.webConcurrency;
  // Checked before anything starts, so a cluster never restarts workers that cannot serve.
  if (!dev && !fs.existsSync(buildFile)) throw new Error('No build found: run `npm run build` (npm start does it for you).');
  const database = await open();
  if (cluster.isPrimary) await prepare(database);
  if (cluster.isPrimary && workers > 1) {
    // The workers open their own pools; the primary only supervises them.
    await database.close();
    if (env.HEALTH_PORT) await startHealthPort({ host: env.HOST, port: env.HEALTH_PORT, workers });
    startCluster({ count: workers, exec: import.meta.filename, args: process.argv.slice(2), logger, drainMs: env.SHUTDOWN_DRAIN_MS });
    return;
  }
  // Decision 053: the primary answers the health port from heartbeats; one process answers it itself.
  if (cluster.isWorker) startHeartbeat(env.DIMORA_WORKER_SLOT ?? 0);
  else if (env.HEALTH_PORT) await startHealthPort({ host: env.HOST, port: env.HEALTH_PORT, workers: 0 });
  // One process, or one worker of the cluster: only slot 0 runs the job runner (decision 032).
  await serve(database, { dev, jobRunner: cluster.isPrimary || env.DIMORA_WORKER_SLOT === 0 });
}

/**
 * Opens DATABASE_URL (migrating as DATABASE_OWNER_URL when set, decision 055) or PGlite under
 * DATA_DIR; exits 1 when another process holds PGlite.
 */
async function open(): Promise<Database> {
  try {
    return await openDatabase({
      databaseUrl: env.DATABASE_URL,
      // Decision 055: migrations (and the grants to DATABASE_URL's role) run as the owner role.
      ownerUrl: env.DATABASE_OWNER_URL,
      dataDir: env.dataDir,
      connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The one-time work, done once by the single process or the cluster's primary before any worker
 * starts: migrations, demo seed of an empty database, the first admin, the generated auth secret.
 */
async function prepare(database: Database): Promise<void> {
  await database.migrate();
  logger.info({ database: database.kind }, 'migrations applied');
  // Decision 056: photos of requests and work orders stored publicly by an older build go private.
  const photos = await movePublicMaintenancePhotos({ db: database.db, storage: createStorage(env, env.uploadsDir) });
  if (photos.moved > 0) logger.info(photos, 'maintenance and work-order photos moved to private storage');

  if (env.SEED_ON_START && (await isDatabaseEmpty(database.db))) {
    // Decision 055: the demo seed moves sequences (setval) and refreshes statistics, which only
    // the owner role may do; the application role has no UPDATE on sequences.
    const seeding = env.DATABASE_OWNER_URL
      ? await openDatabase({ databaseUrl: env.DATABASE_OWNER_URL, poolSize: 2, connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS })
      : database;
    try {
      const started = Date.now();
      logger.info({ units: env.SEED_UNITS }, 'empty database: seeding demo data');
      // Where uploads go (disk or bucket): the demo pictures and the private repair photos.
      const storage = createStorage(env, env.uploadsDir);
      const result = await seedDatabase({ db: seeding.db, units: env.SEED_UNITS, seed: env.SEED, storage });
      // Bank debits in the demo (decision 050) go through the ledger's own settlement, a feature's code.
      const bankDebits = await seedDemoBankDebits({ db: seeding.db, publicUrl: env.publicUrl });
      // Repair photos are private files (decision 056).
      const repairPhotos = await seedDemoRepairPhotos({ db: seeding.db, storage });
      // Vendors' W-9s: private files too (the vendor payments report shows their status).
      const vendorDocuments = await seedDemoVendorDocuments({ db: seeding.db, storage });
      // Owners, management agreements and a year of settled months (decision 061).
      const owners = await seedDemoOwners({ db: seeding.db });
      logger.info({ ...result, bankDebits, repairPhotos, vendorDocuments, owners, ms: Date.now() - started }, 'demo data seeded');
    } finally {
      if (seeding !== database) await seeding.close();
    }
  }

  // The first admin comes from ADMIN_EMAIL + ADMIN_PASSWORD, only while no admin exists.
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD && !(await hasAdmin(database.db))) {
    const created = await createVerifiedUser(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, role: 'admin' });
    logger.info({ email: created.email }, 'first admin created from ADMIN_EMAIL');
  }
  // Generated (when AUTH_SECRET is unset) before the workers read it.
  await resolveAuthSecret(database.db, env.AUTH_SECRET);
}

/**
 * Serves HTTP on HOST:PORT (a cluster worker shares the primary's port) until SIGTERM/SIGINT.
 * `jobRunner`: this process also runs the job runner and the payment reconciler.
 */
async function serve(database: Database, { dev, jobRunner }: { dev: boolean; jobRunner: boolean }) {
  // Settings of /admin/system: reloaded when any instance changes them; error monitoring follows
  // the stored DSN (decision 019). Loaded once before serving, so the first response has them.
  onSettingsChange(
    (settings) => void syncServerMonitoring(monitoringConfigOf(settings), { release: APP_VERSION, environment: env.NODE_ENV }),
  );
  const stopSettings = await watchSettings({ database, logger });
  await currentSettings(database.db);

  // MAIL_TRANSPORT=mailbox keeps mail in the dev mailbox even with SMTP_URL set (decision 023).
  const mailer = createMailer({
    db: database.db,
    logger,
    from: env.MAIL_FROM,
    smtpUrl: env.mailTransport === 'smtp' ? env.SMTP_URL : undefined,
  });
  const auth = createAuth({
    db: database.db,
    mailer,
    logger,
    secret: await resolveAuthSecret(database.db, env.AUTH_SECRET),
    publicUrl: env.publicUrl,
    secureCookies: env.secureTransport,
    sessionBounds: sessionBoundsFromEnv(env),
  });
  const hub = await createRealtimeHub({ database, logger });
  // Flips to draining on SIGTERM/SIGINT: /readyz answers 503 from that moment (decision 023).
  const readiness = createReadiness();
  const shared = {
    database,
    auth,
    mailer,
    hub,
    publicUrl: env.publicUrl,
    secureTransport: env.secureTransport,
    trustProxy: env.TRUST_PROXY,
    imageSources: env.mapTileSources,
    formTargets: checkoutOrigins(env),
    readiness,
    malwareScanner: createConfiguredScanner({ clamdUrl: env.CLAMD_URL, timeoutMs: env.CLAMD_TIMEOUT_MS }),
    readyzTimeoutMs: env.READYZ_DB_TIMEOUT_MS,
    diagnostics: env.ENABLE_DIAGNOSTIC_ROUTES ? { worker: env.DIMORA_WORKER_SLOT ?? null, jobRunner } : undefined,
    // Edited code must show at once under --dev: no cached pages there.
    htmlCacheTtlMs: dev ? 0 : env.HTML_CACHE_TTL_MS,
    // Decision 053: renders at once and waiting per process, and per client a minute.
    render: {
      concurrency: env.RENDER_CONCURRENCY,
      maxQueue: env.RENDER_QUEUE,
      maxWaitMs: env.RENDER_MAX_WAIT_MS,
      rateLimit: env.PAGE_RENDER_RATE_LIMIT,
    },
    // DESIGN §6: an S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads.
    storage: createStorage(env, env.uploadsDir),
  };

  let app;
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, root });
    app = createApp({ ...shared, uploadsDir: env.uploadsDir, vite });
  } else {
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    app = createApp({ ...shared, uploadsDir: env.uploadsDir, build, clientDir: path.join(root, 'build/client') });
  }

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    logger.info(`Dimora is listening on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`);
  });
  server.keepAliveTimeout = 65_000;
  hardenHttpServer(server);
  // The job runner (e-mails, notifications, scheduled jobs) and settling of interrupted payments.
  const reconcile = { publicUrl: env.publicUrl, origin: { ip: 'server', userAgent: 'payment-reconciler' }, logger };
  const tasks = [
    {
      name: 'payment-reconcile',
      everyMs: 60_000,
      run: () => reconcilePendingPayments({ db: database.db, provider: getPaymentProvider(), context: reconcile }),
    },
    // Hosted checkouts whose webhook was lost or that expired unpaid (decision 049).
    {
      name: 'checkout-reconcile',
      everyMs: 60_000,
      run: () => reconcileCheckouts({ db: database.db, provider: getPaymentProvider(), context: reconcile }),
    },
    // Autopay charges whose outcome was lost, and bank debits in flight (decision 050).
    {
      name: 'lease-payment-reconcile',
      everyMs: 60_000,
      run: () => reconcileLeasePayments({ db: database.db, provider: getPaymentProvider(), context: reconcile }),
    },
  ];
  const stopOutbox = jobRunner
    ? startOutboxWorker({
        db: database.db,
        mailer,
        logger,
        publicUrl: env.publicUrl,
        handlers: jobHandlers,
        schedules: jobSchedules,
        tasks,
      })
    : async () => undefined;
  if (jobRunner && cluster.isWorker) logger.info('this worker runs the job runner');

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // SIGTERM (an orchestrator): keep answering, /readyz 503, for SHUTDOWN_DRAIN_MS; Ctrl-C: at once.
    const drainMs = signal === 'SIGTERM' ? env.SHUTDOWN_DRAIN_MS : 0;
    logger.info({ signal, drainMs }, 'shutting down');
    const force = setTimeout(() => process.exit(1), drainMs + 10_000);
    force.unref();
    // Event streams never go idle: closing the hub ends them (browsers reconnect elsewhere), once
    // the drain period is over. Both stop LISTENing; that must be done before the database
    // closes ("PGlite is closing").
    let listenersStopped: Promise<unknown> = Promise.resolve();
    const beforeClose = () => {
      listenersStopped = Promise.allSettled([hub.close(), stopSettings()]);
    };
    void drainServer(server, readiness, { drainMs, beforeClose }).then(() => {
      void stopOutbox().finally(async () => {
        await listenersStopped;
        await flushServerMonitoring().catch(() => undefined);
        mailer.close();
        void database.close().then(() => process.exit(0));
      });
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'failed to start');
  process.exit(1);
});
