/**
 * Shows the spec's toast when an action answered 429 (spec §8): "Rate Limit Exceeded: Too many
 * {action} attempts. Please wait before trying again."
 */
import { showToast } from '~/lib/toasts';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/lib/i18n';

type MaybeLimited = { rateLimited?: { action: string; retryAfterS: number } } | undefined | null;

export function useRateLimitToast(result: MaybeLimited | object) {
  const { t } = useTranslation();
  const limited = result && 'rateLimited' in result ? (result as MaybeLimited)?.rateLimited : undefined;
  // `t` changes when the root data reloads after a post; the toast must not show twice for it.
  const tRef = useRef(t);
  tRef.current = t;
  useEffect(() => {
    if (!limited) return;
    const translate = tRef.current;
    showToast({
      color: 'red',
      title: translate('common.rateLimit.title'),
      message: `${translate('common.rateLimit.message', { action: limited.action })} ${translate('common.rateLimit.retryIn', { seconds: limited.retryAfterS })}`,
    });
  }, [limited]);
}

/** The inline text of a rate-limit refusal, for pages without JavaScript. */
export function useRateLimitMessage(result: MaybeLimited | object): string | null {
  const { t } = useTranslation();
  const limited = result && 'rateLimited' in result ? (result as MaybeLimited)?.rateLimited : undefined;
  return limited ? `${t('common.rateLimit.title')}: ${t('common.rateLimit.message', { action: limited.action })}` : null;
}
