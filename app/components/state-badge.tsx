/**
 * A record's state as a filled badge (a lease's, a payment's, an application's, a request's…): the
 * shade the caller picks for the state with its automatic label colour (`autoContrast`: the dark
 * shades carry white text, amber dark text, AA in both colour schemes), never cut narrower than
 * its label, and `data-testid` + `data-status` for tests and monitors.
 */
import { Badge, type BadgeProps } from '@mantine/core';

type Props = Omit<BadgeProps, 'color' | 'children'> & {
  /** A Mantine colour with shade (`teal.9`). */
  color: string;
  /** The translated state. */
  label: string;
  /** The state's code, rendered as `data-status`. */
  status: string;
  testId: string;
};

/** A filled, auto-contrast state badge; other props (`size`…) go to Mantine's `Badge`. */
export function StateBadge({ color, label, status, testId, ...props }: Props) {
  return (
    <Badge color={color} variant="filled" autoContrast miw="max-content" data-testid={testId} data-status={status} {...props}>
      {label}
    </Badge>
  );
}
