import { type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
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
