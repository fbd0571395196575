/**
 * The outcome of one portfolio form among several on a page (told apart by `intent`): its
 * result, a busy flag while it posts, a toast on success, focus on the first invalid field on
 * failure (see `useFormOutcome`). Also shows the toast of a plain-post redirect (`?done=`).
 */
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useNavigation } from 'react-router';
import { useFormOutcome } from '~/components/forms/use-form-outcome';
import type { PortfolioActionResult } from '../portfolio-pages.server';

function showDone(message: string, t: (key: string, options?: Record<string, unknown>) => string, options: Record<string, unknown> = {}) {
  notifications.show({
    color: 'teal',
    title: t('common.toast.success'),
    message: t(message, options),
    closeButtonProps: { 'aria-label': t('portfolio.done.close') },
    styles: { description: { color: 'var(--mantine-color-text)' } },
    'data-testid': 'portfolio-toast',
  });
}

export function usePortfolioOutcome(result: PortfolioActionResult | undefined, intent: string) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mine = result && result.intent === intent ? result : undefined;
  const { formRef, formKey } = useFormOutcome(mine, (outcome) => {
    if (!outcome.ok || !('message' in outcome)) return;
    showDone(outcome.message, t, { count: outcome.count, ...outcome.result });
  });
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const failed = mine && !mine.ok ? mine : undefined;
  return { failed, busy, formRef, formKey, result: mine };
}

/** Shows the toast a plain form post was redirected with (`?done=saved`), once. */
export function useDoneToast(done: string | null | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    // Counts do not survive the redirect: "created", "unchanged", or plainly "saved".
    if (done && /^(created|saved|unchanged|bulk|imported)$/.test(done))
      showDone(`portfolio.done.${done === 'created' || done === 'unchanged' ? done : 'saved'}`, t);
  }, [done, t]);
}
