import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { authenticate, authenticateKnown } from './auth/authenticate';
import { registerAuthRoutes } from './auth/authRoutes';
import { registerRegistrationRoutes } from './auth/registrationRoutes';
import { UserAccess } from './auth/userAccess';
import { registerCalendarRoutes } from './calendar/calendarRoutes';
import { type CatalystOptions, registerCatalyst } from './catalyst/registerCatalyst';
import { type Clock, systemClock } from './clock';
import { loadConfig, type ServerConfig } from './config';
import { registerConfigRoutes } from './configRoutes';
import { type AppContext, createChanges } from './context';
import { registerAccountUsageRoutes } from './dashboard/accountUsage';
import { registerDashboardRoutes } from './dashboard/dashboardRoutes';
import { type Database, openDatabase } from './db/client';
import { PgliteUpkeep } from './db/pgliteUpkeep';
import { loadSchema } from './db/schema';
import { registerFaceRoutes } from './faces/faceRoutes';
import { registerErrorHandling, sendError } from './http/errorHandler';
import { registerInputBoundary } from './http/inputBoundary';
import { registerApiDocs } from './http/openapiDocs';
import { RateLimiter } from './http/rateLimiter';
import { registerRouteList } from './http/routeList';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerHub } from './hub/registerHub';
import { registerPortalRoutes } from './portal/portalRoutes';
import { type PrintOptions, registerPrintRoutes } from './print/printRoutes';
import { registerSharedAccessRoutes } from './sharedAccess/sharedAccessRoutes';
import { registerImport } from './import/importRoutes';
import { createMailer } from './mail/createMailer';
import type { Mailer } from './mail/mailer';
import { registerOffice } from './office/registerOffice';
import { registerResourceRoutes } from './resources/resourceRoutes';
import { registerSellOfferRoutes } from './sellOffers/sellOfferRoutes';
import { registerShippingRoutes } from './shipping/shippingRoutes';
import { registerSync } from './sync/registerSync';
import { registerOrderRoutes } from './warehouse/registerOrderRoutes';
import { registerRecordRoutes } from './warehouse/registerRecordRoutes';
import { registerWarehouseRoutes } from './warehouse/registerWarehouseRoutes';
import { registerWebApp } from './webApp';

export interface AppOptions {
  /** Overrides of the environment configuration. */
  readonly config?: Partial<ServerConfig>;
  /** Use an already open database (tests share one per file); else opened from the config. */
  readonly database?: Database;
  readonly mailer?: Mailer;
  readonly logger?: boolean;
  /** Time for token expiry, the live connection, rate limits and the access cache; tests pass their own. */
  readonly clock?: Clock;
  /** The catalyst module's clock and scheduler (tests drive them). */
  readonly catalyst?: CatalystOptions;
  /** How labels reach printers (tests pass their own connector). */
  readonly print?: PrintOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the whole server (API + web app) without listening; tests call it and use `inject`. */
export const buildApp = async (opts: AppOptions = {}): Promise<FastifyInstance> => {
  const config = loadConfig(opts.config);
  const ownsDatabase = !opts.database;
  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const schema = await loadSchema();
  const clock = opts.clock ?? systemClock;
  const now = () => clock.now();
  const changes = createChanges();
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    schema,
    mailer: opts.mailer ?? createMailer(config, database.db, schema),
    changes,
    clock,
    rateLimiter: new RateLimiter(database.db, config.rateLimits, now),
    userAccess: new UserAccess(database.db, schema, changes, now),
  };

  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 25 * 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 2000 },
    requestIdHeader: false,
    // Behind a load balancer or TLS proxy: whose X-Forwarded-For / -Proto to believe (client address, https).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
  });
  registerRouteList(app);
  app.decorate('ctx', ctx);
  app.decorateRequest('auth', undefined);
  app.decorateRequest('startedAt', 0);

  // A callback hook, not an async one: a token verified lately of a user known here is checked without awaiting
  // (most requests, an idle pull's among them: a promise and a turn of the event loop fewer).
  app.addHook('onRequest', (request, reply, done) => {
    request.startedAt = performance.now();
    reply.header('x-request-id', request.id);
    const header = request.headers.authorization;
    // GET /api/Auth carries the refresh token as bearer: that route reads it itself.
    if (!header?.startsWith('Bearer ')) return done();
    const token = header.slice(7);
    const known = authenticateKnown(ctx, token);
    if (known !== 'unknown') {
      request.auth = known;
      return done();
    }
    authenticate(ctx, token).then(
      (claims) => {
        request.auth = claims;
        done();
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });

  registerErrorHandling(app, ctx);
  await registerSecurityHeaders(app, { googleSignIn: Boolean(config.googleClientId) });
  registerInputBoundary(app);
  app.get('/api/health', async () => ({ ok: true, database: database.kind }));
  registerAuthRoutes(app, ctx);
  registerRegistrationRoutes(app, ctx);
  registerConfigRoutes(app, ctx);
  registerResourceRoutes(app, ctx);
  registerOrderRoutes(app, ctx);
  registerRecordRoutes(app, ctx);
  registerWarehouseRoutes(app, ctx);
  registerShippingRoutes(app, ctx);
  registerCalendarRoutes(app, ctx);
  registerSellOfferRoutes(app, ctx);
  registerPortalRoutes(app, ctx);
  registerSharedAccessRoutes(app, ctx);
  registerSync(app, ctx);
  registerOffice(app, ctx);
  registerDashboardRoutes(app, ctx);
  registerAccountUsageRoutes(app, ctx);
  registerFaceRoutes(app, ctx);
  registerPrintRoutes(app, ctx, opts.print);
  await registerCatalyst(app, ctx, opts.catalyst);
  await registerImport(app, ctx);
  await registerHub(app, ctx);
  await registerApiDocs(app, ctx);

  const hasWeb = await registerWebApp(app, config.webDir);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Client routes are served the app shell; unknown API paths get the error shape.
    // A missing file (a chunk of another build) is a 404, never the app shell: the service worker must not
    // store HTML under a script's address.
    const isFile = /^\/assets\//.test(path) || /\.[a-z0-9]+$/i.test(path);
    if (
      hasWeb &&
      request.method === 'GET' &&
      !isFile &&
      !/^\/api(\/|$)/i.test(path) &&
      !/^\/datahub/i.test(path)
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(new Error('not found'), request, reply, ctx, 'notFoundOrNoPermission');
  });

  // PGlite has no autovacuum: this does its job (PostgreSQL keeps its own).
  const upkeep = new PgliteUpkeep(database, { onError: (error) => app.log.warn({ err: error }, 'pglite upkeep') });
  upkeep.start(config.pgliteUpkeepMs);
  app.addHook('preClose', () => upkeep.stop());
  app.addHook('onClose', async () => ctx.userAccess.close());
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  return app;
};
