/** A section's h2 with an optional eyebrow and subtitle. `id` lets `aria-labelledby` point at it. */
import { Stack, Text, Title } from '@mantine/core';
import classes from '../marketing.module.css';

type SectionHeadingProps = {
  id?: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  align?: 'left' | 'center';
};

export function SectionHeading({ id, eyebrow, title, subtitle, align = 'left' }: SectionHeadingProps) {
  return (
    <Stack gap={6} mb="xl" align={align === 'center' ? 'center' : 'flex-start'} ta={align}>
      {eyebrow && <Text className={classes.eyebrow}>{eyebrow}</Text>}
      <Title order={2} id={id}>
        {title}
      </Title>
      {subtitle && (
        <Text size="lg" maw={720}>
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
