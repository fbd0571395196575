/**
 * Demo entries for /admin/audit (decision 023): 48 entries over the last 30 days — sign-ins
 * and failures, a lockout, refused accesses, settings and building changes, a blocked paste —
 * by the demo managers and signed-out visitors, so the page, its filters and the CSV export
 * have something to show. Marked `demo: true`; a second run adds nothing (the log is
 * append-only, so they cannot be replaced).
 */
import { like, sql } from 'drizzle-orm';
import type { Db } from '../client.server';
import { auditLog, user } from '../schema';

const KINDS = [
  { action: 'sign_in_succeeded', table: 'security_events' },
  { action: 'sign_in_failed', table: 'security_events', anonymous: true },
  { action: 'building_updated', table: 'building' },
  { action: 'access_denied', table: 'application' },
  { action: 'setting_changed', table: 'setting' },
  { action: 'sign_out', table: 'security_events' },
  { action: 'paste_blocked', table: 'security_events' },
  { action: 'account_locked', table: 'security_events', anonymous: true },
] as const;

/** Writes the demo entries once. Returns how many were written (0 when they exist already). */
export async function seedDemoAudit({ db }: { db: Db }): Promise<number> {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(sql`${auditLog.newValues}->>'demo' = 'true'`);
  if ((existing?.n ?? 0) > 0) return 0;
  const managers = (await db.select({ id: user.id }).from(user).where(like(user.id, 'demo-manager-%')).orderBy(user.id).limit(4)).map(
    (row) => row.id,
  );
  const rows = Array.from({ length: 48 }, (_, i) => {
    const kind = KINDS[i % KINDS.length]!;
    const userId = 'anonymous' in kind || managers.length === 0 ? null : managers[i % managers.length]!;
    const ip = `198.51.100.${10 + (i % 40)}`;
    const userAgent = i % 3 === 0 ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)' : 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)';
    const details: Record<string, unknown> =
      kind.action === 'access_denied'
        ? { object_id: String(1000 + i), reason: 'not_managed', application_id: 1000 + i }
        : kind.action === 'building_updated'
          ? { building_id: 1 + (i % 12), fields: ['name'] }
          : kind.action === 'setting_changed'
            ? { key: 'office.hours' }
            : kind.action === 'sign_in_failed'
              ? { email: `someone${i}@example.com`, reason: 'invalid_credentials' }
              : kind.action === 'account_locked'
                ? { email: `someone${i}@example.com`, lock_seconds: 30, failures: 10 }
                : kind.action === 'paste_blocked'
                  ? { sample: '<script>alert(1)</script>', field: 'message', path: '/contact' }
                  : {};
    return {
      userId,
      action: kind.action,
      tableName: kind.table,
      ipAddress: ip,
      userAgent,
      newValues: { ...details, demo: true, ip_address: ip, user_agent: userAgent },
      createdAt: sql`now() - make_interval(mins => ${30 + i * 900})`,
    };
  });
  await db.insert(auditLog).values(rows);
  return rows.length;
}
