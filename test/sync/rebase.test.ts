import { describe, expect, it } from 'vitest';
import type { Intent } from '../../domain/sync/intents';
import { emptyState, type ReplicaState, rebase } from '../../sync/rebase';
import { toStockRecord } from '../../sync/rows';
import type { OutboxEntry, Row } from '../../sync/types';
import { keyOf } from './support/world';

let seq = 0;
const entry = (intent: Intent, over: Partial<OutboxEntry> = {}): OutboxEntry => {
  seq++;
  return {
    mutationId: seq,
    deviceId: 'D1',
    userId: 'u1',
    idempotencyKey: `k${seq}`,
    createdAt: '2026-03-15T08:00:00.000Z',
    intent,
    status: 'pending',
    attempts: 0,
    sent: false,
    ...over,
  };
};

const stock = (productId: string, locationId: string, quantity: number, reserved = 0) =>
  toStockRecord({ productId, locationId, quantity, reserved }, `s-${productId}-${locationId}`);

const base = (
  rows: { stock?: ReturnType<typeof stock>[]; documents?: Row[]; lines?: Row[] } = {},
): ReplicaState => {
  const s = emptyState();
  for (const r of rows.stock ?? []) s.stock.set(r.key, r);
  for (const d of rows.documents ?? []) {
    s.documents.set(d.id, d);
    s.lineSets.add(d.id);
  }
  for (const l of rows.lines ?? []) s.lines.set(l.id, l);
  return s;
};

const create = (
  id: string,
  typeCode: string,
  side: Partial<Record<'sourceLocationId' | 'destinationLocationId', string>>,
) =>
  entry({
    kind: 'document.create',
    document: { id, typeCode, documentNumber: `WC-${typeCode}/2026/D1-${id}`, ...side },
  });
const add = (documentId: string, id: string, productId: string, quantity: number) =>
  entry({ kind: 'line.add', line: { id, documentId, productId, quantity } });
const confirm = (documentId: string) => entry({ kind: 'document.confirm', documentId });

const noReserve = { reserving: false };
const reserve = { reserving: true };

describe('rebase', () => {
  it('replays a release: the document, its line and the stock it takes', () => {
    const b = base({ stock: [stock('p1', 'l1', 5)] });
    b.documents.set('d1', null);
    const entries = [
      create('d1', 'DOU', { sourceLocationId: 'l1' }),
      add('d1', 'x1', 'p1', 2),
      confirm('d1'),
    ];
    const r = rebase(b, entries, noReserve);
    expect(r.missing.stock.size + r.missing.documents.size + r.missing.lineSets.size).toBe(0);
    expect(r.state.stock.get(keyOf('p1', 'l1'))).toMatchObject({ quantity: 3, reserved: 0, id: 's-p1-l1' });
    expect(r.state.documents.get('d1')).toMatchObject({
      statusCode: 'confirmed',
      documentNumber: 'WC-DOU/2026/D1-d1',
    });
    expect(r.state.lines.get('x1')).toMatchObject({ documentId: 'd1', lineNo: 1, quantity: 2 });
    expect([...r.touched].sort()).toEqual(
      [`stock|${keyOf('p1', 'l1')}`, 'wmsDocument|d1', 'wmsDocumentPosition|x1'].sort(),
    );
    // The base is not changed.
    expect(b.stock.get(keyOf('p1', 'l1'))?.quantity).toBe(5);
  });

  it('a receipt into an empty place makes a local stock row; emptying a row removes it', () => {
    const b = base({ stock: [stock('p1', 'l1', 2)] });
    b.stock.set(keyOf('p1', 'l2'), null);
    const entries = [
      create('r', 'DIN', { destinationLocationId: 'l2' }),
      add('r', 'r1', 'p1', 4),
      confirm('r'),
      create('o', 'DOU', { sourceLocationId: 'l1' }),
      add('o', 'o1', 'p1', 2),
      confirm('o'),
    ];
    const r = rebase(b, entries, noReserve);
    expect(r.state.stock.get(keyOf('p1', 'l2'))).toMatchObject({
      id: `local:${keyOf('p1', 'l2')}`,
      quantity: 4,
    });
    expect(r.state.stock.get(keyOf('p1', 'l1'))).toBeNull();
  });

  it('reports what it needs and has not been given', () => {
    const r = rebase(emptyState(), [add('d9', 'x', 'p1', 1), confirm('d9')], noReserve);
    expect([...r.missing.documents]).toEqual(['d9']);
  });

  it('keeps reservations of working copies in step with their lines when working copies count', () => {
    const doc: Row = { id: 'd1', typeCode: 'DOU', statusCode: 'workingCopy', sourceLocationId: 'l1' };
    const b = base({
      stock: [stock('p1', 'l1', 10, 3)],
      documents: [doc],
      lines: [{ id: 'x0', documentId: 'd1', lineNo: 1, productId: 'p1', quantity: 3 }],
    });
    const k = keyOf('p1', 'l1');
    const added = rebase(b, [add('d1', 'x1', 'p1', 2)], reserve);
    expect(added.state.stock.get(k)).toMatchObject({ quantity: 10, reserved: 5 });
    const changed = rebase(
      b,
      [entry({ kind: 'line.update', line: { id: 'x0', documentId: 'd1', productId: 'p1', quantity: 1 } })],
      reserve,
    );
    expect(changed.state.stock.get(k)).toMatchObject({ quantity: 10, reserved: 1 });
    const removed = rebase(b, [entry({ kind: 'line.remove', lineId: 'x0', documentId: 'd1' })], reserve);
    expect(removed.state.stock.get(k)).toMatchObject({ quantity: 10, reserved: 0 });
    expect(removed.state.lines.get('x0')).toBeNull();
    const confirmed = rebase(b, [confirm('d1')], reserve);
    expect(confirmed.state.stock.get(k)).toMatchObject({ quantity: 7, reserved: 0 });
    const deleted = rebase(b, [entry({ kind: 'document.delete', documentId: 'd1' })], reserve);
    expect(deleted.state.stock.get(k)).toMatchObject({ quantity: 10, reserved: 0 });
    expect(deleted.state.documents.get('d1')).toBeNull();
    // Without the setting, lines reserve nothing.
    expect(rebase(b, [add('d1', 'x1', 'p1', 2)], noReserve).state.stock.get(k)).toMatchObject({
      reserved: 3,
    });
  });

  it('leaves out a confirmation the stock no longer covers and says why', () => {
    const b = base({ stock: [stock('p1', 'l1', 1)] });
    const entries = [
      create('d1', 'DOU', { sourceLocationId: 'l1' }),
      add('d1', 'x1', 'p1', 2),
      confirm('d1'),
    ];
    const r = rebase(b, entries, noReserve);
    const last = entries[2];
    expect(r.state.documents.get('d1')?.statusCode).toBe('workingCopy');
    expect(r.state.stock.get(keyOf('p1', 'l1'))?.quantity).toBe(1);
    expect(last && r.conflicts.get(last.mutationId)?.map((i) => [i.code, i.positionIndex])).toEqual([
      ['quantityExceedsAvailable', 0],
    ]);
  });

  it('shows the final number once the server gave it, and applies a creation only once', () => {
    const created = create('d1', 'DIN', { destinationLocationId: 'l1' });
    const accepted = {
      ...created,
      status: 'accepted' as const,
      result: { documentNumber: 'DIN/2026/000001' },
    };
    expect(rebase(base(), [accepted], noReserve).state.documents.get('d1')?.documentNumber).toBe(
      'DIN/2026/000001',
    );
    const onServer = base({
      documents: [
        { id: 'd1', typeCode: 'DIN', statusCode: 'workingCopy', documentNumber: 'DIN/2026/000001' },
      ],
    });
    const again = rebase(onServer, [created], noReserve);
    expect(again.touched.size).toBe(0);
  });

  it('records counted quantities and finishes counts', () => {
    const b = emptyState();
    b.orders.set('o1', { id: 'o1', typeCode: 'VER-A', statusCode: 'waitingToProcess' });
    b.orderPositions.set('op1', {
      id: 'op1',
      orderId: 'o1',
      lineNo: 1,
      productId: 'p1',
      quantity: 5,
      quantityReal: null,
    });
    b.orderPositions.set('op2', {
      id: 'op2',
      orderId: 'o1',
      lineNo: 2,
      productId: 'p2',
      quantity: 2,
      quantityReal: null,
    });
    b.positionSets.add('o1');
    const r = rebase(
      b,
      [
        entry({ kind: 'orderPosition.quantityReal', orderId: 'o1', orderPositionId: 'op1', quantityReal: 4 }),
        entry({ kind: 'verification.finish', orderId: 'o1', generateDocuments: true }),
      ],
      noReserve,
    );
    expect(r.state.orderPositions.get('op1')?.quantityReal).toBe(4);
    expect(r.state.orders.get('o1')).toMatchObject({
      statusCode: 'inProgress',
      verificationStatus: 'finishedWithDifferences',
    });
  });
});
