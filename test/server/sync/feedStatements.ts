import type pg from 'pg';
import { recordStatements } from '../../support/statementRecorder';
import type { TestApp } from '../../support/testApp';

/**
 * The feed's watermark held where it is while a test pulls: on PostgreSQL other test databases of the server move
 * the next transaction id, so a transaction of this database is held open (with an id) until `unpin`; on PGlite
 * nothing else runs.
 *
 * A transaction of another database that began before the held one can end between a read's snapshot and its look
 * at the running transactions, and hold that one read's watermark below the held id (the feed errs low, by design):
 * two reads would then answer different cursors. So `pin` returns once the held transaction is the server's oldest.
 */
export const watermarkPin = (t: TestApp) => {
  let held: pg.PoolClient | undefined;
  return {
    pin: async (): Promise<void> => {
      const pool = t.ctx.database.pool;
      if (!pool) return;
      held = await pool.connect();
      await held.query('begin');
      const [mine] = (await held.query<{ xid: string }>('select pg_current_xact_id()::text as xid')).rows;
      // Older transactions are other test files' short ones (or another pin, released after its test).
      for (let waited = 0; ; waited++) {
        const [oldest] = (
          await pool.query<{ xmin: string }>('select pg_snapshot_xmin(pg_current_snapshot())::text as xmin')
        ).rows;
        if (oldest?.xmin === mine?.xid) return;
        if (waited === 3000) throw new Error(`transaction ${oldest?.xmin} of another test still runs`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    unpin: async (): Promise<void> => {
      if (!held) return;
      await held.query('rollback');
      held.release();
      held = undefined;
    },
  };
};

/** The statements sent to the app's database, recorded only during `recorded(work)`. */
export const feedStatements = (t: TestApp) => {
  const statements = recordStatements(t.ctx.db);
  statements.recording = false;
  const recorded = async <T>(work: () => Promise<T>): Promise<T> => {
    statements.units.length = 0;
    statements.recording = true;
    try {
      return await work();
    } finally {
      statements.recording = false;
    }
  };
  return { statements, recorded };
};
