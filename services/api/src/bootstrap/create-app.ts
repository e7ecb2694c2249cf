import type { Server } from 'node:http';
import { Logger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import { Router, type NextFunction, type Request, type Response } from 'express';
import cookieParser from 'cookie-parser';
import session from 'express-session';
import helmet from 'helmet';
import type { Connection } from 'mongoose';
import passport from 'passport';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';
import { AppModule } from '../app.module.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { readYourWrites } from '../http/read-your-writes.js';
import { httpMetrics } from '../observability/http-metrics.js';
import { collectProcessMetrics } from '../observability/metrics.js';
import { METRICS_PATH, metricsEndpoint } from '../observability/metrics-endpoint.js';
import { requestContext } from '../observability/request-context.js';
import { RequestAwareLogger } from '../observability/request-logger.js';
import { readOnlySession } from '../auth/read-only-session.js';
import { SESSION_COOKIE } from '../common/session-cookie.js';
import { createSessionStore } from '../auth/session-store.js';
import type { AppConfig } from '../config/app-config.js';
import { StoredRevision, type RevisionDocument } from '../database/stored-revision.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { GracefulShutdown } from './graceful-shutdown.js';
import { setupOpenApi } from './openapi.js';
import { MediaStore } from '../media/media-store.js';
import { SubsonicApi } from '../subsonic/subsonic-api.js';
import { SharePages } from '../shares/share-pages.js';
import { sharePagesRouter } from '../shares/share-pages.router.js';
import { redactSubsonicRequest, subsonicRouter } from '../subsonic/subsonic-router.js';
import { Transcoder } from '../media/transcoding/transcoder.js';
import { LIMITS } from '@tunafy/contracts';
import { closeGracefullyAfterEarlyAnswer } from '@tunafy/server-kit';

const NEST_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

function nestLogLevels(level: string): LogLevel[] {
  const index = { fatal: 0, error: 1, warn: 2, info: 3, debug: 4, trace: 5 }[level] ?? 2;
  return NEST_LEVELS.slice(0, index + 1);
}

export const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

export interface TunafyApp {
  app: NestExpressApplication;
  shutdown: GracefulShutdown;
}

export async function createApp(config: AppConfig): Promise<TunafyApp> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), {
    logger: new RequestAwareLogger({ json: true, logLevels: nestLogLevels(config.logLevel) }),
    bodyParser: true,
  });
  app.set('trust proxy', config.trustProxy);
  app.set('etag', 'strong');
  app.setGlobalPrefix('api');
  // An answer sent before the request's body has all arrived (a guard refusing an upload, a size limit hit midway)
  // closes the connection after a bounded lingering read, so the client reads it and we never read a 300 MB body
  // only to refuse it (docs/decisions/0001-refused-uploads-close-gracefully.md).
  app.use((req: Request, res: Response, next: NextFunction) => {
    closeGracefullyAfterEarlyAnswer(req, res);
    next();
  });
  // First: the request id (X-Request-Id from the gateway, or ours) for every answer and log line, and the timer.
  app.use(requestContext);
  app.use(httpMetrics);
  // A client's own catalog writes show on its next read through any replica (http/read-your-writes.ts).
  app.use(readYourWrites({ secure: config.secureCookies }));
  // A big upload from a slow phone outlasts Node's 5-minute limit for a whole request (LIMITS.requestMsMax).
  const server = app.getHttpServer() as Server;
  server.requestTimeout = LIMITS.requestMsMax;
  // An idle keep-alive connection stays open 65 s (Node's default is 5 s), longer than the clients' own idle timeout
  // (nginx's upstream keepalive 60 s, undici 4 s): the client closes it first. Otherwise a request sent on a connection
  // just as the server closed it fails with EPIPE or ECONNRESET, and under load an upload's body hit that window.
  // Headers may take a second longer than that, as Node requires.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // Signals are handled by main.ts through GracefulShutdown, which drains keep-alive connections first.
  const shutdown = new GracefulShutdown(server, config.shutdownGraceMs, (message) => new Logger('Shutdown').warn(message));
  app.use(shutdown.middleware);

  // Request lines are written at info. Above it pino-http would still build and redact a child logger
  // per request (a tenth of a cached GET's CPU) to write nothing; 5xx errors are logged by the
  // exception filter either way.
  const logsRequests = (pino.levels.values[config.logLevel] ?? pino.levels.values.info!) <= pino.levels.values.info!;
  if (logsRequests) {
    app.use(
      pinoHttp({
        level: config.logLevel,
        // Health checks and scrapes come every few seconds from machines, not people.
        autoLogging: { ignore: (req) => req.url === '/api/health' || req.url === '/api/metrics' },
        // requestContext set req.id (pino-http's own id); also top level, named as on Nest's lines.
        customProps: (req) => ({ request_id: req.id }),
        // Session cookies and CSRF tokens are credentials: they must never reach the logs.
        // Subsonic apps sign in with credentials in the query string.
        serializers: { req: redactSubsonicRequest },
        redact: { paths: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]', 'res.headers["x-csrf-token"]'], censor: '[redacted]' },
      }),
    );
  }
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'same-site' } }));
  // Media (mp3, png, jpeg, gif) is already compressed and streamed with ranges: compress JSON and text
  // only. Media routes skip the middleware entirely; it would otherwise wrap every chunk of every stream.
  const compress = compression({ filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith('audio/') && compression.filter(req, res) });
  app.use((req: Request, res: Response, next: NextFunction) => (req.path.startsWith('/api/files/') ? next() : compress(req, res, next)));

  // Before the session chain: a scrape needs no session, and a refused one falls through to the API's 404.
  collectProcessMetrics();
  const catalog = app.get(CatalogReadModel);
  app.use(
    Router().get(
      METRICS_PATH,
      metricsEndpoint({
        token: config.metricsToken,
        catalogCounts: () => {
          try {
            const model = catalog.model;
            return { songs: model.songsPage({ limit: 0 }).total, albums: model.albumsPage({ limit: 0 }).total };
          } catch {
            return null; // not loaded yet
          }
        },
      }),
    ),
  );

  // Before the session chain: Subsonic apps sign in per call with app passwords, never with the web's cookies.
  app.use(subsonicRouter(app.get(SubsonicApi), app.get(MediaStore), app.get(Transcoder)));

  // Share pages and the embed (docs/shares.md): HTML for guests and chat apps' link previews, no session needed.
  app.use(sharePagesRouter(app.get(SharePages), config));

  const connection = app.get<Connection>(DB_CONNECTION);
  const sessionRevision = new StoredRevision(() => connection.db!.collection<RevisionDocument>('meta'), 'sessions', () => config.sessionRecheckMs);
  const sessionStore = createSessionStore(connection, sessionRevision);
  const sessions = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    resave: false,
    // Guests get no session document until they log in.
    saveUninitialized: false,
    store: sessionStore,
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, maxAge: THIRTY_DAYS_MS, path: '/' },
  });
  const fullChain = Router().use(cookieParser(), sessions, passport.initialize(), passport.session());
  // Reading a file only needs to know who asks (audio is for members): see read-only-session.ts.
  const readOnlyChain = Router().use(passport.initialize(), readOnlySession({ name: SESSION_COOKIE, secrets: [config.sessionSecret], store: sessionStore }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    // The health check needs no session: looking one up would turn "database down" into an error before
    // the check could report it (a logged-in client's /api/health would get a plain 503 instead).
    if (req.path === '/api/health') return next();
    const readsMedia = (req.method === 'GET' || req.method === 'HEAD') && req.path.startsWith('/api/files/');
    (readsMedia ? readOnlyChain : fullChain)(req, res, next);
  });

  setupOpenApi(app);
  return { app, shutdown };
}
