/**
 * A listing in a result grid: photo, status, title, rent, key facts. Used by /properties,
 * /apartments and the home page's featured listings.
 */
import { AspectRatio, Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconBath, IconBed, IconRuler2, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber, formatUsd } from '~/lib/format';
import { imageSrcSet } from '~/lib/images';
import { useLanguage } from '~/lib/use-language';
import type { PublicListing } from '../listings.server';
import { StatusBadge } from './status-badge';
import classes from './listings.module.css';

export function ListingCard({ listing, priority = false }: { listing: PublicListing; priority?: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const cover = listing.imageUrls[0];
  const image = cover ? imageSrcSet(cover) : null;
  return (
    <Card withBorder padding="md" radius="md" className={classes.card} component="article" data-testid="listing-card">
      <Card.Section pos="relative">
        <AspectRatio ratio={4 / 3}>
          {image ? (
            <Image
              src={image.src}
              srcSet={image.srcSet || undefined}
              sizes="(max-width: 768px) 100vw, (max-width: 1200px) 50vw, 33vw"
              alt=""
              loading={priority ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : (
            <div className={classes.noImage}>
              <Text c="dimmed" size="sm">
                {t('listings.card.noImage')}
              </Text>
            </div>
          )}
        </AspectRatio>
        <div className={classes.badgeCorner}>
          <StatusBadge status={listing.status} />
        </div>
      </Card.Section>
      <Stack gap={6} mt="md" className={classes.cardBody}>
        <Group justify="space-between" align="baseline" wrap="nowrap">
          <Text fw={700} fz="lg" data-testid="listing-price">
            {formatUsd(listing.price, lang)}
            <Text span c="dimmed" fz="sm" fw={400}>
              {t('listings.card.perMonth')}
            </Text>
          </Text>
          <Badge variant="light" color="gray">
            {t(`listings.type.${listing.propertyType}`, listing.propertyType)}
          </Badge>
        </Group>
        <Text
          component={Link}
          to={`/property/${listing.id}`}
          fw={600}
          lineClamp={2}
          className={classes.cardLink}
          data-testid="listing-title"
        >
          {listing.title}
        </Text>
        <Text size="sm" c="dimmed" data-testid="listing-location">
          {listing.city}, {listing.state} {listing.zipCode}
        </Text>
        <Group gap="md" mt={4}>
          <Fact icon={<IconBed size={16} aria-hidden />}>
            {listing.bedrooms === 0 ? t('listings.card.studio') : t('listings.card.bedrooms', { count: listing.bedrooms })}
          </Fact>
          <Fact icon={<IconBath size={16} aria-hidden />}>{t('listings.card.bathrooms', { count: listing.bathrooms })}</Fact>
          <Fact icon={<IconRuler2 size={16} aria-hidden />}>
            {t('listings.card.squareFeet', { value: formatNumber(listing.squareFeet, lang) })}
          </Fact>
          <Fact icon={<IconUsers size={16} aria-hidden />}>
            <span data-testid="listing-capacity">{t('listings.card.sleeps', { count: listing.maxOccupants })}</span>
          </Fact>
        </Group>
      </Stack>
    </Card>
  );
}

function Fact({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {icon}
      <Text size="sm">{children}</Text>
    </Group>
  );
}
