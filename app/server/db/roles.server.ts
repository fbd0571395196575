/**
 * The two PostgreSQL roles of decision 055. The owner role (DATABASE_OWNER_URL) owns the schema
 * and runs the migrations; the application role (DATABASE_URL) serves requests and runs the jobs
 * with only what they need: SELECT, INSERT, UPDATE and DELETE on the tables, USAGE on the
 * sequences, but only SELECT and INSERT on `audit_log` (DESIGN §5: the audit log is append-only)
 * and on the journal (`journal_entry`, `journal_line`, decision 058),
 * and EXECUTE on `audit_log_purge`, the one way old entries go (migration 0025).
 *
 * The role's name depends on the deployment, so these grants are not a static migration: the
 * migrate step applies them as the owner after every run of the migrations (`grantApplicationRole`).
 * PGlite has one user and never comes here.
 */
import pg from 'pg';

/** The user name of a postgres:// or postgresql:// URL (percent-decoded), or null when it has none. */
export function databaseUserOf(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'postgresql:' && parsed.protocol !== 'postgres:') return null;
  return parsed.username ? decodeURIComponent(parsed.username) : null;
}

/** Why the application role could still rewrite the audit log, as checked after the grants. */
export class ApplicationRoleTooStrongError extends Error {
  constructor(role: string, reason: string) {
    super(`The application role "${role}" (DATABASE_URL) ${reason}; see docs/OPERATIONS.md, "Database roles".`);
    this.name = 'ApplicationRoleTooStrongError';
  }
}

/**
 * Grants `applicationRole` exactly the privileges of decision 055 on the database `client` is
 * connected to, as the role `client` is logged in as (the owner, which must own the tables), and
 * revokes any others it had on them; idempotent, in one transaction. Then checks the result and
 * throws `ApplicationRoleTooStrongError` (everything rolled back) when the application role can
 * still UPDATE, DELETE or TRUNCATE `audit_log`, or is its owner, a member of the owner role or a
 * superuser. Throws a plain Error when the role does not exist or is the owner itself.
 */
export async function grantApplicationRole(client: pg.ClientBase, applicationRole: string): Promise<void> {
  const owner = (await client.query<{ owner: string }>('select current_user as owner')).rows[0]!.owner;
  if (owner === applicationRole)
    throw new Error(`The application role "${applicationRole}" is the owner role: use two roles (decision 055).`);
  const exists = await client.query('select 1 from pg_roles where rolname = $1', [applicationRole]);
  if (exists.rowCount === 0) throw new Error(`The application role "${applicationRole}" (DATABASE_URL) does not exist.`);
  const app = pg.escapeIdentifier(applicationRole);
  await client.query('begin');
  try {
    for (const statement of [
      `grant usage on schema public to ${app}`,
      // Whatever it was given before (by hand, by an older version) goes first: the grants below are all it has.
      `revoke all on all tables in schema public from ${app}`,
      `grant select, insert, update, delete on all tables in schema public to ${app}`,
      `revoke update, delete on public.audit_log from ${app}`,
      // Decision 058: the journal is append-only too; a correction is a reversing entry.
      `revoke update, delete on public.journal_entry, public.journal_line from ${app}`,
      `revoke all on all sequences in schema public from ${app}`,
      `grant usage, select on all sequences in schema public to ${app}`,
      `grant execute on function public.audit_log_purge(integer) to ${app}`,
      // /admin/database and backups read which migrations are applied.
      `grant usage on schema drizzle to ${app}`,
      `revoke all on drizzle.__drizzle_migrations from ${app}`,
      `grant select on drizzle.__drizzle_migrations to ${app}`,
    ])
      await client.query(statement);
    const check = await client.query<{ rewrite: boolean; owns: boolean; superuser: boolean }>(
      `select has_table_privilege($1, 'public.audit_log', 'UPDATE')
           or has_table_privilege($1, 'public.audit_log', 'DELETE')
           or has_table_privilege($1, 'public.audit_log', 'TRUNCATE') as rewrite,
         pg_has_role($1, (select relowner from pg_class where oid = 'public.audit_log'::regclass), 'MEMBER') as owns,
         (select rolsuper from pg_roles where rolname = $1) as superuser`,
      [applicationRole],
    );
    const { rewrite, owns, superuser } = check.rows[0]!;
    if (superuser) throw new ApplicationRoleTooStrongError(applicationRole, 'is a superuser');
    if (owns) throw new ApplicationRoleTooStrongError(applicationRole, 'owns audit_log or is a member of the role that does');
    if (rewrite)
      throw new ApplicationRoleTooStrongError(applicationRole, 'may still UPDATE, DELETE or TRUNCATE audit_log (granted to PUBLIC?)');
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
