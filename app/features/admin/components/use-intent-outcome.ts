/**
 * The outcome of one form among several on a page that share one action (told apart by
 * `intent`): the result when it is this form's, a busy flag while this form posts, and a toast
 * on success (see `useFormOutcome`).
 */
import { notifications } from '@mantine/notifications';
import { useTranslation } from '~/lib/i18n';
import { useNavigation } from 'react-router';
import { useFormOutcome } from '~/components/forms/use-form-outcome';
import type { UserIntent, UsersActionResult } from '../admin-users.types';

export function useIntentOutcome(result: UsersActionResult | undefined, intent: UserIntent) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mine = result && result.intent === intent ? result : undefined;
  const { formRef, formKey } = useFormOutcome(mine, (outcome) => {
    if (!outcome.ok) return;
    notifications.show({
      color: 'teal',
      title: t('common.toast.success'),
      message: t(outcome.changed ? `admin.users.done.${intent}` : 'admin.users.done.unchanged'),
      // A named close button and body text at full contrast (Mantine's defaults fail axe).
      closeButtonProps: { 'aria-label': t('admin.users.done.close') },
      styles: { description: { color: 'var(--mantine-color-text)' } },
      'data-testid': 'users-toast',
    });
  });
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const failed = mine && !mine.ok ? mine : undefined;
  return { failed, busy, formRef, formKey };
}
