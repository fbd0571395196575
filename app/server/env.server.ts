/**
 * The one module that reads `process.env` (STYLE habit 5). It validates every variable with zod
 * once, freezes the result and exposes a client-safe subset. Throws at start-up, with the
 * offending variables named, when the environment is invalid.
 */
import path from 'node:path';
import { z } from 'zod';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** PostgreSQL connection string; when unset, embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
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
  /** Test and monitoring aid: serves /__diagnostics/* routes that fail on purpose. Off by default. */
  ENABLE_DIAGNOSTIC_ROUTES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export type Env = Readonly<z.infer<typeof schema>> & { readonly dataDir: string; readonly uploadsDir: string };

function parseEnv(source: NodeJS.ProcessEnv): Env {
  // Treat empty strings as unset, as shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const dataDir = path.resolve(result.data.DATA_DIR);
  return Object.freeze({ ...result.data, dataDir, uploadsDir: path.join(dataDir, 'uploads') });
}

export const env: Env = parseEnv(process.env);

/** Values the browser may see. Nothing secret belongs here. */
export const publicEnv = Object.freeze({
  NODE_ENV: env.NODE_ENV,
});
