/**
 * Shows the spec's toast when an action answered 429 (spec §8): "Rate Limit Exceeded: Too many
 * {action} attempts. Please wait before trying again."
 */
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

type MaybeLimited = { rateLimited?: { action: string; retryAfterS: number } } | undefined | null;

export function useRateLimitToast(result: MaybeLimited | object) {
  const { t } = useTranslation();
  const limited = result && 'rateLimited' in result ? (result as MaybeLimited)?.rateLimited : undefined;
  useEffect(() => {
    if (!limited) return;
    notifications.show({
      color: 'red',
      title: t('common.rateLimit.title'),
      message: `${t('common.rateLimit.message', { action: limited.action })} ${t('common.rateLimit.retryIn', { seconds: limited.retryAfterS })}`,
    });
  }, [limited, t]);
}

/** The inline text of a rate-limit refusal, for pages without JavaScript. */
export function useRateLimitMessage(result: MaybeLimited | object): string | null {
  const { t } = useTranslation();
  const limited = result && 'rateLimited' in result ? (result as MaybeLimited)?.rateLimited : undefined;
  return limited ? `${t('common.rateLimit.title')}: ${t('common.rateLimit.message', { action: limited.action })}` : null;
}
