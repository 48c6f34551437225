import type { Db, Tx } from '../../server/db/client';
import { aroundRuns } from '../../server/db/preparedRuns';
import { openGroup } from '../../server/sync/pushGroup';

/** What went to the database as one unit: a transaction (its statements in order) or one statement on its own. */
export interface RecordedUnit {
  readonly transaction: boolean;
  readonly statements: string[];
}

/** The tables a statement writes (its INSERT, UPDATE and DELETE targets, WITH parts included; not ON CONFLICT DO UPDATE or FOR UPDATE). */
export const writtenTables = (statement: string): string[] =>
  [
    ...statement.matchAll(
      /\b(?:insert\s+into|(?<!\b(?:do|for|key)\s+)update|delete\s+from)\s+"?([a-z_]+)"?/gi,
    ),
  ].map((m) => String(m[1]).toLowerCase());

/**
 * Records every statement run through `db` (on it directly, or in a transaction it opens) while `recording`,
 * in the order they ran: the database layer's own count of what a request costs, never a timing. A call that
 * joins an open push group's transaction adds to that transaction's unit.
 */
export const recordStatements = (db: Db): { readonly units: RecordedUnit[]; recording: boolean } => {
  const recorder = { units: [] as RecordedUnit[], recording: true };
  const seen = new WeakSet<Tx>();
  const logging = (session: Tx['_']['session'] | Db['_']['session'], log: () => string[] | undefined) => {
    const prepare = session.prepareQuery.bind(session);
    session.prepareQuery = (query, ...rest) =>
      aroundRuns(prepare(query, ...rest), (run) => (...args) => {
        log()?.push(query.sql);
        return run(...args);
      });
  };
  const transaction = db.transaction.bind(db);
  const recorded: Db['transaction'] = (fn, config) =>
    transaction(async (tx) => {
      if (seen.has(tx)) return fn(tx);
      seen.add(tx);
      const unit: RecordedUnit = { transaction: true, statements: [] };
      if (recorder.recording) recorder.units.push(unit);
      logging(tx._.session, () => unit.statements);
      return fn(tx);
    }, config);
  Object.assign(db, { transaction: recorded });
  // Statements on the database itself (a push group's are redirected into its transaction before they get here).
  logging(db._.session, () => {
    if (!recorder.recording || openGroup()) return undefined;
    const unit: RecordedUnit = { transaction: false, statements: [] };
    recorder.units.push(unit);
    return unit.statements;
  });
  return recorder;
};
