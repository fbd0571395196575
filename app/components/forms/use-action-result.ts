/**
 * The client half of the page protocol (decision 037): what one form does with its action's
 * `ActionResult`. Several forms may share one action; each passes its `intent` (and `key`, when
 * several forms have the same intent, e.g. one per invoice) and sees only its own answer.
 *
 * - `busy` while this form posts;
 * - on success: the toast of `result.message` (unless `toast` is false), `onSuccess`, and a fresh
 *   form (`formKey` changes: pass it as the `<Form>`'s `key`);
 * - on failure: `errors` by field, the echoed `values`, and focus on the first invalid field, so
 *   keyboard and screen-reader users land on the error (pass `ref={formRef}` to the `<Form>`);
 * - a rate-limit refusal shows the spec's toast (spec §8), see `useRateLimitToast`.
 *
 * `useDoneToast` shows the same toast after a plain HTML post was redirected with `?done=`.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import type { ActionFailure, ActionResult } from '~/lib/action-result';
import { useTranslation } from '~/lib/i18n';
import { showToast } from '~/lib/toasts';
import { useRateLimitToast } from './use-rate-limit-toast';

/** The success toast: its title (a translation key) and test id. */
export type ActionToast = { title?: string; testId?: string };

export type ActionResultOptions<R> = {
  /** This form's intent; without it the form takes every answer (a page with one form). */
  intent?: string;
  /** This form's key among forms of one intent, and the form field that carries it while posting. */
  key?: string;
  keyField?: string;
  /** The success toast, or false for none (the page shows the outcome itself). */
  toast?: ActionToast | false;
  /** Called once per successful answer of this form. */
  onSuccess?: (result: Extract<R, { ok: true }>) => void;
  /** Keep what was typed after a success (default: a fresh, empty form). */
  keepValues?: boolean;
};

/** Shows a success toast: teal, a named close button, body text at full contrast (Mantine's default fails axe). */
export function showSuccessToast(t: (key: string) => string, message: string, toast: ActionToast = {}) {
  showToast({
    color: 'teal',
    title: t(toast.title ?? 'common.toast.success'),
    message,
    closeButtonProps: { 'aria-label': t('common.toast.dismiss') },
    styles: { description: { color: 'var(--mantine-color-text)' } },
    'data-testid': toast.testId ?? 'action-toast',
  } as Parameters<typeof showToast>[0]);
}

export function useActionResult<R extends ActionResult<string, object>>(result: R | undefined, options: ActionResultOptions<R> = {}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [formKey, setFormKey] = useState(0);
  const { intent, key, keyField = 'key' } = options;
  // An answer without a key (refused before the key was read) belongs to every form of its intent.
  const mine =
    result && (intent === undefined || result.intent === intent) && (key === undefined || result.key === undefined || result.key === key)
      ? result
      : undefined;
  useRateLimitToast(mine ?? {});

  // The latest options and `t`, without re-running the effect when the caller re-renders (the
  // root data reloads after a post, which would show the toast twice).
  const latest = useRef({ options, t });
  latest.current = { options, t };

  useEffect(() => {
    if (!mine) return;
    const { options: current, t: translate } = latest.current;
    if (mine.ok) {
      if (current.toast !== false && mine.message) showSuccessToast(translate, mine.message, current.toast);
      current.onSuccess?.(mine as Extract<R, { ok: true }>);
      if (!current.keepValues) setFormKey((previous) => previous + 1);
    } else {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-group] input')?.focus();
    }
  }, [mine]);

  const posting = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST';
  const busy =
    posting &&
    (intent === undefined || navigation.formData?.get('intent') === intent) &&
    (key === undefined || navigation.formData?.get(keyField) === key);
  const failed = mine && !mine.ok ? (mine as ActionFailure) : undefined;
  return { result: mine, failed, errors: failed?.errors ?? {}, values: failed?.values ?? {}, busy, formRef, formKey };
}

/**
 * After a plain HTML post was redirected with `?done=<intent>`: the toast `messageFor(done)`
 * returns (a translated text, or null for none), once per value.
 */
export function useDoneToast(done: string | null | undefined, messageFor: (done: string) => string | null, toast: ActionToast = {}) {
  const { t } = useTranslation();
  const latest = useRef({ messageFor, toast, t });
  latest.current = { messageFor, toast, t };
  useEffect(() => {
    if (!done) return;
    const message = latest.current.messageFor(done);
    if (message) showSuccessToast(latest.current.t, message, latest.current.toast);
  }, [done]);
}
