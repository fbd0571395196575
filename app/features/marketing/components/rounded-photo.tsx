/**
 * The lazy 4:3 photo with rounded corners that sits beside a text block on the marketing pages
 * (/about story, /amenities groups): 800×600, 40 % of the viewport from `md` up.
 */
import { ResponsiveImage } from '~/components/responsive-image';
import classes from '../marketing.module.css';

export function RoundedPhoto({ url, alt }: { url: string; alt: string }) {
  return (
    <ResponsiveImage
      className={classes.roundedImage}
      url={url}
      sizes="(max-width: 992px) 100vw, 40vw"
      width={800}
      height={600}
      loading="lazy"
      alt={alt}
    />
  );
}
