/** The /gallery photo grid: lazy-loaded responsive images with a caption and descriptive alt. */
import { Text } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { imageSrcSet } from '~/lib/images';
import type { GalleryImage } from '../gallery';
import classes from '../marketing.module.css';

export function GalleryGrid({ images }: { images: GalleryImage[] }) {
  const { t } = useTranslation();
  return (
    <ul className={`${classes.galleryGrid} ${classes.plainList}`} data-testid="gallery-grid">
      {images.map((image) => {
        const { src, srcSet } = imageSrcSet(image.url);
        return (
          <li key={image.url}>
            <figure className={classes.galleryTile} data-testid="gallery-item" data-category={image.category}>
              <img
                src={src}
                srcSet={srcSet || undefined}
                sizes="(max-width: 768px) 50vw, (max-width: 1200px) 33vw, 25vw"
                alt={t(`pages.gallery.alt.${image.kind}`)}
                width={400}
                height={300}
                loading="lazy"
                decoding="async"
              />
              <Text component="figcaption" className={classes.galleryCaption}>
                {t(`pages.gallery.caption.${image.kind}`)}
              </Text>
            </figure>
          </li>
        );
      })}
    </ul>
  );
}
