/**
 * Builds the Express application around the React Router request handler: request ids and
 * logging, compression, static assets (immutable for hashed files), demo media, health checks,
 * and the load context every loader and action receives (DESIGN §2, §3).
 */
import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import { toNodeHandler } from 'better-auth/node';
import type { ServerBuild } from 'react-router';
import { CLIENT_IP_HEADER, COOKIE_PREFIX, type Auth } from '../app/server/auth/auth.server';
import type { Database } from '../app/server/db/client.server';
import type { DimoraLoadContext } from '../app/server/load-context';
import { createErrorId, logger } from '../app/server/logger.server';
import type { Mailer } from '../app/server/mail/mailer.server';
import onHeaders from 'on-headers';
import { consumeRateLimit, RATE_LIMIT_WINDOW_S, sendTooManyRequests } from '../app/server/rate-limit.server';
import { createEventStreamHandler } from '../app/server/realtime/event-stream.server';
import type { RealtimeHub } from '../app/server/realtime/hub.server';
import { contentSecurityPolicy, createNonce, isSameOriginRequest } from '../app/server/security-headers.server';
import { isServableMedia, mediaStaticOptions, PHOTO_UPLOAD_PATH } from '../app/server/uploads/media.server';
import { createLocalStorage } from '../app/server/uploads/storage.server';
import { PHOTO_MAX_REQUEST_BYTES } from '../app/lib/uploads';
import { parseSentryDsn } from '../app/lib/monitoring';
import { peekSettings } from '../app/server/settings/settings.server';

export type AppOptions = {
  database: Database;
  auth: Auth;
  mailer: Mailer;
  /** This instance's realtime hub (issue 5): serves `GET /api/events`. */
  hub: RealtimeHub;
  /** The site's public origin (PUBLIC_URL), e.g. `https://dimora.example`. */
  publicUrl: string;
  /** Production on https: HSTS. */
  secureTransport: boolean;
  /** Express "trust proxy" value: `false` (socket address) or the proxies to believe. */
  trustProxy?: string;
  uploadsDir: string;
  /** Production: the built server bundle. Development: a Vite dev server is attached instead. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  vite?: { middlewares: express.RequestHandler; ssrLoadModule(id: string): Promise<unknown> };
  clientDir?: string;
  /** Origins the CSP lets images come from besides this site: the map tile host(s) (env `mapTileSources`). */
  imageSources?: readonly string[];
  /** Log each request (off in tests and benchmarks). */
  logRequests?: boolean;
};

/**
 * better-auth endpoints reachable from outside. Everything else (sign-in, sign-up, reset, admin)
 * goes through our route actions, which rate-limit, audit and translate; so no public endpoint
 * can set a role or skip a check.
 */
const PUBLIC_AUTH_ENDPOINTS = new Set(['GET /get-session', 'GET /ok']);

/** The largest request body accepted (bytes). */
const MAX_BODY_BYTES = 1_000_000;
/**
 * Pages that take a larger body: a building's page, whose CSV import of units posts a file of up
 * to 4 MB (multipart overhead included). Enhanced posts go to the `.data` URL.
 */
const LARGE_BODY_PATH = /^\/(admin\/properties|dashboard\/buildings)\/\d{1,10}(\.data)?$/;
const LARGE_BODY_BYTES = 4_500_000;

/** The body limit of a request path (bytes). Photo uploads stream, with their own cap. */
export function bodyLimitFor(path: string): number {
  if (PHOTO_UPLOAD_PATH.test(path)) return PHOTO_MAX_REQUEST_BYTES;
  return LARGE_BODY_PATH.test(path) ? LARGE_BODY_BYTES : MAX_BODY_BYTES;
}

function trustProxySetting(value: string | undefined): boolean | string | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((part) => part.trim());
}

/**
 * Issue 14 item 5: every 429 carries Retry-After. Answers set it themselves
 * (`tooManyRequests` in responses.server.ts, `sendTooManyRequests`); this middleware, installed
 * first, gives any 429 that would still go out without one the rate-limit window (60 s).
 */
export function retryAfterNet(_req: Request, res: Response, next: NextFunction): void {
  onHeaders(res, function addRetryAfter() {
    if (this.statusCode === 429 && !this.hasHeader('Retry-After')) this.setHeader('Retry-After', String(RATE_LIMIT_WINDOW_S));
  });
  next();
}

export function createApp(options: AppOptions): Express {
  const app = express();
  const dev = Boolean(options.vite);
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(options.trustProxy));

  app.use(retryAfterNet);
  app.use((req, res, next) => {
    res.locals.requestId = createErrorId();
    res.locals.cspNonce = createNonce();
    res.setHeader('X-Request-Id', res.locals.requestId as string);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    // Error reports may go to the stored monitoring DSN's host (settings, reloaded on change).
    const dsn = peekSettings(options.database.db)?.monitoringDsn;
    const monitoringOrigin = dsn ? parseSentryDsn(dsn)?.origin : null;
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(res.locals.cspNonce as string, { dev, imageSources: options.imageSources, monitoringOrigin }));
    if (options.secureTransport) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // The client address for better-auth and our rate limits: from the socket, or from the
    // configured trusted proxy; whatever the client put in this header is thrown away.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    if (!isSameOriginRequest({
      method: req.method,
      origin: req.headers.origin,
      secFetchSite: req.headers['sec-fetch-site'] as string | undefined,
      host: req.headers.host,
      publicOrigin: options.publicUrl,
    })) {
      res.status(403).type('text/plain').send('Cross-origin request refused');
      return;
    }
    // Bodies are read whole by the actions: cap them before anything is read (forms and JSON
    // reports are a few KB; photo uploads stream through their own route, with their own cap).
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const length = req.headers['content-length'];
      if (length === undefined && req.headers['transfer-encoding']) {
        res.status(411).type('text/plain').send('Length required');
        return;
      }
      if (Number(length) > bodyLimitFor(req.path)) {
        res.status(413).type('text/plain').send('Request body too large');
        return;
      }
    }
    // Pages seen with a session are private: never stored by browsers or proxies.
    if (req.headers.cookie?.includes(`${COOKIE_PREFIX}.session_token`)) res.setHeader('Cache-Control', 'no-store');
    next();
  });
  if (options.logRequests !== false) {
    app.use(pinoHttp({ logger, genReqId: (_req, res) => res.locals.requestId as string, autoLogging: { ignore: (req) => req.url === '/healthz' } }));
  }
  // The event stream comes before compression, which would hold its frames back.
  const eventStream = createEventStreamHandler({ db: options.database.db, auth: options.auth, hub: options.hub, logger, publicUrl: options.publicUrl });
  app.get('/api/events', (req, res, next) => {
    eventStream(req, res).catch(next);
  });
  app.use(compression());

  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const ok = await options.database.ping();
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'unavailable', database: options.database.kind });
  });

  const authHandler = toNodeHandler(options.auth);
  app.all('/api/auth/{*splat}', async (req, res, next) => {
    try {
      const endpoint = `${req.method} ${req.path.slice('/api/auth'.length)}`;
      if (!PUBLIC_AUTH_ENDPOINTS.has(endpoint)) {
        res.status(404).json({ error: 'not_found' });
        return;
      }
      const limit = await consumeRateLimit({ db: options.database.db, action: 'api_call', client: req.headers[CLIENT_IP_HEADER] as string });
      if (!limit.allowed) {
        sendTooManyRequests(res, limit.retryAfterS, { error: 'rate_limited', action: limit.action });
        return;
      }
      res.setHeader('Cache-Control', 'no-store');
      await authHandler(req, res);
    } catch (error) {
      next(error);
    }
  });

  // Uploaded and demo pictures: images only, never run as a page (DESIGN §4 "Files").
  const storage = createLocalStorage(options.uploadsDir);
  app.use('/media', (req, res, next) => {
    if (!isServableMedia(req.path)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    next();
  });
  app.use('/media', express.static(options.uploadsDir, mediaStaticOptions(options.uploadsDir)));

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else if (options.clientDir) {
    app.use('/assets', express.static(path.join(options.clientDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
    app.use(express.static(options.clientDir, { maxAge: '1h', index: false }));
  }

  const vite = options.vite;
  const build =
    options.build ??
    (vite ? () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild> : undefined);
  if (!build) throw new Error('createApp needs a server build or a Vite dev server');

  app.all(
    '/{*splat}',
    createRequestHandler({
      build,
      mode: vite ? 'development' : 'production',
      getLoadContext: (req, res): DimoraLoadContext => ({
        db: options.database.db,
        auth: options.auth,
        mailer: options.mailer,
        logger,
        requestId: res.locals.requestId as string,
        clientIp: req.headers[CLIENT_IP_HEADER] as string,
        cspNonce: res.locals.cspNonce as string,
        publicUrl: options.publicUrl,
        storage,
      }),
    }),
  );

  // Errors outside React Router (static files, malformed URLs): never leak a stack.
  app.use((error: Error & { status?: number; statusCode?: number }, req: Request, res: Response, _next: NextFunction) => {
    const status = error.status ?? error.statusCode ?? 500;
    if (status >= 500) logger.error({ err: error, errorId: res.locals.requestId, url: req.url }, 'request failed');
    if (res.headersSent) return;
    res.status(status).type('text/plain').send(status === 404 ? 'Not found' : `Error ${status} (id ${res.locals.requestId as string})`);
  });
  return app;
}
