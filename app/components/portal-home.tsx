/**
 * The frame of a portal's home page (`/tenant-portal`, `/vendor-portal`; spec §2): the greeting
 * header, the page's own cards, and the way back to /dashboard; and the empty state a portal
 * shows to an account with nothing in it yet, with its next steps as actions.
 */
import { EmptyState, Group, Stack } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { HeaderLink, SignedInPage } from './signed-in-page';

/** A portal home: `title`, `greeting` under it, then `children` stacked, then "Back to the dashboard". */
export function PortalHome({ title, greeting, children }: { title: string; greeting: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SignedInPage title={title} subtitle={greeting}>
      <Stack gap="lg">
        {children}
        <Group>
          <HeaderLink to="/dashboard">{t('account.portal.backToDashboard')}</HeaderLink>
        </Group>
      </Stack>
    </SignedInPage>
  );
}

/** The empty state of a portal home: an icon, a heading, a sentence, and the buttons in `children`. */
export function PortalEmptyState({
  icon: IconComponent,
  title,
  body,
  testId,
  children,
}: {
  icon: Icon;
  title: string;
  body: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <EmptyState icon={<IconComponent size={30} aria-hidden />} variant="light" py="xl" data-testid={testId}>
      <EmptyState.Title order={2}>{title}</EmptyState.Title>
      <EmptyState.Description>{body}</EmptyState.Description>
      <EmptyState.Actions>{children}</EmptyState.Actions>
    </EmptyState>
  );
}
