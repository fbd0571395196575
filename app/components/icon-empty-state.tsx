/**
 * The empty state of a list or a section with nothing to show yet (no invoices, no bids, no open
 * projects): a large decorative icon, a heading and one sentence, on a light background. With
 * next steps to offer, use `PortalEmptyState` (portal-home.tsx) instead.
 */
import { EmptyState, type MantineSpacing, type TitleOrder } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

type Props = {
  icon: Icon;
  title: string;
  body: string;
  testId: string;
  /** The heading's level (2 unless the state sits under a section heading). */
  titleOrder?: TitleOrder;
  /** Vertical padding (`xl` unless told). */
  py?: MantineSpacing;
};

/** An icon, a heading and a sentence (see the module's docstring); `testId` is its `data-testid`. */
export function IconEmptyState({ icon: IconComponent, title, body, testId, titleOrder = 2, py = 'xl' }: Props) {
  return (
    <EmptyState icon={<IconComponent size={30} aria-hidden />} variant="light" py={py} data-testid={testId}>
      <EmptyState.Title order={titleOrder}>{title}</EmptyState.Title>
      <EmptyState.Description>{body}</EmptyState.Description>
    </EmptyState>
  );
}
