/** Shown instead of the form when a home is leased or under maintenance: why, and where to look instead. */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconHomeOff } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { StatusBadge } from '~/components/property-status-badge';
import type { BookingHome } from './property-summary';

export function UnavailableNotice({ home }: { home: BookingHome }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('booking.title', { title: home.title })}</Title>
      <Alert
        color="yellow"
        variant="light"
        icon={<IconHomeOff aria-hidden />}
        title={t('booking.unavailable.title')}
        data-testid="booking-unavailable"
      >
        <Stack gap="sm">
          <Group gap="xs">
            <Text size="sm">{t('booking.unavailable.status')}</Text>
            <StatusBadge status={home.status} />
          </Group>
          <Text size="sm">{t('booking.unavailable.body')}</Text>
          <Group>
            <Button component={Link} to="/properties" data-testid="booking-unavailable-search">
              {t('booking.unavailable.search')}
            </Button>
            <Button component={Link} to={`/property/${home.id}`} variant="default">
              {t('booking.unavailable.details')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Stack>
  );
}
