import { describe, expect, it } from 'vitest';
import { AppError } from '../../../domain/errors';
import { addQuantities, roundQuantity } from '../../../domain/warehouse/quantity';
import {
  applyMovements,
  available,
  bestSourceMaterial,
  movementsOf,
  parseStockKey,
  reservationsOf,
  revertMovements,
  type StockRow,
  stockKey,
  stockKeyString,
  suggestLocationsIn,
} from '../../../domain/warehouse/stock';
import type { LocationRules } from '../../../domain/warehouse/validationInput';
import { aDocument, aLocation, aPosition, aProduct, defaultRules, inDays, today } from './fixtures';

const key = (locationId: string, extra: Partial<Parameters<typeof stockKey>[0]> = {}) =>
  stockKeyString(stockKey({ productId: 'p1', locationId, ...extra }));

describe('stock keys', () => {
  it('normalises blanks and date-times, and round-trips', () => {
    const k = stockKey({
      productId: 'p',
      locationId: 'l',
      container: ' ',
      serialNumber: 'S"1',
      expDate: '2025-01-02T10:00',
    });
    expect(k).toEqual({
      productId: 'p',
      locationId: 'l',
      container: null,
      serialNumber: 'S"1',
      prodDate: null,
      expDate: '2025-01-02',
    });
    expect(parseStockKey(stockKeyString(k))).toEqual(k);
  });

  it('tells batches apart', () => {
    expect(key('a', { expDate: '2025-01-01' })).not.toBe(key('a'));
    expect(key('a', { container: 'C1' })).not.toBe(key('a'));
  });
});

describe('movementsOf', () => {
  it('adds at the destination for receipts', () => {
    expect(
      movementsOf(aDocument('DIN'), [aPosition({ quantity: 2 })]).map((m) => [m.keyString, m.quantity]),
    ).toEqual([[key('dst'), 2]]);
  });

  it('takes at the source for releases, position locations winning over the header', () => {
    const moves = movementsOf(aDocument('DOU'), [
      aPosition({ quantity: 2 }),
      aPosition({ quantity: 1, sourceLocationId: 'x' }),
    ]);
    expect(moves.map((m) => [m.keyString, m.quantity, m.positionIndex])).toEqual([
      [key('src'), -2, 0],
      [key('x'), -1, 1],
    ]);
  });

  it('moves source to destination for relocations, and a moved bin keeps its number', () => {
    const moves = movementsOf(aDocument('LCR', { sourceContainer: 'C1' }), [
      aPosition({ quantity: 3, expDate: '2026-01-01' }),
    ]);
    expect(moves.map((m) => [m.keyString, m.quantity])).toEqual([
      [key('src', { container: 'C1', expDate: '2026-01-01' }), -3],
      [key('dst', { container: 'C1', expDate: '2026-01-01' }), 3],
    ]);
  });

  it('lets a production position consume or produce', () => {
    const moves = movementsOf(aDocument('PRL'), [
      aPosition({ productId: 'm', sourceLocationId: 'src', quantity: 4 }),
      aPosition({ destinationLocationId: 'dst' }),
    ]);
    expect(moves.map((m) => m.quantity)).toEqual([-4, 1]);
    const withHeader = movementsOf(
      aDocument('PRL', { sourceLocationId: 'src', destinationLocationId: 'dst' }),
      [aPosition({ sourceLocationId: 'x', quantity: 2 }), aPosition({ destinationLocationId: 'y' })],
    );
    expect(withHeader.map((m) => [m.keyString, m.quantity])).toEqual([
      [key('x'), -2],
      [key('y'), 1],
    ]);
  });

  it('ignores the forbidden side, non-positive quantities, and rounds to 6 decimals', () => {
    const doc = aDocument('DIN', { sourceLocationId: 'src' });
    expect(
      movementsOf(doc, [aPosition({ quantity: 0 }), aPosition({ quantity: 1.23456789 })]).map(
        (m) => m.quantity,
      ),
    ).toEqual([1.234568]);
  });

  it('refuses an unknown type with documentTypeMissing', () => {
    expect(() => movementsOf(aDocument('ZZZ'), [aPosition()])).toThrow(AppError);
  });
});

describe('applyMovements / revertMovements', () => {
  const receipt = movementsOf(aDocument('DIN'), [aPosition({ quantity: 5 })]);
  const release = movementsOf(aDocument('DOU', { sourceLocationId: 'dst' }), [aPosition({ quantity: 2 })]);

  it('applies and reverts', () => {
    const a = applyMovements(new Map(), receipt);
    if (!a.ok) throw new Error('receipt refused');
    expect([...a.stock]).toEqual([[key('dst'), 5]]);
    const b = applyMovements(a.stock, release);
    if (!b.ok) throw new Error('release refused');
    expect(b.stock.get(key('dst'))).toBe(3);
    const c = revertMovements(b.stock, release);
    expect(c.ok && c.stock.get(key('dst'))).toBe(5);
  });

  it('refuses a shortfall and leaves the map untouched', () => {
    const stock = new Map([[key('dst'), 1.5]]);
    const result = applyMovements(stock, release);
    expect(result).toMatchObject({
      ok: false,
      shortfall: { onHand: 1.5, change: -2, missing: 0.5, positionIndex: 0 },
    });
    expect([...stock]).toEqual([[key('dst'), 1.5]]);
  });

  it('refuses to revert a receipt whose goods have left', () => {
    const result = revertMovements(new Map([[key('dst'), 4]]), receipt);
    expect(result.ok).toBe(false);
  });

  it('drops keys that reach zero and does not drift', () => {
    let stock: Map<string, number> = new Map();
    for (let i = 0; i < 10; i++) {
      const r = applyMovements(stock, movementsOf(aDocument('DIN'), [aPosition({ quantity: 0.1 })]));
      if (!r.ok) throw new Error('refused');
      stock = r.stock;
    }
    expect(stock.get(key('dst'))).toBe(1);
    const out = applyMovements(
      stock,
      movementsOf(aDocument('DOU', { sourceLocationId: 'dst' }), [aPosition({ quantity: 1 })]),
    );
    expect(out.ok && out.stock.size).toBe(0);
  });

  it('judges the net change of a document, so its positions may feed each other', () => {
    const doc = aDocument('ARL', { sourceLocationId: null, destinationLocationId: null });
    const moves = movementsOf(doc, [
      aPosition({ sourceLocationId: 'b', destinationLocationId: 'c', quantity: 2 }),
      aPosition({ sourceLocationId: 'a', destinationLocationId: 'b', quantity: 2 }),
    ]);
    const result = applyMovements(new Map([[key('a'), 2]]), moves);
    expect(result.ok && [...result.stock]).toEqual([[key('c'), 2]]);
  });
});

describe('quantities', () => {
  it('rounds and adds without drift', () => {
    expect(addQuantities(0.1, 0.2)).toBe(0.3);
    expect(roundQuantity(-0.0000001)).toBe(0);
    expect(Object.is(roundQuantity(-0.0000001), 0)).toBe(true);
  });

  it('available is on hand minus reserved, never negative', () => {
    expect(available(10, 2.5)).toBe(7.5);
    expect(available(1, 3)).toBe(0);
  });

  it('a working copy reserves what it takes, per stock row', () => {
    const reserved = reservationsOf(aDocument('DOU'), [
      aPosition({ quantity: 2 }),
      aPosition({ quantity: 0.5 }),
    ]);
    expect([...reserved]).toEqual([[key('src'), 2.5]]);
    expect(reservationsOf(aDocument('DIN'), [aPosition()]).size).toBe(0);
  });
});

const row = (over: Partial<StockRow>): StockRow => ({
  productId: 'p1',
  locationId: 'a',
  container: null,
  serialNumber: null,
  prodDate: null,
  expDate: null,
  quantity: 1,
  ...over,
});
const locationsOf = (...list: LocationRules[]) => new Map(list.map((l) => [l.id, l]));

describe('bestSourceMaterial (FEFO)', () => {
  const locations = locationsOf(
    aLocation({ id: 'a', label: 'A-10', pickupOrder: 2 }),
    aLocation({ id: 'b', label: 'A-2', pickupOrder: 2 }),
    aLocation({ id: 'c', label: 'C-1', pickupOrder: 1 }),
    aLocation({ id: 'locked', label: 'L-1', lockedOut: true }),
  );
  const rules = defaultRules();

  it('orders by expiry, then receipt, then walking order, non-expiring last', () => {
    const rows = [
      row({ locationId: 'a', expDate: null, receivedAt: '2020-01-01' }),
      row({ locationId: 'a', expDate: inDays(30), receivedAt: '2025-02-01' }),
      row({ locationId: 'b', expDate: inDays(30), receivedAt: '2025-01-01' }),
      row({ locationId: 'c', expDate: inDays(60) }),
      row({ locationId: 'a', expDate: inDays(5), container: 'C1' }),
      row({ locationId: 'b', expDate: inDays(60) }),
    ];
    const order = bestSourceMaterial('p1', rows, locations, aProduct(), rules, today).map(
      (c) => `${c.location.label}:${c.daysToExpiry}`,
    );
    expect(order).toEqual(['A-10:5', 'A-2:30', 'A-10:30', 'C-1:60', 'A-2:60', 'A-10:null']);
  });

  it('skips locked-out and unknown locations, other products, nothing available, expired and too short goods', () => {
    const rows = [
      row({ locationId: 'locked' }),
      row({ locationId: 'ghost' }),
      row({ locationId: 'a', productId: 'p2' }),
      row({ locationId: 'a', quantity: 2, reserved: 2 }),
      row({ locationId: 'b', expDate: inDays(-1) }),
      row({ locationId: 'b', expDate: inDays(6), serialNumber: 'S1' }),
      row({ locationId: 'c', expDate: inDays(7), quantity: 3, reserved: 1 }),
    ];
    const found = bestSourceMaterial('p1', rows, locations, aProduct({ minimalExpDays: 7 }), rules, today);
    expect(found.map((c) => [c.key.locationId, c.available])).toEqual([['c', 2]]);
  });

  it('keeps expired goods (first) when the expired-goods rule is off', () => {
    const rows = [
      row({ locationId: 'a', expDate: inDays(3) }),
      row({ locationId: 'b', expDate: inDays(-1) }),
    ];
    const found = bestSourceMaterial(
      'p1',
      rows,
      locations,
      aProduct(),
      { expiredGoods: { enabled: false } },
      today,
    );
    expect(found.map((c) => c.key.locationId)).toEqual(['b', 'a']);
  });

  it('merges duplicate rows of one stock key and offers nothing for a product locked for release', () => {
    const rows = [
      row({ quantity: 1, receivedAt: '2025-03-01' }),
      row({ quantity: 2, receivedAt: '2025-01-01' }),
    ];
    expect(bestSourceMaterial('p1', rows, locations, aProduct(), rules, today)).toMatchObject([
      { available: 3, receivedAt: '2025-01-01' },
    ]);
    expect(bestSourceMaterial('p1', rows, locations, aProduct({ lockOut: true }), rules, today)).toEqual([]);
  });
});

describe('suggestLocationsIn (putaway)', () => {
  const locations = locationsOf(
    aLocation({ id: 'free2', label: 'F-2', pickupOrder: 5 }),
    aLocation({ id: 'free10', label: 'F-10', pickupOrder: 5 }),
    aLocation({ id: 'free0', label: 'Z-1', pickupOrder: 1 }),
    aLocation({ id: 'home', label: 'H-1' }),
    aLocation({ id: 'has', label: 'Q-1' }),
    aLocation({ id: 'other', label: 'O-1' }),
    aLocation({ id: 'aisle', label: 'AISLE', handleStock: false }),
    aLocation({ id: 'lockedIn', label: 'LI', lockedIn: true }),
    aLocation({ id: 'cold', label: 'COLD', temperature: -18 }),
    aLocation({ id: 'small', label: 'SMALL', capacityKg: 5 }),
  );
  const stock = [
    row({ locationId: 'has', quantity: 2, unitWeightKg: 1 }),
    row({ locationId: 'other', productId: 'p2', quantity: 1 }),
  ];
  const product = aProduct({ defaultLocationId: 'home', weight: 2, minTemperature: 2, maxTemperature: 25 });

  it('suggests the default location, then holders, then free ones in walking order', () => {
    const found = suggestLocationsIn(product, 3, stock, locations, {
      temperature: { enabled: true },
      rackCapacity: { enabled: true },
    });
    expect(found.map((s) => `${s.reason}:${s.location.label}`)).toEqual([
      'default:H-1',
      'holdsProduct:Q-1',
      'free:Z-1',
      'free:F-2',
      'free:F-10',
    ]);
    expect(found[1]?.loadKg).toBe(2);
  });

  it('ignores temperature and capacity while those rules are off', () => {
    const found = suggestLocationsIn(product, 3, stock, locations, {
      temperature: { enabled: false },
      rackCapacity: { enabled: false },
    });
    expect(found.map((s) => s.location.id)).toEqual(expect.arrayContaining(['cold', 'small']));
    expect(found.map((s) => s.location.id)).not.toContain('aisle');
    expect(found.map((s) => s.location.id)).not.toContain('lockedIn');
    expect(found.map((s) => s.location.id)).not.toContain('other');
  });

  it('keeps a location whose capacity fits exactly, and suggests nothing for a product locked for receipt', () => {
    const rules = { temperature: { enabled: false }, rackCapacity: { enabled: true } };
    expect(
      suggestLocationsIn(aProduct({ weight: 2.5 }), 2, [], locationsOf(aLocation({ capacityKg: 5 })), rules),
    ).toHaveLength(1);
    expect(
      suggestLocationsIn(
        aProduct({ weight: 2.5 }),
        2.1,
        [],
        locationsOf(aLocation({ capacityKg: 5 })),
        rules,
      ),
    ).toHaveLength(0);
    expect(suggestLocationsIn(aProduct({ lockIn: true }), 1, [], locations, rules)).toEqual([]);
  });
});
