/**
 * The staff frame (decision 038), registered twice in `app/routes.ts`: as `admin-area` around
 * every `/admin/*` page and as `dashboard-area` around the property manager's `/dashboard/*`
 * pages. The area comes from the URL (`requireStaff`); the frame sends the translations every
 * staff page uses once, and, for admins, the back-office navigation beside the page. Each page
 * still guards itself, since React Router runs the pages' loaders alongside this one.
 */
import { Container, Grid } from '@mantine/core';
import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { AdminNav } from '~/components/staff/admin-nav';
import { translations } from '~/i18n/resources.server';
import { useStaffArea } from '~/lib/staff-area';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/layout';

/**
 * The frame starts below the floating side-menu toggle (its bottom edge is 116–124 px from the top
 * of the window, under the 64 px header): the back link, the first row of the admin navigation
 * and the title are never under it, at any width, whatever their length (decision 034).
 */
const BELOW_SIDE_MENU_TOGGLE = 64;

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

export default function StaffFrame() {
  const area = useStaffArea();
  if (!area.nav) {
    return (
      <Container size="xl" pt={BELOW_SIDE_MENU_TOGGLE} pb="xl">
        <Outlet />
      </Container>
    );
  }
  return (
    <Container size="xl" pt={BELOW_SIDE_MENU_TOGGLE} pb="xl">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <AdminNav />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
