/**
 * One uploaded photo → responsive WebP variants (decision 017, DESIGN §4 "Files"):
 * typed by its magic bytes (JPEG, PNG, WebP, HEIC/HEIF, AVIF), its pixel count checked from the
 * header before anything is decoded (a "pixel bomb" never reaches the decoder, which also carries
 * sharp's `limitInputPixels` as a second guard), turned upright from its EXIF orientation, and
 * re-encoded by sharp at each width with every piece of metadata (EXIF with GPS, XMP, IPTC, ICC)
 * left behind. Nothing is enlarged: a photo narrower than a width is stored at its own width.
 */
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { PHOTO_MAX_PIXELS, PHOTO_MIME_TYPES, PHOTO_WIDTHS, type PhotoMimeType } from '~/lib/uploads';
import { detectAllowedType } from './file-type.server';
import { HeicTooLargeError, decodeHeic } from './heic.server';
import { UploadError } from './upload-error.server';

export type PhotoVariant = { width: number; height: number; data: Buffer };

export type ProcessedPhoto = {
  /** The type the upload really was. */
  mime: PhotoMimeType;
  /** The original's size in pixels, upright. */
  originalWidth: number;
  originalHeight: number;
  /** One per requested width, in the same order (WebP). */
  variants: PhotoVariant[];
};

export type PhotoProcessingOptions = {
  /** Label of the file in refusals. */
  fileName?: string;
  /** Pixel limit (width × height). */
  maxPixels?: number;
  /** Widths to produce (px), e.g. [400, 800, 1200]. */
  widths?: readonly number[];
  /** WebP quality, 1–100. */
  quality?: number;
};

/**
 * Checks and re-encodes one photo. Throws `UploadError` `unsupported_type` (415),
 * `too_many_pixels` or `unreadable_image` (422); nothing is written anywhere.
 */
export async function processPhoto(data: Buffer, options: PhotoProcessingOptions = {}): Promise<ProcessedPhoto> {
  const { fileName, maxPixels = PHOTO_MAX_PIXELS, widths = PHOTO_WIDTHS, quality = 80 } = options;
  const mime = await detectAllowedType(data, PHOTO_MIME_TYPES);
  if (!mime) throw new UploadError('unsupported_type', { fileName });

  // The header only: dimensions without decoding a pixel.
  let header: Metadata;
  try {
    header = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadError('unreadable_image', { fileName });
  }
  if (!header.width || !header.height) throw new UploadError('unreadable_image', { fileName });
  if (header.width * header.height > maxPixels) throw new UploadError('too_many_pixels', { fileName, limit: maxPixels });

  let decoded: Sharp;
  if ((mime === 'image/heic' || mime === 'image/heif') && header.compression === 'hevc') {
    try {
      const pixels = await decodeHeic(data, maxPixels);
      decoded = sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 } });
    } catch (error) {
      if (error instanceof HeicTooLargeError) throw new UploadError('too_many_pixels', { fileName, limit: maxPixels });
      throw new UploadError('unreadable_image', { fileName });
    }
  } else {
    // `failOn: 'error'`: a truncated or corrupt file is refused rather than stored half grey.
    decoded = sharp(data, { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true }).autoOrient();
  }

  const largest = Math.max(...widths);
  let base: { data: Buffer; info: OutputInfo };
  try {
    // Decode once, at the largest width (JPEG and WebP shrink while loading), in sRGB.
    base = await decoded
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new UploadError('unreadable_image', { fileName });
  }
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  // The widths in parallel (libuv's threads). WebP effort 2 of 6: a third of the default's time
  // for files a few per cent larger at the same quality.
  const variants: PhotoVariant[] = await Promise.all(
    widths.map(async (width) => {
      const { data: out, info } = await sharp(base.data, { raw })
        .resize({ width: Math.min(width, raw.width) })
        .webp({ quality, effort: 2 })
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data: out };
    }),
  );
  const original = upright(header);
  return { mime, originalWidth: original.width, originalHeight: original.height, variants };
}

/** The header's dimensions after EXIF orientation (5–8 swap width and height). */
function upright(header: Metadata): { width: number; height: number } {
  const swap = (header.orientation ?? 1) >= 5;
  return { width: (swap ? header.height : header.width) ?? 0, height: (swap ? header.width : header.height) ?? 0 };
}
