import { randomUUID } from 'node:crypto';
import type { TokenData } from '../../domain/auth/claims';
import type { Intent } from '../../domain/sync/intents';
import { createLocks } from '../../sync/leader';
import { MemorySyncStore } from '../../sync/memoryStore';
import type {
  DeviceCounters,
  RefreshOutcome,
  SyncTransport,
  Timers,
  TransportRequest,
  TransportResponse,
} from '../../sync/ports';
import { SyncEngine } from '../../sync/syncEngine';
import type { StockRecord } from '../../sync/types';
import { terminalHeader } from './faultProxy';
import type { Random } from './random';

/**
 * One simulated handheld of the chaos run: the real client engine (sync/) on a replica in memory, speaking
 * HTTP to the fault proxy like the app's fetch transport does (bearer token, JSON, no answer = status 0), with
 * a session that refreshes its short-lived token and signs in again when the refresh is refused.
 */

export interface ChaosUser {
  readonly id: string;
  readonly username: string;
  readonly password: string;
}

export interface Warehouse {
  readonly products: readonly string[];
  readonly locations: readonly string[];
}

/** What a terminal saw, for the run's summary. */
export interface TerminalCounts {
  queued: number;
  refusedLocally: number;
  answers401: number;
  answers406: number;
  refreshes: number;
  signIns: number;
}

class Counters implements DeviceCounters {
  private readonly values = new Map<string, number>();
  read(name: 'mutationId' | 'deviceSeq'): number {
    return this.values.get(name) ?? 0;
  }
  write(name: 'mutationId' | 'deviceSeq', value: number): void {
    this.values.set(name, value);
  }
}

/** The run drives syncs itself (autoSync off): timers never fire, so no retry runs behind its back. */
const stillTimers: Timers = { after: () => () => undefined };

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export class ChaosTerminal {
  readonly store = new MemorySyncStore();
  private readonly counters = new Counters();
  engine: SyncEngine;
  private session: TokenData | undefined;
  /** Idempotency keys of everything this terminal queued, with its intent. */
  readonly queued = new Map<string, Intent>();
  readonly counts: TerminalCounts = {
    queued: 0,
    refusedLocally: 0,
    answers401: 0,
    answers406: 0,
    refreshes: 0,
    signIns: 0,
  };

  constructor(
    /** Name in the proxy's header and the report. */
    readonly name: string,
    /** The device id: two terminals of a "cloned" pair share one, so their working-copy numbers collide. */
    readonly deviceId: string,
    readonly user: ChaosUser,
    private readonly baseUrl: string,
    private readonly random: Random,
  ) {
    this.engine = this.newEngine();
  }

  private async call(
    method: TransportRequest['method'],
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<TransportResponse> {
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          [terminalHeader]: this.name,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
      });
      return {
        status: response.status,
        body: await readBody(response),
        replayed: response.headers.get('idempotent-replayed') === 'true',
      };
    } catch {
      return { status: 0, body: undefined };
    }
  }

  readonly transport: SyncTransport = {
    send: async (request) => {
      const query = request.query ? `?${new URLSearchParams({ ...request.query }).toString()}` : '';
      const token = this.session?.token;
      const answer = await this.call(
        request.method,
        `${request.path}${query}`,
        { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        request.method === 'GET' ? undefined : request.body,
      );
      if (answer.status === 401) this.counts.answers401++;
      if (answer.status === 406) this.counts.answers406++;
      // A batch push answers 200 with each call's own status inside.
      const results = (answer.body as { results?: { status?: number }[] } | undefined)?.results;
      if (answer.status === 200 && Array.isArray(results))
        for (const r of results) {
          if (r.status === 401) this.counts.answers401++;
          if (r.status === 406) this.counts.answers406++;
        }
      return answer;
    },
  };

  private readonly auth = {
    refresh: async (): Promise<RefreshOutcome> => {
      const refreshToken = this.session?.refreshToken;
      if (!refreshToken) return 'failed';
      const answer = await this.call('GET', '/api/Auth', { authorization: `Bearer ${refreshToken}` });
      if (answer.status === 200) {
        this.session = answer.body as TokenData;
        this.counts.refreshes++;
        return 'renewed';
      }
      return answer.status === 0 || answer.status >= 500 ? 'unavailable' : 'failed';
    },
  };

  private newEngine(): SyncEngine {
    const engine = new SyncEngine({
      store: this.store,
      transport: this.transport,
      auth: this.auth,
      clock: { now: () => Date.now() },
      timers: stillTimers,
      locks: createLocks(),
      counters: this.counters,
      deviceId: this.deviceId,
      userId: this.user.id,
      autoSync: false,
      newKey: randomUUID,
    });
    engine.start();
    return engine;
  }

  /**
   * Signs in (through the proxy, so it can fail like anything else); true when a session is in place. A new
   * session after a refused refresh gets a new engine on the same replica, as the app does after sign-in.
   */
  async signIn(): Promise<boolean> {
    const answer = await this.call(
      'POST',
      '/api/Auth',
      {},
      { username: this.user.username, password: this.user.password },
    );
    if (answer.status !== 200) return false;
    this.session = answer.body as TokenData;
    this.counts.signIns++;
    if (this.engine.status.value.signInRequired) {
      this.engine.stop();
      this.engine = this.newEngine();
    }
    return true;
  }

  get needsSignIn(): boolean {
    return this.session === undefined || this.engine.status.value.signInRequired;
  }

  /** One push and pull (nothing happens while a sign-in is needed). */
  async sync(): Promise<void> {
    if (this.needsSignIn && !(await this.signIn())) return;
    await this.engine.syncNow();
  }

  private async queue(intents: readonly Intent[]): Promise<void> {
    for (const intent of intents) {
      const result = await this.engine.enqueue(intent);
      if (!result.ok) {
        this.counts.refusedLocally++;
        return;
      }
      this.counts.queued++;
      this.queued.set(result.entry.idempotencyKey, intent);
    }
  }

  /** Locations where this replica shows stock of a product. */
  private async stockOf(productId: string): Promise<StockRecord[]> {
    const rows = await this.store.read((tx) => tx.where('stock', 'productId', [productId]));
    return (rows as StockRecord[]).filter((r) => r.quantity - r.reserved > 0);
  }

  /** One piece of work as a warehouse does it: mostly receipts and releases, some moves, some abandoned. */
  async work(w: Warehouse): Promise<void> {
    const r = this.random;
    const doc = randomUUID();
    const roll = r.next();
    const product = r.pick(w.products);
    const line = (quantity: number, productId = product): Intent => ({
      kind: 'line.add',
      line: { id: randomUUID(), documentId: doc, productId, quantity },
    });
    if (roll < 0.4) {
      const lines = Array.from({ length: r.int(1, 3) }, () => line(r.int(1, 5), r.pick(w.products)));
      await this.queue([
        {
          kind: 'document.create',
          document: {
            id: doc,
            typeCode: 'DIN',
            documentNumber: '',
            destinationLocationId: r.pick(w.locations),
          },
        },
        ...lines,
        { kind: 'document.confirm', documentId: doc },
      ]);
      return;
    }
    const sources = await this.stockOf(product);
    const from = sources.length ? r.pick(sources).locationId : r.pick(w.locations);
    if (roll < 0.8) {
      const end = r.next();
      await this.queue([
        {
          kind: 'document.create',
          document: { id: doc, typeCode: 'DOU', documentNumber: '', sourceLocationId: from },
        },
        line(r.int(1, 3)),
        ...(end < 0.8
          ? [{ kind: 'document.confirm', documentId: doc } as const]
          : end < 0.9
            ? [{ kind: 'document.delete', documentId: doc } as const]
            : []),
      ]);
      return;
    }
    await this.queue([
      {
        kind: 'document.create',
        document: {
          id: doc,
          typeCode: 'ARL',
          documentNumber: '',
          sourceLocationId: from,
          destinationLocationId: r.pick(w.locations.filter((l) => l !== from)),
        },
      },
      line(r.int(1, 2)),
      { kind: 'document.confirm', documentId: doc },
    ]);
  }

  stop(): void {
    this.engine.stop();
  }
}
