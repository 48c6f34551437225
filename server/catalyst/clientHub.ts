import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import type { Clock, Timer } from '../clock';
import type { AppContext } from '../context';
import { rowsOf } from '../db/rawRows';
import { negotiation, readConnectionToken, refuseUpgrade } from '../hub/connectionToken';
import { type HubCallbacks, HubConnection, HubMethodError } from '../hub/hubConnection';
import { MessageType } from '../hub/protocol';
import { type ClientClaims, clientClaimsOf, verifyClientToken } from './clientAuth';
import type { CatalystNotice, CatalystNotices } from './notices';

const hubPath = /^\/api\/catalyst\/hub\/?$/i;

/**
 * The live connection of client accounts: the SignalR JSON protocol at /api/catalyst/hub, apart from the
 * staff hub. Clients invoke nothing; they receive `pricesChanged` ({ reason }) when the prices they see may
 * have changed and `marketPhase` ({ shortName, phase }) when a metal's market phase moves.
 */
class ClientHub implements HubCallbacks<ClientClaims> {
  private readonly byAccount = new Map<string, Set<HubConnection<ClientClaims>>>();
  readonly all = new Map<string, HubConnection<ClientClaims>>();
  private readonly ping: Timer;

  constructor(
    private readonly ctx: AppContext,
    private readonly report: (error: unknown, what: string) => void,
  ) {
    this.ping = ctx.clock.every(15_000, () => {
      for (const c of this.all.values()) if (c.isOpen) c.send({ type: MessageType.Ping });
    });
  }

  get clock(): Clock {
    return this.ctx.clock;
  }

  get recheckMs(): number {
    return Math.max(this.ctx.config.accessTokenSeconds, 1) * 1000;
  }

  async invoke(_c: HubConnection<ClientClaims>, target: string): Promise<unknown> {
    throw new HubMethodError(`Method does not exist: ${target}`);
  }

  opened(c: HubConnection<ClientClaims>): void {
    const set = this.byAccount.get(c.claims.acc) ?? new Set();
    set.add(c);
    this.byAccount.set(c.claims.acc, set);
  }

  closed(c: HubConnection<ClientClaims>): void {
    this.all.delete(c.connectionId);
    const set = this.byAccount.get(c.claims.acc);
    set?.delete(c);
    if (set?.size === 0) this.byAccount.delete(c.claims.acc);
  }

  /** The account is not blocked and its device not freed. */
  async stillAllowed(c: HubConnection<ClientClaims>): Promise<boolean> {
    const rows = rowsOf(
      await this.ctx.db.execute(sql`
        select 1 from catalyst_client_user u join catalyst_client_device d on d.client_user_id = u.id
        where u.id = ${c.claims.sub}::uuid and u.client_account_id = ${c.claims.acc}::uuid
          and u.is_blocked = false and d.device_id = ${c.claims.dev}`),
    );
    return rows.length > 0;
  }

  logError(error: unknown, what: string): void {
    this.report(error, what);
  }

  deliver(clientAccountId: string, notice: CatalystNotice): void {
    const connections = this.byAccount.get(clientAccountId);
    if (!connections) return;
    const message =
      notice.kind === 'prices'
        ? { type: MessageType.Invocation, target: 'pricesChanged', arguments: [{ reason: notice.reason }] }
        : {
            type: MessageType.Invocation,
            target: 'marketPhase',
            arguments: [{ shortName: notice.shortName, phase: notice.phase }],
          };
    for (const c of connections) c.send(message as Parameters<typeof c.send>[0]);
  }

  shutdown(): void {
    this.ping.cancel();
    for (const c of [...this.all.values()]) c.close('Server is shutting down.', true);
  }
}

/** Registers the client hub: the negotiate route, the WebSocket upgrade, and delivery of notices. */
export const registerClientHub = (app: FastifyInstance, ctx: AppContext, notices: CatalystNotices): void => {
  const logError = (error: unknown, what: string) => app.log.warn({ err: error }, `catalyst hub: ${what}`);
  const hub = new ClientHub(ctx, logError);
  const secret = ctx.config.jwtSecret;

  app.post('/api/catalyst/hub/negotiate', async (request) => {
    const claims = await clientClaimsOf(request, ctx);
    return negotiation(secret, `${claims.sub}/${claims.dev}`, ctx.clock.now());
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const upgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    // Browsers put the token in the query; other clients send it as a bearer header.
    const header = request.headers.authorization;
    const token =
      url.searchParams.get('access_token') ?? (header?.startsWith('Bearer ') ? header.slice(7) : '');
    const claims = token ? await verifyClientToken(token, secret) : undefined;
    if (!claims) return refuseUpgrade(socket, 401, 'Unauthorized');
    const id = url.searchParams.get('id');
    const connectionId =
      id === null
        ? randomBytes(16).toString('base64url')
        : readConnectionToken(secret, id, `${claims.sub}/${claims.dev}`, ctx.clock.now());
    if (connectionId === undefined || hub.all.has(connectionId))
      return refuseUpgrade(socket, 404, 'Not Found');
    const probe = { claims } as HubConnection<ClientClaims>;
    if (!(await hub.stillAllowed(probe))) return refuseUpgrade(socket, 401, 'Unauthorized');
    wss.handleUpgrade(request, socket, head, (ws) => {
      hub.all.set(connectionId, new HubConnection(ws, connectionId, claims, hub));
    });
  };
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (!hubPath.test(path)) {
      // The staff hub takes its own path; nothing else here speaks WebSocket.
      if (!/^\/datahub\/?$/i.test(path)) socket.destroy();
      return;
    }
    socket.on('error', (error) => logError(error, 'upgrade socket'));
    upgrade(request, socket, head).catch((error: unknown) => {
      logError(error, 'upgrade');
      refuseUpgrade(socket, 500, 'Internal Server Error');
    });
  };
  app.server.on('upgrade', onUpgrade);
  const unsubscribe = notices.subscribe((account, notice) => hub.deliver(account, notice));
  app.addHook('preClose', async () => {
    unsubscribe();
    app.server.removeListener('upgrade', onUpgrade);
    hub.shutdown();
    wss.close();
  });
};
