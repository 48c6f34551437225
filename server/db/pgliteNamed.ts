import type { PGlite } from '@electric-sql/pglite';

/** What of PGlite a named statement needs (the instance behind drizzle's PGlite database, `$client`). */
type PgliteClient = Pick<
  PGlite,
  'execProtocol' | '_runExclusiveTransaction' | '_runExclusiveQuery' | 'serializers' | 'parsers'
>;

/** A PGlite instance, told apart without importing PGlite (which PostgreSQL never loads). */
export const isPgliteClient = (client: unknown): client is PgliteClient =>
  typeof client === 'object' &&
  client !== null &&
  typeof (client as Partial<PgliteClient>).execProtocol === 'function' &&
  typeof (client as Partial<PgliteClient>)._runExclusiveTransaction === 'function' &&
  typeof (client as Partial<PgliteClient>)._runExclusiveQuery === 'function';

type PgliteModule = typeof import('@electric-sql/pglite');
let pgliteModule: Promise<PgliteModule> | undefined;
const pgliteProtocol = (): Promise<PgliteModule> => {
  pgliteModule ??= import('@electric-sql/pglite');
  return pgliteModule;
};

interface Prepared {
  readonly name: string;
  /** Type of each parameter, as the database inferred them when it parsed the statement. */
  readonly types: readonly number[];
}

/** Per PGlite instance: the statements prepared on its one session, by text. */
const preparedOn = new WeakMap<PgliteClient, Map<string, Prepared>>();
let named = 0;

const joined = (parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/**
 * Runs `text` with `values` on PGlite as a named prepared statement of its one session: parsed and described
 * once, then each run is bind, describe, execute and sync in one call. PGlite's own `query` parses, plans and
 * describes every statement anew (six calls into the database per run), which was most of an idle pull's time
 * on it; prepared, PostgreSQL plans it once and keeps a generic plan after five runs, as it does on a pooled
 * connection (server/sync/namedStatement.ts).
 *
 * It waits, like `query`, for any transaction running on the instance to end (PGlite's transaction lock), so
 * it never runs inside another caller's transaction. The database's answer to a bad value is thrown as PGlite's
 * error; the sync sent with every run leaves the session ready for the next statement either way.
 */
export const pgliteNamedRows = async (
  client: PgliteClient,
  text: string,
  values: readonly unknown[],
): Promise<Record<string, unknown>[]> => {
  const { protocol, parse } = await pgliteProtocol();
  const { serialize } = protocol;
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      let statements = preparedOn.get(client);
      if (!statements) {
        statements = new Map();
        preparedOn.set(client, statements);
      }
      let prepared = statements.get(text);
      if (!prepared) {
        const name = `aisle_named_${++named}`;
        const described = await client.execProtocol(
          joined([
            serialize.parse({ name, text }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        prepared = { name, types: parse.parseDescribeStatementResults(described.messages) };
        statements.set(text, prepared);
      }
      const { types } = prepared;
      const params = values.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[types[i] ?? 0];
        return serializer ? serializer(value) : String(value);
      });
      const ran = await client.execProtocol(
        joined([
          serialize.bind({ statement: prepared.name, values: params }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      const [result] = parse.parseResults(ran.messages, client.parsers);
      return (result?.rows ?? []) as Record<string, unknown>[];
    }),
  );
};
