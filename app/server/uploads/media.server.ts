/**
 * How stored files are served at `/media` (DESIGN §4 "Files"): images only — a path that is not
 * a plain `…/name.webp|avif|png|jpg` (an SVG, an HTML page, a dotfile, an encoded `..`) is a 404
 * before the store is asked —, with `nosniff`, a Content-Security-Policy that forbids everything
 * and sandboxes the document (so even a file that slipped through could never run a script), and
 * caching: uploaded photos have random names that never change content, so they are immutable
 * for a year; the demo pictures keep a week. The bytes come through the `UploadStorage`
 * interface, so the same rules hold for the local folder and for an S3 bucket (DESIGN §6).
 */
import { pipeline } from 'node:stream/promises';
import type { NextFunction, Request, Response } from 'express';
import { contentTypeOfKey, type UploadStorage } from './storage.server';

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

/** A client that went away mid-response: nothing to log, nothing to answer. */
function isClosedEarly(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'EPIPE';
}

function notFound(res: Response): void {
  res.status(404).type('text/plain').send('Not found');
}

/**
 * The Express handler mounted at `/media`, serving `storage`: GET and HEAD only (405 with `Allow`
 * otherwise); a path `isServableMedia` refuses, or a key the store does not have, is a plain-text
 * 404; otherwise the type by extension, the size, `mediaHeaders`, the store's ETag and
 * Last-Modified (a matching `If-None-Match` / `If-Modified-Since` is a 304 without a body) and
 * the bytes streamed from the store. A store error before the first byte goes to `next` (a 500
 * with an error id); after it the response is cut short and the error goes to `next` to be logged.
 */
export function createMediaHandler(storage: UploadStorage) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set('Allow', 'GET, HEAD').end();
      return;
    }
    if (!isServableMedia(req.path)) {
      notFound(res);
      return;
    }
    const key = req.path.slice(1);
    let object;
    try {
      object = await storage.get(key);
    } catch (error) {
      next(error);
      return;
    }
    if (!object) {
      notFound(res);
      return;
    }
    res.set(mediaHeaders(key));
    res.type(contentTypeOfKey(key));
    if (object.etag) res.set('ETag', object.etag);
    if (object.lastModified) res.set('Last-Modified', object.lastModified.toUTCString());
    // Express's `fresh` check: the validators above against If-None-Match / If-Modified-Since.
    if (req.fresh) {
      object.body.destroy();
      res.status(304).end();
      return;
    }
    res.set('Content-Length', String(object.size));
    if (req.method === 'HEAD') {
      object.body.destroy();
      res.end();
      return;
    }
    try {
      await pipeline(object.body, res);
    } catch (error) {
      if (!isClosedEarly(error)) next(error);
    }
  };
}
