/**
 * What a database holds, table by table, for comparing two databases (backup and restore
 * tests): the row count and an MD5 of every row's text, in a fixed order, for each table of
 * the `public` schema and drizzle's migrations table.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';

export type Fingerprints = Record<string, { rows: number; md5: string }>;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export async function tableFingerprints(db: Db): Promise<Fingerprints> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`
      select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where (n.nspname = 'public' or (n.nspname = 'drizzle' and c.relname = '__drizzle_migrations')) and c.relkind = 'r'
      order by 1, 2`),
  );
  const out: Fingerprints = {};
  for (const table of tables) {
    const [row] = rowsOf<{ n: string | number; md5: string }>(
      await db.execute(
        sql`select count(*) as n, coalesce(md5(string_agg(t::text, E'\n' order by t::text)), '') as md5 from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t`,
      ),
    );
    out[`${table.schema}.${table.name}`] = { rows: Number(row?.n ?? 0), md5: row?.md5 ?? '' };
  }
  return out;
}
