/** The /gallery photo grid: lazy-loaded responsive images with a caption and descriptive alt. */
import { Text } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { ResponsiveImage } from '~/components/responsive-image';
import type { GalleryImage } from '../gallery';
import classes from '../marketing.module.css';

export function GalleryGrid({ images }: { images: GalleryImage[] }) {
  const { t } = useTranslation();
  return (
    <ul className={`${classes.galleryGrid} ${classes.plainList}`} data-testid="gallery-grid">
      {images.map((image) => (
        <li key={image.url}>
          <figure className={classes.galleryTile} data-testid="gallery-item" data-category={image.category}>
            <ResponsiveImage
              url={image.url}
              sizes="(max-width: 768px) 50vw, (max-width: 1200px) 33vw, 25vw"
              alt={t(`pages.gallery.alt.${image.kind}`)}
              width={400}
              height={300}
              loading="lazy"
            />
            <Text component="figcaption" className={classes.galleryCaption}>
              {t(`pages.gallery.caption.${image.kind}`)}
            </Text>
          </figure>
        </li>
      ))}
    </ul>
  );
}
