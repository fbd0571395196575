/**
 * Low fetch priority for the page's module preloads (decision 036).
 *
 * Every page is server-rendered, so its first paint needs the HTML, the stylesheets and the
 * largest image, not JavaScript. React Router's `<Scripts>` writes one
 * `<link rel="modulepreload">` per first-load module, which Chromium fetches at high priority,
 * side by side with the stylesheets and the hero photo: on a slow phone connection the 160 KB of
 * scripts shared the bandwidth that the first paint was waiting for. `<Scripts>` takes no
 * priority, so the HTML stream is rewritten on its way out: each such link gets
 * `fetchpriority="low"`. The scripts still start downloading at once (no request waits for
 * another); they only yield to the render-critical ones.
 */
import { Transform, type TransformCallback } from 'node:stream';

const MODULE_PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_MODULE_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Rewrites `text` as described above. `text` is a piece of HTML; a tag cut at its end is left to
 * the next piece (see lowPriorityModulePreloads).
 */
export function withLowPriorityModulePreloads(text: string): string {
  return text.replaceAll(MODULE_PRELOAD, LOW_PRIORITY_MODULE_PRELOAD);
}

/**
 * A Transform for the UTF-8 HTML stream of a page (Buffers in, Buffers out) that applies
 * withLowPriorityModulePreloads. A chunk ending in a prefix of `<link rel="modulepreload"` keeps
 * that prefix back until the next chunk, so a tag split between two writes is still rewritten.
 */
export function lowPriorityModulePreloads(): Transform {
  let pending = '';
  const decoder = new TextDecoder('utf-8');
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      const text = pending + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
      const keep = partialTagLength(text);
      pending = text.slice(text.length - keep);
      const ready = withLowPriorityModulePreloads(text.slice(0, text.length - keep));
      callback(null, ready ? Buffer.from(ready, 'utf-8') : undefined);
    },
    flush(callback: TransformCallback) {
      const rest = withLowPriorityModulePreloads(pending + decoder.decode());
      callback(null, rest ? Buffer.from(rest, 'utf-8') : undefined);
    },
  });
}

/** How many characters at the end of `text` could begin a `<link rel="modulepreload"` (0 when none). */
function partialTagLength(text: string): number {
  for (let length = Math.min(MODULE_PRELOAD.length - 1, text.length); length > 0; length -= 1) {
    if (MODULE_PRELOAD.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
