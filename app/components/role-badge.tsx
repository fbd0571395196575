/** A user's role as a badge (spec §6 roles), in the visitor's language. */
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import type { Role } from '~/lib/access';

// Each shade pairs with its automatic label colour at AA contrast in both colour schemes (the
// dark ones with white text, amber with dark text).
const COLORS: Record<Role, string> = { tenant: 'blue.9', vendor: 'grape.9', owner: 'teal.9', property_manager: 'orange.4', admin: 'red.9' };

export function RoleBadge({ role, ...props }: { role: Role } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[role]} variant="filled" autoContrast data-role={role} {...props}>
      {t(`account.roles.${role}`)}
    </Badge>
  );
}
