/**
 * Who may open which page (spec §6, DESIGN §4): the protected routes of spec §2 with the role
 * each needs, and the side-menu items each role gets. Client-safe; the server enforces it in
 * every loader and action (`app/server/auth/session.server.ts`).
 */
export const ROLES = ['tenant', 'vendor', 'owner', 'property_manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A route's requirement: any signed-in user, or one role (admin passes every role check). */
export type Requirement = 'signed-in' | Role;

/** True when `role` satisfies `requirement` (spec §6: admin passes every role check). */
export function satisfies(role: Role, requirement: Requirement): boolean {
  return requirement === 'signed-in' || role === 'admin' || role === requirement;
}

/**
 * The role predicates below are the one place a role is compared with a name (lint forbids
 * `x.role === 'admin'` elsewhere, decision 040). They take any string, so a row read from the
 * database (`user.role`) or a missing user (`null`) can be asked directly.
 */
type RoleLike = Role | string | null | undefined;

/** True for an admin (spec §6: the only role of `/admin`). */
export function isAdmin(role: RoleLike): boolean {
  return role === 'admin';
}

/** True for a property manager (not an admin): the role whose work is scoped to their buildings. */
export function isPropertyManager(role: RoleLike): boolean {
  return role === 'property_manager';
}

/** True for staff: an admin or a property manager. */
export function isStaff(role: RoleLike): boolean {
  return role === 'admin' || role === 'property_manager';
}

/**
 * True when `actor` is signed in and staff (an admin or a property manager): the guard every
 * staff service runs before scoping (DESIGN §4); narrows away `null` / `undefined`.
 */
export function isStaffActor<A extends { role: RoleLike }>(actor: A | null | undefined): actor is A {
  return !!actor && isStaff(actor.role);
}

/** Roles that must sign in with a second factor (decision 023); others may opt in. */
export const TWO_FACTOR_REQUIRED_ROLES: readonly Role[] = ['admin', 'property_manager'];
/** The two-factor enrolment page (the security section of /dashboard), the only page an unenrolled staff member reaches. */
export const SECURITY_PATH = '/dashboard/security';

/** True when a user of `role` without two-factor sign-in must enrol before anything else. */
export function mustEnrolTwoFactor(role: Role, twoFactorEnabled: boolean): boolean {
  return !twoFactorEnabled && TWO_FACTOR_REQUIRED_ROLES.includes(role);
}

/** spec §2 "Admin-only": every admin page, plus application review and the dev mailbox. */
export const ADMIN_SECTIONS = [
  'applications',
  'projects',
  'users',
  'tenants',
  'vendors',
  'properties',
  'system',
  'database',
  'notifications',
  'messages',
  'payments',
  'maintenance',
  'assignments',
  'mailbox',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** The owner portal (decision 061). */
export const OWNER_PORTAL_PATH = '/owner-portal';

/** spec §2 "Protected routes", path → requirement. The guard test walks this table. */
export const PROTECTED_ROUTES: readonly { path: string; requires: Requirement }[] = [
  { path: '/dashboard', requires: 'signed-in' },
  { path: '/tenant-portal', requires: 'tenant' },
  { path: '/vendor-portal', requires: 'vendor' },
  // Decision 061: an owner's buildings, statements and distributions.
  { path: OWNER_PORTAL_PATH, requires: 'owner' },
  { path: '/admin', requires: 'admin' },
  ...ADMIN_SECTIONS.map((section) => ({ path: `/admin/${section}`, requires: 'admin' as const })),
  { path: '/admin-debug', requires: 'admin' },
  // A property manager's buildings (decision 015); admins pass every check.
  { path: '/dashboard/buildings', requires: 'property_manager' },
];

/** A side-menu item of a role (`common.nav.<key>`). */
export type RoleMenuKey = 'dashboard' | 'portal' | 'vendor' | 'owner' | 'admin';

/** spec §2 chrome: the extra side-menu items of a signed-in user, by role. */
export function roleMenuItems(role: Role): { to: string; key: RoleMenuKey }[] {
  const items: { to: string; key: RoleMenuKey }[] = [{ to: '/dashboard', key: 'dashboard' }];
  if (role === 'tenant') items.push({ to: '/tenant-portal', key: 'portal' });
  if (role === 'vendor') items.push({ to: '/vendor-portal', key: 'vendor' });
  if (role === 'owner') items.push({ to: OWNER_PORTAL_PATH, key: 'owner' });
  if (role === 'admin') items.push({ to: '/admin', key: 'admin' });
  return items;
}
