import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  HubConnectionState,
  type IHttpConnectionOptions,
  type ILogger,
  LogLevel,
} from '@microsoft/signalr';
import { BehaviorSubject, distinctUntilChanged, map, type Observable, Subject } from 'rxjs';
import { v7 } from 'uuid';
import { CorrelationIds } from './liveConnectionCorrelation';
import { isUnauthorizedError, liveRetryDelay, liveRetryPolicy } from './liveConnectionRetry';

/** The states of the live connection. */
export type LiveConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'closed';

/** Someone with a record open in an edit form. */
export interface LiveEditor {
  readonly userId: string;
  readonly userName: string;
  /** ISO time they entered edit mode. */
  readonly since: string;
}

export interface EditModeInfo {
  readonly resourceType: string;
  readonly id: string;
  readonly editors: readonly LiveEditor[];
}

/** The server's `event`: a record of the account changed (pull to see it). */
export interface DataChangeEvent {
  readonly resourceType: string;
  readonly id: string;
  readonly action: 'create' | 'update' | 'delete';
}

/**
 * The server's `feed` poke (to connections that follow the feed): changes reached the account's feed, all of
 * them below `cursor` (absent when the server could not tell: pull).
 */
export interface FeedPoke {
  readonly cursor?: string;
}

export interface LiveConnectionOptions {
  /** The hub, e.g. `https://host/dataHub` (relative URLs work in the browser). */
  readonly url: string;
  /** The current access token (read at every connect). */
  readonly accessToken: () => string | null | undefined;
  /**
   * Called on a 401: renews the access token (the app reloads config/getuserstartupconfig, whose
   * 401 makes the HTTP client refresh the token). The connection then reconnects.
   */
  readonly renewToken: () => Promise<unknown>;
  /** Reconnect delays; the policy of liveConnectionRetry.ts unless a test speeds it up. */
  readonly retryDelay?: (previousRetryCount: number) => number | null;
  readonly serverTimeoutMs?: number;
  readonly keepAliveMs?: number;
  readonly logger?: ILogger | LogLevel;
  /** Extra @microsoft/signalr options (tests: a WebSocket implementation, headers). */
  readonly connectionOptions?: Partial<IHttpConnectionOptions>;
}

/** Key of a record in `editModes$`. */
export const editModeKey = (resourceType: string, id: string): string => `${resourceType}\u0000${id}`;

const isEditModeInfo = (value: unknown): value is EditModeInfo => {
  const v = value as Partial<EditModeInfo> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.resourceType === 'string' &&
    typeof v.id === 'string' &&
    Array.isArray(v.editors)
  );
};

const isDataChange = (value: unknown): value is DataChangeEvent => {
  const v = value as Partial<DataChangeEvent> | null;
  return (
    typeof v === 'object' && v !== null && typeof v.resourceType === 'string' && typeof v.id === 'string'
  );
};

/**
 * The live connection (docs/sync-contract.md §6) over the unmodified @microsoft/signalr client: state as an
 * observable, data-change pokes for the sync engine, and edit modes. Reconnects with the delays of
 * liveConnectionRetry.ts, renews the token on a 401, re-enters its edit modes after a reconnect, and ignores
 * the echo of its own edit-mode calls by correlation id (at most 50 remembered).
 */
export class LiveConnection {
  private readonly connection: HubConnection;
  private readonly retryDelay: (previousRetryCount: number) => number | null;
  private readonly stateSubject = new BehaviorSubject<LiveConnectionState>('closed');
  private readonly changes = new Subject<DataChangeEvent>();
  private readonly feedPokes = new Subject<FeedPoke>();
  private followingFeed = false;
  private readonly editModesSubject = new BehaviorSubject<ReadonlyMap<string, EditModeInfo>>(new Map());
  private readonly correlationIds = new CorrelationIds();
  /** Records this client is editing: entered again after every (re)connect. */
  private readonly held = new Map<string, { resourceType: string; id: string }>();
  private running = false;
  private starting: Promise<void> | undefined;
  private renewing: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private restartedForToken = false;

  /** connecting → connected → reconnecting → connected … → closed. */
  readonly state$: Observable<LiveConnectionState> = this.stateSubject.pipe(distinctUntilChanged());
  /** Who edits which record (records nobody edits are absent), keyed by editModeKey. */
  readonly editModes$: Observable<ReadonlyMap<string, EditModeInfo>> = this.editModesSubject.asObservable();

  constructor(private readonly opts: LiveConnectionOptions) {
    this.retryDelay = opts.retryDelay ?? liveRetryDelay;
    let builder = new HubConnectionBuilder()
      .withUrl(opts.url, {
        transport: HttpTransportType.WebSockets,
        ...opts.connectionOptions,
        accessTokenFactory: async () => {
          if (this.renewing) await this.renewing;
          return this.opts.accessToken() ?? '';
        },
      })
      .withAutomaticReconnect(
        liveRetryPolicy((context) => {
          if (isUnauthorizedError(context.retryReason)) void this.renew();
        }, this.retryDelay),
      )
      .configureLogging(opts.logger ?? LogLevel.Warning);
    if (opts.serverTimeoutMs !== undefined) builder = builder.withServerTimeout(opts.serverTimeoutMs);
    if (opts.keepAliveMs !== undefined) builder = builder.withKeepAliveInterval(opts.keepAliveMs);
    this.connection = builder.build();

    this.connection.on('event', (change: unknown) => {
      if (isDataChange(change)) this.changes.next(change);
    });
    this.connection.on('feed', (poke: unknown) => {
      const cursor = (poke as { cursor?: unknown } | null)?.cursor;
      this.feedPokes.next(typeof cursor === 'string' ? { cursor } : {});
    });
    this.connection.on('EditModeChange', (change: unknown) => {
      const c = change as (EditModeInfo & { correlationId?: string | null }) | null;
      if (!isEditModeInfo(c) || this.correlationIds.has(c.correlationId)) return;
      this.store(c);
    });
    this.connection.onreconnecting(() => this.stateSubject.next('reconnecting'));
    this.connection.onreconnected(() => this.connected());
    this.connection.onclose((error) => {
      if (this.running && isUnauthorizedError(error) && !this.restartedForToken) {
        // Closed for the token and not retried by the client itself: renew, then connect again (once).
        this.restartedForToken = true;
        this.running = false;
        void this.renew().then(() => this.start());
        return;
      }
      this.running = false;
      this.stateSubject.next('closed');
    });
  }

  get state(): LiveConnectionState {
    return this.stateSubject.value;
  }

  /** Connects (retrying with the reconnect delays); resolves when connected or given up. Never rejects. */
  start(): Promise<void> {
    if (this.starting) return this.starting;
    if (this.running) return Promise.resolve();
    this.running = true;
    this.starting = this.connectLoop().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /** Disconnects and forgets the edit modes (sign-out). */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    this.held.clear();
    this.editModesSubject.next(new Map());
    if (this.connection.state !== HubConnectionState.Disconnected) await this.connection.stop();
    this.stateSubject.next('closed');
  }

  /** The sync engine's hook: called for every data change of the account; returns the unsubscribe. */
  onDataChange(callback: (change: DataChangeEvent) => void): () => void {
    const subscription = this.changes.subscribe(callback);
    return () => subscription.unsubscribe();
  }

  /**
   * The sync engine's hook for `feed` pokes (coalesced by the server, with the feed position): called only while
   * the server has agreed to send them (followsFeed); returns the unsubscribe.
   */
  onFeedPoke(callback: (poke: FeedPoke) => void): () => void {
    const subscription = this.feedPokes.subscribe(callback);
    return () => subscription.unsubscribe();
  }

  /**
   * Whether this connection gets `feed` pokes (the server agreed to FollowFeed after the last connect). While it
   * does not — an older server, a contractor — every `event` is a reason to pull, as before.
   */
  get followsFeed(): boolean {
    return this.followingFeed;
  }

  /** Editors of one record as they change. */
  editorsOf$(resourceType: string, id: string): Observable<readonly LiveEditor[]> {
    const key = editModeKey(resourceType, id);
    return this.editModes$.pipe(
      map((all) => all.get(key)?.editors ?? []),
      distinctUntilChanged(
        (a, b) =>
          a.length === b.length && a.every((e, i) => e.userId === b[i]?.userId && e.since === b[i]?.since),
      ),
    );
  }

  /** Enters edit mode (kept across reconnects until left). Resolves with the editors, when connected. */
  enterEditMode(resourceType: string, id: string): Promise<EditModeInfo | undefined> {
    this.held.set(editModeKey(resourceType, id), { resourceType, id });
    return this.call('EnterEditMode', resourceType, id);
  }

  leaveEditMode(resourceType: string, id: string): Promise<EditModeInfo | undefined> {
    this.held.delete(editModeKey(resourceType, id));
    return this.call('LeaveEditMode', resourceType, id);
  }

  getEditMode(resourceType: string, id: string): Promise<EditModeInfo | undefined> {
    return this.call('GetEditMode', resourceType, id);
  }

  // --- internals -----------------------------------------------------------------------------------------

  private async call(method: string, resourceType: string, id: string): Promise<EditModeInfo | undefined> {
    if (this.connection.state !== HubConnectionState.Connected)
      return this.editModesSubject.value.get(editModeKey(resourceType, id));
    const correlationId = v7();
    this.correlationIds.add(correlationId);
    try {
      const result: unknown = await this.connection.invoke(method, resourceType, id, correlationId);
      if (!isEditModeInfo(result)) return undefined;
      this.store(result);
      return result;
    } catch {
      // Edit modes are advisory: a call lost with the connection is repeated after the reconnect.
      return undefined;
    }
  }

  private store(info: EditModeInfo): void {
    const next = new Map(this.editModesSubject.value);
    const key = editModeKey(info.resourceType, info.id);
    if (info.editors.length === 0) next.delete(key);
    else next.set(key, { resourceType: info.resourceType, id: info.id, editors: info.editors });
    this.editModesSubject.next(next);
  }

  /** After a (re)connect: what we knew may be stale, and the server has dropped our edit modes. */
  private connected(): void {
    this.restartedForToken = false;
    this.followingFeed = false;
    void this.followFeed();
    this.stateSubject.next('connected');
    this.editModesSubject.next(new Map());
    for (const { resourceType, id } of this.held.values()) void this.call('EnterEditMode', resourceType, id);
  }

  /** Asks for feed pokes on this connection; an older server does not know the method (then events it is). */
  private async followFeed(): Promise<void> {
    try {
      this.followingFeed = (await this.connection.invoke('FollowFeed')) === true;
    } catch {
      this.followingFeed = false;
    }
  }

  private renew(): Promise<void> {
    this.renewing ??= Promise.resolve()
      .then(() => this.opts.renewToken())
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        this.renewing = undefined;
      });
    return this.renewing;
  }

  /** Waits between connection attempts; stop() cuts it short. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private async connectLoop(): Promise<void> {
    this.stateSubject.next('connecting');
    let retries = 0;
    let renewedOnce = false;
    while (this.running) {
      try {
        await this.connection.start();
        if (!this.running) {
          await this.connection.stop();
          return;
        }
        this.connected();
        return;
      } catch (error) {
        if (!this.running) break;
        if (isUnauthorizedError(error)) {
          await this.renew();
          // The first 401 is retried at once with the renewed token; later ones wait like any failure.
          if (!renewedOnce) {
            renewedOnce = true;
            continue;
          }
        }
        const delay = this.retryDelay(retries++);
        if (delay === null) break;
        await this.sleep(delay);
      }
    }
    this.running = false;
    if (this.connection.state === HubConnectionState.Disconnected) this.stateSubject.next('closed');
  }
}
