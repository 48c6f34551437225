import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { rowsOf } from '../db/rawRows';

/**
 * The planner's statistics of the catalyst table after bulk changes (an import, the demo data, a benchmark's
 * load). PostgreSQL's autovacuum keeps them by itself; embedded PGlite has no autovacuum, so without this it
 * never learns how many catalysts there are, and the visibility map that lets a client's catalogue page be read
 * from its index alone (catalyst_client_list_idx) is never set: every page read and sorted the whole company's
 * catalogue. The thresholds are autovacuum's defaults: analyse after 50 + 10 % of the rows changed, vacuum after
 * 1,000 + 20 % of them were inserted (docs/decisions.md, "Catalogue statistics on PGlite").
 */
const analyzeBase = 50;
const analyzeScale = 0.1;
const vacuumInsertBase = 1000;
const vacuumInsertScale = 0.2;

/** Vacuums and analyses the catalyst table now (outside any transaction: VACUUM cannot run inside one). */
export const refreshCatalogueStatistics = async (db: Db): Promise<void> => {
  await db.execute(sql`vacuum (analyze) catalyst`);
};

/** Whether the catalyst table changed enough since its last vacuum or analyse to need them again. */
export const catalogueStatisticsStale = async (db: Db): Promise<boolean> => {
  const [row] = rowsOf(
    await db.execute(sql`
      select c.reltuples::float8 as tuples, s.n_live_tup::float8 as live, s.n_mod_since_analyze::float8 as modified,
        s.n_ins_since_vacuum::float8 as inserted,
        coalesce(s.last_analyze, s.last_autoanalyze) is not null as analysed
      from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
      where c.oid = 'catalyst'::regclass`),
  );
  if (!row) return false;
  const tuples = Number(row.tuples);
  const modified = Number(row.modified ?? 0);
  const inserted = Number(row.inserted ?? 0);
  // Not analysed since the counters began — never, or before a restart of PGlite, which does not keep its
  // counters (a data directory filled by an earlier run looks unchanged): once, when there are rows at all.
  if (row.analysed !== true) return tuples > 0 || Number(row.live ?? 0) > 0 || inserted > 0;
  return (
    modified > analyzeBase + analyzeScale * tuples || inserted > vacuumInsertBase + vacuumInsertScale * tuples
  );
};

/**
 * On PGlite, what autovacuum does on PostgreSQL, for the catalyst table: refreshed when it changed enough.
 * Called on each scheduler tick; answers whether it ran. PostgreSQL is left to its autovacuum.
 */
export const keepCatalogueStatistics = async (database: Database): Promise<boolean> => {
  if (database.kind !== 'pglite') return false;
  if (!(await catalogueStatisticsStale(database.db))) return false;
  await refreshCatalogueStatistics(database.db);
  return true;
};
