import { describe, expect, it } from 'vitest';
import { containerStockView } from '../../../../src/features/stock/containerStockView';
import { inventoryView } from '../../../../src/features/stock/inventoryView';
import { productStockView } from '../../../../src/features/stock/productStockView';
import { buildListQuery, listColumns, parseListSearch } from '../../../../src/resources/listState';

const filtersOf = (query: Record<string, string>) => JSON.parse(query.BasicFiltersSerialized ?? '[]');

describe('stock views', () => {
  it('turn the inventory URL into the filters of GET WmsInventory/inventory', () => {
    const state = parseListSearch(
      inventoryView,
      new URLSearchParams(
        'f.productId=p-1&f.locationId=l-1&f.container=PAL&f.serialNumber=SN&f.expDate.from=2026-01-01&f.expDate.to=2026-03-31&f.quantity.from=2&sort=expDate&desc=1&page=2',
      ),
    );
    const query = buildListQuery(inventoryView, state);
    expect(query).toMatchObject({
      PageNumber: '2',
      PageSize: '25',
      sortColumn: 'expDate',
      sortDescending: 'true',
    });
    expect(filtersOf(query)).toEqual([
      { field: 'productId', operator: 'eq', value: 'p-1' },
      { field: 'locationId', operator: 'eq', value: 'l-1' },
      { field: 'container', operator: 'contains', value: 'PAL' },
      { field: 'serialNumber', operator: 'contains', value: 'SN' },
      { field: 'expDate', operator: 'gte', value: '2026-01-01' },
      { field: 'expDate', operator: 'lte', value: '2026-03-31' },
      { field: 'quantity', operator: 'gte', value: 2 },
    ]);
  });

  it('filter only on fields the inventory endpoint accepts (docs/warehouse-api.md)', () => {
    const accepted = new Set([
      'productId',
      'productIndex',
      'productName',
      'locationId',
      'locationLabel',
      'container',
      'serialNumber',
      'prodDate',
      'expDate',
      'quantity',
      'reserved',
      'available',
      'contractorId',
    ]);
    const own = Object.keys(inventoryView.fields).filter((f) => f !== 'unit');
    expect(own.filter((f) => !accepted.has(f))).toEqual([]);
  });

  it('show the columns of each screen', () => {
    expect(listColumns(productStockView).map(([n]) => n)).toContain('level');
    expect(listColumns(containerStockView).map(([n]) => n)).toEqual([
      'container',
      'locationLabel',
      'products',
      'quantity',
      'reserved',
      'available',
    ]);
  });

  it('are read-only logistics views sorted by their title field', () => {
    for (const view of [inventoryView, productStockView, containerStockView]) {
      expect(view).toMatchObject({ readOnly: true, write: 'none', read: 'logistics', section: 'logistics' });
      expect(view.defaultSort).toEqual({ column: view.titleField });
      expect(listColumns(view).map(([n]) => n)).toEqual(
        expect.arrayContaining(['quantity', 'reserved', 'available']),
      );
    }
  });
});
