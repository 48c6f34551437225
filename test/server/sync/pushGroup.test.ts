import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callOf, type Intent } from '../../../domain/sync/intents';
import type { DataChange } from '../../../server/context';
import { type MutationContext, mutationStore } from '../../../server/sync/mutationContext';
import { isGroupable, PushGroup, publishChange } from '../../../server/sync/pushGroup';
import { mutationFixture, storedMutation, xidOf } from '../../support/syncBuilders';

// Calls of a batch push share one transaction (server/sync/pushGroup.ts): these pin down what the group must
// keep so that pushBatch.ts can commit it or roll it back as one.

const f = mutationFixture();
const aMutation = f.aMutation;
const storedRow = (m: MutationContext) => storedMutation(f.t.ctx, m);

/** Runs `work` in an open group and rolls the group's transaction back afterwards. */
const inRolledBackGroup = async (
  work: (group: PushGroup, groupXid: string) => Promise<void>,
): Promise<void> => {
  const rolledBack = new Error('roll back');
  await expect(
    f.t.ctx.db.transaction(async (tx) => {
      const group = new PushGroup();
      const groupXid = await xidOf(tx);
      await group.within(tx, () => work(group, groupXid));
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
};

describe('push group', () => {
  it('runs statements on the database and transactions of calls in its own transaction', async () => {
    const m = aMutation();
    await inRolledBackGroup(async (group, groupXid) => {
      expect(await xidOf(f.t.ctx.db)).toBe(groupXid);
      await mutationStore.run(m, () =>
        f.t.ctx.db.transaction(async (tx) => {
          expect(await xidOf(tx)).toBe(groupXid);
        }),
      );
      // The call's transaction recorded its mutation with its first statement, in the group.
      expect(m.state).toBe('recorded');
      expect(await storedRow(m)).toMatchObject({ idempotencyKey: m.idempotencyKey });
      expect(group.failed).toBe(false);
    });
    // Rolled back with the group; and after it, statements go to the pool again.
    expect(await storedRow(m)).toBeUndefined();
    expect(await xidOf(f.t.ctx.db)).not.toBe('');
  });

  it('fails when a statement fails, even when the error is caught', async () => {
    await inRolledBackGroup(async (group) => {
      await expect(f.t.ctx.db.execute(sql`select 1 / 0`)).rejects.toThrow();
      expect(group.failed).toBe(true);
    });
  });

  it('fails when a transaction of a call throws, even without a failed statement', async () => {
    await inRolledBackGroup(async (group) => {
      const refused = new Error('refused after its writes');
      await expect(
        f.t.ctx.db.transaction(async (tx) => {
          await xidOf(tx);
          throw refused;
        }),
      ).rejects.toBe(refused);
      expect(group.failed).toBe(true);
    });
  });

  it('a call that ran no statement leaves its record to no other call', async () => {
    const idle = aMutation();
    await inRolledBackGroup(async () => {
      await mutationStore.run(idle, () => f.t.ctx.db.transaction(async () => undefined));
      expect(idle.state).toBe('pending');
      await xidOf(f.t.ctx.db);
      expect(await storedRow(idle)).toBeUndefined();
    });
  });

  it('holds change notices until it publishes them', async () => {
    const seen: DataChange[] = [];
    const subscription = f.t.ctx.changes.subscribe((c) => seen.push(c));
    const change: DataChange = {
      clientAccountId: f.acc,
      resourceType: 'product',
      id: randomUUID(),
      action: 'update',
    };
    try {
      const group = new PushGroup();
      await f.t.ctx.db.transaction((tx) => group.within(tx, async () => publishChange(f.t.ctx, change)));
      expect(seen).toEqual([]);
      group.publish(f.t.ctx);
      expect(seen).toEqual([change]);
      publishChange(f.t.ctx, change);
      expect(seen).toEqual([change, change]);
    } finally {
      subscription.unsubscribe();
    }
  });
});

describe('groupable calls', () => {
  const id = randomUUID();
  const line = { id, documentId: id, productId: id, quantity: 1 };
  const intents: Intent[] = [
    { kind: 'document.create', document: { id, typeCode: 'DOU', documentNumber: 'WC-1' } },
    { kind: 'document.confirm', documentId: id },
    { kind: 'document.delete', documentId: id },
    { kind: 'line.add', line },
    { kind: 'line.update', line },
    { kind: 'line.remove', lineId: id, documentId: id },
    { kind: 'orderPosition.quantityReal', orderPositionId: id, orderId: id, quantityReal: 1 },
    { kind: 'order.generateDocuments', orderId: id, confirm: true },
    { kind: 'verification.finish', orderId: id, generateDocuments: true },
  ];
  const pushedOf = (call: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string }) => ({
    idempotencyKey: 'k-00000001',
    deviceId: 'd',
    mutationId: 1,
    ...call,
  });

  it.each(intents.map((i) => [i.kind, i] as const))('%s is groupable', (_kind, intent) => {
    expect(isGroupable(pushedOf(callOf(intent)))).toBe(true);
  });

  it.each([
    ['a product', 'POST', '/api/Product'],
    ['a file', 'POST', '/api/File'],
    ['a location generation', 'POST', '/api/StorageSpace/generate'],
    ['a document read', 'GET', `/api/WmsDocument/${id}`],
  ] as const)('%s is not', (_name, method, path) => {
    expect(isGroupable(pushedOf({ method, path }))).toBe(false);
  });
});
