/** The title block of a signed-in page: heading, optional subtitle and actions on the right. */
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function SignedInPageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="lg" wrap="wrap">
      <Stack gap={4} maw={760}>
        <Title order={1}>{title}</Title>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </Stack>
      {actions}
    </Group>
  );
}
