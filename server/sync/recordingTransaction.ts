import { and, eq, type Query, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { executeQuery } from '../db/builtOnce';
import type { Db, Tx } from '../db/client';
import { aroundRuns } from '../db/preparedRuns';
import { syncMutation } from '../db/syncTables';
import { fromDatabaseError } from '../http/dbErrors';
import { type MutationContext, mutationStore } from './mutationContext';
import { openGroup, type PushGroup, redirectIntoGroups } from './pushGroup';

const installed = Symbol.for('aisle.sync.recordingTransaction');

/** The device's last mutation id raised (never lowered), as a WITH part: values 1, 3, 5 and 8 of rowValues. */
const deviceCte = (p: (i: number) => string) => `aisle_device as (insert into sync_device
      (client_account_id, device_id, user_id, last_mutation_id, last_seen_at)
    values (${p(1)}::uuid, ${p(3)}, ${p(5)}::uuid, ${p(8)}, now())
    on conflict (client_account_id, device_id, user_id) do update
      set last_mutation_id = greatest(sync_device.last_mutation_id, excluded.last_mutation_id),
        last_seen_at = excluded.last_seen_at)`;

/** Values $1–$7 of a mutation's row (and $8 with a device): account, key, device, mutation id, user, method, path. */
const rowValues = (m: MutationContext): unknown[] => [
  m.clientAccountId,
  m.idempotencyKey,
  m.deviceId,
  m.mutationId,
  m.userId,
  m.method,
  m.path,
  ...(m.deviceId === null ? [] : [m.mutationId ?? 0]),
];

const mutationColumns = 'client_account_id, idempotency_key, device_id, mutation_id, user_id, method, path';
/** Values 1–7 of rowValues for mutationColumns. */
const rowPlaceholders = (p: (i: number) => string) =>
  `${p(1)}::uuid, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}::uuid, ${p(6)}, ${p(7)}`;

/** The sync_mutation row of a mutation (and its device's last mutation id), as WITH parts after `offset` values. */
const recordParts = (m: MutationContext, offset: number): { ctes: string; params: unknown[] } => {
  const p = (i: number) => `$${offset + i}`;
  const row = `aisle_recorded as (insert into sync_mutation (${mutationColumns}, xid)
    values (${rowPlaceholders(p)}, pg_current_xact_id()))`;
  return { ctes: m.deviceId === null ? row : `${row}, ${deviceCte(p)}`, params: rowValues(m) };
};

/**
 * A mutation no transaction of its handler recorded (refused before any write), stored with its outcome, and
 * its device's last mutation id raised: one statement. A row already there (another attempt's) stays.
 */
export const storeUnrecorded = async (
  db: Db,
  m: MutationContext,
  statusCode: number,
  response: { contentType: string | null; body: string },
): Promise<void> => {
  const p = (i: number) => `$${i}`;
  const values = rowValues(m);
  const outcome = [statusCode, JSON.stringify(response)];
  const at = values.length;
  const text = `${m.deviceId === null ? '' : `with ${deviceCte(p)} `}insert into sync_mutation
      (${mutationColumns}, status_code, response, xid)
    values (${rowPlaceholders(p)}, ${p(at + 1)}, ${p(at + 2)}::jsonb, pg_current_xact_id())
    on conflict do nothing`;
  await executeQuery(db, { sql: text, params: [...values, ...outcome] });
};

const leadingWith = /^\s*with(\s+recursive)?\s/i;
const plainDataStatement = /^\s*(select|insert|update|delete)\b/i;
const transactionEnd = /^\s*(commit|rollback)\b/i;

/** `query` carrying the record as WITH parts, or undefined when it cannot (savepoint, lock table, …). */
const carrying = (query: Query, m: MutationContext): Query | undefined => {
  const { ctes, params } = recordParts(m, query.params.length);
  const opening = leadingWith.exec(query.sql);
  let text: string;
  if (opening) text = `${opening[0]}${ctes}, ${query.sql.slice(opening[0].length)}`;
  else if (plainDataStatement.test(query.sql)) text = `with ${ctes} ${query.sql}`;
  else return undefined;
  return { sql: text, params: [...query.params, ...params] };
};

/** Another attempt of the same intent committed first (its record hit the unique key): mutationInProgress. */
const asRecordConflict = (err: unknown): unknown =>
  fromDatabaseError(err)?.code === 'mutationInProgress' ? new AppError('mutationInProgress') : err;

/**
 * Records the mutation with the transaction's first statement: its row and the device's last mutation id ride
 * along as data-modifying WITH parts (every pushed call saves a round trip), so they commit or roll back with
 * the change. A first statement that cannot carry them (savepoint, a named prepared statement, …) is preceded by
 * them on their own. Calls `onRecorded` when they go out.
 */
const recordWithFirstStatement = (tx: Tx, m: MutationContext, onRecorded: () => void): (() => void) => {
  const session = tx._.session;
  const prepare = session.prepareQuery.bind(session);
  const prepareQuery: typeof session.prepareQuery = (query, fields, name, ...rest) => {
    // The end of a transaction that ran no statement (node-postgres sends it through the session): nothing to record.
    if (transactionEnd.test(query.sql)) return prepare(query, fields, name, ...rest);
    // One statement carries it; the transaction's later ones go out as they are.
    session.prepareQuery = prepare;
    const carried = name === undefined ? carrying(query, m) : undefined;
    const first = prepare(carried ?? query, fields, name, ...rest);
    let sent: Promise<unknown> | undefined;
    const send = () => {
      if (!sent) {
        const alone = recordParts(m, 0);
        sent = carried
          ? Promise.resolve()
          : executeQuery(tx, { sql: `with ${alone.ctes} select 1`, params: alone.params });
        onRecorded();
      }
      return sent;
    };
    // Whichever way the statement runs, the record goes with it (or just before it).
    return aroundRuns(first, (run) => async (...args) => {
      await send();
      return run(...args);
    });
  };
  session.prepareQuery = prepareQuery;
  // In a push group the transaction goes on: a call that ran no statement must not leave it to the next call.
  return () => {
    if (session.prepareQuery === prepareQuery) session.prepareQuery = prepare;
  };
};

/**
 * Starts recording `m` with `tx`'s first statement. The returned function ends it: `kept` says whether what the
 * transaction wrote stays (committed, or still in an open push group); without a statement nothing was recorded.
 */
const beginRecording = (tx: Tx, m: MutationContext): ((kept: boolean) => void) => {
  m.state = 'recording';
  let recorded = false;
  const undo = recordWithFirstStatement(tx, m, () => {
    recorded = true;
  });
  return (kept) => {
    undo();
    m.state = kept && recorded ? 'recorded' : 'pending';
  };
};

/** A transaction of a call in an open push group: the group's own, recording the mutation as a transaction would. */
const joinGroup = async <T>(
  group: PushGroup & { readonly tx: Tx },
  fn: (tx: Tx) => Promise<T>,
): Promise<T> => {
  const m = mutationStore.getStore();
  const end = m?.state === 'pending' ? beginRecording(group.tx, m) : undefined;
  try {
    const result = await fn(group.tx);
    end?.(true);
    return result;
  } catch (err) {
    // Its writes so far stay in the group's transaction: the group must roll back (pushBatch.ts).
    end?.(true);
    group.fail();
    throw asRecordConflict(err);
  }
};

/** A later transaction of the same handler also changes data: the mutation is complete only with it. */
const moveMutation = async (tx: Tx, m: MutationContext): Promise<void> => {
  await tx
    .update(syncMutation)
    .set({ xid: sql`pg_current_xact_id()` })
    .where(
      and(
        eq(syncMutation.clientAccountId, m.clientAccountId),
        eq(syncMutation.idempotencyKey, m.idempotencyKey),
      ),
    );
};

/**
 * Wraps `db.transaction` once per Database (every write path opens its transactions there): inside a pushed
 * mutation (mutationStore), the handler's first transaction also records the mutation and the device's last
 * mutation id, so they commit or roll back with the change itself. Transactions outside a mutation, and nested
 * ones (savepoints on a Tx), are untouched. Inside an open push group (pushGroup.ts) they join the group's.
 */
export const installRecordingTransaction = (db: Db): void => {
  const target = db as Db & { [installed]?: true };
  if (target[installed]) return;
  const original = db.transaction.bind(db);
  redirectIntoGroups(db);
  const transaction: Db['transaction'] = (fn, config) => {
    const group = openGroup();
    if (group) return joinGroup(group, fn);
    const m = mutationStore.getStore();
    // A read-only transaction cannot carry the row (and changes nothing the mutation is about).
    if (!m || m.state === 'closed' || m.state === 'recording' || config?.accessMode === 'read only')
      return original(fn, config);
    if (m.state === 'recorded') {
      return original(async (tx) => {
        await moveMutation(tx, m);
        return fn(tx);
      }, config);
    }
    m.state = 'recording';
    // Until the transaction has begun nothing can have gone out.
    let end = (_kept: boolean) => {
      m.state = 'pending';
    };
    return original(async (tx) => {
      end = beginRecording(tx, m);
      return fn(tx);
    }, config).then(
      (result) => {
        // A transaction that ran no statement recorded nothing: the outcome's row is written on its own.
        end(true);
        return result;
      },
      (err: unknown) => {
        // Rolled back: nothing of the mutation is stored, a later transaction of the handler records it.
        end(false);
        throw asRecordConflict(err);
      },
    );
  };
  Object.assign(target, { transaction, [installed]: true });
};
