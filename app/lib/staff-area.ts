/**
 * The two staff areas (decision 038; DESIGN §4 "Who works where"): an admin works under `/admin`
 * and sees everything; a property manager works under `/dashboard`, scoped by the services to the
 * buildings they manage. A staff page is one route module registered under both (`app/routes.ts`);
 * everything that differs between the two is here: the role the area needs, its paths, which
 * title a page shows, and what its frame holds. Client-safe: the server derives the area of a
 * request with `staffAreaOf` (`requireStaff`), the page reads it with `useStaffArea`.
 */
import { useMatches } from 'react-router';
import type { Role } from './access';

export type StaffAreaKey = 'admin' | 'dashboard';

export type StaffArea = {
  key: StaffAreaKey;
  /** The role the area requires (admins pass every role check, so they may use both). */
  role: Extract<Role, 'admin' | 'property_manager'>;
  /** The area's first path segment, `/admin` or `/dashboard`. */
  base: '/admin' | '/dashboard';
  /** Where the buildings live: the admin's "Properties", the manager's "Buildings". */
  buildings: '/admin/properties' | '/dashboard/buildings';
  /** The frame shows the back-office navigation beside the page (admins). */
  nav: boolean;
};

export const STAFF_AREAS: Readonly<Record<StaffAreaKey, StaffArea>> = {
  admin: { key: 'admin', role: 'admin', base: '/admin', buildings: '/admin/properties', nav: true },
  dashboard: { key: 'dashboard', role: 'property_manager', base: '/dashboard', buildings: '/dashboard/buildings', nav: false },
};

/** The route ids of the two registrations of the staff frame (`routes/staff/layout.tsx`). */
export const STAFF_FRAME_IDS: Readonly<Record<StaffAreaKey, string>> = { admin: 'admin-area', dashboard: 'dashboard-area' };

/** The staff area of a URL path (`/admin`, `/admin/…` → admin; `/dashboard/…` → dashboard), or null. */
export function staffAreaOf(pathname: string): StaffArea | null {
  if (pathname === '/admin' || pathname.startsWith('/admin/') || pathname === '/admin.data') return STAFF_AREAS.admin;
  if (pathname.startsWith('/dashboard/')) return STAFF_AREAS.dashboard;
  return null;
}

/**
 * One text of two: the admin's or the manager's (`pick(area, 'tenants.list.title',
 * 'tenants.list.managerTitle')`), for the few titles that differ between the areas.
 */
export function pickForArea<T>(area: StaffArea, forAdmin: T, forManager: T): T {
  return area.key === 'admin' ? forAdmin : forManager;
}

/**
 * The staff area of the page being rendered, from the staff frame's route data. Throws outside
 * the staff frame (a programming error: only staff pages call it).
 */
export function useStaffArea(): StaffArea {
  const frame = useMatches().find((match) => match.id === STAFF_FRAME_IDS.admin || match.id === STAFF_FRAME_IDS.dashboard);
  if (!frame) throw new Error('useStaffArea() outside the staff frame');
  return frame.id === STAFF_FRAME_IDS.admin ? STAFF_AREAS.admin : STAFF_AREAS.dashboard;
}

/** A path of the area, typed as both possible paths (`staffPath(area, 'tenants')` → `/admin/tenants` | `/dashboard/tenants`). */
export function staffPath<Path extends string>(area: StaffArea, path: Path): `${StaffArea['base']}/${Path}` {
  return `${area.base}/${path}`;
}
