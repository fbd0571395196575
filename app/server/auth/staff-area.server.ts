/**
 * The staff area of a request, derived in one place (decision 038): the URL says which area
 * (`staffAreaOf`), the area says which role it needs. Every loader and action of a staff page
 * starts with `requireStaff`; the services it calls scope by the actor it returns.
 */
import { data } from 'react-router';
import { staffAreaOf, type StaffArea } from '~/lib/staff-area';
import { requireRole, type Viewer } from './session.server';
import type { DimoraLoadContext } from '../load-context';

/**
 * The signed-in staff member and the area of this request. Throws a redirect like `requireRole`
 * (signed out, not enrolled in two-factor sign-in, wrong role) and a 404 outside both areas.
 */
export async function requireStaff(request: Request, context: DimoraLoadContext): Promise<{ actor: Viewer; area: StaffArea }> {
  const area = staffAreaOf(new URL(request.url).pathname);
  if (!area) throw data(null, { status: 404 });
  const actor = await requireRole(request, context, area.role);
  return { actor, area };
}
