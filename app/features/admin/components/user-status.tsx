/** A user's state as badges: verified or not, banned or active. */
import { Badge, Group } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';

export function UserStatusBadges({ emailVerified, banned }: { emailVerified: boolean; banned: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      {banned ? (
        <Badge color="red.9" variant="filled" autoContrast size="sm" data-testid="user-banned">
          {t('admin.users.status.banned')}
        </Badge>
      ) : (
        <Badge color="teal.9" variant="filled" autoContrast size="sm">
          {t('admin.users.status.active')}
        </Badge>
      )}
      <Badge color={emailVerified ? 'gray.7' : 'yellow.4'} variant="filled" autoContrast size="sm">
        {t(emailVerified ? 'admin.users.status.verified' : 'admin.users.status.unverified')}
      </Badge>
    </Group>
  );
}
