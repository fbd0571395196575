/**
 * The staff frame (decision 038), registered twice in `app/routes.ts`: as `admin-area` around
 * every `/admin/*` page and as `dashboard-area` around the property manager's `/dashboard/*`
 * pages. The area comes from the URL (`requireStaff`); the frame sends the translations every
 * staff page uses once, and draws `StaffFrame` (for admins, the back-office navigation beside the
 * page). Each page still guards itself, since React Router runs the pages' loaders alongside this
 * one.
 */
import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { StaffFrame } from '~/components/staff/staff-frame';
import { translations } from '~/i18n/resources.server';
import { useStaffArea } from '~/lib/staff-area';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/layout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { area } = await requireStaff(request, context);
  return { area: area.key, i18n: translations(requestLanguage(request), ['account', 'admin']) };
}

/**
 * The frame's data (its translations) changes only with the language: moving between staff pages,
 * filtering a list or posting a form does not load it again. Each page's own loader still checks
 * the session and role on every request.
 */
export function shouldRevalidate({ formAction }: ShouldRevalidateFunctionArgs) {
  return Boolean(formAction?.startsWith('/preferences'));
}

export default function StaffLayout() {
  const area = useStaffArea();
  return (
    <StaffFrame nav={Boolean(area.nav)}>
      <Outlet />
    </StaffFrame>
  );
}
