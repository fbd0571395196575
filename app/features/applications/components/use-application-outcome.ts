/**
 * The outcome of a review command on one application (`applicationId`; null: any): the action's
 * answer when it is one of `intents` about this application, the intent posting for it right now,
 * and — unless `toast` is false — a toast on success (see `useFormOutcome`).
 */
import { notifications } from '@mantine/notifications';
import { useTranslation } from '~/lib/i18n';
import { useNavigation } from 'react-router';
import { useFormOutcome } from '~/components/forms/use-form-outcome';
import type { ApplicationActionResult, ApplicationIntent } from '../applications.types';

export function useApplicationOutcome(
  result: ApplicationActionResult | undefined,
  applicationId: number | null,
  intents: readonly ApplicationIntent[],
  { toast = true }: { toast?: boolean } = {},
) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mine =
    result && (applicationId === null || result.applicationId === applicationId) && result.intent && intents.includes(result.intent)
      ? result
      : undefined;
  const { formRef, formKey } = useFormOutcome(mine, (outcome) => {
    if (!outcome.ok || !toast) return;
    notifications.show({
      color: 'teal',
      title: t('common.toast.success'),
      message: t(`applications.done.${outcome.intent}`),
      // A named close button and body text at full contrast (Mantine's defaults fail axe).
      closeButtonProps: { 'aria-label': t('applications.done.close') },
      styles: { description: { color: 'var(--mantine-color-text)' } },
      'data-testid': 'applications-toast',
    });
  });
  const posting =
    navigation.state === 'submitting' && (applicationId === null || navigation.formData?.get('applicationId') === String(applicationId))
      ? navigation.formData?.get('intent')
      : null;
  const busyIntent =
    typeof posting === 'string' && (intents as readonly string[]).includes(posting) ? (posting as ApplicationIntent) : null;
  const failed = mine && !mine.ok ? mine : undefined;
  return { failed, busyIntent, formRef, formKey };
}
