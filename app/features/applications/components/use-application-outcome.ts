/**
 * The outcome of a review command on one application (`applicationId`; null: any), through the
 * page protocol's hook (decision 037): the action's answer when it is one of `intents` about this
 * application (a refusal's `key` is the application's id), the intent posting for it right now,
 * and — unless `toast` is false — the success toast.
 */
import { useNavigation } from 'react-router';
import { useActionResult } from '~/components/forms/use-action-result';
import type { ApplicationActionResult, ApplicationIntent } from '../applications.types';

export function useApplicationOutcome(
  result: ApplicationActionResult | undefined,
  applicationId: number | null,
  intents: readonly ApplicationIntent[],
  { toast = true }: { toast?: boolean } = {},
) {
  const navigation = useNavigation();
  const ofIntents = result && result.intent !== null && intents.includes(result.intent) ? result : undefined;
  const { failed, formRef, formKey } = useActionResult(ofIntents, {
    key: applicationId === null ? undefined : String(applicationId),
    keyField: 'applicationId',
    toast: toast ? { testId: 'applications-toast' } : false,
  });
  const posting =
    navigation.state === 'submitting' && (applicationId === null || navigation.formData?.get('applicationId') === String(applicationId))
      ? navigation.formData?.get('intent')
      : null;
  const busyIntent =
    typeof posting === 'string' && (intents as readonly string[]).includes(posting) ? (posting as ApplicationIntent) : null;
  return { failed, busyIntent, formRef, formKey };
}
