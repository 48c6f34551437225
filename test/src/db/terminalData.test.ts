import { describe, expect, it } from 'vitest';
import { documentInProgress } from '../../../src/features/terminal/data/documentViews';
import { openOrders, orderDetail } from '../../../src/features/terminal/data/orderViews';
import { findLocation, findProduct } from '../../../src/features/terminal/data/scanLookups';
import { fefoSource, putawaySuggestion } from '../../../src/features/terminal/data/stockSuggestions';
import { applyChangesPage, markRejected } from '../../../sync/replica';
import { queue, seededStore } from '../../sync/support/seed';

/** The terminal's reads of the replica (src/features/terminal/data/ (scanLookups, stockSuggestions, orderViews, documentViews)) on a seeded replica. */

describe('terminal data: scanning', () => {
  it('finds a product by barcode, index, GTIN or GS1 data', async () => {
    const store = await seededStore();
    const find = (code: string) => store.read((tx) => findProduct(tx, code));
    expect(await find('MILK')).toMatchObject({
      kind: 'found',
      product: { id: 'p-1', index: 'MILK-1', name: 'Milk' },
    });
    expect(await find('milk-1\r\n')).toMatchObject({ kind: 'found', product: { id: 'p-1' } });
    expect(await find('05901234123457')).toMatchObject({ kind: 'found', product: { id: 'p-1' } });
    const gs1 = await find('(01)04012345000016(17)260601(10)LOT-7');
    expect(gs1).toMatchObject({ kind: 'found', product: { id: 'p-3', requiredExpDate: true } });
    expect(gs1.gs1).toMatchObject({ ok: true, expiryDate: '2026-06-01', lot: 'LOT-7' });
    expect(await find('nothing-like-it')).toMatchObject({ kind: 'none' });
  });

  it('finds a location by label (any case) or id', async () => {
    const store = await seededStore();
    expect((await store.read((tx) => findLocation(tx, ' a-01 ')))?.id).toBe('l-1');
    expect((await store.read((tx) => findLocation(tx, 'l-2')))?.id).toBe('l-2');
    expect(await store.read((tx) => findLocation(tx, 'Z-99'))).toBeNull();
  });
});

describe('terminal data: suggestions on the replica', () => {
  it('FEFO: earliest expiry first, with the picks that cover the quantity', async () => {
    const store = await seededStore();
    const six = await store.read((tx) => fefoSource(tx, 'p-1', 6, '2026-03-15'));
    expect(six.candidates.map((c) => [c.key.locationId, c.key.expDate, c.available])).toEqual([
      ['l-2', '2026-04-01', 4],
      ['l-1', '2026-06-01', 5],
    ]);
    expect(six.picks.map((p) => [p.candidate.location.label, p.take])).toEqual([
      ['A-02', 4],
      ['A-01', 2],
    ]);
    expect(six.missing).toBe(0);
    expect((await store.read((tx) => fefoSource(tx, 'p-1', 20, '2026-03-15'))).missing).toBe(11);
    // Locked for release: no source at all.
    expect((await store.read((tx) => fefoSource(tx, 'p-2', 1, '2026-03-15'))).candidates).toEqual([]);
  });

  it('FEFO follows the pending work: what this device already took is not offered again', async () => {
    const store = await seededStore();
    await queue(store, {
      kind: 'document.create',
      document: { id: 'd1', typeCode: 'DOU', documentNumber: '', sourceLocationId: 'l-2' },
    });
    await queue(store, {
      kind: 'line.add',
      line: { id: 'x', documentId: 'd1', productId: 'p-1', quantity: 4, expDate: '2026-04-01' },
    });
    expect((await queue(store, { kind: 'document.confirm', documentId: 'd1' })).ok).toBe(true);
    const fefo = await store.read((tx) => fefoSource(tx, 'p-1', 1, '2026-03-15'));
    expect(fefo.candidates.map((c) => c.key.locationId)).toEqual(['l-1']);
  });

  it('putaway: locations holding the product, then free ones, in walking order; never an aisle or a mixed place', async () => {
    const store = await seededStore();
    const suggestions = await store.read((tx) => putawaySuggestion(tx, 'p-1', 1));
    expect(suggestions.map((s) => [s.location.label, s.reason])).toEqual([
      ['A-02', 'holdsProduct'],
      ['A-01', 'holdsProduct'],
      ['B-01', 'free'],
    ]);
    const other = await store.read((tx) => putawaySuggestion(tx, 'p-3', 1));
    expect(other.map((s) => s.location.label)).toEqual(['B-01']);
  });
});

describe('terminal data: orders and documents', () => {
  const seedOrder = async () => {
    const store = await seededStore();
    await store.write((tx) =>
      applyChangesPage(
        tx,
        [
          {
            op: 'upsert',
            entity: 'wmsOrder',
            id: 'o1',
            data: { typeCode: 'OOU', statusCode: 'waitingToProcess', orderNumber: 'OOU/2026/000001' },
          },
          {
            op: 'upsert',
            entity: 'wmsOrderPosition',
            id: 'op1',
            data: { orderId: 'o1', lineNo: 1, productId: 'p-1', quantity: 4 },
          },
          {
            op: 'upsert',
            entity: 'wmsOrderPosition',
            id: 'op2',
            data: { orderId: 'o1', lineNo: 2, productId: 'p-3', quantity: 2 },
          },
          {
            op: 'upsert',
            entity: 'wmsOrder',
            id: 'o2',
            data: { typeCode: 'OIN', statusCode: 'waitingToProcess', orderNumber: 'OIN/2026/000001' },
          },
          {
            op: 'upsert',
            entity: 'wmsOrder',
            id: 'o3',
            data: { typeCode: 'OOU', statusCode: 'closedFully', orderNumber: 'OOU/2026/000000' },
          },
        ],
        'c2',
      ),
    );
    return store;
  };

  it('lists open orders of a kind with their progress, which follows what the terminal records', async () => {
    const store = await seedOrder();
    const before = await store.read((tx) => openOrders(tx, 'release'));
    expect(before.map((o) => [o.orderNumber, o.lines, o.linesDone, o.percent])).toEqual([
      ['OOU/2026/000001', 2, 0, 0],
    ]);
    expect(
      (
        await queue(store, {
          kind: 'orderPosition.quantityReal',
          orderId: 'o1',
          orderPositionId: 'op1',
          quantityReal: 4,
        })
      ).ok,
    ).toBe(true);
    const after = await store.read((tx) => openOrders(tx, 'release'));
    expect(after.map((o) => [o.statusCode, o.linesDone, o.quantityRealised, o.percent])).toEqual([
      ['inProgress', 1, 4, 67],
    ]);
    const detail = await store.read((tx) => orderDetail(tx, 'o1'));
    expect(
      detail?.positions.map((p) => [p.product?.index, p.ordered, p.recorded, p.remaining, p.done]),
    ).toEqual([
      ['MILK-1', 4, 4, 0, true],
      ['CHEESE', 2, null, 2, false],
    ]);
    expect((await store.read((tx) => openOrders(tx, 'receipt'))).map((o) => o.id)).toEqual(['o2']);
  });

  it('shows each line’s sync state and keeps a refused line on screen with its reason', async () => {
    const store = await seededStore();
    await queue(store, {
      kind: 'document.create',
      document: { id: 'd1', typeCode: 'DOU', documentNumber: '', sourceLocationId: 'l-1' },
    });
    await queue(store, {
      kind: 'line.add',
      line: { id: 'a', documentId: 'd1', productId: 'p-1', quantity: 2, expDate: '2026-06-01' },
    });
    const refusedAdd = await queue(store, {
      kind: 'line.add',
      line: { id: 'b', documentId: 'd1', productId: 'p-1', quantity: 1, expDate: '2026-06-01' },
    });
    const confirm = await queue(store, { kind: 'document.confirm', documentId: 'd1' });
    if (!refusedAdd.ok || !confirm.ok) throw new Error('refused locally');
    await store.write((tx) =>
      markRejected(tx, refusedAdd.entry, { status: 409, code: 'statusForbidsChange' }),
    );
    const shortfall = {
      status: 409,
      code: 'stockShortfall',
      issues: [{ code: 'quantityExceedsAvailable', positionIndex: 0, field: 'quantity' }],
    };
    await store.write((tx) => markRejected(tx, confirm.entry, shortfall));
    const view = await store.read((tx) => documentInProgress(tx, 'd1'));
    expect(view.document).toMatchObject({ statusCode: 'workingCopy', documentNumber: 'WC-DOU/2026/D1-1' });
    expect(view.state).toBe('rejected');
    expect(view.rejection?.code).toBe('stockShortfall');
    expect(
      view.lines.map((l) => [
        l.line.id,
        l.state,
        l.ghost,
        l.rejection?.code,
        l.rejection?.issues?.map((i) => i.code),
      ]),
    ).toEqual([
      ['a', 'rejected', false, 'stockShortfall', ['quantityExceedsAvailable']],
      ['b', 'rejected', true, 'statusForbidsChange', undefined],
    ]);
    expect(view.lines[0]?.rejectedMutationId).toBe(confirm.entry.mutationId);
    expect(view.lines[1]?.rejectedMutationId).toBe(refusedAdd.entry.mutationId);
  });
});
