import { sql } from 'drizzle-orm';
import type { Database, Db } from './client';
import { rowsOf } from './rawRows';

/**
 * Autovacuum's job on embedded PGlite, which has none (docs/decisions.md, "Statistics on PGlite"): on each tick the
 * change counters of every user table are read in one statement and the tables past autovacuum's default thresholds
 * are vacuumed and analysed, or only analysed. PostgreSQL keeps its own autovacuum: nothing runs there.
 */

/** Autovacuum's defaults (autovacuum_vacuum_threshold / _scale_factor, _insert_, _analyze_). */
const vacuumBase = 50;
const vacuumScale = 0.2;
const vacuumInsertBase = 1000;
const vacuumInsertScale = 0.2;
const analyzeBase = 50;
const analyzeScale = 0.1;

/** What one table needs now: `need` is how far its worst counter is past its threshold (1 = just due). */
export interface UpkeepDue {
  readonly schema: string;
  readonly table: string;
  readonly work: 'vacuum' | 'analyze';
  readonly need: number;
}

interface TableCounters {
  readonly schema: string;
  readonly table: string;
  readonly tuples: number;
  readonly live: number;
  readonly dead: number;
  readonly inserted: number;
  readonly modified: number;
  readonly analysed: boolean;
  /** The table's file is not empty: rows, live or dead, are stored (its counters may not know them). */
  readonly stored: boolean;
}

/** Whether the table is past a threshold, and which work it needs (a vacuum analyses as well). */
export const upkeepDue = (t: TableCounters): UpkeepDue | undefined => {
  // reltuples is -1 until the first vacuum or analyse; autovacuum counts that as 0.
  const tuples = Math.max(t.tuples, 0);
  const vacuumNeed = Math.max(
    t.dead / (vacuumBase + vacuumScale * tuples),
    t.inserted / (vacuumInsertBase + vacuumInsertScale * tuples),
  );
  const analyzeNeed = t.modified / (analyzeBase + analyzeScale * tuples);
  const { schema, table } = t;
  if (vacuumNeed > 1) return { schema, table, work: 'vacuum', need: Math.max(vacuumNeed, analyzeNeed) };
  if (analyzeNeed > 1) return { schema, table, work: 'analyze', need: analyzeNeed };
  // Not analysed since the counters began — never, or before a restart of PGlite, which does not keep its
  // counters (a data directory filled by an earlier run looks unchanged): once, when there are rows at all, dead
  // ones too. The analyse also counts the dead rows, so a bloated table (all its rows deleted before the restart:
  // 0 tuples, megabytes on disk) is vacuumed on a later tick.
  if (!t.analysed && (tuples > 0 || t.live > 0 || t.inserted > 0 || t.stored))
    return { schema, table, work: 'analyze', need: 1 };
  return undefined;
};

const countersQuery = sql`
  select s.schemaname as schema, s.relname as "table", greatest(c.reltuples, 0)::float8 as tuples,
    s.n_live_tup::float8 as live, s.n_dead_tup::float8 as dead, s.n_ins_since_vacuum::float8 as inserted,
    s.n_mod_since_analyze::float8 as modified,
    coalesce(s.last_analyze, s.last_autoanalyze) is not null as analysed,
    pg_relation_size(s.relid) > 0 as stored
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid`;

const countersOf = (row: Record<string, unknown>): TableCounters => ({
  schema: String(row.schema),
  table: String(row.table),
  tuples: Number(row.tuples ?? 0),
  live: Number(row.live ?? 0),
  dead: Number(row.dead ?? 0),
  inserted: Number(row.inserted ?? 0),
  modified: Number(row.modified ?? 0),
  analysed: row.analysed === true,
  stored: row.stored === true,
});

/** Every user table past a threshold, the most due first (one statement after the session's counts are flushed). */
export const tablesDue = async (db: Db, only?: string): Promise<UpkeepDue[]> => {
  // A session's counts reach the statistics views at most once a second: the ones of the statements just run
  // would be missed (and a later flush would count rows an analyse has already seen as changed since).
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const rows = rowsOf(
    await db.execute(
      only === undefined ? countersQuery : sql`${countersQuery} where s.relid = ${only}::regclass`,
    ),
  );
  return rows
    .map((row) => upkeepDue(countersOf(row)))
    .filter((due): due is UpkeepDue => due !== undefined)
    .sort((a, b) => b.need - a.need);
};

/** `VACUUM (ANALYZE)` or `ANALYZE` of one table, outside any transaction (VACUUM cannot run inside one). */
export const upkeepTable = async (
  db: Db,
  due: Pick<UpkeepDue, 'schema' | 'table' | 'work'>,
): Promise<void> => {
  const name = sql`${sql.identifier(due.schema)}.${sql.identifier(due.table)}`;
  await db.execute(due.work === 'vacuum' ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
};

/**
 * The upkeep's check and work for one table alone (a bulk load's table, a benchmark's kept data set): vacuumed and
 * analysed when it is past a threshold; answers whether it ran. PostgreSQL is left to its autovacuum.
 */
export const keepTable = async (database: Database, table: string): Promise<boolean> => {
  if (database.kind !== 'pglite') return false;
  if ((await tablesDue(database.db, table)).length === 0) return false;
  await upkeepTable(database.db, { schema: 'public', table, work: 'vacuum' });
  return true;
};

export interface PgliteUpkeepOptions {
  /** At most this many tables a tick (the most due first); the rest wait for the next tick. */
  readonly maxTables?: number;
  /** After this much work in a tick no further table is started (the first always runs). */
  readonly budgetMs?: number;
  /** Milliseconds for the budget; tests pass their own. */
  readonly now?: () => number;
  readonly onError?: (error: unknown) => void;
}

/**
 * The job: `tick()` does one round (a tick while one runs joins it, never starts a second), `start(ms)` ticks on a
 * timer (0: never by itself), `stop()` ends the timer and waits for a running tick. On PostgreSQL a tick does nothing.
 *
 * PGlite has one session, so every statement here blocks every request while it runs: a tick does the most due
 * tables first (the worst bloat is what slows requests), at most `maxTables` of them and none started after
 * `budgetMs`. An analyse reads a bounded sample whatever the table's size; a vacuum reads what changed since the
 * last one, which, run as soon as a threshold is passed, stays small.
 */
export class PgliteUpkeep {
  private running: Promise<string[]> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly maxTables: number;
  private readonly budgetMs: number;
  private readonly now: () => number;
  private readonly onError: (error: unknown) => void;

  constructor(
    private readonly database: Database,
    opts: PgliteUpkeepOptions = {},
  ) {
    this.maxTables = opts.maxTables ?? 3;
    this.budgetMs = opts.budgetMs ?? 500;
    this.now = opts.now ?? (() => performance.now());
    this.onError = opts.onError ?? (() => undefined);
  }

  /** One round; answers the tables it vacuumed or analysed (as `schema.table`). */
  tick(): Promise<string[]> {
    if (this.database.kind !== 'pglite') return Promise.resolve([]);
    this.running ??= this.round().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.database.kind !== 'pglite' || this.timer) return;
    this.timer = setInterval(() => {
      this.tick().catch(this.onError);
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private async round(): Promise<string[]> {
    const started = this.now();
    const done: string[] = [];
    for (const due of (await tablesDue(this.database.db)).slice(0, this.maxTables)) {
      if (done.length > 0 && this.now() - started >= this.budgetMs) break;
      await upkeepTable(this.database.db, due);
      done.push(`${due.schema}.${due.table}`);
    }
    return done;
  }
}
