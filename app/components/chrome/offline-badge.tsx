/**
 * Offline badge (spec §4 connectivity): "good" or "offline" from the browser's online/offline
 * events, rechecked every 60 s (spec §9) by asking the server's /healthz (`~/lib/realtime`).
 */
import { Badge } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { useConnectivity } from '~/lib/realtime';
import classes from './chrome.module.css';

export function OfflineBadge() {
  const { t } = useTranslation();
  const connectivity = useConnectivity();
  return (
    <div role="status" aria-live="polite" className={classes.offlineBadge}>
      {connectivity === 'offline' && (
        <Badge
          color="red"
          size="lg"
          leftSection={<IconWifiOff size={14} aria-hidden />}
          title={t('common.offline.description')}
          data-testid="offline-badge"
        >
          {t('common.offline.badge')}
        </Badge>
      )}
    </div>
  );
}
