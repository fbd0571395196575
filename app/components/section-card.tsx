/**
 * A titled card that is a landmark of its page: a bordered `Paper` rendered as `<section>`,
 * labelled by its heading (`aria-labelledby`), an optional dimmed description under the heading,
 * then either the caller's content or, when `isEmpty`, a dimmed line saying there is nothing to
 * show. Keeps the headings' order in the caller's hands (`order`, default 2) so axe's
 * heading-order rule holds wherever it is used.
 */
import { Paper, Text, Title, type MantineSpacing, type PaperProps, type TitleOrder, type TitleSize } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = Omit<PaperProps, 'children' | 'title'> & {
  /** The heading's id; the section is labelled by it. */
  titleId: string;
  title: ReactNode;
  /** The heading's level (default 2) and look (default `h3`; `null`: the level's own). */
  order?: TitleOrder;
  titleSize?: TitleSize | null;
  /** Space under the heading (default `sm`; `null` for none). */
  titleMb?: MantineSpacing | null;
  /** A dimmed line under the heading (`mb="md"`). */
  description?: ReactNode;
  /** Show `emptyText` instead of the content. */
  isEmpty?: boolean;
  emptyText?: string;
  /** The section's id (an anchor target), when it has one. */
  id?: string;
  children?: ReactNode;
};

/** A `<section>` card with a heading and an empty state (see the module's docstring). */
export function SectionCard({
  titleId,
  title,
  order = 2,
  titleSize = 'h3',
  titleMb = 'sm',
  description,
  isEmpty = false,
  emptyText,
  children,
  ...paperProps
}: Props) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId} {...paperProps}>
      <Title order={order} size={titleSize ?? undefined} id={titleId} mb={titleMb ?? undefined}>
        {title}
      </Title>
      {description !== undefined && (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {isEmpty ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}
