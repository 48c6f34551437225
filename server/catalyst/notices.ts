import type pg from 'pg';
import { z } from 'zod';
import { marketPhases } from '../../domain/catalyst/rateOptions';

/** What client accounts of a company are told live: prices may have changed, or a metal's market phase moved. */
export const noticeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('prices'), reason: z.string().max(64) }),
  z.object({
    kind: z.literal('phase'),
    shortName: z.string().max(16),
    phase: z.enum(marketPhases).nullable(),
  }),
]);
export type CatalystNotice = z.infer<typeof noticeSchema>;

type Listener = (clientAccountId: string, notice: CatalystNotice) => void;

const channel = 'aisle_catalyst';
const envelope = z.object({ o: z.string(), a: z.string(), n: noticeSchema });

/**
 * Notices to client accounts, within this process and, on PostgreSQL, to the other server processes
 * (LISTEN/NOTIFY on its own channel). Price notices of one company are sent once per tick, however many
 * changes a save made.
 */
export class CatalystNotices {
  private readonly listeners = new Set<Listener>();
  private readonly pendingPrices = new Map<string, string>();
  private client: pg.PoolClient | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private retryMs = 500;

  constructor(
    private readonly origin: string,
    private readonly pool: pg.Pool | undefined,
    private readonly onError: (error: unknown) => void,
  ) {}

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Announces a notice of this process to every process's listeners. */
  publish(clientAccountId: string, notice: CatalystNotice): void {
    if (notice.kind === 'prices') {
      if (this.pendingPrices.size === 0) setImmediate(() => this.flushPrices());
      this.pendingPrices.set(clientAccountId, notice.reason);
      return;
    }
    this.send(clientAccountId, notice);
  }

  private flushPrices(): void {
    const pending = [...this.pendingPrices];
    this.pendingPrices.clear();
    for (const [account, reason] of pending) this.send(account, { kind: 'prices', reason });
  }

  private send(clientAccountId: string, notice: CatalystNotice): void {
    this.deliver(clientAccountId, notice);
    if (this.client && !this.closed)
      this.client
        .query('select pg_notify($1, $2)', [
          channel,
          JSON.stringify({ o: this.origin, a: clientAccountId, n: notice }),
        ])
        .catch(this.onError);
  }

  private deliver(clientAccountId: string, notice: CatalystNotice): void {
    for (const listener of this.listeners) {
      try {
        listener(clientAccountId, notice);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  /** Listens to the other processes (PostgreSQL only); reconnects with backoff when the connection breaks. */
  async start(): Promise<void> {
    if (!this.pool || this.closed) return;
    let c: pg.PoolClient | undefined;
    try {
      c = await this.pool.connect();
      const current = c;
      current.on('notification', (n) => {
        if (n.channel !== channel || !n.payload) return;
        try {
          const parsed = envelope.safeParse(JSON.parse(n.payload));
          if (parsed.success && parsed.data.o !== this.origin) this.deliver(parsed.data.a, parsed.data.n);
        } catch {
          // Not ours.
        }
      });
      current.on('error', (error) => {
        this.onError(error);
        if (this.client === current) this.client = undefined;
        current.release(error);
        this.reconnect();
      });
      await current.query(`LISTEN ${channel}`);
      if (this.closed) {
        current.release();
        return;
      }
      this.client = current;
      this.retryMs = 500;
    } catch (error) {
      this.onError(error);
      c?.release(error instanceof Error ? error : new Error(String(error)));
      this.reconnect();
    }
  }

  private reconnect(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.start();
    }, this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(this.retryMs * 2, 30_000);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.flushPrices();
    const c = this.client;
    this.client = undefined;
    if (!c) return;
    try {
      await c.query(`UNLISTEN ${channel}`);
    } catch {
      // Going away anyway.
    }
    c.release();
  }
}
