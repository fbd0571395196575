/**
 * The toasts of the /auth forms (spec §8 "Sign In Failed", "Sign Up Failed"): shown once per
 * action answer, one failure toast at a time, with the focus on the first invalid field.
 */
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useTranslation, type TFunction } from '~/lib/i18n';

/**
 * Calls `onAnswer` once for each new action answer `result` (not for `undefined`), with the
 * latest `t`: a new `t` arrives when the root data revalidates after the answer, and must not
 * show the same toast twice.
 */
export function useOnAnswer<R>(result: R | undefined, onAnswer: (answer: R, translate: TFunction) => void): void {
  const { t } = useTranslation();
  const latest = useRef({ t, onAnswer });
  latest.current = { t, onAnswer };
  useEffect(() => {
    if (!result) return;
    latest.current.onAnswer(result, latest.current.t);
  }, [result]);
}

/**
 * Shows the red failure toast `toastId` (replacing the last one of that id) and moves the focus
 * to the first element of `form` that matches `focus` (by default, the first invalid field).
 */
export function showFailureToast(options: {
  toastId: string;
  title: string;
  message: string;
  form: HTMLFormElement | null;
  focus?: string;
}): void {
  notifications.hide(options.toastId);
  notifications.show({ id: options.toastId, color: 'red', title: options.title, message: options.message });
  options.form?.querySelector<HTMLElement>(options.focus ?? '[aria-invalid="true"]')?.focus();
}
