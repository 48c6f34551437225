import { describe, expect, it } from 'vitest';
import { allocateToOrder } from '../../../../src/features/terminal/data/allocateToOrder';
import {
  directTypeOf,
  flowKindOfDocument,
  flowKindOfOrder,
  generatedTypeOf,
  isFlowKind,
} from '../../../../src/features/terminal/data/flowKinds';
import type { LineDraft } from '../../../../src/features/terminal/data/lineDraft';
import { linePayloadOf, linePayloadOfRow } from '../../../../src/features/terminal/data/lineDraft';
import { orderProgress, progressTotals } from '../../../../src/features/terminal/data/orderProgress';

/** The terminal data layer's pure helpers: flows ↔ types, order progress, allocation, line payloads. */

const draft = (over: Partial<LineDraft> = {}): LineDraft => ({
  productId: 'p-1',
  locationId: 'l-1',
  quantity: 1,
  container: null,
  serialNumber: null,
  prodDate: null,
  expDate: null,
  ...over,
});

describe('flow kinds', () => {
  it('map flows to order and document types', () => {
    expect(isFlowKind('picking')).toBe(true);
    expect(isFlowKind('production')).toBe(false);
    expect(['OIN', 'OOU', 'OPI', 'VER-L', 'OPR'].map(flowKindOfOrder)).toEqual([
      'receipt',
      'release',
      'picking',
      'verify',
      null,
    ]);
    expect(['OIN', 'OOU', 'OPI', 'VER-A'].map(generatedTypeOf)).toEqual(['OIN', 'OOU', 'OPK', null]);
    expect(directTypeOf).toEqual({ receipt: 'DIN', release: 'DOU', picking: null, verify: null });
    expect(['DIN', 'DOU', 'OOU'].map(flowKindOfDocument)).toEqual(['receipt', 'release', null]);
  });
});

describe('order progress', () => {
  it('realised = max(recorded, confirmed), confirmed quantities filling a product’s lines in order', () => {
    const progress = orderProgress(
      [
        { id: 'a', productId: 'p-1', quantity: 4, quantityReal: null },
        { id: 'b', productId: 'p-1', quantity: 2, quantityReal: 1 },
        { id: 'c', productId: 'p-2', quantity: 3, quantityReal: 3 },
        { id: 'd', productId: 'p-3', quantity: 1, quantityReal: null },
      ],
      new Map([
        ['p-1', 5],
        ['p-2', 1],
      ]),
    );
    expect(progress.map((p) => [p.confirmed, p.realised, p.remaining, p.done])).toEqual([
      [4, 4, 0, true],
      [1, 1, 1, false],
      [1, 3, 0, true],
      [0, 0, 1, false],
    ]);
    expect(progressTotals(progress)).toEqual({
      lines: 4,
      linesDone: 2,
      quantityOrdered: 10,
      quantityRealised: 8,
      quantityRemaining: 2,
      percent: 80,
    });
    expect(progressTotals([]).percent).toBe(0);
  });

  it('an excess of confirmed goods stays on the product’s last line', () => {
    const progress = orderProgress(
      [
        { id: 'a', productId: 'p-1', quantity: 1, quantityReal: null },
        { id: 'b', productId: 'p-1', quantity: 1, quantityReal: null },
      ],
      new Map([['p-1', 3.5]]),
    );
    expect(progress.map((p) => p.confirmed)).toEqual([1, 2.5]);
    expect(progressTotals(progress).percent).toBe(100);
  });
});

describe('allocation of a recorded line to an order', () => {
  const position = (id: string, productId: string, ordered: number, realised: number, over = {}) => ({
    id,
    productId,
    ordered,
    recorded: realised || null,
    realised,
    remaining: Math.max(0, ordered - realised),
    sourceLocationId: null,
    row: {},
    ...over,
  });

  it('a move order fills the product’s lines in order; quantities are new totals', () => {
    const positions = [position('a', 'p-1', 4, 3), position('b', 'p-2', 5, 0), position('c', 'p-1', 2, 0)];
    expect(allocateToOrder(positions, draft({ quantity: 2 }), { isCount: false })).toEqual({
      ok: true,
      updates: [
        { positionId: 'a', quantityReal: 4 },
        { positionId: 'c', quantityReal: 1 },
      ],
    });
    // More than is left: the excess goes to the last line (the order rule refuses it before queueing).
    expect(allocateToOrder(positions, draft({ quantity: 5 }), { isCount: false })).toMatchObject({
      updates: [
        { positionId: 'a', quantityReal: 4 },
        { positionId: 'c', quantityReal: 4 },
      ],
    });
    expect(allocateToOrder(positions, draft({ quantity: 1 }), { isCount: false, only: 'c' })).toMatchObject({
      updates: [{ positionId: 'c', quantityReal: 1 }],
    });
    expect(
      allocateToOrder(positions, draft({ productId: 'p-9' }), { isCount: false, productLabel: 'X' }),
    ).toEqual({
      ok: false,
      code: 'productNotOnOrder',
      params: { product: 'X' },
    });
  });

  it('a count takes the position of the product at the place, the batch deciding, uncounted first', () => {
    const positions = [
      position('a', 'p-1', 5, 0, { sourceLocationId: 'l-1', row: { expDate: '2026-06-01' } }),
      position('b', 'p-1', 2, 0, { sourceLocationId: 'l-1', row: { expDate: '2026-04-01' } }),
      position('c', 'p-1', 1, 0, { sourceLocationId: 'l-2', row: {} }),
    ];
    const count = (over: Partial<LineDraft>) => allocateToOrder(positions, draft(over), { isCount: true });
    expect(count({ quantity: 7 })).toEqual({ ok: true, updates: [{ positionId: 'a', quantityReal: 7 }] });
    expect(count({ expDate: '2026-04-01', quantity: 0 })).toMatchObject({ updates: [{ positionId: 'b' }] });
    expect(count({ locationId: 'l-2' })).toMatchObject({ updates: [{ positionId: 'c' }] });
    expect(count({ locationId: 'l-9' })).toMatchObject({ ok: false, code: 'productNotOnOrder' });
  });
});

describe('line payloads', () => {
  it('put the scanned location and bin on the flow’s side', () => {
    const ids = { id: 'x', documentId: 'd' };
    expect(linePayloadOf('receipt', ids, draft({ container: 'BIN' }))).toMatchObject({
      destinationLocationId: 'l-1',
      destinationContainer: 'BIN',
    });
    const release = linePayloadOf('release', ids, draft({ container: 'BIN', expDate: '2026-01-01' }));
    expect(release).toMatchObject({ sourceLocationId: 'l-1', sourceContainer: 'BIN', expDate: '2026-01-01' });
    expect(release).not.toHaveProperty('destinationLocationId');
    expect(
      linePayloadOfRow({
        id: 'x',
        documentId: 'd',
        productId: 'p',
        quantity: '2.5',
        expDate: '2026-01-01T00:00:00Z',
        sourceLocationId: '',
      }),
    ).toMatchObject({ quantity: 2.5, expDate: '2026-01-01', sourceLocationId: null });
  });
});
