/**
 * Reading and changing the settings of /admin/system (decision 019). Values live in
 * the `setting` table, one row per key of the registry (`settings-registry.server.ts`).
 *
 * - `readSettings` reads the database (one indexed query on a table of a few dozen rows); every
 *   malformed or missing row reads as its default.
 * - `currentSettings` is what pages, the CSP header and the mailer read: a per-process copy,
 *   reloaded when a change is announced and at the latest after SETTINGS_CACHE_TTL_MS.
 * - `updateSettings` validates, writes the changed keys and audits each change (old → new) in one
 *   transaction, and raises `NOTIFY dimora_settings` in it, so every instance (`watchSettings`)
 *   reloads its copy when the change commits; this process reloads at once. Effective without
 *   a restart, on one instance or many (decision 019).
 *
 * The copy lives on `globalThis`, keyed by the database handle, because the server (tsx) and
 * the route bundle each load this module: both must share one cache.
 *
 * Importable by plain tsx (server/index.ts, scripts): no Vite-only imports.
 */
import { isAdmin } from '~/lib/access';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { lateFeeRuleSchema } from '~/lib/late-fees';
import { recordAuditEvent, type RequestOrigin } from '../audit.server';
import type { Viewer } from '../auth/session.server';
import type { Database, Db } from '../db/client.server';
import { setting } from '../db/schema';
import { logger, type Logger } from '../logger.server';
import {
  companyLateFeeRule,
  defaultSettings,
  LATE_FEE_RULE_SETTING_OF,
  LATE_FEE_RULE_SETTINGS,
  SETTING_NAMES,
  SETTINGS,
  settingsPatchSchema,
  type SettingName,
  type Settings,
} from './settings-registry.server';

/** The PostgreSQL channel a settings change is announced on (payload: the changed keys). */
export const SETTINGS_CHANNEL = 'dimora_settings';

const KEY_TO_NAME = new Map(SETTING_NAMES.map((name) => [SETTINGS[name].key, name]));

/**
 * Every setting, from the database. A row that fails its schema is logged and replaced by the
 * default. Database errors propagate.
 */
export async function readSettings({ db, names = SETTING_NAMES }: { db: Db; names?: readonly SettingName[] }): Promise<Settings> {
  const rows = await db
    .select({ key: setting.key, value: setting.value })
    .from(setting)
    .where(
      inArray(
        setting.key,
        names.map((name) => SETTINGS[name].key),
      ),
    );
  const settings = defaultSettings();
  for (const row of rows) {
    const name = KEY_TO_NAME.get(row.key);
    if (!name) continue;
    const parsed = SETTINGS[name].schema.safeParse(row.value);
    if (parsed.success) (settings as Record<SettingName, unknown>)[name] = parsed.data;
    else logger.warn({ key: row.key }, 'malformed setting ignored; its default applies');
  }
  return settings;
}

export type UpdateSettingsResult =
  { ok: true; changed: SettingName[] } | { ok: false; reason: 'forbidden' } | { ok: false; reason: 'invalid'; issues: z.ZodError };

/** A whole-rule check's issues with the settings' names as paths (`capCents` → `lateFeeCapCents`). */
function ruleIssuesAsSettings(error: z.ZodError): z.ZodError {
  return new z.ZodError(
    error.issues.map((issue) => {
      const field = issue.path[0] as keyof typeof LATE_FEE_RULE_SETTING_OF | undefined;
      return {
        ...issue,
        path: field && field in LATE_FEE_RULE_SETTING_OF ? [LATE_FEE_RULE_SETTING_OF[field], ...issue.path.slice(1)] : issue.path,
      };
    }),
  );
}

/** Values compare as JSON (objects like the office hours included). */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Changes some settings. `actor` must be an admin (spec §6: /admin/system is admin-only), else
 * `forbidden`; `input` holds only the fields to change, each checked against its schema (else
 * `invalid` with the zod issues, field names as paths) — nothing is written unless all pass.
 * A change to the company's late-fee rule is also checked as a whole rule with the settings it
 * leaves as they are (a daily fee needs a cap, decision 051), issues on the setting's name.
 * In one transaction: the current rows are locked and read, changed values written with the
 * actor, one `setting_changed` audit entry per changed key (`key`, `old`, `new`), and a NOTIFY.
 * Answers the names that changed (none when every value was already in force).
 */
export async function updateSettings({
  db,
  actor,
  origin,
  input,
}: {
  db: Db;
  actor: Pick<Viewer, 'id' | 'role'>;
  origin: RequestOrigin;
  input: Partial<Record<SettingName, unknown>>;
}): Promise<UpdateSettingsResult> {
  if (!isAdmin(actor.role)) return { ok: false, reason: 'forbidden' };
  const parsed = settingsPatchSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: 'invalid', issues: parsed.error };
  const patch = parsed.data as Partial<Settings>;
  const names = (Object.keys(patch) as SettingName[]).filter((name) => patch[name] !== undefined);
  if (names.length === 0) return { ok: true, changed: [] };

  const ruleNames: readonly SettingName[] = LATE_FEE_RULE_SETTINGS;
  const touchesRule = names.some((name) => ruleNames.includes(name));
  const outcome = await db.transaction(async (tx): Promise<{ invalid: z.ZodError } | { changes: SettingName[] }> => {
    const locked = touchesRule ? [...new Set([...names, ...ruleNames])] : names;
    const keys = locked.map((name) => SETTINGS[name].key);
    const rows = await tx.select({ key: setting.key, value: setting.value }).from(setting).where(inArray(setting.key, keys)).for('update');
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    const current = await readSettings({ db: tx, names: locked });
    if (touchesRule) {
      const rule = lateFeeRuleSchema.safeParse(companyLateFeeRule({ ...current, ...patch }));
      if (!rule.success) return { invalid: ruleIssuesAsSettings(rule.error) };
    }
    const changes: SettingName[] = [];
    for (const name of names) {
      const next = patch[name];
      const key = SETTINGS[name].key;
      // A default that was never stored is written once it is saved, even when equal, so the
      // table shows what an admin confirmed; only a real change is audited and announced.
      if (stored.has(key) && sameValue(stored.get(key), next)) continue;
      await tx
        .insert(setting)
        .values({ key, value: next, updatedBy: actor.id })
        .onConflictDoUpdate({ target: setting.key, set: { value: next, updatedBy: actor.id, updatedAt: new Date() } });
      if (sameValue(current[name], next)) continue;
      changes.push(name);
      await recordAuditEvent({
        db: tx,
        userId: actor.id,
        action: 'setting_changed',
        origin,
        tableName: 'setting',
        values: { key, old: current[name], new: next },
      });
    }
    if (changes.length > 0)
      await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, ${changes.map((name) => SETTINGS[name].key).join(',')})`);
    return { changes };
  });
  if ('invalid' in outcome) return { ok: false, reason: 'invalid', issues: outcome.invalid };
  const changed = outcome.changes;
  // This process sees its own change at once (others through the NOTIFY).
  if (changed.length > 0) await refreshSettings(db);
  return { ok: true, changed };
}

// ---------------------------------------------------------------------------------------------
// The per-process copy
// ---------------------------------------------------------------------------------------------

/** A copy is read again after this long even without an announcement (a lost NOTIFY). */
export const SETTINGS_CACHE_TTL_MS = 60_000;

type Entry = { value: Settings | null; loadedAt: number; generation: number; pending: Promise<Settings> | null };
type Listener = (settings: Settings, db: Db) => void;
type CacheState = { entries: WeakMap<Db, Entry>; listeners: Set<Listener> };

const STATE = Symbol.for('dimora.settingsCache');

function cacheState(): CacheState {
  const holder = globalThis as typeof globalThis & { [STATE]?: CacheState };
  holder[STATE] ??= { entries: new WeakMap(), listeners: new Set() };
  return holder[STATE];
}

function entryFor(db: Db): Entry {
  const { entries } = cacheState();
  let entry = entries.get(db);
  if (!entry) entries.set(db, (entry = { value: null, loadedAt: 0, generation: 0, pending: null }));
  return entry;
}

function load(db: Db, entry: Entry): Promise<Settings> {
  if (entry.pending) return entry.pending;
  const generation = entry.generation;
  const pending: Promise<Settings> = readSettings({ db })
    .then((value): Settings | Promise<Settings> => {
      // A load that started before an invalidation may hold old values: keep it from landing.
      if (entry.generation !== generation) return entry.pending && entry.pending !== pending ? entry.pending : value;
      const previous = entry.value;
      entry.value = value;
      entry.loadedAt = Date.now();
      if (!previous || !sameValue(previous, value)) {
        for (const listener of cacheState().listeners) {
          try {
            listener(value, db);
          } catch (error) {
            logger.error({ err: error }, 'settings listener failed');
          }
        }
      }
      return value;
    })
    .finally(() => {
      if (entry.pending === pending) entry.pending = null;
    });
  entry.pending = pending;
  return pending;
}

/**
 * The settings in force for pages (cheap: usually no query). Reloaded after a change announced
 * by any instance, or when older than SETTINGS_CACHE_TTL_MS. When a reload fails, the last
 * copy is used (and the failure logged); with no copy yet, the database error propagates.
 */
export async function currentSettings(db: Db): Promise<Settings> {
  const entry = entryFor(db);
  if (entry.value && Date.now() - entry.loadedAt < SETTINGS_CACHE_TTL_MS) return entry.value;
  try {
    return await load(db, entry);
  } catch (error) {
    if (!entry.value) throw error;
    logger.error({ err: error }, 'settings could not be reloaded; the last copy is used');
    return entry.value;
  }
}

/** The last copy without waiting (null before the first load); starts a reload when it is stale. */
export function peekSettings(db: Db): Settings | null {
  const entry = entryFor(db);
  if (Date.now() - entry.loadedAt >= SETTINGS_CACHE_TTL_MS) void load(db, entry).catch(() => undefined);
  return entry.value;
}

/** Drops this process's copy of `db`'s settings and reads them again. */
export async function refreshSettings(db: Db): Promise<Settings> {
  const entry = entryFor(db);
  entry.generation += 1;
  entry.loadedAt = 0;
  entry.pending = null;
  return load(db, entry);
}

/**
 * Calls `listener` whenever a (re)load finds settings different from the previous copy (and on
 * the first load). Answers `stop()`. Used by the server to start or stop error monitoring.
 */
export function onSettingsChange(listener: Listener): () => void {
  const { listeners } = cacheState();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Listens for changes announced by any instance (PostgreSQL NOTIFY; PGlite in process) and
 * reloads this process's copy; after a lost LISTEN connection is back, reloads too (what was
 * announced meanwhile is gone). Answers `stop()`.
 */
export async function watchSettings({
  database,
  logger: log,
}: {
  database: Database;
  logger: Pick<Logger, 'warn'>;
}): Promise<() => Promise<void>> {
  const reload = () => void refreshSettings(database.db).catch((error: unknown) => log.warn({ err: error }, 'settings reload failed'));
  return database.listen(SETTINGS_CHANNEL, reload, reload);
}
