/**
 * The dashboard's security status card (spec §4: secure → warning above 80 % of a limit →
 * blocked): the status, the rate-limited actions with their usage, and the two-factor state.
 */
import { Anchor, Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck, IconShieldExclamation, IconShieldX, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RATE_LIMIT_WARNING_RATIO } from '~/lib/constants';
import { formatNumber } from '~/lib/format';
import { useTranslation } from '~/lib/i18n';
import { useLanguage } from '~/lib/use-language';
import type { SecurityStatus } from '~/server/rate-limit.server';
import type { DashboardSummary } from '../dashboard.server';

const STATUS_LOOK: Record<SecurityStatus, { color: string; icon: Icon }> = {
  secure: { color: 'teal.9', icon: IconShieldCheck },
  warning: { color: 'yellow.4', icon: IconShieldExclamation },
  blocked: { color: 'red.9', icon: IconShieldX },
};

/** The viewer's security status, their rate-limited actions and whether two-factor sign-in is on. */
export function SecurityStatusCard({ security, twoFactorEnabled }: { security: DashboardSummary['security']; twoFactorEnabled: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const look = STATUS_LOOK[security.status];
  const StatusIcon = look.icon;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="security-status-title" h="100%">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id="security-status-title">
          {t('account.dashboard.security.title')}
        </Title>
        <Badge
          size="lg"
          color={look.color}
          variant="filled"
          autoContrast
          leftSection={<StatusIcon size={16} aria-hidden />}
          data-testid="security-status"
          data-status={security.status}
        >
          {t(`account.dashboard.security.status.${security.status}`)}
        </Badge>
      </Group>
      <Text size="sm" mb="md" aria-live="polite">
        {t(`account.dashboard.security.explain.${security.status}`)}
      </Text>
      <Text size="sm" fw={600} mb="xs">
        {t('account.dashboard.security.activity')}
      </Text>
      {security.actions.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="security-no-activity">
          {t('account.dashboard.security.none')}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="security-actions">
          {security.actions.map((entry) => {
            const ratio = entry.count / entry.limit;
            const color = entry.count >= entry.limit ? 'red.9' : ratio > RATE_LIMIT_WARNING_RATIO ? 'yellow.6' : 'teal.9';
            return (
              <div key={entry.action} data-testid="security-action" data-action={entry.action}>
                <Group justify="space-between" gap="xs" mb={4}>
                  <Text size="sm">{t(`account.rateActions.${entry.action}`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t('account.dashboard.security.usageValue', { count: entry.count, limit: entry.limit })}
                  </Text>
                </Group>
                <Progress
                  value={Math.min(100, ratio * 100)}
                  color={color}
                  aria-label={`${t(`account.rateActions.${entry.action}`)}: ${formatNumber(entry.count, lang)} / ${formatNumber(entry.limit, lang)}`}
                />
              </div>
            );
          })}
        </Stack>
      )}
      <Text size="xs" c="dimmed" mt="md">
        {t('account.dashboard.security.checked')}
      </Text>
      <Group justify="space-between" mt="md" gap="xs">
        <Text size="sm" data-testid="dashboard-two-factor" data-enabled={String(twoFactorEnabled)}>
          {twoFactorEnabled ? t('account.security.statusOn') : t('account.security.statusOff')}
        </Text>
        <Anchor component={Link} to="/dashboard/security" size="sm" data-testid="security-link">
          {t('account.security.manage')}
        </Anchor>
      </Group>
    </Paper>
  );
}
