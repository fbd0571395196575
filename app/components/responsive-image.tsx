/**
 * A plain `<img>` of an image URL with the responsive `srcSet` of `imageSrcSet` (lib/images: a
 * `-1200.webp` URL gets its 400/800/1200 px variants; any other URL is used as it is, without
 * `srcSet`). Decodes asynchronously; every other `<img>` attribute (`sizes`, `width`, `height`,
 * `alt`, `loading`, `fetchPriority`, `className`) is passed through.
 */
import type { ComponentPropsWithoutRef } from 'react';
import { imageSrcSet } from '~/lib/images';

type Props = Omit<ComponentPropsWithoutRef<'img'>, 'src' | 'srcSet'> & {
  /** The image URL (the 1200 px variant for demo images). */
  url: string;
};

export function ResponsiveImage({ url, ...props }: Props) {
  const { src, srcSet } = imageSrcSet(url);
  return <img src={src} srcSet={srcSet || undefined} decoding="async" {...props} />;
}
