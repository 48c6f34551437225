import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stockKeyString } from '../../domain/warehouse/stock';
import { toStockRecord, toStoredRow } from '../../sync/rows';

describe('stored rows', () => {
  it('keys stock rows exactly like domain stockKeyString', () => {
    const text = fc.option(fc.oneof(fc.constant(''), fc.constant(' '), fc.string({ maxLength: 6 })), {
      nil: null,
    });
    const date = fc.option(fc.constantFrom('2026-03-01', '2026-03-01T10:00:00Z', ''), { nil: null });
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string({ minLength: 1 }),
        text,
        text,
        date,
        date,
        (p, l, c, s, pd, ed) => {
          const row = toStockRecord(
            {
              productId: p,
              locationId: l,
              container: c,
              serialNumber: s,
              prodDate: pd,
              expDate: ed,
              quantity: 1,
            },
            'id',
          );
          expect(row.key).toBe(
            stockKeyString({
              productId: p,
              locationId: l,
              container: c,
              serialNumber: s,
              prodDate: pd,
              expDate: ed,
            }),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('adds the lookup fields: product index key and GTINs, upper-case location labels', () => {
    expect(toStoredRow('product', 'p', { index: 'ab-1', barcodes: ['5901234123457', 'X', 5] })).toMatchObject(
      {
        indexKey: 'AB-1',
        barcodes: ['5901234123457', 'X'],
        gtins: ['05901234123457'],
      },
    );
    expect(toStoredRow('storageSpace', 'l', { label: 'a-01' })).toMatchObject({ id: 'l', label: 'A-01' });
    expect(
      toStockRecord({ productId: 'p', locationId: 'l', container: '', quantity: '2.5', reserved: null }, 's'),
    ).toMatchObject({
      container: null,
      quantity: 2.5,
      reserved: 0,
    });
  });
});
