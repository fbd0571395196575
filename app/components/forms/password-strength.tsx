/**
 * The password-strength meter under a new-password field (decision 023): a Mantine Progress bar and
 * a label ("Password strength: weak"), announced politely to screen readers. A hint only; the
 * server's policy decides (see `estimatePasswordStrength`).
 */
import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { estimatePasswordStrength } from '~/lib/password-strength';

const COLORS = ['red', 'orange', 'yellow', 'teal', 'green'] as const;

export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  const score = password ? estimatePasswordStrength(password) : null;
  const label =
    score === null ? t('auth.password.strength.empty') : t('auth.password.strength.label', { level: t(`auth.password.strength.${score}`) });
  return (
    <Stack gap={4} data-testid="password-strength" data-score={score ?? ''}>
      <Progress
        value={score === null ? 0 : (score + 1) * 20}
        color={score === null ? 'gray' : COLORS[score]}
        size="sm"
        aria-label={label}
        transitionDuration={150}
      />
      <Text size="xs" c="dimmed" aria-live="polite" data-testid="password-strength-label">
        {label}
      </Text>
    </Stack>
  );
}
