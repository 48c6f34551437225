import type { WebSocket } from 'ws';
import { type Claims, isCarrier } from '../../domain/auth/claims';
import { AppError } from '../../domain/errors';
import type { Clock, Timer } from '../clock';
import type { AppContext, DataChange } from '../context';
import { feedScopeOf } from '../sync/feedScope';
import {
  type EditModeEntry,
  EditModeRegistry,
  type Editor,
  holderOf,
  originOfHolder,
  type RecordRef,
} from './editModes';
import { readFeedPosition } from './feedPosition';
import { type HubCallbacks, HubConnection, HubMethodError } from './hubConnection';
import { encodeRelay, type Relay, type RelayMessage } from './pgRelay';
import { MessageType } from './protocol';
import type { UserEvent } from './userEvents';
import { carrierMaySee, contractorMaySee, staffMaySee } from './visibility';

export interface DataHubOptions {
  /** This process, in relay messages and edit-mode holders. */
  readonly origin: string;
  /** Server pings; must be well below the client's serverTimeout (30 s by default). */
  readonly pingIntervalMs: number;
  /** A client silent for this long is dropped (it pings every 15 s). */
  readonly clientTimeoutMs: number;
  /** Relay heartbeat; another process unheard for three of these loses its edit modes. */
  readonly relayHeartbeatMs: number;
  /** How often a connection past its token's expiry checks that its user is still active. */
  readonly recheckMs: number;
  /** Feed pokes to a connection at most this often: the changes of an account meanwhile make one. */
  readonly feedPokeMs: number;
  readonly logError: (error: unknown, what: string) => void;
}

/** What the edit-mode methods answer and EditModeChange carries (without the correlation id). */
export interface EditModeState {
  readonly resourceType: string;
  readonly id: string;
  readonly editors: readonly Editor[];
}

const text = (value: unknown, max: number): string => {
  const v = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof v !== 'string' || v.length === 0 || v.length > max) throw new AppError('badRequest');
  return v;
};

/** Arguments of EnterEditMode, LeaveEditMode and GetEditMode: resource type, id, correlation id. */
const editModeArgs = (args: readonly unknown[]) => {
  const [resourceType, id, correlationId] = args;
  if (correlationId !== undefined && correlationId !== null && typeof correlationId !== 'string')
    throw new AppError('badRequest');
  return {
    resourceType: text(resourceType, 100),
    id: text(id, 200),
    correlationId: typeof correlationId === 'string' ? correlationId.slice(0, 200) : null,
  };
};

/**
 * The hub: open connections per account, the edit modes, data-change events, and the relay to the
 * other server processes on the same PostgreSQL database.
 */
export class DataHub implements HubCallbacks {
  private readonly all = new Map<string, HubConnection>();
  private readonly byAccount = new Map<string, Set<HubConnection>>();
  private readonly byUser = new Map<string, Set<HubConnection>>();
  /** Connections that follow the change feed (FollowFeed), per account: they get coalesced `feed` pokes. */
  private readonly feedFollowers = new Map<string, Set<HubConnection>>();
  /** Accounts with a feed poke due (the timer that sends it). */
  private readonly pokesDue = new Map<string, Timer>();
  private readonly editModes = new EditModeRegistry();
  /** When each other process was last heard from. */
  private readonly originSeen = new Map<string, number>();
  private readonly timers: Timer[] = [];
  /** Contractor checks query the database; they run in order so events keep their order. */
  private contractorQueue: Promise<void> = Promise.resolve();
  private relay: Relay | undefined;
  /** Changes waiting to be relayed at the end of this tick. */
  private readonly outgoing: DataChange[] = [];
  private shuttingDown = false;

  private readonly methods: Record<string, (c: HubConnection, args: readonly unknown[]) => unknown> = {
    entereditmode: (c, args) => this.setEditMode(c, args, true),
    leaveeditmode: (c, args) => this.setEditMode(c, args, false),
    followfeed: (c) => this.followFeed(c),
    geteditmode: (c, args) => {
      this.assertStaff(c);
      const { resourceType, id } = editModeArgs(args);
      return this.state({ clientAccountId: c.claims.acc, resourceType, id });
    },
  };

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: DataHubOptions,
  ) {
    this.every(opts.pingIntervalMs, () => this.tick());
  }

  private every(ms: number, run: () => void) {
    this.timers.push(this.ctx.clock.every(ms, run));
  }

  get clock(): Clock {
    return this.ctx.clock;
  }

  get origin(): string {
    return this.opts.origin;
  }

  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  has(connectionId: string): boolean {
    return this.all.has(connectionId);
  }

  /** A WebSocket that passed authentication: it becomes a connection (events flow after the handshake). */
  accept(socket: WebSocket, connectionId: string, claims: Claims): void {
    this.all.set(connectionId, new HubConnection(socket, connectionId, claims, this));
  }

  /**
   * Relays from now on (LISTEN is in place): introduces this process, and starts the heartbeat that
   * keeps its edit modes alive in the others.
   */
  attachRelay(relay: Relay): void {
    this.relay = relay;
    relay.publish({ k: 'hello' });
    this.every(this.opts.relayHeartbeatMs, () => {
      relay.publish({ k: 'alive' });
      this.pruneSilentOrigins();
    });
  }

  /**
   * The relay reconnected: forget what other processes said before and ask them again; tell them
   * our edit modes too (they may have pruned them while we were silent).
   */
  relayReady(): void {
    // The first connection is announced by attachRelay.
    if (!this.relay) return;
    const mine = this.opts.origin;
    for (const record of this.editModes.removeHolders((h) => originOfHolder(h) !== mine))
      this.broadcastEditMode(record, null);
    this.relay?.publish({ k: 'hello' });
    this.sendState('*');
  }

  // --- HubCallbacks -------------------------------------------------------------------------------------

  opened(connection: HubConnection): void {
    const account = connection.claims.acc;
    const set = this.byAccount.get(account);
    if (set) set.add(connection);
    else this.byAccount.set(account, new Set([connection]));
    const mine = this.byUser.get(connection.claims.sub);
    if (mine) mine.add(connection);
    else this.byUser.set(connection.claims.sub, new Set([connection]));
  }

  closed(connection: HubConnection): void {
    this.all.delete(connection.connectionId);
    const set = this.byAccount.get(connection.claims.acc);
    set?.delete(connection);
    if (set?.size === 0) this.byAccount.delete(connection.claims.acc);
    const mine = this.byUser.get(connection.claims.sub);
    mine?.delete(connection);
    if (mine?.size === 0) this.byUser.delete(connection.claims.sub);
    const followers = this.feedFollowers.get(connection.claims.acc);
    followers?.delete(connection);
    if (followers?.size === 0) this.feedFollowers.delete(connection.claims.acc);
    // Edit modes end with the connection.
    const holder = holderOf(this.opts.origin, connection.connectionId);
    for (const record of this.editModes.removeHolders((h) => h === holder)) {
      this.broadcastEditMode(record, null);
      if (!this.shuttingDown) this.relay?.publish({ k: 'edit', r: record, h: holder, e: null, cid: null });
    }
  }

  async invoke(connection: HubConnection, target: string, args: readonly unknown[]): Promise<unknown> {
    const method = this.methods[target.toLowerCase()];
    if (!method) throw new HubMethodError(`Method does not exist: ${target}`);
    return method(connection, args);
  }

  logError(error: unknown, what: string): void {
    this.opts.logError(error, what);
  }

  get recheckMs(): number {
    return this.opts.recheckMs;
  }

  /**
   * The user may still act (server/auth/userAccess.ts: exists, activated, not blocked, session current), read
   * from the database: asked once per token lifetime, and right after a change of the user was announced.
   */
  async stillAllowed(connection: HubConnection): Promise<boolean> {
    return this.ctx.userAccess.allows(connection.claims, true);
  }

  /** A user changed: their open connections check at once whether they may stay. */
  recheckUser(userId: string): void {
    for (const c of this.all.values()) if (c.claims.sub === userId) c.recheck(false);
  }

  // --- edit modes ----------------------------------------------------------------------------------------

  private assertStaff(connection: HubConnection) {
    // Edit screens are for staff; contractors and carriers neither hold nor see edit modes.
    if (connection.claims.ctr !== null || isCarrier(connection.claims)) throw new AppError('forbidden');
  }

  private state(record: RecordRef): EditModeState {
    return { resourceType: record.resourceType, id: record.id, editors: this.editModes.editors(record) };
  }

  private setEditMode(connection: HubConnection, args: readonly unknown[], entering: boolean): EditModeState {
    this.assertStaff(connection);
    const { resourceType, id, correlationId } = editModeArgs(args);
    const record: RecordRef = { clientAccountId: connection.claims.acc, resourceType, id };
    const holder = holderOf(this.opts.origin, connection.connectionId);
    const editor: Editor | null = entering
      ? {
          userId: connection.claims.sub,
          userName: connection.claims.name.slice(0, 200),
          since: new Date(this.ctx.clock.now()).toISOString(),
        }
      : null;
    if (this.editModes.set(record, holder, editor)) {
      this.broadcastEditMode(record, correlationId);
      this.relay?.publish({ k: 'edit', r: record, h: holder, e: editor, cid: correlationId });
    }
    return this.state(record);
  }

  /** EditModeChange to the account's staff connections of this process (the caller gets its echo). */
  private broadcastEditMode(record: RecordRef, correlationId: string | null): void {
    const connections = this.byAccount.get(record.clientAccountId);
    if (!connections) return;
    const payload = { ...this.state(record), correlationId };
    for (const c of connections) {
      if (c.claims.ctr === null && !isCarrier(c.claims))
        c.send({ type: MessageType.Invocation, target: 'EditModeChange', arguments: [payload] });
    }
  }

  // --- data changes --------------------------------------------------------------------------------------

  /**
   * A committed change of this process: to the local connections at once; to the other processes
   * batched per tick (a bulk import makes few NOTIFYs rather than one per row).
   */
  publishChange(change: DataChange): void {
    this.deliverChange(change);
    if (!this.relay) return;
    this.outgoing.push(change);
    if (this.outgoing.length === 1) setImmediate(() => this.flushChanges());
  }

  private flushChanges(): void {
    const changes = this.outgoing.splice(0);
    let from = 0;
    while (from < changes.length) {
      // As many as fit in one NOTIFY payload (halving until they do; one change always fits).
      let to = Math.min(changes.length, from + 100);
      while (
        to - from > 1 &&
        encodeRelay(this.origin, { k: 'changes', c: changes.slice(from, to) }) === undefined
      )
        to = from + Math.ceil((to - from) / 2);
      this.relay?.publish({ k: 'changes', c: changes.slice(from, to) });
      from = to;
    }
  }

  private deliverChange(change: DataChange): void {
    const connections = this.byAccount.get(change.clientAccountId);
    if (!connections) return;
    this.pokeFeedSoon(change.clientAccountId);
    const payload = { resourceType: change.resourceType, id: change.id, action: change.action };
    const message = { type: MessageType.Invocation, target: 'event', arguments: [payload] } as const;
    const external: HubConnection[] = [];
    for (const c of connections) {
      if (c.claims.ctr !== null || isCarrier(c.claims)) external.push(c);
      else if (staffMaySee(this.ctx, change, c.claims)) c.send(message);
    }
    if (external.length === 0) return;
    this.contractorQueue = this.contractorQueue.then(async () => {
      // One lookup per contractor or carrier (all its users see the same rows).
      const verdicts = new Map<string, Promise<boolean>>();
      for (const c of external) {
        const key = c.claims.ctr !== null ? `ctr:${c.claims.ctr}` : `crr:${c.claims.crr}`;
        let verdict = verdicts.get(key);
        if (!verdict) {
          verdict =
            c.claims.ctr !== null
              ? contractorMaySee(this.ctx, change, c.claims)
              : carrierMaySee(this.ctx, change, c.claims);
          verdicts.set(key, verdict);
        }
        if (await verdict) c.send(message);
      }
    });
  }

  // --- feed pokes ----------------------------------------------------------------------------------------

  /**
   * FollowFeed: from now on the connection gets `feed` pokes — `{ cursor }`, the feed position every change
   * announced so far lies below — at most one per feedPokeMs, instead of pulling on every `event`. Only for
   * callers whose feed is the whole account (staff who sync): a contractor's or carrier's poke would tell of
   * changes they may not see, so they answer false and keep pulling on the `event`s they are shown.
   */
  private followFeed(connection: HubConnection): boolean {
    try {
      feedScopeOf(connection.claims);
    } catch {
      return false;
    }
    if (connection.claims.ctr !== null || isCarrier(connection.claims)) return false;
    const account = connection.claims.acc;
    const followers = this.feedFollowers.get(account);
    if (followers) followers.add(connection);
    else this.feedFollowers.set(account, new Set([connection]));
    return true;
  }

  /**
   * A change of the account (here or relayed from another process, after its commit): its feed followers get
   * one poke when feedPokeMs have passed, for every change until then. The position is read when the poke is
   * sent, so it lies above every change announced before (the last one wins).
   */
  private pokeFeedSoon(account: string): void {
    if (!this.feedFollowers.get(account)?.size || this.pokesDue.has(account)) return;
    this.pokesDue.set(
      account,
      this.ctx.clock.after(this.opts.feedPokeMs, () => {
        this.pokesDue.delete(account);
        void this.pokeFeed(account);
      }),
    );
  }

  private async pokeFeed(account: string): Promise<void> {
    let poke: { cursor?: string } = {};
    try {
      poke = { cursor: await readFeedPosition(this.ctx) };
    } catch (error) {
      // Without a position the poke still says "pull".
      this.opts.logError(error, 'feed position');
    }
    const message = { type: MessageType.Invocation, target: 'feed', arguments: [poke] } as const;
    for (const c of this.feedFollowers.get(account) ?? []) c.send(message);
  }

  // --- events for named users -----------------------------------------------------------------------------

  /** An event for named users (any account): to their connections here, and to the other processes. */
  publishToUsers(event: UserEvent): void {
    this.deliverToUsers(event.userIds, event.payload);
    // One NOTIFY per batch of users that fits a payload (a thread rarely has more than a few dozen).
    for (let from = 0; from < event.userIds.length; from += 100)
      this.relay?.publish({ k: 'users', u: event.userIds.slice(from, from + 100), p: event.payload });
  }

  private deliverToUsers(userIds: readonly string[], payload: UserEvent['payload']): void {
    const message = { type: MessageType.Invocation, target: 'event', arguments: [payload] } as const;
    for (const userId of userIds) for (const c of this.byUser.get(userId) ?? []) c.send(message);
  }

  // --- relay ---------------------------------------------------------------------------------------------

  /** A message of another server process. */
  relayed(origin: string, message: RelayMessage): void {
    this.originSeen.set(origin, this.ctx.clock.now());
    switch (message.k) {
      case 'changes':
        for (const change of message.c) this.deliverChange(change);
        return;
      case 'edit':
        // A process speaks only for its own connections.
        if (originOfHolder(message.h) !== origin) return;
        if (this.editModes.set(message.r, message.h, message.e))
          this.broadcastEditMode(message.r, message.cid);
        return;
      case 'hello':
        this.sendState(origin);
        return;
      case 'state':
        if (message.to !== this.opts.origin && message.to !== '*') return;
        for (const entry of message.entries) {
          if (originOfHolder(entry.holder) !== origin) continue;
          if (this.editModes.set(entry.record, entry.holder, entry.editor))
            this.broadcastEditMode(entry.record, null);
        }
        return;
      case 'bye':
        this.forgetOrigin(origin);
        return;
      case 'alive':
        return;
      case 'users':
        this.deliverToUsers(message.u, message.p);
        return;
    }
  }

  /** This process's edit modes to one that joined ('*': to all), in messages that fit a NOTIFY payload. */
  private sendState(to: string): void {
    const mine = this.editModes.entries((h) => originOfHolder(h) === this.opts.origin);
    let chunk: EditModeEntry[] = [];
    for (const entry of mine) {
      const next = [...chunk, entry];
      if (
        chunk.length > 0 &&
        encodeRelay(this.opts.origin, { k: 'state', to, entries: next }) === undefined
      ) {
        this.relay?.publish({ k: 'state', to, entries: chunk });
        chunk = [entry];
      } else chunk = next;
    }
    if (chunk.length > 0) this.relay?.publish({ k: 'state', to, entries: chunk });
  }

  private forgetOrigin(origin: string): void {
    this.originSeen.delete(origin);
    for (const record of this.editModes.removeHolders((h) => originOfHolder(h) === origin))
      this.broadcastEditMode(record, null);
  }

  /** A process that stopped without saying goodbye loses its edit modes after three missed heartbeats. */
  private pruneSilentOrigins(): void {
    const limit = this.ctx.clock.now() - 3 * this.opts.relayHeartbeatMs;
    for (const origin of this.editModes.origins()) {
      if (origin === this.opts.origin) continue;
      if ((this.originSeen.get(origin) ?? 0) < limit) this.forgetOrigin(origin);
    }
  }

  // --- keep-alive and shutdown ---------------------------------------------------------------------------

  private tick(): void {
    const now = this.ctx.clock.now();
    for (const c of this.all.values()) {
      if (!c.isOpen) continue;
      if (now - c.lastReceivedAt > this.opts.clientTimeoutMs) c.close('Client timeout: no message received.');
      else c.send({ type: MessageType.Ping });
    }
  }

  /** Tells the other processes and the clients that this process stops. */
  async shutdown(): Promise<void> {
    if (this.shuttingDown) return;
    this.shuttingDown = true;
    for (const t of this.timers) t.cancel();
    for (const t of this.pokesDue.values()) t.cancel();
    this.pokesDue.clear();
    this.flushChanges();
    this.relay?.publish({ k: 'bye' });
    for (const c of [...this.all.values()]) c.close('Server is shutting down.', true);
    // Clients that do not finish the close handshake quickly are cut off.
    const deadline = Date.now() + 2_000;
    while (this.all.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const c of [...this.all.values()]) c.terminate();
    await this.relay?.close();
    await this.contractorQueue;
  }
}
