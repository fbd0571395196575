/**
 * Which migrations a database has applied (for /admin/database and backup manifests). Drizzle
 * records each applied migration in `drizzle.__drizzle_migrations` (id, hash, created_at) where
 * `created_at` is the migration's own timestamp from the journal (`when`), not the time it was
 * applied: drizzle keeps no apply time. Names come from the journal this build ships.
 * Importable by plain tsx.
 */
import { sql } from 'drizzle-orm';
import journal from './migrations/meta/_journal.json';
import type { Db } from './client.server';

/** The migrations this build knows, oldest first: tag (file name) and timestamp (ms). */
export const KNOWN_MIGRATIONS: readonly { tag: string; when: number }[] = journal.entries.map((entry) => ({
  tag: entry.tag,
  when: entry.when,
}));

export type AppliedMigration = {
  /** `0004_portfolio`; null when this build does not know it (applied by a newer version). */
  tag: string | null;
  hash: string;
  /** The migration's timestamp (ISO), as drizzle records it. */
  createdAt: string;
};

export type MigrationStatus = { applied: AppliedMigration[]; pending: string[] };

/**
 * The applied migrations, oldest first, and the tags of this build's migrations not applied yet.
 * A database never migrated (no `drizzle` schema) has none applied.
 */
export async function readMigrationStatus(db: Db): Promise<MigrationStatus> {
  const exists = (await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)) as unknown as {
    rows: { present: boolean }[];
  };
  if (!exists.rows[0]?.present) return { applied: [], pending: KNOWN_MIGRATIONS.map((entry) => entry.tag) };
  const result = (await db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at, id`)) as unknown as {
    rows: { hash: string; created_at: string | number }[];
  };
  const byWhen = new Map(KNOWN_MIGRATIONS.map((entry) => [entry.when, entry.tag]));
  const applied = result.rows.map((row) => {
    const when = Number(row.created_at);
    return { tag: byWhen.get(when) ?? null, hash: row.hash, createdAt: new Date(when).toISOString() };
  });
  const appliedWhens = new Set(result.rows.map((row) => Number(row.created_at)));
  return { applied, pending: KNOWN_MIGRATIONS.filter((entry) => !appliedWhens.has(entry.when)).map((entry) => entry.tag) };
}
