/**
 * The outcome of one command form among several on a page that share one action (told apart by
 * `intent`, and `key` — an invoice id — when several forms have the same intent): its errors and
 * echoed values, a busy flag while it posts, and a toast on success (see `useFormOutcome`).
 */
import { notifications } from '@mantine/notifications';
import { useTranslation } from '~/lib/i18n';
import { useNavigation } from 'react-router';
import { useFormOutcome } from '~/components/forms/use-form-outcome';
import type { CommandResult } from '../work-orders.types';

export function useCommandOutcome<I extends string>(result: CommandResult<I> | undefined, intent: I, key?: string) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mine = result && result.intent === intent && (key === undefined || result.key === key) ? result : undefined;
  const { formRef, formKey } = useFormOutcome(mine, (outcome) => {
    if (!outcome.ok) return;
    notifications.show({
      color: 'teal',
      title: t('workOrders.done.title'),
      message: outcome.message,
      closeButtonProps: { 'aria-label': t('workOrders.done.close') },
      styles: { description: { color: 'var(--mantine-color-text)' } },
      'data-testid': 'work-orders-toast',
    });
  });
  const submitting =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    (key === undefined || navigation.formData?.get('invoiceId') === key);
  const failed = mine && !mine.ok ? mine : undefined;
  return { busy: submitting, formRef, formKey, errors: failed?.errors ?? {}, values: failed?.values ?? {} };
}
