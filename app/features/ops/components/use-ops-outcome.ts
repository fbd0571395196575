/**
 * The outcome of one form among several on an operations page (told apart by `intent`): its
 * result, a busy flag while it posts, a toast on success, focus on the first invalid field on
 * failure (see `useFormOutcome`).
 */
import { notifications } from '@mantine/notifications';
import { useTranslation } from '~/lib/i18n';
import { useNavigation } from 'react-router';
import { useFormOutcome } from '~/components/forms/use-form-outcome';

type Outcome = { ok: boolean; intent: string };

/** Shows a success toast (named close button, body at full contrast: Mantine's defaults fail axe). */
export function showOpsToast(message: string, closeLabel: string, title: string) {
  notifications.show({
    color: 'teal',
    title,
    message,
    closeButtonProps: { 'aria-label': closeLabel },
    styles: { description: { color: 'var(--mantine-color-text)' } },
    'data-testid': 'ops-toast',
  });
}

export function useOpsOutcome<R extends Outcome>(result: R | undefined, intent: string, successMessage: (result: R) => string) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mine = result && result.intent === intent ? result : undefined;
  const { formRef, formKey } = useFormOutcome(mine, (outcome) => {
    if (outcome.ok) showOpsToast(successMessage(outcome), t('ops.system.close'), t('common.toast.success'));
  });
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const failed = mine && !mine.ok ? (mine as R & { errors?: Record<string, string>; values?: Record<string, string> }) : undefined;
  return { failed, busy, formRef, formKey, result: mine };
}
