/**
 * How stored files are served at `/media` (DESIGN §4 "Files"): images only — a path that is not
 * a plain `…/name.webp|avif|png|jpg` (an SVG, an HTML page, a dotfile, an encoded `..`) is a 404
 * before the disk is touched —, with `nosniff`, a Content-Security-Policy that forbids everything
 * and sandboxes the document (so even a file that slipped through could never run a script), and
 * caching: uploaded photos have random names that never change content, so they are immutable
 * for a year; the demo pictures keep a week.
 */
import path from 'node:path';
import type { ServerResponse } from 'node:http';

/** The upload endpoint's path (its own body cap in server/app.ts). */
export const PHOTO_UPLOAD_PATH = /^\/api\/photos\/(building|unit)\/\d{1,10}\/upload$/;

/** A tenant's maintenance request with photos (decision 027): the plain form and the scripted one. */
export const MAINTENANCE_UPLOAD_PATH = /^\/(tenant-portal\/maintenance\/new(\.data)?|api\/maintenance-requests)$/;

const SERVABLE = /^\/(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*\.(?:webp|avif|png|jpe?g)$/;

/** True for a `/media`-relative request path that may be served (lowercase, images only, never `private/`). */
export function isServableMedia(requestPath: string): boolean {
  // Private documents (a vendor's certificate of insurance…) go out only through a guarded route.
  return requestPath.length <= 200 && SERVABLE.test(requestPath) && !requestPath.startsWith('/private/');
}

/** One year: the longest `max-age` caches honour. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const DEMO = 'public, max-age=604800';

/** The response headers of the stored file `key` (`photos/ab/…-1200.webp`, `demo/…`). */
export function mediaHeaders(key: string): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    // Public whoever asks: replaces the `no-store` given to every signed-in request.
    'Cache-Control': key.startsWith('photos/') ? IMMUTABLE : DEMO,
  };
}

/** `express.static` options for the uploads folder `root`. */
export function mediaStaticOptions(root: string) {
  return {
    fallthrough: false,
    index: false as const,
    dotfiles: 'deny' as const,
    setHeaders: (res: ServerResponse, file: string) => {
      const key = path.relative(root, file).split(path.sep).join('/');
      for (const [name, value] of Object.entries(mediaHeaders(key))) res.setHeader(name, value);
    },
  };
}
