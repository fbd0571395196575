/**
 * Image files for the upload tests, made on the spot with sharp (no network, no binary blobs
 * except one small HEIC sample, which sharp cannot write): photos with EXIF GPS, each kind of bad
 * file the pipeline must refuse, and large noisy photos for the benchmark.
 */
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A 4:3 photo-like JPEG (`width` px wide) carrying EXIF with GPS coordinates and a camera name. */
export async function jpegWithGps(width = 1600, { colour = '#6a8caf' }: { colour?: string } = {}): Promise<Buffer> {
  const height = Math.round((width * 3) / 4);
  return sharp({ create: { width, height, channels: 3, background: colour, noise: { type: 'gaussian', mean: 110, sigma: 25 } } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'Dimora Test Camera', Model: 'GPS-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 1700/100', GPSLongitudeRef: 'W', GPSLongitude: '97/1 44/1 3300/100' },
    })
    .toBuffer();
}

/** A small PNG (`width` × `height`, a flat colour). */
export function png(width = 640, height = 480, colour = '#c0392b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/**
 * A 5 MB-ish, 12-megapixel JPEG (quality 92) for the benchmark: a gradient with a few hundred
 * shapes (detail that survives resizing, as in a real photo) under fine grain (what makes a
 * camera JPEG heavy). Deterministic for a given `seed`.
 */
export async function heavyJpeg(seed: number): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  let state = seed * 7919 + 17;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const shapes: string[] = [];
  for (let i = 0; i < 400; i += 1) {
    const colour = `hsl(${Math.floor(next() * 360)},${40 + Math.floor(next() * 40)}%,${25 + Math.floor(next() * 50)}%)`;
    const x = Math.floor(next() * width);
    const y = Math.floor(next() * height);
    const size = 20 + Math.floor(next() * 400);
    shapes.push(
      next() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${colour}" fill-opacity="0.7"/>`
        : `<rect x="${x}" y="${y}" width="${size}" height="${Math.floor(size * (0.3 + next()))}" fill="${colour}" fill-opacity="0.7" transform="rotate(${Math.floor(next() * 90)} ${x} ${y})"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${(seed * 47) % 360},60%,55%)"/><stop offset="1" stop-color="hsl(${(seed * 47 + 120) % 360},50%,35%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * A real PNG that declares `width` × `height` pixels (30,000 × 30,000 = 900 megapixels by
 * default) in 1-bit grey: its compressed data is a few hundred kilobytes of zeros that would
 * inflate to gigabytes of pixels — a decompression ("pixel") bomb.
 */
export function pixelBombPng(width = 30_000, height = 30_000, rows = 2_000): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(typed));
    return Buffer.concat([head, typed, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  // Only the first rows are present: enough to be a PNG, far too little to decode.
  const raw = Buffer.alloc(rows * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An SVG with a script: text, so no magic bytes. */
export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);
/** An HTML page with a script. */
export const HTML_PAGE = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
/** The start of a PDF: a known type that is not a photo. */
export const PDF_DOCUMENT = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Bytes with no recognisable type (deterministic). */
export function randomBytes(length = 4096): Buffer {
  const out = Buffer.alloc(length);
  let x = 0x2545f491;
  for (let i = 0; i < length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** The HEIC sample (320 × 240, made with libheif's `heif-enc`; sharp cannot write HEIC). */
export function heicSample(): Buffer {
  return fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/photo-320x240.heic'));
}
