/**
 * The "The building" section of a unit's public page (decision 015): the building's
 * name, year built, size, shared amenities, description and photos, and the other available
 * units in it (as listing cards). No street address: the public never sees one.
 */
import { Badge, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingCommunity, IconCheck } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { imageSrcSet } from '~/lib/images';
import type { PublicBuilding, PublicListing } from '../listings.server';
import { ListingCard } from './listing-card';

export function BuildingSection({ building, otherUnits }: { building: PublicBuilding; otherUnits: PublicListing[] }) {
  const { t } = useTranslation();
  const photos = building.imageUrls.slice(1, 4);
  return (
    <section aria-labelledby="building-title" data-testid="building-section">
      <Title order={2} size="h3" mb="sm" id="building-title">
        {t('listings.detail.building.title')}
      </Title>
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <IconBuildingCommunity size={20} aria-hidden />
          <Text fw={600} data-testid="building-name">
            {building.name}
          </Text>
          {building.yearBuilt && (
            <Badge variant="light" color="gray">
              {t('listings.detail.building.yearBuilt', { year: building.yearBuilt })}
            </Badge>
          )}
          <Badge variant="light" color="gray">
            {t('listings.detail.building.homes', { count: building.unitsTotal })}
          </Badge>
        </Group>
        {building.description && <Text style={{ whiteSpace: 'pre-line' }}>{building.description}</Text>}
        {building.amenities.length > 0 && (
          <div>
            <Text fw={600} size="sm" mb={6}>
              {t('listings.detail.building.amenities')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" data-testid="building-amenities">
              {building.amenities.map((key) => (
                <Group key={key} gap="xs" wrap="nowrap">
                  <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
                  <Text size="sm">{t(`listings.amenity.${key}`, key)}</Text>
                </Group>
              ))}
            </SimpleGrid>
          </div>
        )}
        {photos.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
            {photos.map((url, index) => (
              <Image
                key={url}
                radius="md"
                {...imageSrcSet(url)}
                sizes="(max-width: 768px) 50vw, 22vw"
                loading="lazy"
                alt={t('listings.detail.building.photoAlt', { name: building.name, n: index + 1 })}
              />
            ))}
          </SimpleGrid>
        )}
        <Title order={3} size="h4" mt="md" id="other-units-title">
          {t('listings.detail.building.otherUnits', { name: building.name })}
        </Title>
        {otherUnits.length === 0 ? (
          <Text c="dimmed" data-testid="other-units-empty">
            {t('listings.detail.building.noOtherUnits')}
          </Text>
        ) : (
          <SimpleGrid
            component="section"
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="md"
            aria-labelledby="other-units-title"
            data-testid="other-units"
          >
            {otherUnits.map((unit) => (
              <ListingCard key={unit.id} listing={unit} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </section>
  );
}
