import { getTableColumns, is, type Placeholder, type Query, SQL, sql, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from './client';
import { rowsOf } from './rawRows';

const dialect = new PgDialect();

/** Runs a statement whose text is written already (no builder): the driver's answer, as `db.execute` gives it. */
export const executeQuery = (
  db: Executor,
  query: Query,
  values?: Readonly<Record<string, unknown>>,
): Promise<unknown> => db._.session.prepareQuery(query, undefined, undefined, false).execute(values);

/**
 * A raw statement whose text is made once: `build` runs the first time only, with a placeholder for each value
 * (`values.name`), and every run fills them in. Drizzle's builder costs more node time than a statement's round
 * trip, and the hot paths of a pushed mutation (a document line) run the same few statements every time.
 */
export class BuiltOnce<K extends string> {
  private query: Query | undefined;

  constructor(
    private readonly names: readonly K[],
    private readonly build: (values: Readonly<Record<K, Placeholder<K>>>) => SQL,
  ) {}

  /** The statement's rows (as `db.execute` would answer them). */
  async rows(db: Executor, values: Readonly<Record<K, unknown>>): Promise<Record<string, unknown>[]> {
    if (!this.query) {
      const placeholders = Object.fromEntries(this.names.map((n) => [n, sql.placeholder(n)]));
      this.query = dialect.sqlToQuery(this.build(placeholders as Record<K, Placeholder<K>>));
    }
    return rowsOf(await executeQuery(db, this.query, values));
  }
}

/** A placeholder where a builder's helper takes a text value (it is written into the statement the same way). */
export const placeholderText = (p: Placeholder): string => p as unknown as string;

/** Column values as placeholders for a statement built once, with the values they stand for. */
export interface PlaceholderValues {
  /** Per field: its placeholder (or the value itself when it is SQL: it must hold no values). */
  readonly fields: Record<string, Placeholder | SQL>;
  /** Per placeholder name: its value. */
  readonly params: Record<string, unknown>;
  /** The fields given (and which are SQL): statements of one shape are the same statement. */
  readonly shape: string;
}

/**
 * `values` of `table`'s columns as placeholders named `prefix` + field (drizzle encodes each value for its column
 * when it fills them in, as it would a value written in the statement).
 */
export const placeholdersFor = (table: Table, prefix: string, values: Readonly<Record<string, unknown>>) => {
  const columns = getTableColumns(table);
  const out: PlaceholderValues = { fields: {}, params: {}, shape: '' };
  const shape: string[] = [];
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (is(value, SQL)) {
      out.fields[field] = value;
      shape.push(`${field}=sql`);
      continue;
    }
    if (!columns[field]) throw new Error(`no column ${field}`);
    const name = `${prefix}${field}`;
    out.fields[field] = sql.placeholder(name);
    out.params[name] = value;
    shape.push(field);
  }
  return { ...out, shape: shape.join(',') };
};

/** What a builder hands its session (prepareQuery's arguments): replayed on the executor of each later run. */
type PrepareArgs = Parameters<Tx['_']['session']['prepareQuery']>;

/** A drizzle builder's `execute` (select, insert, update, delete, with … as the builder gives it). */
interface Executable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/**
 * A drizzle query built once, with a placeholder for each value, and run with values on any executor: like
 * BuiltOnce, but drizzle maps the rows as its builder would (field names, dates). The first run builds it on its
 * executor and keeps what the builder hands the session; later runs hand the same to theirs. Every value that
 * differs between runs must be a placeholder (none baked in: no $defaultFn columns left to drizzle).
 */
export class PreparedOnce<K extends string, R> {
  private captured: { readonly args: PrepareArgs; readonly joins: unknown } | undefined;

  constructor(
    private readonly names: readonly K[],
    private readonly build: (db: Executor, values: Readonly<Record<K, Placeholder<K>>>) => Executable<R>,
  ) {}

  execute(db: Executor, values: Readonly<Record<K, unknown>>): Promise<R> {
    const session = db._.session;
    if (this.captured) {
      const prepared = session.prepareQuery(...this.captured.args);
      // A select's prepared query is told which joined tables may be null (left joins) after it is made.
      if (this.captured.joins !== undefined)
        Object.assign(prepared, { joinsNotNullableMap: this.captured.joins });
      return prepared.execute(values) as Promise<R>;
    }
    const placeholders = Object.fromEntries(this.names.map((n) => [n, sql.placeholder(n)]));
    const builder = this.build(db, placeholders as Record<K, Placeholder<K>>);
    const real = session.prepareQuery;
    const prepare = real.bind(session);
    let seen: { args: PrepareArgs; prepared: object } | undefined;
    const capture: typeof real = (query, fields, name, ...rest) => {
      const prepared = prepare(query, fields, name, ...rest);
      seen ??= { args: [query, fields, name, ...rest], prepared };
      return prepared;
    };
    session.prepareQuery = capture;
    let running: Promise<R>;
    try {
      // Builders prepare synchronously inside execute: the capture sees exactly this statement.
      running = builder.execute(values);
    } finally {
      session.prepareQuery = real;
    }
    if (seen) {
      const [query, fields, , ...rest] = seen.args;
      this.captured = {
        args: [query, fields, undefined, ...rest],
        joins: (seen.prepared as { joinsNotNullableMap?: unknown }).joinsNotNullableMap,
      };
    }
    return running;
  }
}
