/**
 * /property/{digits}: a property's public detail page (spec §2): photos, key facts, amenities,
 * status (Under Maintenance for maintenance), the location (a map loaded when it scrolls into view,
 * decision 016) and Apply → /booking/{id}. Non-digit or unknown ids answer 404.
 */
import { Alert, Anchor, AspectRatio, Badge, Button, Container, Grid, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconInfoCircle, IconMapPin } from '@tabler/icons-react';
import { data, Link } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { StatusBadge } from '~/components/property-status-badge';
import { findPublicProperty } from '~/features/listings/listings.server';
import { formatIsoDate, formatNumber, formatUsd } from '~/lib/format';
import { imageSrcSet } from '~/lib/images';
import { translations } from '~/i18n/resources.server';
import { loadContactInfo } from '~/features/inquiries/contact-info.server';
import { listingBreadcrumb, unitJsonLd } from '~/features/seo/json-ld.server';
import { pageUrls, publicPageSeo } from '~/features/seo/seo.server';
import { getT } from '~/i18n/translate.server';
import { loaderMeta } from '~/lib/loader-meta';
import { parseDigitsId, requestLanguage } from '~/lib/route-helpers.server';
import { publicEnv } from '~/server/env.server';
import { useLanguage } from '~/lib/use-language';
import { LocationBlock } from '~/features/listings/components/location-block';
import { BuildingSection } from '~/features/listings/components/building-section';
import classes from '~/features/listings/components/listings.module.css';
import type { Route } from './+types/property.$id';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = parseDigitsId(params.id);
  const lang = requestLanguage(request);
  const [property, contact] = await Promise.all([findPublicProperty({ db: context.db, id, lang }), loadContactInfo({ db: context.db })]);
  if (!property) throw data(null, { status: 404 });
  const publicUrl = context.publicUrl;
  const path = `/property/${property.id}`;
  const { canonical } = pageUrls({ request, publicUrl, path });
  const photo = property.imageUrls[0];
  return {
    property,
    map: publicEnv.map,
    i18n: translations(lang, ['listings', 'map']),
    meta: {
      title: `${property.title} · Dimora`,
      description: property.description.slice(0, 160),
      // The first photo is the share picture; the JSON-LD has no street address (DESIGN §4).
      seo: publicPageSeo({
        request,
        publicUrl,
        language: lang,
        path,
        image: photo,
        imageAlt: photo ? getT(lang)('listings.detail.photoAlt', { title: property.title, n: 1, total: property.imageUrls.length }) : undefined,
        jsonLd: [
          ...unitJsonLd({ property, url: canonical, publicUrl, companyName: contact.companyName, language: lang }),
          listingBreadcrumb({ publicUrl, language: lang, last: { name: property.title, url: canonical } }),
        ],
      }),
    },
  };
}

export const meta = loaderMeta;

export default function PropertyDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { property, map } = loaderData;
  const [cover, ...rest] = property.imageUrls;
  const available = property.status === 'available';
  const facts: Array<[string, React.ReactNode]> = [
    [t('listings.detail.rent'), `${formatUsd(property.price, lang)}${t('listings.card.perMonth')}`],
    [t('listings.detail.type'), t(`listings.type.${property.propertyType}`, property.propertyType)],
    [t('listings.detail.bedrooms'), property.bedrooms === 0 ? t('listings.card.studio') : property.bedrooms],
    [t('listings.detail.bathrooms'), property.bathrooms],
    [t('listings.detail.size'), t('listings.card.squareFeet', { value: formatNumber(property.squareFeet, lang) })],
    [t('listings.detail.capacity'), property.maxOccupants],
    [t('listings.detail.availableDate'), property.availableDate ? formatIsoDate(property.availableDate, lang) : '—'],
    [t('listings.detail.status'), <StatusBadge key="status" status={property.status} />],
  ];
  return (
    <Container size="xl" py="xl">
      {/* As wide as its text (not the row): the floating side-menu button sits at the row's end. */}
      <Anchor component={Link} to="/properties" size="sm" display="inline-block">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('listings.detail.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" mt="sm" mb="md">
        <Stack gap={4}>
          <Title order={1} data-testid="property-title">
            {property.title}
          </Title>
          <Group gap="xs">
            <IconMapPin size={16} aria-hidden />
            <Text c="dimmed">
              {property.city}, {property.state} {property.zipCode}
            </Text>
            <StatusBadge status={property.status} />
          </Group>
          <Text size="sm" c="dimmed" data-testid="property-building">
            {property.buildingName} · {t('listings.detail.unit', { number: property.unitNumber })}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          <Text fz={28} fw={700} data-testid="property-price">
            {formatUsd(property.price, lang)}
            <Text span c="dimmed" fz="md" fw={400}>
              {t('listings.card.perMonth')}
            </Text>
          </Text>
          {available && (
            <Button component={Link} to={`/booking/${property.id}`} size="md" data-testid="apply-button">
              {t('listings.detail.apply')}
            </Button>
          )}
        </Stack>
      </Group>

      <section aria-label={t('listings.detail.photos')}>
        {cover ? (
          <div className={classes.gallery}>
            <AspectRatio ratio={4 / 3}>
              <Image radius="md" {...imageSrcSet(cover)} sizes="(max-width: 768px) 100vw, 66vw" fetchPriority="high" alt={t('listings.detail.photoAlt', { title: property.title, n: 1, total: property.imageUrls.length })} />
            </AspectRatio>
            {rest.length > 0 && (
              <div className={classes.galleryThumbs}>
                {rest.slice(0, 2).map((url, index) => (
                  <Image key={url} radius="md" h="100%" fit="cover" {...imageSrcSet(url)} sizes="(max-width: 768px) 50vw, 33vw" loading="lazy" alt={t('listings.detail.photoAlt', { title: property.title, n: index + 2, total: property.imageUrls.length })} />
                ))}
              </div>
            )}
          </div>
        ) : (
          <Paper withBorder p="xl" ta="center">
            <Text c="dimmed">{t('listings.card.noImage')}</Text>
          </Paper>
        )}
        {rest.length > 2 && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs" spacing="xs">
            {rest.slice(2).map((url, index) => (
              <AspectRatio key={url} ratio={4 / 3}>
                <Image radius="md" {...imageSrcSet(url)} sizes="25vw" loading="lazy" alt={t('listings.detail.photoAlt', { title: property.title, n: index + 4, total: property.imageUrls.length })} />
              </AspectRatio>
            ))}
          </SimpleGrid>
        )}
      </section>

      <Grid gap="xl" mt="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl">
            <section>
              <Title order={2} size="h3" mb="sm">
                {t('listings.detail.description')}
              </Title>
              <Text style={{ whiteSpace: 'pre-line' }}>{property.description}</Text>
            </section>
            <section>
              <Title order={2} size="h3" mb="sm">
                {t('listings.detail.amenities')}
              </Title>
              {property.amenities.length ? (
                <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs">
                  {property.amenities.map((key) => (
                    <Group key={key} gap="xs" wrap="nowrap">
                      <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
                      <Text size="sm">{t(`listings.amenity.${key}`, key)}</Text>
                    </Group>
                  ))}
                </SimpleGrid>
              ) : (
                <Text c="dimmed">{t('listings.detail.noAmenities')}</Text>
              )}
            </section>
            <BuildingSection building={property.building} otherUnits={property.otherUnits} />
            <section>
              <Title order={2} size="h3" mb="sm">
                {t('listings.detail.location')}
              </Title>
              <LocationBlock
                city={property.city}
                state={property.state}
                zipCode={property.zipCode}
                buildingName={property.building.name}
                latitude={property.latitude}
                longitude={property.longitude}
                map={map}
              />
            </section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              {t('listings.detail.facts')}
            </Title>
            {/* Plain markup styled as Mantine's Table: its component brings ScrollArea and, with it,
                floating-ui (~20 KB gz) into the page's first load (decision 036). */}
            <table className={classes.factsTable}>
              <tbody>
                {facts.map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {available ? (
              <Button component={Link} to={`/booking/${property.id}`} fullWidth mt="md">
                {t('listings.detail.apply')}
              </Button>
            ) : (
              <Alert mt="md" color="gray" icon={<IconInfoCircle aria-hidden />}>
                <Text size="sm">{t('listings.detail.applyUnavailable')}</Text>
                <Anchor component={Link} to={`/apartments?location=${encodeURIComponent(`${property.city}, ${property.state}`)}`} size="sm">
                  {t('listings.detail.similar', { city: property.city })}
                </Anchor>
              </Alert>
            )}
            <Badge mt="md" variant="light" color="gray">
              #{property.id}
            </Badge>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
