/**
 * The "Loading" card (spec §2 chrome), shown while a navigation takes longer than 100 ms.
 */
import { Group, Loader, Paper, Text } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { useNavigation } from 'react-router';
import classes from './chrome.module.css';

export function LoadingCard({ force = false }: { force?: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (!force && navigation.state !== 'loading') return null;
  return (
    <Paper shadow="md" withBorder px="md" py="xs" className={classes.loadingCard} role="status" data-testid="loading-card">
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('common.loading', 'Loading')}</Text>
      </Group>
    </Paper>
  );
}
