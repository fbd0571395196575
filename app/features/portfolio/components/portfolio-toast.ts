/**
 * The portfolio pages' success toast (decision 037): its test id, and the message of a plain
 * post's redirect (`?done=created|saved|unchanged|bulk|imported`). Counts do not survive the
 * redirect, so a bulk change or an import reads plainly "Saved.".
 */
import type { ActionToast } from '~/components/forms/use-action-result';

export const PORTFOLIO_TOAST: ActionToast = { testId: 'portfolio-toast' };

/** The translated toast of `?done=<outcome>`, or null for a value the pages never send. */
export function portfolioDoneMessage(t: (key: string) => string, done: string): string | null {
  if (!/^(created|saved|unchanged|bulk|imported)$/.test(done)) return null;
  return t(`portfolio.done.${done === 'created' || done === 'unchanged' ? done : 'saved'}`);
}
