/** A property's status (spec §4): Available, Leased, Under Maintenance. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PropertyStatus } from '../listings.server';

const COLORS: Record<PropertyStatus, string> = { available: 'teal', leased: 'gray', maintenance: 'orange' };

export function StatusBadge({ status }: { status: PropertyStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="filled" data-testid="status-badge">
      {t(`listings.status.${status}`)}
    </Badge>
  );
}
