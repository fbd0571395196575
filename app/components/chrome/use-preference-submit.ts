/**
 * Saves a preference through `/preferences` from the browser, so the server's cookie and the
 * root loader (language, translations) refresh without a full reload.
 */
import { useFetcher, useLocation } from 'react-router';

export function usePreferenceSubmit() {
  const fetcher = useFetcher();
  const location = useLocation();
  return (fields: Record<string, string>) =>
    fetcher.submit(
      { ...fields, mode: 'fetch', redirectTo: location.pathname + location.search },
      { method: 'post', action: '/preferences' },
    );
}
