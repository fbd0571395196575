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
import type { ServerBuild } from 'react-router';
import type { Database } from '../app/server/db/client.server';
import type { DimoraLoadContext } from '../app/server/load-context';
import { createErrorId, logger } from '../app/server/logger.server';

export type AppOptions = {
  database: Database;
  uploadsDir: string;
  /** Production: the built server bundle. Development: a Vite dev server is attached instead. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  vite?: { middlewares: express.RequestHandler; ssrLoadModule(id: string): Promise<unknown> };
  clientDir?: string;
  /** Log each request (off in tests and benchmarks). */
  logRequests?: boolean;
};

export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);

  app.use((req, res, next) => {
    res.locals.requestId = createErrorId();
    res.setHeader('X-Request-Id', res.locals.requestId as string);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  });
  if (options.logRequests !== false) {
    app.use(pinoHttp({ logger, genReqId: (_req, res) => res.locals.requestId as string, autoLogging: { ignore: (req) => req.url === '/healthz' } }));
  }
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

  app.use('/media', express.static(options.uploadsDir, { maxAge: '7d', fallthrough: false, index: false }));

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
        logger,
        requestId: res.locals.requestId as string,
        clientIp: req.socket.remoteAddress ?? 'unknown',
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
