/**
 * The outcome of one vendor command among several on a page that share one action (told apart
 * by `intent`): the result when it is this form's, a busy flag while this form posts, and a
 * toast on success (see `useFormOutcome`).
 */
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { useFormOutcome } from '~/components/forms/use-form-outcome';

type Result = { ok: true; intent: string } | { ok: false; intent: string | null; errors: Record<string, string>; values?: Record<string, unknown> };

export function useVendorOutcome(result: Result | undefined, intent: string, key = intent) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mine = result && result.intent === intent ? result : undefined;
  const { formRef, formKey } = useFormOutcome(mine, (outcome) => {
    if (!outcome.ok) return;
    notifications.show({
      color: 'teal',
      title: t('vendors.done.title'),
      message: t(`vendors.done.${outcome.intent}`),
      // A named close button and body text at full contrast (Mantine's defaults fail axe).
      closeButtonProps: { 'aria-label': t('vendors.done.close') },
      styles: { description: { color: 'var(--mantine-color-text)' } },
      'data-testid': 'vendors-toast',
    });
  });
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent && (key === intent || navigation.formData?.get('documentId') === key);
  const failed = mine && !mine.ok ? mine : undefined;
  return { failed, busy, formRef, formKey };
}
