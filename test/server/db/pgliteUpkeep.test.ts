import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PgliteUpkeep, upkeepDue } from '../../../server/db/pgliteUpkeep';
import { rowsOf } from '../../../server/db/rawRows';
import { testAppFixture } from '../../support/testApp';

// Autovacuum's job on PGlite (server/db/pgliteUpkeep.ts); on PostgreSQL a tick does nothing. Ticks are called,
// never timed: the test app's own upkeep is off (pgliteUpkeepMs 0).

const f = testAppFixture();

const run = (text: string) => f.t.ctx.db.execute(sql.raw(text));

/** The table's counters and when it was last vacuumed or analysed by a statement (not by autovacuum). */
const stats = async (table: string) => {
  const [row] = rowsOf(
    await f.t.ctx.db.execute(sql`
      select n_dead_tup::int as dead, last_vacuum as "lastVacuum", last_analyze as "lastAnalyze"
      from pg_stat_user_tables where relid = ${table}::regclass`),
  );
  return row;
};

/** A table that had `rows` rows, all deleted. */
const bloated = async (table: string, rows: number) => {
  await run(`create table ${table} (id int primary key, note text)`);
  await run(`insert into ${table} select i, repeat('x', 40) from generate_series(1, ${rows}) i`);
  await run(`delete from ${table}`);
};

const pglite = () => f.t.ctx.database.kind === 'pglite';

describe('PGlite upkeep', () => {
  beforeAll(async () => {
    // The migrated database's own tables first (never analysed since PGlite started): a clean slate.
    const upkeep = new PgliteUpkeep(f.t.ctx.database, { maxTables: 1000 });
    for (let i = 0; i < 5 && (await upkeep.tick()).length > 0; i++);
    await run('create table upkeep_quiet (id int primary key)');
    await run('insert into upkeep_quiet select generate_series(1, 100)');
    // The insert's counts reach the statistics before the analyse (else they count as changed after it).
    await run('select pg_stat_force_next_flush()');
    await run('analyze upkeep_quiet');
  });

  it('vacuums a table with many deleted rows on a tick and leaves an untouched one alone; not on PostgreSQL', async () => {
    await bloated('upkeep_bloat', 5000);
    const quietBefore = await stats('upkeep_quiet');
    const upkeep = new PgliteUpkeep(f.t.ctx.database);
    const done = await upkeep.tick();
    const after = await stats('upkeep_bloat');
    if (pglite()) {
      expect(done).toEqual(['public.upkeep_bloat']);
      expect(after?.dead).toBe(0);
      expect(after?.lastVacuum).not.toBeNull();
      expect(after?.lastAnalyze).not.toBeNull();
      // Nothing is due any more.
      expect(await upkeep.tick()).toEqual([]);
    } else {
      // PostgreSQL keeps its autovacuum (which sets last_autovacuum, never last_vacuum).
      expect(done).toEqual([]);
      expect(after?.lastVacuum).toBeNull();
      expect(after?.lastAnalyze).toBeNull();
    }
    const quiet = await stats('upkeep_quiet');
    expect(quiet?.lastVacuum).toBeNull();
    expect(quiet?.lastAnalyze).toEqual(quietBefore?.lastAnalyze);
  });

  it('a tick while one runs joins it and starts no second', async () => {
    await bloated('upkeep_joined', 3000);
    const upkeep = new PgliteUpkeep(f.t.ctx.database);
    const first = upkeep.tick();
    const second = upkeep.tick();
    // On PostgreSQL neither starts anything: each answers at once.
    expect(second === first).toBe(pglite());
    const [a, b] = await Promise.all([first, second]);
    expect(b).toEqual(a);
    expect(a).toEqual(pglite() ? ['public.upkeep_joined'] : []);
    // Once it ended, a tick is a new round (with nothing left to do).
    const third = upkeep.tick();
    expect(third).not.toBe(first);
    expect(await third).toEqual([]);
    expect((await stats('upkeep_joined'))?.lastVacuum === null).toBe(!pglite());
  });

  it('does the most due table first and starts none after its budget', async () => {
    await bloated('upkeep_small', 200);
    await bloated('upkeep_large', 4000);
    let now = 0;
    const upkeep = new PgliteUpkeep(f.t.ctx.database, {
      budgetMs: 10,
      now: () => {
        now += 20;
        return now;
      },
    });
    if (pglite()) {
      expect(await upkeep.tick()).toEqual(['public.upkeep_large']);
      expect(await upkeep.tick()).toEqual(['public.upkeep_small']);
    } else {
      expect(await upkeep.tick()).toEqual([]);
    }
    expect(await upkeep.tick()).toEqual([]);
  });

  it('after a restart (counters gone) a table of deleted rows is analysed, and vacuumed on the next tick', async () => {
    await bloated('upkeep_restarted', 3000);
    // What a restart of PGlite does to the counters: the deleted rows are no longer counted anywhere (the
    // session's own counts flushed first, else they would reach the statistics after the reset).
    await run('select pg_stat_force_next_flush()');
    await run(`select pg_stat_reset_single_table_counters('upkeep_restarted'::regclass)`);
    const upkeep = new PgliteUpkeep(f.t.ctx.database);
    if (pglite()) {
      expect(await upkeep.tick()).toEqual(['public.upkeep_restarted']);
      const analysed = await stats('upkeep_restarted');
      expect(analysed?.lastVacuum).toBeNull();
      expect(analysed?.dead).toBeGreaterThan(50);
      expect(await upkeep.tick()).toEqual(['public.upkeep_restarted']);
      expect((await stats('upkeep_restarted'))?.dead).toBe(0);
      expect((await stats('upkeep_restarted'))?.lastVacuum).not.toBeNull();
    } else {
      expect(await upkeep.tick()).toEqual([]);
      expect((await stats('upkeep_restarted'))?.lastVacuum).toBeNull();
    }
    expect(await upkeep.tick()).toEqual([]);
  });

  it('uses autovacuum’s default thresholds', () => {
    const table = {
      schema: 'public',
      table: 't',
      live: 1000,
      inserted: 0,
      modified: 0,
      analysed: true,
      stored: true,
    };
    expect(upkeepDue({ ...table, tuples: 1000, dead: 250 })).toBeUndefined();
    expect(upkeepDue({ ...table, tuples: 1000, dead: 251 })?.work).toBe('vacuum');
    expect(upkeepDue({ ...table, tuples: 1000, dead: 0, inserted: 1201 })?.work).toBe('vacuum');
    expect(upkeepDue({ ...table, tuples: 1000, dead: 0, inserted: 1200 })).toBeUndefined();
    expect(upkeepDue({ ...table, tuples: 1000, dead: 0, modified: 151 })?.work).toBe('analyze');
    expect(upkeepDue({ ...table, tuples: 1000, dead: 0, modified: 150 })).toBeUndefined();
    // Never analysed since the counters began: once, when it has rows.
    expect(upkeepDue({ ...table, tuples: 1000, dead: 0, analysed: false })?.work).toBe('analyze');
    expect(upkeepDue({ ...table, tuples: 0, live: 0, dead: 0, analysed: false })?.work).toBe('analyze');
    expect(
      upkeepDue({ ...table, tuples: -1, live: 0, dead: 0, analysed: false, stored: false }),
    ).toBeUndefined();
  });
});
