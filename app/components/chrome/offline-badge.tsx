/**
 * Offline badge (spec §4 connectivity): "good" or "offline" from the browser's online/offline
 * events, rechecked every 60 s (spec §9) by asking the server's /healthz.
 */
import { Badge } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONNECTIVITY_CHECK_MS } from '~/lib/constants';
import classes from './chrome.module.css';

export type Connectivity = 'good' | 'offline';

/** Tracks connectivity; exported for the chat and notifications that come later. */
export function useConnectivity(): Connectivity {
  const [state, setState] = useState<Connectivity>('good');
  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      if (!navigator.onLine) return setState('offline');
      try {
        const response = await fetch('/healthz', { cache: 'no-store' });
        if (!cancelled) setState(response.ok ? 'good' : 'offline');
      } catch {
        if (!cancelled) setState('offline');
      }
    };
    const onOnline = () => void check();
    const onOffline = () => setState('offline');
    if (!navigator.onLine) setState('offline');
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    const timer = window.setInterval(() => void check(), CONNECTIVITY_CHECK_MS);
    return () => {
      cancelled = true;
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      window.clearInterval(timer);
    };
  }, []);
  return state;
}

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
