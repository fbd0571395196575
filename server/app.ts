/**
 * Builds the Express application around the React Router request handler: request ids and
 * logging, compression, static assets (immutable for hashed files), demo media, health checks,
 * and the load context every loader and action receives (DESIGN §2, §3).
 */
import type http from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import { toNodeHandler } from 'better-auth/node';
import type { ServerBuild } from 'react-router';
import { CLIENT_IP_HEADER, hasSessionCookieHeader, type Auth } from '../app/server/auth/auth.server';
import type { Database } from '../app/server/db/client.server';
import type { DimoraLoadContext } from '../app/server/load-context';
import { createErrorId, logger, type Logger } from '../app/server/logger.server';
import { redactLoggedRequest, redactSecrets } from '../app/server/redact.server';
import type { Mailer } from '../app/server/mail/mailer.server';
import onHeaders from 'on-headers';
import { consumeRateLimit, RATE_LIMIT_WINDOW_S, sendTooManyRequests } from '../app/server/rate-limit.server';
import { createEventStreamHandler } from '../app/server/realtime/event-stream.server';
import type { RealtimeHub } from '../app/server/realtime/hub.server';
import { contentSecurityPolicy, createNonce, isSameOriginRequest } from '../app/server/security-headers.server';
import { createMediaHandler, MAINTENANCE_UPLOAD_PATH, PHOTO_UPLOAD_PATH } from '../app/server/uploads/media.server';
import { WORK_ORDER_UPLOAD_MAX_BYTES, WORK_ORDER_UPLOAD_PATH } from '../app/features/work-orders/upload-paths';
import { createLocalStorage, type UploadStorage } from '../app/server/uploads/storage.server';
import { createUnscannedScanner, type MalwareScanner } from '../app/server/uploads/malware-scan.server';
import { PHOTO_MAX_REQUEST_BYTES } from '../app/lib/uploads';
import { DOCUMENT_MAX_REQUEST_BYTES, DOCUMENT_UPLOAD_PATH } from '../app/lib/document-uploads';
import { parseSentryDsn } from '../app/lib/monitoring';
import { OFFLINE_FALLBACK_URL, SERVICE_WORKER_URL, WEB_MANIFEST_URL } from '../app/lib/pwa';
import { onSettingsChange, peekSettings } from '../app/server/settings/settings.server';
import { createCanonicalRedirect, createHtmlCache, type HtmlCache } from '../app/server/html-cache.server';
import { createRenderGate, defaultRenderConcurrency, defaultRenderQueue, type RenderGate } from '../app/server/render-gate.server';
import { SIGNED_IN_PAGE_RENDER_RATE_FACTOR } from '../app/lib/constants';
import { canonicalPageQuery, matchedRouteIds } from './canonical-query';
import { createDatabaseProbe, type Readiness } from './shutdown';

export type AppOptions = {
  database: Database;
  auth: Auth;
  mailer: Mailer;
  /** This instance's realtime hub (decision 011): serves `GET /api/events`. */
  hub: RealtimeHub;
  /** The site's public origin (PUBLIC_URL), e.g. `https://dimora.example`. */
  publicUrl: string;
  /** Production on https: HSTS. */
  secureTransport: boolean;
  /** Express "trust proxy" value: `false` (socket address) or the proxies to believe. */
  trustProxy?: string;
  /** DATA_DIR/uploads: the local store's folder, used when `storage` is not given. */
  uploadsDir: string;
  /**
   * Scans uploaded documents kept as sent (decision 052): server/index.ts passes the one CLAMD_URL
   * configures. Absent (tests, benchmarks): documents are not scanned.
   */
  malwareScanner?: MalwareScanner;
  /**
   * Where uploads live and `/media` reads from: the server passes `createStorage(env, uploadsDir)`
   * (an S3 bucket when S3_BUCKET is set, DESIGN §6); default: the local store over `uploadsDir`.
   */
  storage?: UploadStorage;
  /** Production: the built server bundle. Development: a Vite dev server is attached instead. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  vite?: { middlewares: express.RequestHandler; ssrLoadModule(id: string): Promise<unknown> };
  clientDir?: string;
  /** Origins the CSP lets images come from besides this site: the map tile host(s) (env `mapTileSources`). */
  imageSources?: readonly string[];
  /** Origins a form post may redirect to: the payment provider's hosted checkout (decision 049). */
  formTargets?: readonly string[];
  /** Log each request (off in tests and benchmarks). */
  logRequests?: boolean;
  /** Where request logs go (default: the server's logger); tests capture them. */
  requestLogger?: Logger;
  /** Set to draining when shutdown begins (server/shutdown.ts): /readyz answers 503 from then on. */
  readiness?: Readiness;
  /** How long /readyz waits for the database before answering 503 (ms, default 2 s). */
  readyzTimeoutMs?: number;
  /**
   * ENABLE_DIAGNOSTIC_ROUTES: `GET /__diagnostics/process` answers which process served the
   * request — its pid, cluster worker slot (null: a single process), whether it runs the job
   * runner (decision 032) and its memory (`process.memoryUsage()`, bytes). Unset: that path is an ordinary 404.
   */
  diagnostics?: { worker: number | null; jobRunner: boolean };
  /**
   * Decision 031: how long a public page rendered for an anonymous visitor is kept and served
   * again (ms, env HTML_CACHE_TTL_MS); 0 or absent: no cache and no shared-cache headers.
   */
  htmlCacheTtlMs?: number;
  /**
   * Decision 053: the render gate in front of React Router — renders at once (default
   * `defaultRenderConcurrency()`), waiting (default 4 × that), and renders a minute per client
   * address without a session cookie (default PAGE_RENDER_RATE_LIMIT; 0: no per-client limit;
   * with a session cookie SIGNED_IN_PAGE_RENDER_RATE_FACTOR × as many).
   */
  render?: { concurrency?: number; maxQueue?: number; maxWaitMs?: number; rateLimit?: number };
  /** Tests: receives the app's render gate and HTML cache, to read their counters. */
  onInternals?: (internals: { renderGate: RenderGate; htmlCache: HtmlCache | null }) => void;
};

/**
 * The HTTP methods the app answers (decision 023). Anything else — TRACE, PROPFIND, QUERY… — is 405
 * with an `Allow` header, before it reaches React Router (whose Fetch `Request` throws on TRACE,
 * which used to surface as a 500).
 */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);
const ALLOW_HEADER = ALLOWED_METHODS.join(', ');

/**
 * Answers what Node's HTTP parser handles before Express sees it (decision 023): a method it does not
 * know (TRACK, made-up verbs) gets 405 instead of Node's 400, CONNECT gets 405 instead of a
 * dropped connection; other malformed requests keep Node's answers (431 for oversized headers,
 * 408 for a request too slow to arrive, 400 otherwise). Call once on the listening server.
 */
export function hardenHttpServer(server: http.Server): void {
  const refuse = (socket: Duplex, status: string, extra = '') => {
    // As Node does: no answer on a socket that is gone or already carrying a response.
    const current = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || current?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n${extra}\r\n`);
  };
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    if (error.code === 'HPE_INVALID_METHOD') refuse(socket, '405 Method Not Allowed', `Allow: ${ALLOW_HEADER}\r\n`);
    else if (error.code === 'HPE_HEADER_OVERFLOW') refuse(socket, '431 Request Header Fields Too Large');
    else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') refuse(socket, '408 Request Timeout');
    else refuse(socket, '400 Bad Request');
  });
  server.on('connect', (_request: http.IncomingMessage, socket: Duplex) => {
    refuse(socket, '405 Method Not Allowed', `Allow: ${ALLOW_HEADER}\r\n`);
  });
}

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

/**
 * Capital projects' pages whose forms carry a file (a document, a bid's PDF: ≤ 10 MB, streamed by
 * app/features/projects/project-files.server.ts with its own cap, PROJECT_UPLOAD_MAX_REQUEST_BYTES).
 */
const PROJECT_UPLOAD_PATH = /^\/(admin\/projects|dashboard\/projects|vendor-portal\/projects)\/\d{1,10}(\.data)?$/;
const PROJECT_UPLOAD_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/** The body limit of a request path (bytes). Photo uploads stream, with their own cap. */
export function bodyLimitFor(path: string): number {
  if (PHOTO_UPLOAD_PATH.test(path) || MAINTENANCE_UPLOAD_PATH.test(path)) return PHOTO_MAX_REQUEST_BYTES;
  if (PROJECT_UPLOAD_PATH.test(path)) return PROJECT_UPLOAD_BYTES;
  if (DOCUMENT_UPLOAD_PATH.test(path)) return DOCUMENT_MAX_REQUEST_BYTES;
  // The vendor portal's notes with photos and invoices with a PDF (decision 026) stream too.
  if (WORK_ORDER_UPLOAD_PATH.test(path)) return WORK_ORDER_UPLOAD_MAX_BYTES;
  return LARGE_BODY_PATH.test(path) ? LARGE_BODY_BYTES : MAX_BODY_BYTES;
}

/**
 * Files of the installable site (decision 035) whose names never change between deploys: the
 * browser must ask the server each time (`no-cache`, a revalidation), or a new deploy's service
 * worker, manifest or offline page would wait out the hour the other static files get.
 */
const REVALIDATED_FILES = new Set([SERVICE_WORKER_URL, WEB_MANIFEST_URL, OFFLINE_FALLBACK_URL].map((url) => url.slice(1)));

/** express.static's `setHeaders` for build/client's files: `no-cache` for REVALIDATED_FILES. */
function setUnhashedHeaders(res: Response, filePath: string): void {
  if (REVALIDATED_FILES.has(path.basename(filePath))) res.setHeader('Cache-Control', 'no-cache');
}

function trustProxySetting(value: string | undefined): boolean | string | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((part) => part.trim());
}

/**
 * Decision 023: every 429 carries Retry-After. Answers set it themselves
 * (`tooManyRequests` in responses.server.ts, `sendTooManyRequests`); this middleware, installed
 * first, gives any 429 that would still go out without one the rate-limit window (60 s).
 */
export function retryAfterNet(_req: Request, res: Response, next: NextFunction): void {
  onHeaders(res, function addRetryAfter() {
    if (this.statusCode === 429 && !this.hasHeader('Retry-After')) this.setHeader('Retry-After', String(RATE_LIMIT_WINDOW_S));
  });
  next();
}

/**
 * The anonymous HTML cache of an app (decision 031), emptied when any instance changes a unit
 * or a building (the hub's content signals) or the settings; null when HTML_CACHE_TTL_MS is 0.
 */
function createAppHtmlCache(options: AppOptions, build: ServerBuild | (() => Promise<ServerBuild>)): HtmlCache | null {
  if (!options.htmlCacheTtlMs || options.htmlCacheTtlMs <= 0) return null;
  // Keys on each page's canonical query (decision 053).
  const cache = createHtmlCache({ ttlMs: options.htmlCacheTtlMs, canonicalQuery: canonicalPageQuery, routeIdsOf: matchedRouteIds(build) });
  options.hub.onContentChange(() => cache.clear());
  // Settings (company name, office hours, the monitoring DSN in the CSP) show in public pages.
  onSettingsChange((_settings, db) => {
    if (db === options.database.db) cache.clear();
  });
  return cache;
}

/** The render gate of an app (decision 053) from its options and the defaults. */
function createAppRenderGate(options: AppOptions): RenderGate {
  const concurrency = options.render?.concurrency ?? defaultRenderConcurrency();
  const rateLimit = options.render?.rateLimit;
  return createRenderGate({
    concurrency,
    maxQueue: options.render?.maxQueue ?? defaultRenderQueue(concurrency),
    ...(options.render?.maxWaitMs === undefined ? {} : { maxWaitMs: options.render.maxWaitMs }),
    sessionSecret: options.auth.options.secret ?? null,
    ...(rateLimit === undefined ? {} : { anonymousLimit: rateLimit, signedInLimit: rateLimit * SIGNED_IN_PAGE_RENDER_RATE_FACTOR }),
  });
}

/** The site-wide headers a route's own Response replaces rather than adds to (one value each). */
const REPLACEABLE_HEADERS = new Set(['cache-control', 'content-security-policy', 'x-content-type-options']);

/**
 * React Router's adapter `append`s each header of a route's Response to those set above, so a
 * download's `private, no-store` or sandboxing policy would go out beside the site-wide value, as
 * two headers. For the single-valued headers the app sets for every answer, the route's value
 * replaces it; every other header (Set-Cookie, Vary, Link) is appended as before.
 */
function routeHeadersReplaceDefaults(_req: Request, res: Response, next: NextFunction): void {
  const append = res.append.bind(res);
  const replaced = new Set<string>();
  res.append = ((field: string, value?: string | string[]) => {
    const name = field.toLowerCase();
    if (!REPLACEABLE_HEADERS.has(name) || value === undefined) return append(field, value);
    // The first value from the route replaces the default; a second one from it is appended.
    if (replaced.has(name)) return append(field, value);
    replaced.add(name);
    res.setHeader(field, value);
    return res;
  }) as Response['append'];
  next();
}

export function createApp(options: AppOptions): Express {
  const app = express();
  const vite = options.vite;
  const build = options.build ?? (vite ? () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild> : undefined);
  if (!build) throw new Error('createApp needs a server build or a Vite dev server');
  const htmlCache = createAppHtmlCache(options, build);
  const renderGate = createAppRenderGate(options);
  options.onInternals?.({ renderGate, htmlCache });
  const dev = Boolean(vite);
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(options.trustProxy));

  // Health checks first (decision 053): no logging, compression, rate limit or render gate in
  // front of them, so a saturated instance still answers its load balancer in milliseconds.
  const databaseReady = createDatabaseProbe({ ping: (timeoutMs) => options.database.ping(timeoutMs), timeoutMs: options.readyzTimeoutMs });
  const healthHeaders = (res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Shutting down: the load balancer reconnects elsewhere after this answer.
    if (options.readiness?.draining) res.setHeader('Connection', 'close');
  };
  app.get('/healthz', (_req, res) => {
    healthHeaders(res);
    res.status(200).json({ status: 'ok' });
  });
  // Ready: not shutting down, and the database answered lately or answers within readyzTimeoutMs (decisions 023, 053).
  app.get('/readyz', async (_req, res) => {
    healthHeaders(res);
    if (options.readiness?.draining) {
      res.status(503).json({ status: 'draining', database: options.database.kind });
      return;
    }
    const ok = await databaseReady();
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'unavailable', database: options.database.kind });
  });

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
    res.setHeader(
      'Content-Security-Policy',
      contentSecurityPolicy(res.locals.cspNonce as string, {
        dev,
        imageSources: options.imageSources,
        monitoringOrigin,
        formTargets: options.formTargets,
      }),
    );
    if (options.secureTransport) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // Shutting down: every client (and the load balancer) reconnects elsewhere after this answer.
    if (options.readiness?.draining) res.setHeader('Connection', 'close');
    if (!ALLOWED.has(req.method)) {
      res.setHeader('Allow', ALLOW_HEADER);
      res.status(405).type('text/plain').send('Method not allowed');
      return;
    }
    // The client address for better-auth and our rate limits: from the socket, or from the
    // configured trusted proxy; whatever the client put in this header is thrown away.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    if (
      !isSameOriginRequest({
        method: req.method,
        origin: req.headers.origin,
        secFetchSite: req.headers['sec-fetch-site'] as string | undefined,
        host: req.headers.host,
        publicOrigin: options.publicUrl,
      })
    ) {
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
    if (hasSessionCookieHeader(req.headers.cookie)) res.setHeader('Cache-Control', 'no-store');
    next();
  });
  if (options.logRequests !== false) {
    app.use(
      pinoHttp({
        logger: options.requestLogger ?? logger,
        genReqId: (_req, res) => res.locals.requestId as string,
        autoLogging: { ignore: (req) => req.url === '/healthz' },
        // Reset, verification and alert links carry their token in the query: never logged (decision 023).
        serializers: { req: redactLoggedRequest },
      }),
    );
  }
  // The event stream comes before compression, which would hold its frames back.
  const eventStream = createEventStreamHandler({
    db: options.database.db,
    auth: options.auth,
    hub: options.hub,
    logger,
    publicUrl: options.publicUrl,
  });
  app.get('/api/events', (req, res, next) => {
    eventStream(req, res).catch(next);
  });
  // Before compression: the cached pages' ETags name the content coding compression picks.
  if (htmlCache) app.use(htmlCache.etagCoding);
  app.use(compression());

  const diagnostics = options.diagnostics;
  if (diagnostics) {
    app.get('/__diagnostics/process', (_req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      // Memory in bytes (process.memoryUsage): what the overload bench reads to tell heap from native.
      res.status(200).json({ pid: process.pid, ...diagnostics, memory: process.memoryUsage() });
    });
  }

  const authHandler = toNodeHandler(options.auth);
  app.all('/api/auth/{*splat}', async (req, res, next) => {
    try {
      const endpoint = `${req.method} ${req.path.slice('/api/auth'.length)}`;
      if (!PUBLIC_AUTH_ENDPOINTS.has(endpoint)) {
        res.status(404).json({ error: 'not_found' });
        return;
      }
      const limit = await consumeRateLimit({
        db: options.database.db,
        action: 'api_call',
        client: req.headers[CLIENT_IP_HEADER] as string,
      });
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

  // Uploaded and demo pictures: images only, never run as a page (DESIGN §4 "Files"), from
  // whichever store holds them (the local folder or an S3 bucket, DESIGN §6).
  const storage = options.storage ?? createLocalStorage(options.uploadsDir);
  const malwareScanner = options.malwareScanner ?? createUnscannedScanner();
  app.use('/media', createMediaHandler(storage));

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else if (options.clientDir) {
    app.use('/assets', express.static(path.join(options.clientDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
    app.use(express.static(options.clientDir, { maxAge: '1h', index: false, setHeaders: setUnhashedHeaders }));
  }

  // A public page asked for with a query other than its canonical one: 301 there (decision 053).
  app.use(createCanonicalRedirect(canonicalPageQuery));
  // Public pages for anonymous visitors: from the cache, or rendered and kept (decision 031).
  if (htmlCache) app.use(htmlCache.middleware);
  // What is left is a render: per-client limit and per-process bound (decision 053).
  app.use(renderGate.middleware);
  app.use(routeHeadersReplaceDefaults);
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
        malwareScanner,
      }),
    }),
  );

  // Errors outside React Router (static files, malformed URLs): never leak a stack.
  app.use((error: Error & { status?: number; statusCode?: number }, req: Request, res: Response, _next: NextFunction) => {
    const status = error.status ?? error.statusCode ?? 500;
    if (status >= 500)
      (options.requestLogger ?? logger).error({ err: error, errorId: res.locals.requestId, url: redactSecrets(req.url) }, 'request failed');
    if (res.headersSent) return;
    res
      .status(status)
      .type('text/plain')
      .send(status === 404 ? 'Not found' : `Error ${status} (id ${res.locals.requestId as string})`);
  });
  return app;
}
