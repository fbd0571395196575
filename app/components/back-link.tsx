/**
 * The "back" link at the top of a detail page (a tenant, a payment, a request, a building…): a
 * small anchor with a left arrow before its text, leading to the list or page above. Its label
 * is a `span` by default (inline content of the link); `labelAs="div"` keeps the pages that
 * render it as a block. Other props (`data-testid`, `display`…) go to Mantine's `Anchor`.
 */
import { Anchor, Group, type AnchorProps } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = Omit<AnchorProps, 'children'> & {
  /** Where the link leads (a path). */
  to: string;
  /** The translated label ("Back to tenants"). */
  children: ReactNode;
  /** The element that holds the arrow and the label (default `span`). */
  labelAs?: 'span' | 'div';
  'data-testid'?: string;
};

/** A small arrow-left link back to `to` (see the module's docstring). */
export function BackLink({ to, children, labelAs = 'span', ...anchorProps }: Props) {
  return (
    <Anchor component={Link} to={to} size="sm" {...anchorProps}>
      <Group gap={4} component={labelAs}>
        <IconArrowLeft size={14} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}
