/**
 * The one module that reads `process.env` (STYLE habit 5). It validates every variable with zod
 * once, freezes the result and exposes a client-safe subset. Throws at start-up, with the
 * offending variables named, when the environment is invalid.
 */
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAP_ATTRIBUTION, DEFAULT_MAP_TILE_URL, attributionProblem, tileImageSources, tileUrlProblem } from '~/lib/map-tiles';
import { MIN_AUDIT_RETENTION_DAYS, MIN_PASSWORD_LENGTH, PAGE_RENDER_RATE_LIMIT } from '~/lib/constants';
import { databaseUserOf } from './db/roles.server';
import { parseClamdUrl } from './uploads/malware-scan.server';
import type { S3StorageConfig } from './uploads/s3-storage.server';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Why a STRIPE_API_BASE is refused, or null: an origin only (no path, query or credentials),
 * https or http to a loopback host (a stand-in on this machine), and no live key sent to it.
 */
function stripeApiBaseProblem(value: string, secretKey: string | undefined): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL';
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) return 'must use https (http only for a loopback stand-in)';
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    return 'must be an origin only, e.g. http://127.0.0.1:12111';
  if (secretKey?.startsWith('sk_live_')) return 'is for a stand-in: a live key goes to api.stripe.com only';
  return null;
}

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    /**
     * Decision 053: a port of its own for `/healthz`, answered by the cluster's primary from the
     * workers' heartbeats (server/health-port.ts), for load balancers. Unset: none.
     */
    HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** PostgreSQL connection string; when unset, embedded PGlite under DATA_DIR is used. */
    DATABASE_URL: z.string().url().optional(),
    /**
     * Decision 055: the PostgreSQL connection string of the owner role, which owns the schema and
     * runs the migrations; DATABASE_URL is then the application role's, granted only what the app
     * needs (no UPDATE, DELETE or TRUNCATE on audit_log). Unset: everything runs as DATABASE_URL's
     * role (weaker: that role owns audit_log and could remove its guard).
     */
    DATABASE_OWNER_URL: z.string().url().optional(),
    /** Where PGlite keeps its files and where uploads/demo images live. */
    DATA_DIR: z.string().min(1).default('./data'),
    /** Public origin of the site, used in absolute links (e-mails, canonical URLs). */
    PUBLIC_URL: z.string().url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Units seeded into an empty database on first start. */
    SEED_UNITS: z.coerce.number().int().min(0).max(200_000).default(240),
    /** Seed for the deterministic demo-data generator. */
    SEED: z.coerce.number().int().default(42),
    /** Set to "false" to start with an empty database. */
    SEED_ON_START: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    /**
     * Outgoing mail server, e.g. `smtp://user:pass@smtp.example.com:587` or `smtps://…`. When unset,
     * e-mails go to the dev mailbox (stored in the database, readable by admins; links redacted
     * outside demo mode). Required with an https PUBLIC_URL unless MAIL_TRANSPORT=mailbox (decision 023).
     */
    SMTP_URL: z.string().url().optional(),
    /** Sender of every e-mail. */
    MAIL_FROM: z.string().min(3).default('Dimora <no-reply@dimora.example>'),
    /**
     * Secret that signs session cookies (≥ 32 characters). When unset, one is generated on first
     * start and kept in the database (`setting` table), so every instance shares it.
     */
    AUTH_SECRET: z.string().min(32).optional(),
    /** With ADMIN_PASSWORD: creates the first admin on start when no admin exists yet. */
    ADMIN_EMAIL: z.string().email().optional(),
    ADMIN_PASSWORD: z.string().min(MIN_PASSWORD_LENGTH).optional(),
    /**
     * Express "trust proxy" setting: unset or "false" takes the client address from the socket;
     * set it to your proxy's address or subnet (e.g. `10.0.0.0/8`, `loopback`) to read
     * X-Forwarded-For from that proxy only.
     */
    TRUST_PROXY: z.string().min(1).default('false'),
    /**
     * Folder of the PostgreSQL client programs (`pg_dump`, `pg_restore`) used by backups of a
     * PostgreSQL database; unset: found on the PATH. Their major version must be at least the
     * server's.
     */
    PG_BIN_DIR: z.string().min(1).optional(),
    /** Test and monitoring aid: serves /__diagnostics/* routes that fail on purpose. Off by default. */
    ENABLE_DIAGNOSTIC_ROUTES: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /**
     * Raster tile URL template of the maps (`{z}`/`{x}`/`{y}`, optional `{s}` as the first host
     * label, `{r}`); https in production, any http(s) for a loopback stand-in. The CSP's img-src
     * allows exactly this host.
     */
    MAP_TILE_URL: z.string().default(DEFAULT_MAP_TILE_URL),
    /** The tile provider's attribution, shown on every map; `[text](https://…)` makes a link. */
    MAP_ATTRIBUTION: z.string().default(DEFAULT_MAP_ATTRIBUTION),
    /**
     * Stripe secret key (`sk_test_…` or `sk_live_…`): when set, payments go through Stripe
     * (decision 021); unset, through the local sandbox. Server-only, never in `publicEnv`.
     */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^sk_(test|live)_\S+$/, 'must start with sk_test_ or sk_live_')
      .optional(),
    /** Signing secret of the Stripe webhook endpoint (`whsec_…`); unset, /api/webhooks/stripe answers 404. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S+$/, 'must start with whsec_')
      .optional(),
    /**
     * Where the Stripe client sends its requests instead of https://api.stripe.com: only to point it
     * at a local stand-in (tests). https, or http to a loopback host; never with a live key.
     */
    STRIPE_API_BASE: z.string().url().optional(),
    /**
     * Decision 023 (safe production defaults): `smtp` (needs SMTP_URL) or `mailbox` (the dev mailbox,
     * even when SMTP_URL is set). Unset: smtp with SMTP_URL, else the mailbox — except that with an
     * https PUBLIC_URL the server refuses to start without SMTP_URL unless this says `mailbox`.
     */
    MAIL_TRANSPORT: z.enum(['smtp', 'mailbox']).optional(),
    /**
     * Decision 023: `stripe` (needs STRIPE_SECRET_KEY) or `sandbox` (no real money, even when a Stripe
     * key is set). Unset: stripe with STRIPE_SECRET_KEY, else the sandbox — except that with an
     * https PUBLIC_URL the server refuses to start on the sandbox unless this says `sandbox`.
     */
    PAYMENT_PROVIDER: z.enum(['stripe', 'sandbox']).optional(),
    /** Decision 050: how long a sandbox bank debit stays in flight before it clears or comes back (ms). */
    SANDBOX_DEBIT_SETTLE_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
    /**
     * Decision 023: demo mode shows the links of captured e-mails (verification, reset) whole in the dev
     * mailbox; outside demo and test mode their tokens are redacted. Unset: on when PUBLIC_URL is a
     * loopback address (the README's local demo, the default PUBLIC_URL), off on any real host.
     */
    DEMO_MODE: z.enum(['true', 'false']).optional(),
    /** Decision 023: how long opening a PostgreSQL connection may take before it fails (ms). */
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /**
     * Decision 023: the longest a PostgreSQL statement may run (server-side `statement_timeout`, ms);
     * the client gives up 5 s later when the server does not answer at all. 0 = no limit.
     * Migrations run without it.
     */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    /** Decision 023: how long /readyz waits for the database before answering 503 (ms). */
    READYZ_DB_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
    /**
     * Decision 023: after SIGTERM, how long new connections are still accepted (each answered with
     * `Connection: close`, /readyz 503) so a load balancer notices before the listener closes (ms).
     * SIGINT (Ctrl-C) does not wait.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    /**
     * Decision 031 (decision 031): how long each instance keeps a public page rendered for an
     * anonymous visitor (ms); emptied sooner when a unit, a building or a setting changes. 0 turns
     * the cache and the shared-cache headers off. The dev server (`--dev`) never caches.
     */
    HTML_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    /**
     * Decision 053: page renders (GET/HEAD reaching React Router) one process runs at once.
     * Unset: `defaultRenderConcurrency()` (the available cores, at least 2).
     */
    RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(1_024).optional(),
    /** Decision 053: renders allowed to wait for a slot; one more is answered 503. Unset: 4 × RENDER_CONCURRENCY. */
    RENDER_QUEUE: z.coerce.number().int().min(0).max(10_000).optional(),
    /** Decision 053: how long (ms) a render waits for a slot before it is answered 503; 0: no limit. Default 500. */
    RENDER_MAX_WAIT_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    /**
     * Decision 053: renders a minute one client address may cause without a session cookie (with
     * one: 5 ×); beyond, 429. 0 turns the per-client limit off (benchmarks that load from one
     * address). Default PAGE_RENDER_RATE_LIMIT (120).
     */
    PAGE_RENDER_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(PAGE_RENDER_RATE_LIMIT),
    /** Absolute lifetime of a tenant's or vendor's session, in hours from sign-in (decision 023). */
    SESSION_MAX_AGE_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 366)
      .default(30 * 24),
    /** A tenant's or vendor's session ends after this many hours without a request. */
    SESSION_IDLE_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 366)
      .default(7 * 24),
    /** Absolute lifetime of an admin's or property manager's session, in hours. */
    STAFF_SESSION_MAX_AGE_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 366)
      .default(12),
    /** An admin's or property manager's session ends after this many minutes without a request. */
    STAFF_SESSION_IDLE_MINUTES: z.coerce
      .number()
      .positive()
      .max(60 * 24 * 366)
      .default(60),
    /** Decision 023: days audit-log entries are kept; the daily retention job deletes older ones. */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(MIN_AUDIT_RETENTION_DAYS).max(36_500).default(400),
    /**
     * Decision 032: HTTP worker processes (`node:cluster`). Unset: the CPU count with
     * DATABASE_URL, 1 on the embedded database (one process owns PGlite: more is refused with a
     * log message and 1 is used). See `webConcurrency`.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
    /**
     * Internal, set by the cluster primary for each worker it forks (server/cluster.ts): the
     * worker's slot, 0 … WEB_CONCURRENCY - 1. Slot 0 runs the job runner. Not an operator setting.
     */
    DIMORA_WORKER_SLOT: z.coerce.number().int().min(0).max(255).optional(),
    /**
     * Decision 052: the ClamAV daemon that scans uploaded documents kept as sent (PDFs), as
     * `tcp://host:port` or `unix:///path/to/clamd.sock`. Unset: documents are stored unscanned
     * (the server logs that once at start-up). Set, an upload is refused while clamd cannot scan.
     */
    CLAMD_URL: z
      .string()
      .refine((value) => parseClamdUrl(value) !== null, 'must be tcp://host:port or unix:///path/to/clamd.sock')
      .optional(),
    /** Decision 052: how long one scan may take, connecting included, before the upload is refused (ms). */
    CLAMD_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    /**
     * DESIGN §6: uploads in an S3-compatible bucket instead of DATA_DIR/uploads (several instances
     * on different machines serve the same files). Unset: the local folder. The bucket must exist.
     */
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3–63 lowercase letters, digits, dots and hyphens')
      .optional(),
    /** The bucket's region; default `us-east-1` (what most self-hosted servers answer to). */
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as eu-west-1')
      .optional(),
    /** A custom endpoint (MinIO, Garage, R2…), e.g. `https://s3.example.com` or `http://127.0.0.1:9000`; unset: AWS. */
    S3_ENDPOINT: z
      .string()
      .url()
      .refine((value) => /^https?:$/.test(new URL(value).protocol), 'must be an http(s) URL')
      .optional(),
    /** Static keys, both or neither; neither: the AWS SDK's default chain (environment, instance role). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** `endpoint/bucket/key` addressing; default true with S3_ENDPOINT (self-hosted servers), false on AWS. */
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.STRIPE_API_BASE) {
      const problem = stripeApiBaseProblem(value.STRIPE_API_BASE, value.STRIPE_SECRET_KEY);
      if (problem) ctx.addIssue({ code: 'custom', path: ['STRIPE_API_BASE'], message: problem });
    }
    const tileProblem = tileUrlProblem(value.MAP_TILE_URL, { production: value.NODE_ENV === 'production' });
    if (tileProblem) ctx.addIssue({ code: 'custom', path: ['MAP_TILE_URL'], message: tileProblem });
    const attribution = attributionProblem(value.MAP_ATTRIBUTION);
    if (attribution) ctx.addIssue({ code: 'custom', path: ['MAP_ATTRIBUTION'], message: attribution });
    const roles = databaseRoleProblem(value.DATABASE_URL, value.DATABASE_OWNER_URL);
    if (roles) ctx.addIssue({ code: 'custom', path: ['DATABASE_OWNER_URL'], message: roles });
    for (const problem of productionDefaultProblems(value))
      ctx.addIssue({ code: 'custom', path: [problem.variable], message: problem.message });
    for (const problem of s3Problems(value)) ctx.addIssue({ code: 'custom', path: [problem.variable], message: problem.message });
  });

/**
 * Why DATABASE_OWNER_URL is refused, or null (decision 055): it needs DATABASE_URL, both must be
 * postgres(ql):// URLs naming their user, and the two users must differ — granting the
 * application role its privileges revokes rights from it, which must never be the owner.
 */
function databaseRoleProblem(appUrl: string | undefined, ownerUrl: string | undefined): string | null {
  if (!ownerUrl) return null;
  if (!appUrl) return 'needs DATABASE_URL (the application role) as well';
  const owner = databaseUserOf(ownerUrl);
  const app = databaseUserOf(appUrl);
  if (!owner) return 'must be a postgresql:// URL with the owner role as its user';
  if (!app) return 'needs a postgresql:// DATABASE_URL with the application role as its user';
  if (owner === app) return `names the same user as DATABASE_URL (${app}): the owner and the application role must be two roles`;
  return null;
}

/**
 * What the S3 variables refuse together: keys in pairs, and no S3 setting without the bucket it
 * is for (a typo in S3_BUCKET must not silently keep files on the local disk).
 */
function s3Problems(
  value: Partial<
    Record<'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE', string>
  >,
) {
  const problems: { variable: string; message: string }[] = [];
  if (!value.S3_BUCKET) {
    const set = (['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter(
      (name) => value[name],
    );
    if (set.length > 0) problems.push({ variable: 'S3_BUCKET', message: `is required when ${set.join(', ')} is set` });
  }
  if (Boolean(value.S3_ACCESS_KEY_ID) !== Boolean(value.S3_SECRET_ACCESS_KEY)) {
    const missing = value.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    problems.push({
      variable: missing,
      message: 'is required with the other S3 key (set both, or neither to use the default credentials)',
    });
  }
  return problems;
}

/**
 * Decision 023, safe production defaults: what an https PUBLIC_URL (a real deployment) refuses —
 * mail silently captured in the dev mailbox, payments silently in the sandbox — unless chosen
 * explicitly; explicit choices that cannot work (smtp without SMTP_URL, stripe without a key);
 * and a live Stripe key without the webhook's signing secret, on any host.
 */
function productionDefaultProblems(value: {
  PUBLIC_URL?: string;
  SMTP_URL?: string;
  MAIL_TRANSPORT?: 'smtp' | 'mailbox';
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  PAYMENT_PROVIDER?: 'stripe' | 'sandbox';
}): { variable: string; message: string }[] {
  const problems: { variable: string; message: string }[] = [];
  const https = value.PUBLIC_URL !== undefined && URL.canParse(value.PUBLIC_URL) && new URL(value.PUBLIC_URL).protocol === 'https:';
  if (value.MAIL_TRANSPORT === 'smtp' && !value.SMTP_URL)
    problems.push({ variable: 'MAIL_TRANSPORT', message: 'is smtp but SMTP_URL is not set' });
  if (https && !value.SMTP_URL && value.MAIL_TRANSPORT !== 'mailbox') {
    problems.push({
      variable: 'SMTP_URL',
      message:
        'is required when PUBLIC_URL is https (without it, e-mails with live reset links would only reach the dev mailbox); set MAIL_TRANSPORT=mailbox to use the dev mailbox on purpose',
    });
  }
  if (value.PAYMENT_PROVIDER === 'stripe' && !value.STRIPE_SECRET_KEY)
    problems.push({ variable: 'PAYMENT_PROVIDER', message: 'is stripe but STRIPE_SECRET_KEY is not set' });
  // Real money is settled by Stripe's signed events: without them a payment whose answer was lost
  // waits for the reconciler, and a bank debit's result would never arrive.
  if (value.STRIPE_SECRET_KEY?.startsWith('sk_live_') && !value.STRIPE_WEBHOOK_SECRET && value.PAYMENT_PROVIDER !== 'sandbox') {
    problems.push({
      variable: 'STRIPE_WEBHOOK_SECRET',
      message:
        'is required with a live STRIPE_SECRET_KEY: add the endpoint https://<your host>/api/webhooks/stripe in the Stripe Dashboard and set its signing secret (whsec_…)',
    });
  }
  if (https && !value.STRIPE_SECRET_KEY && value.PAYMENT_PROVIDER !== 'sandbox') {
    problems.push({
      variable: 'PAYMENT_PROVIDER',
      message:
        'payments would use the sandbox (no real money) with an https PUBLIC_URL: set STRIPE_SECRET_KEY, or PAYMENT_PROVIDER=sandbox to run in test mode on purpose',
    });
  }
  return problems;
}

export type Env = Readonly<z.infer<typeof schema>> & {
  readonly dataDir: string;
  readonly uploadsDir: string;
  /** PUBLIC_URL, or `http://localhost:PORT`: the origin used in e-mail links and cookie checks. */
  readonly publicUrl: string;
  /**
   * True in production on a real host: Secure cookies and HSTS. A production build served on
   * localhost (the README's demo) keeps plain cookies so it works over http.
   */
  readonly secureTransport: boolean;
  /** Origins the maps load tiles from (MAP_TILE_URL's host, one per `{s}` subdomain): the CSP's img-src. */
  readonly mapTileSources: readonly string[];
  /** Decision 023: the mailer in use — `smtp` (SMTP_URL) or the dev `mailbox` (MAIL_TRANSPORT, else SMTP_URL unset). */
  readonly mailTransport: 'smtp' | 'mailbox';
  /** Decision 023: the payment provider in use (PAYMENT_PROVIDER, else stripe when STRIPE_SECRET_KEY is set). */
  readonly paymentProvider: 'stripe' | 'sandbox';
  /** Decision 023: DEMO_MODE, else true when PUBLIC_URL is a loopback address (see `DEMO_MODE`). */
  readonly demoMode: boolean;
  /**
   * Decision 032: how many HTTP workers run — WEB_CONCURRENCY, else the CPU count on
   * PostgreSQL; always 1 on PGlite (see `webConcurrencyRefused`).
   */
  readonly webConcurrency: number;
  /** WEB_CONCURRENCY asked for more than one worker on PGlite, which one process owns: 1 is used. */
  readonly webConcurrencyRefused: boolean;
  /** DESIGN §6: the bucket uploads live in (S3_*), or null for the local folder `uploadsDir`. */
  readonly s3: Readonly<S3StorageConfig> | null;
};

/** The S3 variables as a store's config, or null when S3_BUCKET is unset (checked together by `s3Problems`). */
function s3ConfigOf(value: z.infer<typeof schema>): Readonly<S3StorageConfig> | null {
  if (!value.S3_BUCKET) return null;
  return Object.freeze({
    bucket: value.S3_BUCKET,
    region: value.S3_REGION ?? 'us-east-1',
    endpoint: value.S3_ENDPOINT,
    forcePathStyle: value.S3_FORCE_PATH_STYLE ? value.S3_FORCE_PATH_STYLE === 'true' : Boolean(value.S3_ENDPOINT),
    credentials:
      value.S3_ACCESS_KEY_ID && value.S3_SECRET_ACCESS_KEY
        ? Object.freeze({ accessKeyId: value.S3_ACCESS_KEY_ID, secretAccessKey: value.S3_SECRET_ACCESS_KEY })
        : undefined,
  });
}

/**
 * Validates an environment (`process.env` or a test's object); throws naming every bad variable.
 * `cpus` is the default worker count on PostgreSQL (default: `os.availableParallelism()`).
 */
export function parseEnv(source: NodeJS.ProcessEnv, { cpus = os.availableParallelism() }: { cpus?: number } = {}): Env {
  // Treat empty strings as unset, as shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const dataDir = path.resolve(result.data.DATA_DIR);
  const publicUrl = new URL(result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`).origin;
  const secureTransport = result.data.NODE_ENV === 'production' && new URL(publicUrl).protocol === 'https:';
  const mapTileSources = Object.freeze(tileImageSources(result.data.MAP_TILE_URL));
  const mailTransport = result.data.MAIL_TRANSPORT ?? (result.data.SMTP_URL ? 'smtp' : 'mailbox');
  const paymentProvider = result.data.PAYMENT_PROVIDER ?? (result.data.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox');
  const demoMode = result.data.DEMO_MODE ? result.data.DEMO_MODE === 'true' : LOOPBACK_HOSTS.has(new URL(publicUrl).hostname);
  const requestedWorkers = result.data.WEB_CONCURRENCY ?? (result.data.DATABASE_URL ? Math.max(1, cpus) : 1);
  const webConcurrencyRefused = !result.data.DATABASE_URL && requestedWorkers > 1;
  return Object.freeze({
    ...result.data,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    publicUrl,
    secureTransport,
    mapTileSources,
    mailTransport,
    paymentProvider,
    demoMode,
    webConcurrency: webConcurrencyRefused ? 1 : requestedWorkers,
    webConcurrencyRefused,
    s3: s3ConfigOf(result.data),
  });
}

export const env: Env = parseEnv(process.env);

/** Values the browser may see. Nothing secret belongs here. */
export const publicEnv = Object.freeze({
  NODE_ENV: env.NODE_ENV,
  /** The maps' tile template and attribution (both public by nature: the browser fetches the tiles). */
  map: Object.freeze({ tileUrl: env.MAP_TILE_URL, attribution: env.MAP_ATTRIBUTION }),
});
