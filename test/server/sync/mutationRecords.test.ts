import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/rawRows';
import { syncDevice } from '../../../server/db/syncTables';
import { fromDatabaseError } from '../../../server/http/dbErrors';
import { type PushedMutation, recordMutations } from '../../../server/sync/mutationRecords';
import { runInUnit } from '../../../server/unitOfWork';
import { mutationFixture, storedMutation, xidOf } from '../../support/syncBuilders';

// A pushed mutation is recorded by a statement of the unit of work that holds its change
// (server/sync/mutationRecords.ts): these pin down what that statement must keep.

const f = mutationFixture();
const outcome = {
  statusCode: 201,
  response: { contentType: 'application/json; charset=utf-8', body: '{"ok":1}' },
};
const storedOf = (m: PushedMutation) => storedMutation(f.t.ctx, m);

const deviceOf = async (deviceId: string | null) => {
  const [row] = await f.t.ctx.db
    .select()
    .from(syncDevice)
    .where(and(eq(syncDevice.clientAccountId, f.acc), eq(syncDevice.deviceId, String(deviceId))));
  return row;
};

describe('mutation records', () => {
  it('commit with the unit’s change: the same transaction, the outcome, the device’s last mutation id', async () => {
    const [a, b] = [f.aMutation(), f.aMutation()];
    const b2 = { ...b, deviceId: a.deviceId, mutationId: (a.mutationId ?? 0) + 5 };
    const xid = await runInUnit(f.t.ctx, async (unit) => {
      await recordMutations(unit.tx, [
        { ...a, ...outcome },
        { ...b2, ...outcome },
      ]);
      return xidOf(unit.tx);
    });
    for (const m of [a, b2])
      expect(await storedOf(m)).toMatchObject({
        xid,
        statusCode: 201,
        response: outcome.response,
        deviceId: a.deviceId,
        mutationId: m.mutationId,
        userId: f.userId,
        method: 'POST',
        path: '/api/test',
      });
    // The device's highest of the statement's mutations, never lowered by a later, smaller one.
    expect((await deviceOf(a.deviceId))?.lastMutationId).toBe(b2.mutationId);
    await recordMutations(f.t.ctx.db, [
      { ...f.aMutation({ deviceId: a.deviceId, mutationId: 1 }), ...outcome },
    ]);
    expect((await deviceOf(a.deviceId))?.lastMutationId).toBe(b2.mutationId);
  });

  it('records nothing when the unit rolls back', async () => {
    const m = f.aMutation();
    const refused = new Error('refused after its writes');
    await expect(
      runInUnit(f.t.ctx, async (unit) => {
        await recordMutations(unit.tx, [{ ...m, ...outcome }]);
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(await storedOf(m)).toBeUndefined();
    expect(await deviceOf(m.deviceId)).toBeUndefined();
  });

  it('a key stored already: mutationInProgress and the change rolls back, or (only new) nothing written', async () => {
    const first = f.aMutation();
    await recordMutations(f.t.ctx.db, [{ ...first, ...outcome }]);
    const marker = `marker-${randomUUID()}`;
    const again = { ...f.aMutation(), idempotencyKey: first.idempotencyKey };
    const failure = await runInUnit(f.t.ctx, async (unit) => {
      await unit.tx.execute(sql`insert into sync_device (client_account_id, device_id, user_id, last_mutation_id)
        values (${f.acc}::uuid, ${marker}, ${f.userId}::uuid, 1)`);
      await recordMutations(unit.tx, [{ ...again, ...outcome }]);
    }).catch((err: unknown) => err);
    expect(fromDatabaseError(failure)?.code).toBe('mutationInProgress');
    const [left] = rowsOf(
      await f.t.ctx.db.execute(sql`select count(*)::int as n from sync_device where device_id = ${marker}`),
    );
    expect(left?.n).toBe(0);
    const written = await recordMutations(
      f.t.ctx.db,
      [
        { ...again, ...outcome, statusCode: 422 },
        { ...f.aMutation(), ...outcome },
      ],
      true,
    );
    expect(written.has(first.idempotencyKey)).toBe(false);
    expect(written.size).toBe(1);
    expect((await storedOf(first))?.statusCode).toBe(201);
  });
});
