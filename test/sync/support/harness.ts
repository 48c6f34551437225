import { createLocks } from '../../../sync/leader';
import { MemorySyncStore } from '../../../sync/memoryStore';
import type {
  DeviceCounters,
  RefreshOutcome,
  SyncStore,
  SyncTransport,
  Timers,
  TransportRequest,
  TransportResponse,
} from '../../../sync/ports';
import { SyncEngine } from '../../../sync/syncEngine';
import type { SimServer } from './simServer';

/** Timers that only run when told to (tests decide when time passes). */
export class ManualTimers implements Timers {
  private readonly pending = new Set<{ fn: () => void }>();
  after(_ms: number, fn: () => void): () => void {
    const item = { fn };
    this.pending.add(item);
    return () => this.pending.delete(item);
  }
  fireAll(): void {
    const items = [...this.pending];
    this.pending.clear();
    for (const i of items) i.fn();
  }
}

export class MemoryCounters implements DeviceCounters {
  private readonly values = new Map<string, number>();
  read(name: 'mutationId' | 'deviceSeq'): number {
    return this.values.get(name) ?? 0;
  }
  write(name: 'mutationId' | 'deviceSeq', value: number): void {
    this.values.set(name, value);
  }
}

/** A lost request (never reached the server) or a lost answer (the server committed); `push`: only mutations. */
export interface Loss {
  readonly what: 'request' | 'response';
  readonly pushOnly: boolean;
}

/** Every answer the engine got, by idempotency key (the test's own record of outcomes). */
export type AnswerLog = Map<string, TransportResponse[]>;

/**
 * One simulated terminal: its own replica (memory store), engine and network, talking to the SimServer.
 * Faults: offline, the next request lost before the server, the next answer lost after the server
 * committed, an expired token, a refresh that fails (sign-in needed).
 */
export class SimDevice<S extends SyncStore = MemorySyncStore> {
  readonly store: S;
  readonly counters = new MemoryCounters();
  readonly timers = new ManualTimers();
  readonly answers: AnswerLog = new Map();
  engine: SyncEngine;
  offline = false;
  losses: Loss[] = [];
  refreshFails = false;
  signedInAgain = false;
  token: string;
  private clockMs: number;

  constructor(
    readonly server: SimServer,
    readonly deviceId: string,
    readonly userId: string,
    store?: S,
    startMs = Date.parse('2026-03-15T08:00:00Z'),
  ) {
    this.store = store ?? (new MemorySyncStore() as unknown as S);
    this.clockMs = startMs;
    this.token = server.signIn(userId);
    this.engine = this.newEngine();
  }

  readonly transport: SyncTransport = {
    send: async (request: TransportRequest): Promise<TransportResponse> => {
      if (this.offline) return { status: 0, body: undefined };
      const key = request.headers['idempotency-key'];
      const next = this.losses[0];
      const loss = next && (!next.pushOnly || key) ? this.losses.shift() : undefined;
      if (loss?.what === 'request') return { status: 0, body: undefined };
      const response = this.server.request(request, this.userId, this.token);
      if (key) this.answers.set(key, [...(this.answers.get(key) ?? []), response]);
      if (loss?.what === 'response') return { status: 0, body: undefined };
      return response;
    },
  };

  readonly auth = {
    refresh: async (): Promise<RefreshOutcome> => {
      if (this.offline) return 'unavailable';
      if (this.refreshFails) return 'failed';
      this.token = this.server.signIn(this.userId);
      return 'renewed';
    },
  };

  private newEngine(): SyncEngine {
    const engine = new SyncEngine({
      store: this.store,
      transport: this.transport,
      auth: this.auth,
      clock: { now: () => this.clockMs },
      timers: this.timers,
      locks: createLocks(),
      counters: this.counters,
      deviceId: this.deviceId,
      userId: this.userId,
      autoSync: false,
      pageLimit: 7,
    });
    engine.start();
    return engine;
  }

  tick(ms = 1000): void {
    this.clockMs += ms;
  }

  /** The user signs in again after a failed refresh: a new session, a new engine on the same replica. */
  signInAgain(): void {
    this.signedInAgain = true;
    this.refreshFails = false;
    this.token = this.server.signIn(this.userId);
    this.engine.stop();
    this.engine = this.newEngine();
  }

  async sync(): Promise<void> {
    await this.engine.syncNow();
  }
}
