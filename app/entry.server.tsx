/**
 * Server rendering: streams the HTML once the whole page is rendered (crawlers and visitors
 * without JavaScript get full listings) and logs every unexpected error with the request id,
 * which the error screens show as the error id (spec §2, DESIGN §5).
 */
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';
import { NonceProvider } from './lib/nonce';
import { scriptsAfterFirstPaint } from './server/paint-first-scripts.server';
import { languageCookieFromUrl } from './lib/preferences';
import { captureServerError } from './server/monitoring/monitoring.server';
import { redactSecrets } from './server/redact.server';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A URL's ?lang= sticks, as the language switcher's choice does (decision 025).
  const languageCookie = languageCookieFromUrl(request);
  if (languageCookie) responseHeaders.append('Set-Cookie', languageCookie);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Every inline script carries this response's CSP nonce (server/app.ts sets the header).
    const nonce = loadContext.cspNonce;
    const app = (
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      // Every Suspense boundary (the code-split parts, app/lib/lazy-part.ts) in place in the HTML:
      // by default React sends a large one after the first 12,800 bytes separately, hidden until an
      // inline script moves it, so a visitor without JavaScript would never see it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // The whole page before the first byte, for everyone (not only crawlers): nothing a page
      // renders waits on data (no deferred loader data), only on its code-split parts, which
      // resolve within a tick on the server. So the HTML is complete, also for visitors without
      // JavaScript, instead of streaming those parts after the shell behind an inline script.
      onAllReady() {
        shellRendered = true;
        // The scripts start after the first paint: it needs the stylesheets and the hero photo,
        // not them (decision 036).
        const body = scriptsAfterFirstPaint();
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/** Client navigations to a `?lang=` URL (its `.data` request) make that language stick too. */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  const languageCookie = languageCookieFromUrl(request);
  if (languageCookie) response.headers.append('Set-Cookie', languageCookie);
  return response;
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const ctx = context as Partial<AppLoadContext> | undefined;
  const log = ctx?.logger;
  const errorId = ctx?.requestId ?? 'unknown';
  if (log) log.error({ err: error, errorId, url: redactSecrets(request.url) }, `unhandled error ${errorId}`);
  else console.error(`unhandled error ${errorId}`, error);
  // Error monitoring, when a DSN is stored in /admin/system (a no-op otherwise).
  captureServerError(error, errorId);
};
