/**
 * The outcome of one vendor command among several on a page that share one action (told apart
 * by `intent`): the result when it is this form's, a busy flag while this form posts, and a fresh
 * form after a success (see `useFormOutcome`). The success toast is the page's (`useVendorToast`):
 * a command's form may be gone once it succeeded (an approved vendor has no "Approve").
 */
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useNavigation } from 'react-router';
import { useFormOutcome } from '~/components/forms/use-form-outcome';

type Result =
  { ok: true; intent: string } | { ok: false; intent: string | null; errors: Record<string, string>; values?: Record<string, unknown> };

export function useVendorOutcome(result: Result | undefined, intent: string, key = intent) {
  const navigation = useNavigation();
  const mine = result && result.intent === intent ? result : undefined;
  const { formRef, formKey } = useFormOutcome(mine, () => undefined);
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    (key === intent || navigation.formData?.get('documentId') === key);
  const failed = mine && !mine.ok ? mine : undefined;
  return { failed, busy, formRef, formKey };
}

/** Shows the toast of a successful vendor command, once per answer. */
export function useVendorToast(result: Result | undefined) {
  const { t } = useTranslation();
  const tRef = useRef(t);
  tRef.current = t;
  useEffect(() => {
    if (!result?.ok) return;
    const translate = tRef.current;
    notifications.show({
      color: 'teal',
      title: translate('vendors.done.title'),
      message: translate(`vendors.done.${result.intent}`),
      // A named close button and body text at full contrast (Mantine's defaults fail axe).
      closeButtonProps: { 'aria-label': translate('vendors.done.close') },
      styles: { description: { color: 'var(--mantine-color-text)' } },
      'data-testid': 'vendors-toast',
    });
  }, [result]);
}
