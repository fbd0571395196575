/**
 * A property's status (spec §4): Available, Leased, Under Maintenance, as a badge.
 *
 * A plain `<span>` with a CSS module drawn as Mantine's filled Badge rather than the Badge itself:
 * every listing card shows one, and Mantine's costs a share of each card's server rendering
 * (decision 024, "the SSR ratio of a narrow search"). Each colour pairs with its label colour at
 * AA contrast (amber carries dark text), in both themes.
 */
import { useTranslation } from '~/lib/i18n';
import type { UnitStatus as PropertyStatus } from '~/lib/property-types';
import classes from './property-status-badge.module.css';

export function StatusBadge({ status }: { status: PropertyStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`${classes.badge} ${classes[status]}`} data-testid="status-badge">
      {t(`listings.status.${status}`)}
    </span>
  );
}
