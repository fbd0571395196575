/**
 * The two alerts every form and page repeats: a refusal or failure (red, the alert-circle icon,
 * `role="alert"` so screen readers announce it at once) and a success (teal, the check-circle
 * icon; pass `role="status"` when it appears after a submit and must be announced). Other props
 * (`title`, `mb`, `data-testid`…) go to Mantine's `Alert`.
 */
import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { Ref } from 'react';

/** Mantine's `Alert` props but the colour and icon, plus a ref to the alert (to focus it). */
type Props = Omit<AlertProps, 'color' | 'icon'> & { ref?: Ref<HTMLDivElement> };

/** A red alert with the alert-circle icon, announced at once (`role="alert"`). */
export function ErrorAlert(props: Omit<Props, 'role'>) {
  return <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" {...props} />;
}

/** A teal alert with the check-circle icon. */
export function SuccessAlert(props: Props) {
  return <Alert color="teal" icon={<IconCircleCheck aria-hidden />} {...props} />;
}

/**
 * A refused form's alert: the rate-limit message when there is one (`<prefix>-rate-limited`),
 * else the failure under `title` (`<prefix>-error`), else nothing.
 */
export function FormRefusal({
  rateLimitMessage,
  failure,
  title,
  testIdPrefix,
}: {
  rateLimitMessage: string | null | undefined;
  failure: string | null | undefined;
  title: string;
  testIdPrefix: string;
}) {
  if (rateLimitMessage) return <ErrorAlert data-testid={`${testIdPrefix}-rate-limited`}>{rateLimitMessage}</ErrorAlert>;
  if (!failure) return null;
  return (
    <ErrorAlert title={title} data-testid={`${testIdPrefix}-error`}>
      {failure}
    </ErrorAlert>
  );
}
