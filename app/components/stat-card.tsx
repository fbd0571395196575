/** One figure with its label, an icon and optional details or a link (overview, portals). */
import { Anchor, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  icon: Icon;
  label: string;
  value: string;
  /** A short line under the figure ("awaiting review"). */
  hint?: ReactNode;
  /** Extra lines (a breakdown). */
  children?: ReactNode;
  link?: { to: string; label: string };
  testId?: string;
};

export function StatCard({ icon: IconComponent, label, value, hint, children, link, testId }: Props) {
  return (
    <Paper withBorder p="md" h="100%" data-testid={testId}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" aria-hidden>
            <IconComponent size={20} />
          </ThemeIcon>
          <Text fw={600}>{label}</Text>
        </Group>
        <Text fz={32} fw={700} lh={1.1} data-testid={testId ? `${testId}-value` : undefined}>
          {value}
        </Text>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        {children}
        {link && (
          <Anchor component={Link} to={link.to} size="sm" fw={600}>
            {link.label}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
