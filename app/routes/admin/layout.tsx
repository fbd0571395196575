/**
 * The /admin area's frame (spec §2 "Admin-only", §6): the back-office navigation beside the
 * section. Admin only; each child route guards itself too, since React Router runs the
 * children's loaders alongside this one.
 */
import { Container, Grid } from '@mantine/core';
import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { AdminNav } from '~/features/admin/components/admin-nav';
import { translations } from '~/i18n/resources.server';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/layout';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  return { i18n: translations(requestLanguage(request), ['account', 'admin']) };
}

/**
 * The frame's data (its translations) changes only with the language: moving between admin pages,
 * filtering a list or posting a form does not load it again. Each page's own loader still checks
 * the session and role on every request.
 */
export function shouldRevalidate({ formAction }: ShouldRevalidateFunctionArgs) {
  return Boolean(formAction?.startsWith('/preferences'));
}

export default function AdminLayout() {
  return (
    <Container size="xl" py="xl">
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
