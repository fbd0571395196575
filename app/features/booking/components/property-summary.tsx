/** The home being applied for, beside every step: photo, title, place, rent, size, capacity, availability. */
import { Anchor, AspectRatio, Box, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconBed, IconCalendar, IconUsers } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { formatIsoDate, formatUsd } from '~/lib/format';
import { imageSrcSet } from '~/lib/images';
import { useLanguage } from '~/lib/use-language';
import { StatusBadge } from '~/components/property-status-badge';
import type { PropertyStatus } from '~/features/listings/listings.server';

export type BookingHome = {
  id: number;
  title: string;
  city: string;
  state: string;
  price: number;
  status: PropertyStatus;
  maxOccupants: number;
  availableDate: string | null;
  imageUrl: string | null;
  bedrooms: number;
  bathrooms: number;
};

export function PropertySummary({ home }: { home: BookingHome }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Card withBorder padding="md" component="aside" aria-labelledby="booking-home-title" data-testid="booking-home">
      {home.imageUrl && (
        // Phones see the form sooner: the photo shows from the md breakpoint up.
        <Card.Section mb="sm" visibleFrom="md">
          <AspectRatio ratio={4 / 3}>
            <Image {...imageSrcSet(home.imageUrl)} sizes="(max-width: 992px) 100vw, 320px" alt="" />
          </AspectRatio>
        </Card.Section>
      )}
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id="booking-home-title" style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/property/${home.id}`} c="inherit" inherit underline="hover">
              {home.title}
            </Anchor>
          </Title>
          <Box style={{ flexShrink: 0 }}>
            <StatusBadge status={home.status} />
          </Box>
        </Group>
        <Text c="dimmed" size="sm">
          {home.city}, {home.state}
        </Text>
        <Text fw={700} size="lg" data-testid="booking-home-rent">
          {formatUsd(home.price, lang)}
          <Text span c="dimmed" fw={400} size="sm">
            {t('listings.card.perMonth')}
          </Text>
        </Text>
        <Group gap="xs" wrap="nowrap">
          <IconBed size={16} aria-hidden />
          <Text size="sm">
            {home.bedrooms === 0 ? t('listings.card.studio') : t('listings.card.bedrooms', { count: home.bedrooms })} ·{' '}
            {t('listings.card.bathrooms', { count: home.bathrooms })}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <IconUsers size={16} aria-hidden />
          <Text size="sm" data-testid="booking-home-capacity">
            {t('booking.home.sleeps', { count: home.maxOccupants })}
          </Text>
        </Group>
        {home.availableDate && (
          <Group gap="xs" wrap="nowrap">
            <IconCalendar size={16} aria-hidden />
            <Text size="sm" data-testid="booking-home-available" data-date={home.availableDate}>
              {t('booking.home.availableFrom', { date: formatIsoDate(home.availableDate, lang) })}
            </Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
