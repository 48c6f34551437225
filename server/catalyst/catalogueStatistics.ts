import type { Database, Db } from '../db/client';
import { tablesDue, upkeepTable } from '../db/pgliteUpkeep';

/**
 * The planner's statistics of the catalyst table after bulk changes (an import, the demo data, a benchmark's
 * load). PostgreSQL's autovacuum keeps them by itself; embedded PGlite has none, so without them it never learns
 * how many catalysts there are, and the visibility map that lets a client's catalogue page be read from its index
 * alone (catalyst_client_list_idx) is never set. The app's PGlite upkeep (server/db/pgliteUpkeep.ts) keeps every
 * table, this one among them, on autovacuum's thresholds; these are its check and work for this table alone, which
 * the catalogue benchmark runs on a kept data set (docs/decisions.md, "Statistics on PGlite").
 */
const catalyst = { schema: 'public', table: 'catalyst', work: 'vacuum' } as const;

/** Vacuums and analyses the catalyst table now (outside any transaction: VACUUM cannot run inside one). */
export const refreshCatalogueStatistics = (db: Db): Promise<void> => upkeepTable(db, catalyst);

/** Whether the catalyst table changed enough since its last vacuum or analyse to need them again. */
export const catalogueStatisticsStale = async (db: Db): Promise<boolean> =>
  (await tablesDue(db, 'catalyst')).length > 0;

/** On PGlite, the upkeep's check and work for the catalyst table alone; answers whether it ran. */
export const keepCatalogueStatistics = async (database: Database): Promise<boolean> => {
  if (database.kind !== 'pglite') return false;
  if (!(await catalogueStatisticsStale(database.db))) return false;
  await refreshCatalogueStatistics(database.db);
  return true;
};
