import { describe, expect, it } from 'vitest';
import { emptyPosition } from '../../../../src/features/documents/documentForm';
import { lineProgressOf, type OrderRow } from '../../../../src/features/orders/orderApi';
import {
  documentTypeOfOrder,
  editorOrderTypes,
  emptyOrderHeader,
  orderHeaderFromRow,
  orderInstantIssues,
  orderSideRules,
  toOrderInput,
} from '../../../../src/features/orders/orderForm';

const order: OrderRow = {
  id: 'o-1',
  orderNumber: 'ORD-OOU/2026/000001',
  typeCode: 'OOU',
  statusCode: 'workingCopy',
  contractorId: 'c-1',
  assignedUserId: null,
  priority: 'high',
  sourceLocationId: 'loc-a',
  destinationLocationId: null,
  sourceContainer: null,
  destinationContainer: null,
  plannedDate: null,
  deliveryDate: '2026-12-01T10:00:00.000Z',
  comment: null,
  closedManuallyReason: null,
};

describe('the order form', () => {
  it('edits move, production and offer orders by hand, not counts', () => {
    expect(editorOrderTypes).toEqual(expect.arrayContaining(['OIN', 'OOU', 'OPI']));
    expect(editorOrderTypes.some((c) => c.startsWith('VER'))).toBe(false);
    expect(documentTypeOfOrder('OOU')).toBe('OOU');
    expect(documentTypeOfOrder('OPI')).toBe('OPK');
    expect(documentTypeOfOrder(null)).toBeNull();
  });

  it('offers the sides the generated document allows, none of them required', () => {
    expect(orderSideRules('OOU')).toEqual({
      sourceLocation: 'optional',
      destinationLocation: 'forbidden',
      sourceContainer: 'optional',
      destinationContainer: 'forbidden',
    });
    expect(orderSideRules('OIN').destinationLocation).toBe('optional');
  });

  it('round-trips the header and leaves out the sides the document type forbids', () => {
    const header = orderHeaderFromRow(order);
    expect(header).toMatchObject({ typeCode: 'OOU', priority: 'high', sourceLocationId: 'loc-a' });
    expect(header.deliveryDate).not.toBe('');
    const input = toOrderInput(
      { ...header, destinationLocationId: 'loc-b', destinationContainer: 'X' },
      null,
    );
    expect(input).toMatchObject({
      typeCode: 'OOU',
      contractorId: 'c-1',
      sourceLocationId: 'loc-a',
      destinationLocationId: null,
      destinationContainer: null,
      deliveryDate: '2026-12-01T10:00:00.000Z',
    });
    expect(input).not.toHaveProperty('positions');
  });

  it('checks only the quantities of lines before the save (locations may come with the documents)', () => {
    const input = toOrderInput(emptyOrderHeader('OOU'), [
      { ...emptyPosition(), productId: 'p-1', quantity: 0 },
    ]);
    expect(orderInstantIssues(input).map((i) => i.code)).toEqual(['quantityNotPositive']);
    const fine = toOrderInput(emptyOrderHeader('OOU'), [
      { ...emptyPosition(), productId: 'p-1', quantity: 4 },
    ]);
    expect(orderInstantIssues(fine)).toEqual([]);
  });
});

describe('line progress', () => {
  it('reads a progress row, a count row and a bare position alike', () => {
    expect(
      lineProgressOf({ positionId: 'l-1', productId: 'p-1', ordered: 10, realised: 4, remaining: 6 }),
    ).toMatchObject({ positionId: 'l-1', ordered: 10, realised: 4, remaining: 6, done: false });
    expect(lineProgressOf({ id: 'l-2', productId: 'p-1', expected: '5.000000', counted: 5 })).toMatchObject({
      positionId: 'l-2',
      ordered: 5,
      recorded: 5,
      done: true,
    });
    expect(
      lineProgressOf({ position: { id: 'l-3', productId: 'p-2', quantity: 3, quantityReal: null } }),
    ).toMatchObject({ positionId: 'l-3', productId: 'p-2', ordered: 3, recorded: null, realised: 0 });
  });
});
