/**
 * The card of a form on a public page (contact, listing alerts, vendor sign-up): a section named
 * by its `h2`, an optional dimmed introduction, then the caller's alerts and form. And
 * `FormFailureAlert`, the alert over a refused form.
 */
import { Alert, Paper, Text, Title, type MantineColor } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';

type CardProps = {
  /** The heading's id, which names the section. */
  titleId: string;
  title: string;
  intro?: string;
  children: ReactNode;
};

export function PublicFormCard({ titleId, title, intro, children }: CardProps) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb={intro ? 'xs' : 'md'}>
        {title}
      </Title>
      {intro && (
        <Text c="dimmed" size="sm" mb="md">
          {intro}
        </Text>
      )}
      {children}
    </Paper>
  );
}

type FailureProps = {
  /** The form-level error the server answered, if any. */
  formError: string | undefined;
  /** The rate limit's message when the server refused for that (spec §8), else null/undefined. */
  rateLimitMessage: string | null | undefined;
  color?: MantineColor;
};

/**
 * Over a refused form (test id `form-errors`): the form-level error, else the rate limit's
 * message, else "fix the fields below" (the fields show their own errors).
 */
export function FormFailureAlert({ formError, rateLimitMessage, color = 'red' }: FailureProps) {
  const { t } = useTranslation();
  return (
    <Alert color={color} icon={<IconAlertCircle aria-hidden />} mb="md" data-testid="form-errors">
      {formError ?? rateLimitMessage ?? t('common.form.fixErrors')}
    </Alert>
  );
}
