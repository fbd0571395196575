/**
 * The /gallery filter (spec §2: all, exterior, rooms, amenities) as links that look like a
 * segmented control: each is a plain `?category=` URL, so filtering works without JavaScript;
 * the active one carries `aria-current="page"`.
 */
import { Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { GALLERY_FILTERS, galleryFilterHref, type GalleryFilter as Filter } from '../gallery';
import classes from '../marketing.module.css';

export function GalleryFilter({ active, counts }: { active: Filter; counts: Record<Filter, number> }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <nav aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={600} mb={6}>
        {t('pages.gallery.filterLabel')}
      </Text>
      <div className={classes.segmented} data-testid="gallery-filter">
        {GALLERY_FILTERS.map((filter) => (
          <Link
            key={filter}
            to={galleryFilterHref(filter)}
            className={classes.segment}
            aria-current={filter === active ? 'page' : undefined}
            data-filter={filter}
            preventScrollReset
          >
            {t(`pages.gallery.filter.${filter}`)}
            <Text span size="xs" fw={500} ml={6} aria-hidden className={classes.segmentCount}>
              {counts[filter]}
            </Text>
          </Link>
        ))}
      </div>
    </nav>
  );
}
