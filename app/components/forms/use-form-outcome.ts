/**
 * The shared behaviour of an enhanced public form after its action answers: while posting,
 * `busy`; on success, `onSuccess(result)` (a toast) and a fresh, empty form (`formKey` changes);
 * on failure, focus moves to the first invalid field so keyboard and screen-reader users land
 * on the error. Pass `ref={formRef}` and `key={formKey}` to the `<Form>`.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';

export function useFormOutcome<R extends { ok: boolean }>(result: R | undefined, onSuccess: (result: R) => void) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST';
  const formRef = useRef<HTMLFormElement>(null);
  const [formKey, setFormKey] = useState(0);
  // The latest callback, without re-running the effect when the caller re-renders.
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      onSuccessRef.current(result);
      setFormKey((key) => key + 1);
    } else {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-group] input')?.focus();
    }
  }, [result]);

  return { busy, formRef, formKey };
}
