import type { Db } from '../../server/db/client';

/** What went to the database as one unit: a transaction (its statements in order) or one statement on its own. */
export interface RecordedUnit {
  readonly transaction: boolean;
  readonly statements: string[];
}

/** The tables a statement writes (its INSERT, UPDATE and DELETE targets, WITH parts included; not ON CONFLICT DO UPDATE or FOR UPDATE). */
export const writtenTables = (statement: string): string[] =>
  [
    ...statement.matchAll(
      /\b(?:insert\s+into|(?<!\b(?:do|for|key)\s+)update|delete\s+from)\s+"?([a-z_]+)"?/gi,
    ),
  ].map((m) => String(m[1]).toLowerCase());

type Query = (...args: unknown[]) => unknown;

/** The text of a driver call's first argument (a string, or a query config with `text`). */
const textOf = (config: unknown): string | undefined => {
  if (typeof config === 'string') return config;
  if (typeof config === 'object' && config !== null && 'text' in config) {
    const text = (config as { text?: unknown }).text;
    return typeof text === 'string' ? text : undefined;
  }
  return undefined;
};

/** A node-postgres pool, as far as the recorder uses it. */
interface PoolLike {
  query: Query;
  connect: (...args: unknown[]) => unknown;
}

/** A checked-out pool connection: its query runs the statements of the transaction it holds. */
interface ClientLike {
  query: Query;
  release: (...args: unknown[]) => unknown;
}

/** PGlite, as far as the recorder uses it: a transaction's statements run on the object it hands to `fn`. */
interface PgliteLike {
  query: Query;
  transaction: (fn: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown>;
  /** Protocol messages as they go to the database (named statements: server/db/pgliteNamed.ts). */
  execProtocol: (message: Uint8Array, ...rest: unknown[]) => Promise<unknown>;
}

/** A zero-ended string of a protocol message at `at`, and where the next field starts. */
const cString = (bytes: Uint8Array, at: number): [string, number] => {
  const end = bytes.indexOf(0, at);
  return [Buffer.from(bytes.subarray(at, end)).toString('utf8'), end + 1];
};

/**
 * The statements a run of protocol messages executes, by the texts their names were parsed with: a Parse ('P':
 * name, text) names a text, a Bind ('B': portal, statement name) runs it. Each message is its type byte and a
 * length that counts itself.
 */
const boundTexts = (bytes: Uint8Array, named: Map<string, string>): string[] => {
  const texts: string[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at + 5 <= bytes.length; at += 1 + view.getInt32(at + 1)) {
    const type = String.fromCharCode(bytes[at] ?? 0);
    if (type === 'P') {
      const [name, next] = cString(bytes, at + 5);
      named.set(name, cString(bytes, next)[0]);
    } else if (type === 'B') {
      const [, next] = cString(bytes, at + 5);
      const text = named.get(cString(bytes, next)[0]);
      if (text !== undefined) texts.push(text);
    }
  }
  return texts;
};

const isPool = (client: unknown): client is PoolLike =>
  typeof client === 'object' && client !== null && 'connect' in client && 'totalCount' in client;

/**
 * Records every statement sent to the database behind `db` while `recording`, in the order they ran, by the
 * driver connection that ran it (a transaction is the connection drizzle checks out for it, or the object PGlite
 * hands it): the database layer's own count of what a request costs, never a timing. A statement outside a
 * transaction is a unit of its own.
 */
export const recordStatements = (db: Db): { readonly units: RecordedUnit[]; recording: boolean } => {
  const recorder = { units: [] as RecordedUnit[], recording: true };
  const open = (transaction: boolean): RecordedUnit | undefined => {
    if (!recorder.recording) return undefined;
    const unit: RecordedUnit = { transaction, statements: [] };
    recorder.units.push(unit);
    return unit;
  };
  const noting = (query: Query, unitOf: () => RecordedUnit | undefined): Query => {
    return (...args) => {
      const text = textOf(args[0]);
      if (text !== undefined) unitOf()?.statements.push(text);
      return query(...args);
    };
  };
  // drizzle's handle on the driver it was made with (the pool, or PGlite).
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPool(client)) {
    // Statements outside transactions go through the pool's query; a transaction checks a connection out.
    client.query = noting(client.query.bind(client), () => open(false));
    const held = new WeakMap<object, RecordedUnit | undefined>();
    const watched = new WeakSet<object>();
    const connect = client.connect.bind(client);
    client.connect = (...args: unknown[]) => {
      // The pool's own checkouts (for its query) pass a callback: their statements are counted above.
      if (args.length > 0) return connect(...args);
      return (connect() as Promise<ClientLike>).then((c) => {
        if (!watched.has(c)) {
          watched.add(c);
          c.query = noting(c.query.bind(c), () => held.get(c));
        }
        held.set(c, open(true));
        const release = c.release.bind(c);
        c.release = (...a: unknown[]) => {
          held.delete(c);
          return release(...a);
        };
        return c;
      });
    };
    return recorder;
  }
  const pglite = client as PgliteLike;
  pglite.query = noting(pglite.query.bind(pglite), () => open(false));
  // A named statement's run is a statement on its own (it waits for any transaction to end): noted when bound.
  const named = new Map<string, string>();
  const execProtocol = pglite.execProtocol.bind(pglite);
  pglite.execProtocol = (message, ...rest) => {
    for (const text of boundTexts(message, named)) open(false)?.statements.push(text);
    return execProtocol(message, ...rest);
  };
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = (fn) =>
    transaction(async (tx) => {
      const unit = open(true);
      tx.query = noting(tx.query.bind(tx), () => unit);
      return fn(tx);
    });
  return recorder;
};
