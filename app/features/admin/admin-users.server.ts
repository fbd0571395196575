/**
 * User administration behind /admin/users (spec §6 roles; DESIGN §5: "public sign-up offers
 * tenant and vendor; staff roles are granted by an admin"). Staff accounts are created here or by
 * the CLI only. Every function takes the acting admin, refuses anyone else with
 * `AdminForbiddenError`, validates its input with zod (messages translated into `locale`), runs
 * its writes in one transaction and leaves an audit entry (table `user`) naming the target.
 */
import { isUniqueViolation } from '~/server/db/rows.server';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ROLES, isAdmin } from '~/lib/access';
import type { Language } from '~/lib/constants';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '~/lib/constants';
import { emailField, FIELD_MESSAGES, optionalLine, requiredLine, TEXT_LIMITS, type FieldErrors } from '~/lib/form-fields';
import { getT } from '~/i18n/translate.server';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import { PASSWORD_PROBLEM_MESSAGES, checkPasswordPolicy } from '~/server/auth/password-policy.server';
import { createVerifiedUser, UserExistsError } from '~/server/auth/create-user.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { session, user } from '~/server/db/schema';
import { translateIssues } from '~/server/http/form.server';
import { assertAdmin } from './admin.server';
import { BAN_REASON_MAX, USER_SEARCH_MAX, type UserSummary } from './admin-users.types';
import { containsPattern } from '~/lib/like-pattern';

/** The user list shows 25 accounts a page. */
export const USERS_PAGE_SIZE = 25;

/** A user row of the list (the shape the components know as `UserSummary`). */
export type AdminUserRow = UserSummary;

export type AdminUserPage = { items: AdminUserRow[]; total: number; page: number; pageCount: number; q: string };

const rowColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  emailVerified: user.emailVerified,
  banned: user.banned,
  banReason: user.banReason,
  createdAt: user.createdAt,
};

function toRow(row: Omit<AdminUserRow, 'createdAt'> & { createdAt: Date }): AdminUserRow {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * One page of users, newest first, optionally narrowed by `q` (part of the e-mail or the name,
 * any letter case). `page` is clamped to the pages that exist.
 */
export async function listUsers({
  db,
  actor,
  q = '',
  page = 1,
}: {
  db: Db;
  actor: Viewer;
  q?: string;
  page?: number;
}): Promise<AdminUserPage> {
  assertAdmin(actor);
  const search = q.trim().slice(0, USER_SEARCH_MAX);
  const where: SQL | undefined = search
    ? or(ilike(user.email, containsPattern(search)), ilike(user.name, containsPattern(search)))
    : undefined;
  const [totalRow] = await db.select({ n: count() }).from(user).where(where);
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .select(rowColumns)
    .from(user)
    .where(where)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(USERS_PAGE_SIZE)
    .offset((current - 1) * USERS_PAGE_SIZE);
  return { items: rows.map(toRow), total, page: current, pageCount, q: search };
}

export type AdminUserDetail = AdminUserRow & { activeSessions: number };

/** One user with their number of live sessions, or null when the id is unknown. */
export async function findUserForAdmin({ db, actor, userId }: { db: Db; actor: Viewer; userId: string }): Promise<AdminUserDetail | null> {
  assertAdmin(actor);
  const [row] = await db.select(rowColumns).from(user).where(eq(user.id, userId));
  if (!row) return null;
  const [sessions] = await db
    .select({ n: count() })
    .from(session)
    .where(and(eq(session.userId, userId), sql`${session.expiresAt} > now()`));
  return { ...toRow(row), activeSessions: sessions?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

export type AdminUserField = 'email' | 'fullName' | 'password' | 'role' | 'userId' | 'reason';

export type AdminUserOutcome =
  { ok: true; userId: string; changed: boolean } | { ok: false; status: 404 | 422; errors: FieldErrors<AdminUserField> };

type CommandOptions = {
  db: Db;
  actor: Viewer;
  origin: RequestOrigin;
  /** The form's fields; validated here. */
  input: unknown;
  /** The admin's language, for error messages. */
  locale: Language;
};

const roleField = z.enum(ROLES, 'admin.users.errors.role');
const userIdField = z.string().trim().min(1, FIELD_MESSAGES.required).max(100, FIELD_MESSAGES.invalid);

/** The create-account form (admins may grant any of the four roles). */
export const createUserSchema = z.object({
  email: emailField,
  fullName: requiredLine(TEXT_LIMITS.name),
  password: z
    .string()
    .min(1, FIELD_MESSAGES.required)
    .min(MIN_PASSWORD_LENGTH, 'admin.users.errors.passwordTooShort')
    .max(MAX_PASSWORD_LENGTH, FIELD_MESSAGES.tooLong),
  role: roleField,
});

export const setRoleSchema = z.object({ userId: userIdField, role: roleField });
export const banSchema = z.object({ userId: userIdField, reason: optionalLine(BAN_REASON_MAX) });
export const unbanSchema = z.object({ userId: userIdField });

function invalid(error: z.ZodError, locale: Language): AdminUserOutcome {
  return { ok: false, status: 422, errors: translateIssues<AdminUserField>(error, locale) };
}

function refused(locale: Language, field: AdminUserField | 'form', key: string): AdminUserOutcome {
  return { ok: false, status: 422, errors: { [field]: getT(locale)(key) } };
}

function notFound(locale: Language): AdminUserOutcome {
  return { ok: false, status: 404, errors: { form: getT(locale)('admin.users.errors.notFound') } };
}

/**
 * Creates a verified account with any role (a staff account, typically): the user row, its
 * password and the `user_created` audit entry in one transaction. A taken e-mail address (any
 * letter case) answers 422 on the e-mail field; invalid input answers 422 per field.
 */
export async function createUserAccount({ db, actor, origin, input, locale }: CommandOptions): Promise<AdminUserOutcome> {
  assertAdmin(actor);
  const parsed = createUserSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error, locale);
  const values = parsed.data;
  // Decision 023: the same password policy as registration (common passwords, the e-mail's local part).
  const problem = checkPasswordPolicy(values.password, values.email);
  if (problem) return refused(locale, 'password', PASSWORD_PROBLEM_MESSAGES[problem]);
  try {
    const created = await db.transaction(async (tx) => {
      const made = await createVerifiedUser(tx, {
        email: values.email,
        password: values.password,
        role: values.role,
        name: values.fullName,
      });
      await recordAuditEvent({
        db: tx,
        userId: actor.id,
        action: 'user_created',
        origin,
        tableName: 'user',
        values: { target_user_id: made.id, email: made.email, role: made.role },
      });
      return made;
    });
    return { ok: true, userId: created.id, changed: true };
  } catch (error) {
    if (error instanceof UserExistsError || isUniqueViolation(error)) return refused(locale, 'email', 'admin.users.errors.emailTaken');
    throw error;
  }
}

/**
 * Gives a user another role and records `role_changed` with `from`, `to` and the target's id.
 * An admin cannot take the admin role away from themselves (so the back office never locks its
 * last admin out by accident). Unknown user → 404. Setting the role a user already has changes
 * nothing and writes no audit entry.
 */
export async function changeUserRole({ db, actor, origin, input, locale }: CommandOptions): Promise<AdminUserOutcome> {
  assertAdmin(actor);
  const parsed = setRoleSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error, locale);
  const { userId, role } = parsed.data;
  if (userId === actor.id && !isAdmin(role)) return refused(locale, 'role', 'admin.users.errors.selfDemote');
  return db.transaction(async (tx): Promise<AdminUserOutcome> => {
    const [target] = await tx.select({ id: user.id, role: user.role }).from(user).where(eq(user.id, userId)).for('update');
    if (!target) return notFound(locale);
    if (target.role === role) return { ok: true, userId, changed: false };
    await tx.update(user).set({ role }).where(eq(user.id, userId));
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'role_changed',
      origin,
      tableName: 'user',
      values: { target_user_id: userId, from: target.role, to: role },
    });
    return { ok: true, userId, changed: true };
  });
}

/**
 * Bans a user: sets `banned` (with the optional reason), deletes every session they have so they
 * are signed out at once, and records `user_banned`. An admin cannot ban themselves. Unknown
 * user → 404.
 */
export async function banUser({ db, actor, origin, input, locale }: CommandOptions): Promise<AdminUserOutcome> {
  assertAdmin(actor);
  const parsed = banSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error, locale);
  const { userId, reason } = parsed.data;
  if (userId === actor.id) return refused(locale, 'form', 'admin.users.errors.selfBan');
  return db.transaction(async (tx): Promise<AdminUserOutcome> => {
    const [target] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    if (!target) return notFound(locale);
    await tx
      .update(user)
      .set({ banned: true, banReason: reason || null, banExpires: null })
      .where(eq(user.id, userId));
    const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'user_banned',
      origin,
      tableName: 'user',
      values: { target_user_id: userId, reason: reason || null, sessions_ended: ended.length },
    });
    return { ok: true, userId, changed: true };
  });
}

/**
 * Lifts a ban and records `user_unbanned`; the user can sign in again. Unknown user → 404; a
 * user who is not banned is left as is (no audit entry).
 */
export async function unbanUser({ db, actor, origin, input, locale }: CommandOptions): Promise<AdminUserOutcome> {
  assertAdmin(actor);
  const parsed = unbanSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error, locale);
  const { userId } = parsed.data;
  return db.transaction(async (tx): Promise<AdminUserOutcome> => {
    const [target] = await tx.select({ id: user.id, banned: user.banned }).from(user).where(eq(user.id, userId)).for('update');
    if (!target) return notFound(locale);
    if (!target.banned) return { ok: true, userId, changed: false };
    await tx.update(user).set({ banned: false, banReason: null, banExpires: null }).where(eq(user.id, userId));
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'user_unbanned',
      origin,
      tableName: 'user',
      values: { target_user_id: userId },
    });
    return { ok: true, userId, changed: true };
  });
}
