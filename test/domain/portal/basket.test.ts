import { describe, expect, it } from 'vitest';
import { lineTarget, openOrderClaim, orderableQuantity } from '../../../domain/portal/availability';
import {
  basketIssues,
  basketShortages,
  checkDeliveryDate,
  checkLineQuantity,
  maxBasketLines,
  maxDeliveryDays,
  maxLineQuantity,
  repeatIntoBasket,
} from '../../../domain/portal/basket';
import { isVisibleToContractor } from '../../../domain/portal/contractorVisibility';

describe('checkLineQuantity', () => {
  it('takes a positive quantity, typed or as text, rounded to 6 decimals', () => {
    expect(checkLineQuantity(3)).toEqual({ quantity: 3 });
    expect(checkLineQuantity(' 2.5 ')).toEqual({ quantity: 2.5 });
    expect(checkLineQuantity(0.1234567)).toEqual({ quantity: 0.123457 });
  });

  it('names the rule a refused quantity breaks', () => {
    expect(checkLineQuantity(undefined)).toEqual({ error: { field: 'quantity', rule: 'required' } });
    expect(checkLineQuantity('')).toEqual({ error: { field: 'quantity', rule: 'required' } });
    expect(checkLineQuantity('abc')).toEqual({ error: { field: 'quantity', rule: 'invalidValue' } });
    expect(checkLineQuantity(Number.POSITIVE_INFINITY)).toEqual({
      error: { field: 'quantity', rule: 'invalidValue' },
    });
    expect(checkLineQuantity(0)).toEqual({
      error: { field: 'quantity', rule: 'minValue', params: { min: 0 } },
    });
    expect(checkLineQuantity(-1)).toEqual({
      error: { field: 'quantity', rule: 'minValue', params: { min: 0 } },
    });
    expect(checkLineQuantity(1e308)).toEqual({
      error: { field: 'quantity', rule: 'maxValue', params: { max: maxLineQuantity } },
    });
  });
});

describe('checkDeliveryDate', () => {
  const today = '2026-11-25';

  it('takes today up to the last day ahead', () => {
    expect(checkDeliveryDate('2026-11-25', today)).toEqual({ date: '2026-11-25' });
    expect(checkDeliveryDate('2026-12-01T00:00:00.000Z', today)).toEqual({ date: '2026-12-01' });
    expect(checkDeliveryDate('2027-11-26', today)).toEqual({ date: '2027-11-26' });
    expect(maxDeliveryDays).toBe(366);
  });

  it('refuses a missing, malformed, impossible, past or too distant date', () => {
    expect(checkDeliveryDate(undefined, today)).toEqual({
      error: { field: 'deliveryDate', rule: 'required' },
    });
    expect(checkDeliveryDate('25.11.2026', today)).toEqual({
      error: { field: 'deliveryDate', rule: 'invalidValue' },
    });
    expect(checkDeliveryDate('2026-02-30', today)).toEqual({
      error: { field: 'deliveryDate', rule: 'invalidValue' },
    });
    expect(checkDeliveryDate('2026-11-24', today)).toEqual({
      error: { field: 'deliveryDate', rule: 'minValue', params: { min: today } },
    });
    expect(checkDeliveryDate('2027-11-27', today)).toEqual({
      error: { field: 'deliveryDate', rule: 'maxValue', params: { max: '2027-11-26' } },
    });
  });
});

describe('basket shortages', () => {
  const orderable = new Map([
    ['a', 5],
    ['b', 0.5],
  ]);

  it('lists each line asking for more than can be ordered, with what is missing', () => {
    const lines = [
      { productId: 'a', quantity: 5 },
      { productId: 'b', quantity: 0.7 },
      { productId: 'c', quantity: 1 },
    ];
    expect(basketShortages(lines, orderable)).toEqual([
      { index: 1, productId: 'b', quantity: 0.7, available: 0.5, missing: 0.2 },
      { index: 2, productId: 'c', quantity: 1, available: 0, missing: 1 },
    ]);
  });

  it('gives them as issues on the lines, naming the product by its index', () => {
    const issues = basketIssues([{ productId: 'b', quantity: 2 }], orderable, new Map([['b', 'IDX-B']]));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      code: 'quantityExceedsOrderable',
      positionIndex: 0,
      field: 'quantity',
      params: { product: 'IDX-B', productId: 'b', quantity: 2, available: 0.5, missing: 1.5 },
    });
  });
});

describe('repeatIntoBasket', () => {
  it('adds what can be ordered beyond the basket and explains every refused line', () => {
    const result = repeatIntoBasket(
      [
        { productId: 'a', quantity: 2 },
        { productId: 'gone', quantity: 1 },
        { productId: 'b', quantity: 4 },
        { productId: 'c', quantity: 3 },
      ],
      new Map([
        ['a', 10],
        ['b', 3],
        ['c', 1],
      ]),
      new Map([['c', 1]]),
    );
    expect(result.add).toEqual([
      { productId: 'a', quantity: 2 },
      { productId: 'b', quantity: 3 },
    ]);
    expect(result.refused).toEqual([
      { line: 2, productId: 'gone', reason: 'productUnavailable', wanted: 1, added: 0, available: 0 },
      { line: 3, productId: 'b', reason: 'reduced', wanted: 4, added: 3, available: 3 },
      { line: 4, productId: 'c', reason: 'nothingAvailable', wanted: 3, added: 0, available: 0 },
    ]);
  });

  it('refuses a new product once the basket holds its most lines, and still tops up products already in it', () => {
    const result = repeatIntoBasket(
      [
        { productId: 'new', quantity: 1 },
        { productId: 'held', quantity: 2 },
      ],
      new Map([
        ['new', 5],
        ['held', 5],
      ]),
      new Map([
        ['held', 1],
        ['other', 1],
      ]),
      2,
    );
    expect(result.add).toEqual([{ productId: 'held', quantity: 2 }]);
    expect(result.refused).toEqual([
      { line: 1, productId: 'new', reason: 'basketFull', wanted: 1, added: 0, available: 0 },
    ]);
  });

  it('fills the basket up to maxBasketLines and no further', () => {
    const inBasket = new Map(Array.from({ length: maxBasketLines - 1 }, (_, i) => [`p${i}`, 1] as const));
    const result = repeatIntoBasket(
      [
        { productId: 'x', quantity: 1 },
        { productId: 'y', quantity: 1 },
      ],
      new Map([
        ['x', 1],
        ['y', 1],
      ]),
      inBasket,
    );
    expect(result.add).toEqual([{ productId: 'x', quantity: 1 }]);
    expect(result.refused.map((r) => [r.productId, r.reason])).toEqual([['y', 'basketFull']]);
  });

  it('counts a product repeated in the order once against what can be ordered', () => {
    const result = repeatIntoBasket(
      [
        { productId: 'a', quantity: 2 },
        { productId: 'a', quantity: 2 },
      ],
      new Map([['a', 3]]),
      new Map(),
    );
    expect(result.add).toEqual([
      { productId: 'a', quantity: 2 },
      { productId: 'a', quantity: 1 },
    ]);
    expect(result.refused).toEqual([
      { line: 2, productId: 'a', reason: 'reduced', wanted: 2, added: 1, available: 1 },
    ]);
  });
});

describe('what a contractor can order', () => {
  it('is stock less reservations less open orders, never negative, exact in decimals', () => {
    expect(orderableQuantity(10, 2, 3)).toBe(5);
    expect(orderableQuantity(0.3, 0.1, 0.2)).toBe(0);
    expect(orderableQuantity(1, 0, 5)).toBe(0);
    expect(orderableQuantity(0.7, 0.1, 0.2)).toBe(0.4);
  });

  it("claims an open order's target less what its documents cover", () => {
    expect(lineTarget(10, null)).toBe(10);
    expect(lineTarget(10, 4)).toBe(4);
    expect(lineTarget(10, 12)).toBe(10);
    // Working copies that reserve took their part off already; otherwise only confirmed documents did.
    expect(openOrderClaim(10, 6, 2, true)).toBe(4);
    expect(openOrderClaim(10, 6, 2, false)).toBe(8);
    expect(openOrderClaim(10, 12, 12, true)).toBe(0);
  });
});

describe('isVisibleToContractor', () => {
  it("is the contractor's own product not hidden from the portal", () => {
    expect(isVisibleToContractor({ contractorId: 'k1', hideFromPortal: false }, 'k1')).toBe(true);
    expect(isVisibleToContractor({ contractorId: 'k1', hideFromPortal: null }, 'k1')).toBe(true);
    expect(isVisibleToContractor({ contractorId: 'k1', hideFromPortal: true }, 'k1')).toBe(false);
    expect(isVisibleToContractor({ contractorId: 'k2', hideFromPortal: false }, 'k1')).toBe(false);
    expect(isVisibleToContractor({ contractorId: null, hideFromPortal: false }, 'k1')).toBe(false);
  });
});
