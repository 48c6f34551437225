import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../domain/errors';
import type { Tx } from '../../../server/db/client';
import { rowsOf } from '../../../server/db/rawRows';
import { syncDevice } from '../../../server/db/syncTables';
import { fromDatabaseError } from '../../../server/http/dbErrors';
import { type MutationContext, mutationStore } from '../../../server/sync/mutationContext';
import { mutationFixture, storedMutation, xidOf } from '../../support/syncBuilders';

// The handler's first transaction records its pushed mutation with its own first statement
// (server/sync/recordingTransaction.ts): these pin down what that must keep.

const f = mutationFixture();
const aMutation = f.aMutation;

/** Runs `fn` in a transaction of the pushed mutation `m`, as a handler would. */
const inMutation = <T>(m: MutationContext, fn: (tx: Tx) => Promise<T>): Promise<T> =>
  mutationStore.run(m, () => f.t.ctx.db.transaction(fn));

const storedOf = (m: MutationContext) => storedMutation(f.t.ctx, m);

const deviceOf = async (m: MutationContext) => {
  const [row] = await f.t.ctx.db
    .select()
    .from(syncDevice)
    .where(and(eq(syncDevice.clientAccountId, f.acc), eq(syncDevice.deviceId, String(m.deviceId))));
  return row;
};

describe('recording a pushed mutation with its transaction', () => {
  it('rides on the first statement: the row carries that transaction and the device its mutation id', async () => {
    const m = aMutation();
    const xid = await inMutation(m, async (tx) => {
      const [one] = rowsOf(await tx.execute(sql`select 1 as one`));
      expect(one?.one).toBe(1);
      return xidOf(tx);
    });
    expect(m.state).toBe('recorded');
    expect((await storedOf(m))?.xid).toBe(xid);
    expect((await deviceOf(m))?.lastMutationId).toBe(m.mutationId);
  });

  it('joins a statement that has WITH parts of its own and keeps its answer', async () => {
    const m = aMutation({ deviceId: null, mutationId: null });
    const rows = await inMutation(m, async (tx) =>
      rowsOf(await tx.execute(sql`with a as (select 2 as n) select n from a`)),
    );
    expect(rows).toEqual([{ n: 2 }]);
    expect(m.state).toBe('recorded');
    expect(await storedOf(m)).toMatchObject({
      deviceId: null,
      userId: f.userId,
      method: 'POST',
      path: '/api/test',
    });
  });

  it('goes on its own before a first statement that cannot carry it', async () => {
    const m = aMutation();
    const xid = await inMutation(m, async (tx) => {
      await tx.execute(sql`set local statement_timeout = '5s'`);
      return xidOf(tx);
    });
    expect(m.state).toBe('recorded');
    expect((await storedOf(m))?.xid).toBe(xid);
    // A named prepared statement keeps its text (its name stands for it on the connection).
    const named = aMutation();
    const namedXid = await inMutation(named, async (tx) => {
      const devices = await tx
        .select({ id: syncDevice.deviceId })
        .from(syncDevice)
        .where(eq(syncDevice.deviceId, String(named.deviceId)))
        .prepare('aisle_test_named')
        .execute();
      expect(devices).toEqual([{ id: named.deviceId }]);
      return xidOf(tx);
    });
    expect((await storedOf(named))?.xid).toBe(namedXid);
  });

  it('records nothing for a transaction that ran no statement or rolled back', async () => {
    const idle = aMutation();
    await inMutation(idle, async () => 'nothing');
    expect(idle.state).toBe('pending');
    expect(await storedOf(idle)).toBeUndefined();

    const failed = aMutation();
    await expect(
      inMutation(failed, async (tx) => {
        await tx.execute(sql`select 1`);
        throw new AppError('documentInvalid');
      }),
    ).rejects.toMatchObject({ code: 'documentInvalid' });
    expect(failed.state).toBe('pending');
    expect(await storedOf(failed)).toBeUndefined();
    expect(await deviceOf(failed)).toBeUndefined();
  });

  it('answers mutationInProgress when the key is stored already, and the change rolls back', async () => {
    const first = aMutation();
    await inMutation(first, (tx) => tx.execute(sql`select 1`));
    const again = { ...aMutation(), idempotencyKey: first.idempotencyKey };
    const marker = `marker-${randomUUID()}`;
    await expect(
      inMutation(again, (tx) =>
        tx.execute(sql`insert into sync_device (client_account_id, device_id, user_id, last_mutation_id)
          values (${f.acc}::uuid, ${marker}, ${f.userId}::uuid, 1)`),
      ),
    ).rejects.toMatchObject({ code: 'mutationInProgress' });
    expect(again.state).toBe('pending');
    const [left] = rowsOf(
      await f.t.ctx.db.execute(sql`select count(*)::int as n from sync_device
      where device_id = ${marker}`),
    );
    expect(left?.n).toBe(0);
    // A handler that turns database errors into the catalogue's says the same, not uniqueConflict.
    const third = { ...aMutation(), idempotencyKey: first.idempotencyKey };
    await expect(
      inMutation(third, async (tx) => {
        try {
          await tx.execute(sql`select 1`);
        } catch (err) {
          throw fromDatabaseError(err) ?? err;
        }
      }),
    ).rejects.toMatchObject({ code: 'mutationInProgress' });
  });
});
