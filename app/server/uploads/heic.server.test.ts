/**
 * HEIC decoding (decision 017): a burst of HEIC photos is decoded at most
 * `HEIC_DECODES_AT_ONCE` at a time (the rest wait), and each still decodes to its pixels.
 */
import { describe, expect, it } from 'vitest';
import { heicSample } from '../../../tests/setup/images';
import { HEIC_DECODES_AT_ONCE, HeicTooLargeError, decodeHeic, heicDecodeLoad } from './heic.server';

describe('decodeHeic', () => {
  it('runs a burst of decodes a few at a time, and every one completes', { timeout: 120_000 }, async () => {
    const data = heicSample();
    const burst = Array.from({ length: 5 }, () => decodeHeic(data, 50_000_000));
    expect(heicDecodeLoad()).toEqual({ active: HEIC_DECODES_AT_ONCE, pending: 5 - HEIC_DECODES_AT_ONCE });
    let mostActive = 0;
    const watching = setInterval(() => (mostActive = Math.max(mostActive, heicDecodeLoad().active)), 5);
    try {
      const images = await Promise.all(burst);
      expect(images.map((image) => [image.width, image.height, image.data.length])).toEqual(
        Array.from({ length: 5 }, () => [320, 240, 320 * 240 * 4]),
      );
    } finally {
      clearInterval(watching);
    }
    expect(mostActive).toBeLessThanOrEqual(HEIC_DECODES_AT_ONCE);
    expect(heicDecodeLoad()).toEqual({ active: 0, pending: 0 });
  });

  it('refuses an image over the pixel limit before decoding it, and frees its slot', { timeout: 60_000 }, async () => {
    await expect(decodeHeic(heicSample(), 320 * 240 - 1)).rejects.toBeInstanceOf(HeicTooLargeError);
    expect(heicDecodeLoad()).toEqual({ active: 0, pending: 0 });
  });
});
