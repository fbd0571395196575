/**
 * HEIC decoding (iPhone photos). sharp's bundled libvips reads a HEIC file's header but has no
 * HEVC decoder, so the pixels come from `heic-decode` (libheif compiled to WebAssembly). Its
 * decoding is synchronous and takes a second or so for a 12-megapixel photo, so it runs in a
 * short-lived worker thread: the server keeps answering meanwhile, and the worker's memory is
 * returned when it exits. The pixel limit is checked in the worker before anything is decoded.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';

export type DecodedImage = { width: number; height: number; data: Buffer };

/** Longest a decode may take before the worker is stopped (ms). */
const DECODE_TIMEOUT_MS = 60_000;

/**
 * Decodes running at once in this process. Each holds a worker with the file, the WebAssembly
 * heap and up to 4 bytes × the pixel limit of output: a burst of HEIC uploads waits its turn
 * instead of exhausting memory and cores.
 */
export const HEIC_DECODES_AT_ONCE = 2;
const decodeSlots = pLimit(HEIC_DECODES_AT_ONCE);

/** Decodes waiting for a slot, and running (for tests and monitoring). */
export function heicDecodeLoad(): { active: number; pending: number } {
  return { active: decodeSlots.activeCount, pending: decodeSlots.pendingCount };
}

// A CommonJS script (eval workers are scripts): no file of ours to locate after bundling.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.modulePath);
(async () => {
  const images = await decode.all({ buffer: workerData.data });
  try {
    const first = images[0];
    if (!first) throw new Error('no image');
    if (first.width * first.height > workerData.maxPixels) {
      parentPort.postMessage({ tooLarge: true, width: first.width, height: first.height });
      return;
    }
    const { width, height, data } = await first.decode();
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    parentPort.postMessage({ width, height, data: bytes }, [bytes.buffer]);
  } finally {
    images.dispose();
  }
})().catch((error) => parentPort.postMessage({ error: String(error && error.message || error) }));
`;

let modulePath: string | null = null;

/** Thrown when the image has more pixels than allowed. */
export class HeicTooLargeError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`HEIC image of ${width}×${height} pixels is over the limit`);
  }
}

/**
 * Decodes the primary image of a HEIC/HEIF file to RGBA pixels (4 channels, 8 bits), at most
 * `HEIC_DECODES_AT_ONCE` at a time in the process (others wait). Throws `HeicTooLargeError` when
 * it has more than `maxPixels` pixels, or an Error when it cannot be decoded (or takes over 60 s).
 */
export function decodeHeic(data: Uint8Array, maxPixels: number): Promise<DecodedImage> {
  return decodeSlots(() => decodeInWorker(data, maxPixels));
}

async function decodeInWorker(data: Uint8Array, maxPixels: number): Promise<DecodedImage> {
  modulePath ??= createRequire(import.meta.url).resolve('heic-decode');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { modulePath, data, maxPixels } });
  try {
    const message = await new Promise<{ width?: number; height?: number; data?: Uint8Array; tooLarge?: boolean; error?: string }>(
      (resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('HEIC decoding timed out')), DECODE_TIMEOUT_MS);
        worker.once('message', (value) => {
          clearTimeout(timer);
          resolve(value as never);
        });
        worker.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        worker.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`HEIC worker exited (${code})`));
        });
      },
    );
    if (message.tooLarge) throw new HeicTooLargeError(message.width ?? 0, message.height ?? 0);
    if (message.error || !message.data || !message.width || !message.height) throw new Error(message.error ?? 'HEIC decoding failed');
    return {
      width: message.width,
      height: message.height,
      data: Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength),
    };
  } finally {
    await worker.terminate();
  }
}
