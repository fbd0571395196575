/**
 * The frame of a signed-in page outside the staff frame (the portals, /dashboard): a `lg`
 * container with the page header on top; and the small link a header carries back to the list
 * or portal a page belongs to.
 */
import { Anchor, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SignedInPageHeader } from './page-header';

/** The page: `title`, optional `subtitle` and header `actions`, then `children`. */
export function SignedInPage({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="lg" py="xl">
      <SignedInPageHeader title={title} subtitle={subtitle} actions={actions} />
      {children}
    </Container>
  );
}

/** A small link in a page header ("Back to the portal", "All requests"). */
export function HeaderLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  );
}
