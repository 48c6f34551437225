import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/api/apiError';
import { errorIssues } from '../../../../src/features/documents/errorIssues';
import {
  documentTypeLabel,
  orderTypeLabel,
  typeItemsOf,
} from '../../../../src/features/documents/typeLabels';
import {
  asPage,
  formatQuantity,
  pageQuery,
  textOrNull,
  toNumber,
} from '../../../../src/features/documents/values';

describe('warehouse screen values', () => {
  it('reads decimals sent as numbers or numeric strings and shows them without storage zeros', () => {
    expect(toNumber('10.500000')).toBe(10.5);
    expect(toNumber('')).toBeNull();
    expect(toNumber('abc')).toBeNull();
    expect(formatQuantity('10.000000')).toBe('10');
    expect(formatQuantity(0.1 + 0.2)).toBe('0.3');
    expect(textOrNull('  ')).toBeNull();
    expect(textOrNull(' PAL-1 ')).toBe('PAL-1');
  });

  it('reads either list shape and writes the paged list query', () => {
    expect(asPage([1, 2])).toEqual({ results: [1, 2], allFilteredRowCount: 2 });
    expect(asPage({ results: [1], allFilteredRowCount: '7' })).toEqual({
      results: [1],
      allFilteredRowCount: 7,
    });
    expect(asPage(null)).toEqual({ results: [], allFilteredRowCount: 0 });
    expect(
      pageQuery(2, 50, [{ field: 'orderId', operator: 'eq', value: 'o-1' }], {
        column: 'createdAt',
        descending: true,
      }),
    ).toEqual({
      PageNumber: '2',
      PageSize: '50',
      sortColumn: 'createdAt',
      sortDescending: 'true',
      BasicFiltersSerialized: JSON.stringify([{ field: 'orderId', operator: 'eq', value: 'o-1' }]),
    });
  });

  it('puts the issues of a failed save on the header and on the positions', () => {
    const error = new ApiError(422, {
      code: 'documentInvalid',
      message: 'invalid',
      issues: [{ code: 'quantityNotPositive', positionIndex: 1, field: 'quantity' }],
      fields: [
        { field: 'positions.0.productId', rule: 'required' },
        { field: 'comment', rule: 'maxLength', params: { max: 10 } },
      ],
    });
    expect(errorIssues(error)).toEqual([
      { code: 'quantityNotPositive', positionIndex: 1, field: 'quantity' },
      { code: 'required', positionIndex: 0, field: 'productId', params: undefined },
      { code: 'maxLength', field: 'comment', params: { max: 10 } },
    ]);
    expect(errorIssues(new Error('offline'))).toEqual([]);
  });

  it('names types by code and translated name', () => {
    const t = (key: string) => `«${key}»`;
    expect(documentTypeLabel(t, 'DIN')).toBe('DIN — «warehouse:documentTypes.DIN»');
    expect(orderTypeLabel(t, 'OOU')).toBe('OOU — «warehouse:orderTypes.OOU»');
    expect(typeItemsOf(t, ['ARL'], documentTypeLabel)).toEqual([
      { code: 'ARL', label: 'ARL — «warehouse:documentTypes.ARL»' },
    ]);
  });
});
