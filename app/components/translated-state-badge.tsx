/**
 * A `StateBadge` whose shade and label follow from the state alone: the colour from the caller's
 * `colors` table (state → Mantine colour with shade, chosen for AA contrast with the badge's
 * automatic label colour) and the label from the translation `<labelKey>.<status>`. One line per
 * record kind instead of one component body each (a lease's, a payment's, an application's, a
 * maintenance request's status).
 */
import type { BadgeProps } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { StateBadge } from './state-badge';

type Props<S extends string> = Omit<BadgeProps, 'color' | 'children'> & {
  status: S;
  colors: Record<S, string>;
  /** The translation namespace of the states (`leases.status`). */
  labelKey: string;
  testId: string;
};

/** A filled state badge of `status` (see the module's docstring); other props go to `StateBadge`. */
export function TranslatedStateBadge<S extends string>({ status, colors, labelKey, testId, ...props }: Props<S>) {
  const { t } = useTranslation();
  return <StateBadge color={colors[status]} label={t(`${labelKey}.${status}`)} status={status} testId={testId} {...props} />;
}
