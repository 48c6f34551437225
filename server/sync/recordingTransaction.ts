import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import type { Db, Tx } from '../db/client';
import { syncDevice, syncMutation } from '../db/syncTables';
import { type MutationContext, mutationStore } from './mutationContext';

const installed = Symbol.for('aisle.sync.recordingTransaction');

/** Whether an error is PostgreSQL's unique violation (node-postgres and PGlite, possibly wrapped by drizzle). */
const isUniqueViolation = (err: unknown): boolean => {
  let e: unknown = err;
  for (let i = 0; i < 5 && typeof e === 'object' && e !== null; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/** The last mutation a device pushed, raised (never lowered) in the caller's transaction or statement. */
export const touchDevice = async (db: Db | Tx, m: MutationContext): Promise<void> => {
  if (m.deviceId === null) return;
  const last = m.mutationId ?? 0;
  await db
    .insert(syncDevice)
    .values({
      clientAccountId: m.clientAccountId,
      deviceId: m.deviceId,
      userId: m.userId,
      lastMutationId: last,
    })
    .onConflictDoUpdate({
      target: [syncDevice.clientAccountId, syncDevice.deviceId, syncDevice.userId],
      set: { lastMutationId: sql`greatest(${syncDevice.lastMutationId}, ${last})`, lastSeenAt: new Date() },
    });
};

/**
 * The sync_mutation row of a mutation, in the caller's transaction: it carries that transaction's xid. The
 * device's last mutation id goes up in the same statement (one round trip: every pushed call pays it).
 */
const insertMutation = async (tx: Tx, m: MutationContext): Promise<void> => {
  const row = sql`insert into sync_mutation
      (client_account_id, idempotency_key, device_id, mutation_id, user_id, method, path, xid)
    values (${m.clientAccountId}::uuid, ${m.idempotencyKey}, ${m.deviceId}, ${m.mutationId}, ${m.userId}::uuid,
      ${m.method}, ${m.path}, pg_current_xact_id())`;
  try {
    if (m.deviceId === null) await tx.execute(row);
    else
      await tx.execute(sql`with recorded as (${row})
        insert into sync_device (client_account_id, device_id, user_id, last_mutation_id, last_seen_at)
        values (${m.clientAccountId}::uuid, ${m.deviceId}, ${m.userId}::uuid, ${m.mutationId ?? 0}, now())
        on conflict (client_account_id, device_id, user_id) do update
          set last_mutation_id = greatest(sync_device.last_mutation_id, excluded.last_mutation_id),
            last_seen_at = excluded.last_seen_at`);
  } catch (err) {
    // Another attempt of the same intent committed first (we waited for it on the unique index).
    if (isUniqueViolation(err)) throw new AppError('mutationInProgress');
    throw err;
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
 * ones (savepoints on a Tx), are untouched.
 */
export const installRecordingTransaction = (db: Db): void => {
  const target = db as Db & { [installed]?: true };
  if (target[installed]) return;
  const original = db.transaction.bind(db);
  const transaction: Db['transaction'] = (fn, config) => {
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
    return original(async (tx) => {
      await insertMutation(tx, m);
      return fn(tx);
    }, config).then(
      (result) => {
        m.state = 'recorded';
        return result;
      },
      (err: unknown) => {
        // Rolled back: nothing of the mutation is stored, a later transaction of the handler records it.
        if (m.state === 'recording') m.state = 'pending';
        throw err;
      },
    );
  };
  Object.assign(target, { transaction, [installed]: true });
};
