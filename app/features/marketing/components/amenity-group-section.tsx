/** One group of /amenities: a photo beside the group's amenities, each with icon and description. */
import { Badge, Grid, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import type { AmenityGroup } from '../amenity-groups';
import classes from '../marketing.module.css';
import { RoundedPhoto } from './rounded-photo';

export function AmenityGroupSection({ group, reverse }: { group: AmenityGroup; reverse: boolean }) {
  const { t } = useTranslation();
  const headingId = `amenities-${group.key}`;
  return (
    <section aria-labelledby={headingId} data-testid="amenity-group" data-group={group.key}>
      <Grid gap="xl" align="center">
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: reverse ? 2 : 1 }}>
          <RoundedPhoto url={group.image.url} alt={t(`pages.gallery.alt.${group.image.kind}`)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: reverse ? 1 : 2 }}>
          <Stack gap="xs" mb="lg">
            <Title order={2} id={headingId}>
              {t(`pages.amenities.groups.${group.key}.title`)}
            </Title>
            <Text size="lg">{t(`pages.amenities.groups.${group.key}.intro`)}</Text>
          </Stack>
          <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg" className={classes.plainList}>
            {group.items.map((item) => (
              <li key={item.key} data-amenity={item.key}>
                <Group gap="sm" align="flex-start" wrap="nowrap">
                  <ThemeIcon variant="light" size={40} aria-hidden>
                    <item.icon size={22} aria-hidden />
                  </ThemeIcon>
                  <Stack gap={2}>
                    <Title order={3} size="h5">
                      {item.kind === 'amenity' ? t(`listings.amenity.${item.key}`) : t(`pages.amenities.extra.${item.key}`)}
                    </Title>
                    {item.kind === 'extra' && (
                      <Badge variant="light" color="gray" size="sm">
                        {t('pages.amenities.everyCommunity')}
                      </Badge>
                    )}
                    <Text size="sm">{t(`pages.amenities.descriptions.${item.key}`)}</Text>
                  </Stack>
                </Group>
              </li>
            ))}
          </SimpleGrid>
        </Grid.Col>
      </Grid>
    </section>
  );
}
