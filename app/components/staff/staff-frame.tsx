/**
 * The staff frame's box (decision 038): the page below the floating side-menu toggle and, for
 * admins, the back-office navigation beside it (above it on narrow screens). Used by the staff
 * layout route around every `/admin/*` and `/dashboard/*` page, and by `/admin-debug`, which lives
 * outside that layout.
 */
import { Container, Grid } from '@mantine/core';
import type { ReactNode } from 'react';
import { AdminNav } from './admin-nav';

/**
 * The frame starts below the floating side-menu toggle (its bottom edge is 116–124 px from the top
 * of the window, under the 64 px header): the back link, the first row of the admin navigation
 * and the title are never under it, at any width, whatever their length (decision 034).
 */
const BELOW_SIDE_MENU_TOGGLE = 64;

/** `nav`: show the admin navigation (admins only; the property manager's area has none). */
export function StaffFrame({ nav, children }: { nav: boolean; children: ReactNode }) {
  if (!nav) {
    return (
      <Container size="xl" pt={BELOW_SIDE_MENU_TOGGLE} pb="xl">
        {children}
      </Container>
    );
  }
  return (
    <Container size="xl" pt={BELOW_SIDE_MENU_TOGGLE} pb="xl">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <AdminNav />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>{children}</Grid.Col>
      </Grid>
    </Container>
  );
}
