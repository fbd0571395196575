/**
 * Whether the form posting `intent` (its hidden `intent` field) is on its way: submitted, or its
 * action answered and the next page is loading. Lets one page hold several forms (sign in and
 * register) with a loading state on the right button only.
 */
import { useNavigation } from 'react-router';

export function useIntentBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' && navigation.formData?.get('intent') === intent;
}
