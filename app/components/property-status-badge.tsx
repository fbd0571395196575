/** A property's status (spec §4): Available, Leased, Under Maintenance. */
import { Badge } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import type { UnitStatus as PropertyStatus } from '~/lib/property-types';

// Each pairs with its label colour at AA contrast (amber carries dark text).
const COLORS: Record<PropertyStatus, string> = { available: 'teal.9', leased: 'gray.7', maintenance: 'yellow.4' };

export function StatusBadge({ status }: { status: PropertyStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} autoContrast variant="filled" data-testid="status-badge">
      {t(`listings.status.${status}`)}
    </Badge>
  );
}
