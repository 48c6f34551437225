import { describe, expect, it } from 'vitest';
import { pendingItems } from '../../../../src/features/sync/pendingItems';
import { applyChangesPage, discardRejected, markAccepted, markRejected } from '../../../../sync/replica';
import { queue, seededStore } from '../../../sync/support/seed';

describe('pending-work inspector', () => {
  it('lists rejected work first, then what waits, then what was sent, with numbers and products', async () => {
    const store = await seededStore();
    await store.write((tx) =>
      applyChangesPage(
        tx,
        [
          {
            op: 'upsert',
            entity: 'wmsOrder',
            id: 'o1',
            data: { typeCode: 'OOU', statusCode: 'inProgress', orderNumber: 'OOU/7' },
          },
          {
            op: 'upsert',
            entity: 'wmsOrderPosition',
            id: 'op1',
            data: { orderId: 'o1', lineNo: 1, productId: 'p-3', quantity: 2 },
          },
        ],
        'c2',
      ),
    );
    const create = await queue(store, {
      kind: 'document.create',
      document: { id: 'd1', typeCode: 'DIN', documentNumber: '', destinationLocationId: 'l-4' },
    });
    const add = await queue(store, {
      kind: 'line.add',
      line: { id: 'x', documentId: 'd1', productId: 'p-1', quantity: 3 },
    });
    const count = await queue(store, {
      kind: 'orderPosition.quantityReal',
      orderId: 'o1',
      orderPositionId: 'op1',
      quantityReal: 2,
    });
    if (!create.ok || !add.ok || !count.ok) throw new Error('refused locally');
    await store.write((tx) =>
      markAccepted(tx, [{ entry: create.entry, body: { documentNumber: 'DIN/2026/000003' } }]),
    );
    await store.write((tx) => markRejected(tx, count.entry, { status: 409, code: 'statusForbidsChange' }));
    const items = await store.read(pendingItems);
    expect(items.map((i) => [i.group, i.entry.intent.kind, i.number, i.product, i.quantity])).toEqual([
      ['rejected', 'orderPosition.quantityReal', 'OOU/7', 'CHEESE', 2],
      ['waiting', 'line.add', 'DIN/2026/000003', 'MILK-1', 3],
      ['sent', 'document.create', 'DIN/2026/000003', null, null],
    ]);
    // Discarded: it leaves the inspector (and the rejected count).
    expect(await store.write((tx) => discardRejected(tx, count.entry.mutationId, Date.now()))).toBe(true);
    expect((await store.read(pendingItems)).map((i) => i.group)).toEqual(['waiting', 'sent']);
    expect((await store.read((tx) => tx.outboxCounts('u1'))).rejected).toBe(0);
  });
});
