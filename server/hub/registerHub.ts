import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { AppError } from '../../domain/errors';
import { authenticate } from '../auth/authenticate';
import type { AppContext } from '../context';
import { negotiation, readConnectionToken, refuseUpgrade } from './connectionToken';
import { DataHub } from './dataHub';
import { startPgRelay } from './pgRelay';
import { userEvents } from './userEvents';

const hubPath = /^\/datahub\/?$/i;

const bearer = (header: string | undefined): string | undefined =>
  header?.startsWith('Bearer ') ? header.slice(7) : undefined;

/**
 * The live connection: a SignalR JSON hub at /dataHub (docs/sync-contract.md, "Live connection"). The negotiate step
 * is a Fastify route; the WebSocket is taken over from the HTTP server's 'upgrade' event. On
 * PostgreSQL, data changes and edit modes are relayed between processes with LISTEN/NOTIFY.
 *
 * Timing: `config.hub` (environment HUB_PING_INTERVAL_MS, HUB_CLIENT_TIMEOUT_MS, HUB_RELAY_HEARTBEAT_MS); time
 * itself from `ctx.clock`.
 */
export const registerHub = async (app: FastifyInstance, ctx: AppContext): Promise<void> => {
  const secret = ctx.config.jwtSecret;
  const logError = (error: unknown, what: string) => app.log.warn({ err: error }, `dataHub: ${what}`);
  const hub = new DataHub(ctx, {
    origin: randomUUID(),
    ...ctx.config.hub,
    recheckMs: Math.max(ctx.config.accessTokenSeconds, 1) * 1000,
    logError,
  });

  app.post('/dataHub/negotiate', async (request) => {
    const token = typeof request.query === 'object' ? (request.query as Record<string, unknown>) : {};
    const claims =
      request.auth ??
      (typeof token.access_token === 'string' ? await authenticate(ctx, token.access_token) : undefined);
    // 401 with the usual error shape: the client renews its token and tries again.
    if (!claims) throw new AppError('unauthorized');
    return negotiation(secret, claims.sub, ctx.clock.now());
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });

  const upgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (hub.isShuttingDown) return refuseUpgrade(socket, 503, 'Service Unavailable');
    const token = url.searchParams.get('access_token') ?? bearer(request.headers.authorization);
    const claims = token ? await authenticate(ctx, token) : undefined;
    if (!claims) return refuseUpgrade(socket, 401, 'Unauthorized');
    const id = url.searchParams.get('id');
    // Without negotiation (skipNegotiation) the server names the connection itself.
    const connectionId =
      id === null
        ? randomBytes(16).toString('base64url')
        : readConnectionToken(secret, id, claims.sub, ctx.clock.now());
    if (connectionId === undefined || hub.has(connectionId)) return refuseUpgrade(socket, 404, 'Not Found');
    wss.handleUpgrade(request, socket, head, (ws) => hub.accept(ws, connectionId, claims));
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (!hubPath.test(path)) {
      // Nobody else takes WebSockets here: do not leave the socket hanging.
      if (app.server.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    socket.on('error', (error) => logError(error, 'upgrade socket'));
    upgrade(request, socket, head).catch((error: unknown) => {
      logError(error, 'upgrade');
      refuseUpgrade(socket, 500, 'Internal Server Error');
    });
  };
  app.server.on('upgrade', onUpgrade);

  // A blocked, deleted or reset user loses the live connection at once, not when its token expires.
  const stopRechecks = ctx.userAccess.onInvalidated((userId) => hub.recheckUser(userId));

  const subscription = ctx.changes.subscribe((change) => {
    // A failure here must not reach the code that published the change (rxjs would rethrow it).
    try {
      hub.publishChange(change);
    } catch (error) {
      logError(error, 'change');
    }
  });

  const userSubscription = userEvents(ctx).subscribe((event) => {
    try {
      hub.publishToUsers(event);
    } catch (error) {
      logError(error, 'user event');
    }
  });

  const pool = ctx.database.pool;
  if (pool) {
    const relay = await startPgRelay(pool, {
      origin: hub.origin,
      onMessage: (origin, message) => {
        // Another process changed users: they are read again on their next request here too.
        if (message.k === 'changes')
          for (const change of message.c)
            if (change.resourceType === 'user') ctx.userAccess.invalidate(change.id);
        hub.relayed(origin, message);
      },
      onReady: () => {
        // Changes may have been missed while the relay was away.
        ctx.userAccess.clear();
        hub.relayReady();
      },
      onError: (error, what) => logError(error, `relay ${what}`),
    });
    hub.attachRelay(relay);
  }

  // Before the HTTP server closes (it would wait for the upgraded sockets) and before the pool ends.
  app.addHook('preClose', async () => {
    subscription.unsubscribe();
    userSubscription.unsubscribe();
    stopRechecks();
    app.server.removeListener('upgrade', onUpgrade);
    await hub.shutdown();
    wss.close();
  });
};
