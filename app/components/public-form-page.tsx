/**
 * The frame of a public page built around one form (contact, vendor sign-up, listing alerts):
 * the heading, a dimmed introduction under it, then the page's form and side panels.
 */
import { Container, Stack, Text, Title, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';

/** `size`: the container width; `introWidth`: how wide the introduction may run, in px. */
export function PublicFormPage({
  size,
  title,
  intro,
  introWidth = 720,
  children,
}: {
  size: MantineSize;
  title: string;
  intro: string;
  introWidth?: number;
  children: ReactNode;
}) {
  return (
    <Container size={size} py="xl">
      <Stack gap={4} mb="xl">
        <Title order={1}>{title}</Title>
        <Text c="dimmed" maw={introWidth}>
          {intro}
        </Text>
      </Stack>
      {children}
    </Container>
  );
}
