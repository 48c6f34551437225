import {
  type Column,
  fillPlaceholders,
  getTableColumns,
  is,
  type Placeholder,
  SQL,
  type SQLChunk,
  type SQLWrapper,
  StringChunk,
  sql,
  type Table,
} from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { rowsOf } from './rawRows';

const dialect = new PgDialect();

/** Placeholders of a statement built once, by name. */
export type Placeholders<K extends string> = Readonly<Record<K, Placeholder<K>>>;

/** A statement's text split at its parameters (`$1`, `$2`, …), with what each parameter stands for. */
interface SplitStatement {
  /** The text around the parameters: one more than there are parameters. */
  readonly texts: readonly string[];
  /** Per parameter: a placeholder (with its column's encoder) or a value written in the statement. */
  readonly params: readonly unknown[];
}

const parameter = /\$(\d+)/g;

/** The built text split at its parameters, which drizzle numbers in order of appearance. */
const split = (text: string, params: readonly unknown[]): SplitStatement => {
  const texts: string[] = [];
  let from = 0;
  let n = 0;
  for (const m of text.matchAll(parameter)) {
    n++;
    if (Number(m[1]) !== n) throw new Error(`a statement built once has $${m[1]} where $${n} was expected`);
    texts.push(text.slice(from, m.index));
    from = m.index + m[0].length;
  }
  if (n !== params.length)
    throw new Error(`a statement built once has ${n} parameters for ${params.length} values`);
  texts.push(text.slice(from));
  return { texts, params };
};

/**
 * A statement whose text is made once: `build` runs the first time only, with a placeholder for each value
 * (`values.name`), and every run fills them in and sends the same text through the executor's public `execute`.
 * Drizzle's builder costs more node time than a statement's round trip, and the hot paths of a pushed mutation
 * (a document line, its document's lock, the rules' rows) run the same few statements every time. Every value that
 * differs between runs must be a placeholder: anything else is written into the text for good.
 *
 * Rows come as the driver answers them (column names, timestamps as text): `tableRowsOf` maps a table's columns
 * the way drizzle's builder would.
 */
export class BuiltOnce<K extends string> {
  private built: SplitStatement | undefined;

  constructor(
    private readonly names: readonly K[],
    /** The statement; `db` (the first run's executor) only builds it, it runs nothing. */
    private readonly build: (values: Placeholders<K>, db: Executor) => SQLWrapper,
  ) {}

  /** The statement with this run's values (each encoded for its column, as drizzle would). */
  statement(db: Executor, values: Readonly<Record<K, unknown>>): SQL {
    if (!this.built) {
      const placeholders = Object.fromEntries(this.names.map((n) => [n, sql.placeholder(n)]));
      const query = dialect.sqlToQuery(this.build(placeholders as Placeholders<K>, db).getSQL());
      this.built = split(query.sql, query.params);
    }
    const { texts, params } = this.built;
    const filled = fillPlaceholders([...params], values);
    const chunks: SQLChunk[] = [new StringChunk(texts[0] ?? '')];
    for (let i = 0; i < filled.length; i++)
      chunks.push(sql.param(filled[i]), new StringChunk(texts[i + 1] ?? ''));
    return new SQL(chunks);
  }

  /** The statement's rows, as the driver answers them. */
  async rows(db: Executor, values: Readonly<Record<K, unknown>>): Promise<Record<string, unknown>[]> {
    return rowsOf(await db.execute(this.statement(db, values)));
  }
}

/** Per table: its columns by their name in the database, with their field name. */
const columnsByName = new WeakMap<Table, ReadonlyMap<string, { field: string; column: Column }>>();

const columnsOf = (table: Table) => {
  let known = columnsByName.get(table);
  if (!known) {
    known = new Map(
      Object.entries(getTableColumns(table)).map(([field, column]) => [column.name, { field, column }]),
    );
    columnsByName.set(table, known);
  }
  return known;
};

/**
 * Driver rows of `table` as drizzle's builder maps them: each of its columns under its field name, decoded by the
 * column (timestamps as dates, …). Anything else the statement answered (named with `as`) is kept as it came.
 */
export const tableRowsOf = (
  table: Table,
  rows: readonly Record<string, unknown>[],
): Record<string, unknown>[] => {
  const columns = columnsOf(table);
  return rows.map((raw) => {
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(raw)) {
      const known = columns.get(name);
      if (!known) out[name] = value;
      else
        out[known.field] =
          value === null || value === undefined ? null : known.column.mapFromDriverValue(value);
    }
    return out;
  });
};

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
