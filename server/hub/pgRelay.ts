import type pg from 'pg';
import { z } from 'zod';
import type { DataChange } from '../context';
import type { EditModeEntry } from './editModes';
import type { UserEvent } from './userEvents';

/** The NOTIFY channel every Aisle process on one database listens to. */
export const relayChannel = 'aisle_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const maxPayloadBytes = 7999;

const recordSchema = z.object({ clientAccountId: z.string(), resourceType: z.string(), id: z.string() });
const editorSchema = z.object({ userId: z.string(), userName: z.string(), since: z.string() });

const messageSchema = z.discriminatedUnion('k', [
  z.object({
    k: z.literal('changes'),
    c: z.array(recordSchema.extend({ action: z.enum(['create', 'update', 'delete']) })),
  }),
  z.object({
    k: z.literal('edit'),
    r: recordSchema,
    h: z.string(),
    e: editorSchema.nullable(),
    cid: z.string().nullable(),
  }),
  z.object({ k: z.literal('hello') }),
  z.object({
    k: z.literal('state'),
    to: z.string(),
    entries: z.array(z.object({ record: recordSchema, holder: z.string(), editor: editorSchema })),
  }),
  z.object({ k: z.literal('bye') }),
  z.object({ k: z.literal('alive') }),
  z.object({
    k: z.literal('users'),
    u: z.array(z.string()),
    p: z
      .object({ resourceType: z.string(), id: z.string(), action: z.enum(['create', 'update', 'delete']) })
      .catchall(z.string()),
  }),
]);

/** What server processes tell each other. */
export type RelayMessage =
  /** Data changes committed by the sender, batched per tick. */
  | { readonly k: 'changes'; readonly c: readonly DataChange[] }
  | {
      readonly k: 'edit';
      readonly r: EditModeEntry['record'];
      readonly h: string;
      readonly e: EditModeEntry['editor'] | null;
      readonly cid: string | null;
    }
  /** A process joined: the others send it their edit modes. */
  | { readonly k: 'hello' }
  | { readonly k: 'state'; readonly to: string; readonly entries: readonly EditModeEntry[] }
  /** A process is shutting down: its edit modes end. */
  | { readonly k: 'bye' }
  | { readonly k: 'alive' }
  /** An event for named users (server/hub/userEvents.ts), wherever they are connected. */
  | { readonly k: 'users'; readonly u: readonly string[]; readonly p: UserEvent['payload'] };

const envelopeSchema = z.object({ o: z.string(), m: messageSchema });

/** The text sent for a message, or undefined when it would not fit in a NOTIFY payload. */
export const encodeRelay = (origin: string, message: RelayMessage): string | undefined => {
  const text = JSON.stringify({ o: origin, m: message });
  return Buffer.byteLength(text, 'utf8') <= maxPayloadBytes ? text : undefined;
};

export const decodeRelay = (text: string): { origin: string; message: RelayMessage } | undefined => {
  try {
    const parsed = envelopeSchema.safeParse(JSON.parse(text));
    return parsed.success ? { origin: parsed.data.o, message: parsed.data.m } : undefined;
  } catch {
    return undefined;
  }
};

export interface Relay {
  publish(message: RelayMessage): void;
  close(): Promise<void>;
}

export interface RelayOptions {
  readonly origin: string;
  /** A message of another process. */
  readonly onMessage: (origin: string, message: RelayMessage) => void;
  /** LISTEN is in place (again): time to (re)introduce this process. */
  readonly onReady: () => void;
  readonly onError: (error: unknown, what: string) => void;
}

/** Messages kept while the listening connection is being re-established. */
const maxQueued = 1000;

/**
 * LISTEN/NOTIFY between the server processes on one PostgreSQL database, over one dedicated pooled
 * connection (NOTIFYs sent on it keep their order). Every process hears its own messages too and
 * drops them by origin. The connection is re-established with backoff when it breaks.
 */
export const startPgRelay = async (pool: pg.Pool, opts: RelayOptions): Promise<Relay> => {
  let client: pg.PoolClient | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = 500;
  const queue: string[] = [];

  // encodeRelay writes the origin first: this process's own messages are dropped before any parsing.
  const ownPrefix = `${JSON.stringify({ o: opts.origin }).slice(0, -1)},`;
  const onNotification = (n: pg.Notification) => {
    if (n.channel !== relayChannel || !n.payload || n.payload.startsWith(ownPrefix)) return;
    const decoded = decodeRelay(n.payload);
    if (!decoded || decoded.origin === opts.origin) return;
    opts.onMessage(decoded.origin, decoded.message);
  };

  // One NOTIFY at a time on the connection (in order): node-postgres deprecates queueing queries on a client.
  let sending: Promise<unknown> = Promise.resolve();
  const send = (c: pg.PoolClient, payload: string) => {
    sending = sending
      .then(() => c.query('select pg_notify($1, $2)', [relayChannel, payload]))
      .catch((error: unknown) => opts.onError(error, 'notify'));
  };

  const errorHandlers = new WeakMap<pg.PoolClient, (error: Error) => void>();

  const drop = (c: pg.PoolClient, error?: Error) => {
    c.removeListener('notification', onNotification);
    const onClientError = errorHandlers.get(c);
    if (onClientError) c.removeListener('error', onClientError);
    // A dying connection may still report errors; they must not become uncaught.
    if (error) c.on('error', () => undefined);
    try {
      // A broken connection is destroyed; a healthy one goes back to the pool.
      c.release(error);
    } catch {
      // Already released.
    }
  };

  const scheduleConnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  };

  const connect = async (): Promise<void> => {
    let c: pg.PoolClient | undefined;
    try {
      c = await pool.connect();
      const current = c;
      current.on('notification', onNotification);
      const onClientError = (error: Error) => {
        opts.onError(error, 'listen connection');
        if (client === current) client = undefined;
        drop(current, error);
        scheduleConnect();
      };
      errorHandlers.set(current, onClientError);
      current.on('error', onClientError);
      await current.query(`LISTEN ${relayChannel}`);
      if (closed) {
        drop(current);
        return;
      }
      client = current;
      retryMs = 500;
      for (const payload of queue.splice(0)) send(current, payload);
      opts.onReady();
    } catch (error) {
      opts.onError(error, 'listen');
      if (c) drop(c, error instanceof Error ? error : new Error(String(error)));
      scheduleConnect();
    }
  };

  await connect();

  return {
    publish(message) {
      if (closed) return;
      const payload = encodeRelay(opts.origin, message);
      if (payload === undefined) {
        opts.onError(new Error(`relay message ${message.k} too large`), 'notify');
        return;
      }
      if (client) send(client, payload);
      else if (queue.length < maxQueued) queue.push(payload);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client;
      client = undefined;
      if (!c) return;
      try {
        await sending;
        await c.query(`UNLISTEN ${relayChannel}`);
      } catch {
        // The connection may already be gone; it is released either way.
      }
      drop(c);
    },
  };
};
