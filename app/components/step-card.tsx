/**
 * One step or block of a staff page that is a landmark of its own (a lease's next step, a
 * project's status moves or facts): a bordered `Paper` rendered as `<section>` with `data-testid`
 * `id`, labelled by its heading (`${id}-title`), then an optional dimmed hint and the caller's
 * content, stacked. The heading's level stays the caller's (`order`, default 2) so axe's
 * heading-order rule holds wherever it is used (decision 042). Unlike `SectionCard`, it is compact
 * (`p="md"`) and stacks its content.
 *
 * Props: `id`; `title`; `hint`; `order` and `titleSize` (default 2 and `h4`); `gap` between the
 * heading, the hint and the content (default `sm`); `children`.
 */
import { Paper, Stack, Text, Title, type MantineSpacing, type TitleOrder, type TitleSize } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  id: string;
  title: string;
  hint?: ReactNode;
  order?: TitleOrder;
  titleSize?: TitleSize;
  gap?: MantineSpacing;
  children?: ReactNode;
};

/** A compact titled `<section>` card whose content is stacked (see the module's docstring). */
export function StepCard({ id, title, hint, order = 2, titleSize = 'h4', gap = 'sm', children }: Props) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Stack gap={gap}>
        <Title order={order} size={titleSize} id={`${id}-title`}>
          {title}
        </Title>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
