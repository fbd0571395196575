/**
 * Shown when a search is narrowed to one building (`?building=<id>`, the map popup's link for a
 * building with several matching homes): says so and links to the same search in every building.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { listingHref, type ListingQuery, type ListingView } from '../listing-query';

type Props = { query: ListingQuery; view: ListingView; action: string; buildingName: string | undefined };

export function BuildingFilterNotice({ query, view, action, buildingName }: Props) {
  const { t } = useTranslation();
  if (query.building === undefined) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconBuildingCommunity aria-hidden />} data-testid="building-filter">
      <Group gap="xs" justify="space-between">
        <Text size="sm">{buildingName ? t('map.building.noticeNamed', { name: buildingName }) : t('map.building.notice')}</Text>
        <Button
          component={Link}
          to={listingHref(action, { ...query, building: undefined, page: 1 }, view)}
          variant="subtle"
          size="compact-sm"
        >
          {t('map.building.showAll')}
        </Button>
      </Group>
    </Alert>
  );
}
