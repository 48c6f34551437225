import type pg from 'pg';
import { recordStatements } from '../../support/statementRecorder';
import type { TestApp } from '../../support/testApp';

/**
 * The feed's watermark held where it is while a test pulls: on PostgreSQL other test databases of the server move
 * the next transaction id, so a transaction of this database is held open (with an id) until `unpin`; on PGlite
 * nothing else runs.
 */
export const watermarkPin = (t: TestApp) => {
  let held: pg.PoolClient | undefined;
  return {
    pin: async (): Promise<void> => {
      const pool = t.ctx.database.pool;
      if (!pool) return;
      held = await pool.connect();
      await held.query('begin');
      await held.query('select pg_current_xact_id()');
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
