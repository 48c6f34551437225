import { describe, expect, it } from 'vitest';
import { productRulesOf } from '../../../../domain/warehouse/ruleInputs';
import type { DocumentRow } from '../../../../src/features/documents/documentApi';
import {
  emptyHeader,
  emptyPosition,
  headerFromRow,
  instantIssues,
  positionFromRow,
  sideRulesOf,
  toDocumentInput,
  withoutForbiddenSides,
} from '../../../../src/features/documents/documentForm';

const row: DocumentRow = {
  id: 'd-1',
  documentNumber: 'ARL/2026/000001',
  typeCode: 'ARL',
  statusCode: 'workingCopy',
  contractorId: null,
  sourceLocationId: 'loc-a',
  destinationLocationId: 'loc-b',
  sourceContainer: 'PAL-1',
  destinationContainer: null,
  orderId: null,
  plannedDate: null,
  comment: 'move it',
  priority: null,
};

describe('the document form', () => {
  it('reads a stored header into the editor and writes it back unchanged', () => {
    const header = headerFromRow(row);
    expect(header).toMatchObject({
      typeCode: 'ARL',
      sourceContainer: 'PAL-1',
      destinationContainer: '',
      priority: 'normal',
      plannedDate: '',
    });
    expect(toDocumentInput(header, null)).toEqual({
      typeCode: 'ARL',
      contractorId: null,
      sourceLocationId: 'loc-a',
      destinationLocationId: 'loc-b',
      sourceContainer: 'PAL-1',
      destinationContainer: null,
      plannedDate: null,
      comment: 'move it',
      priority: 'normal',
    });
  });

  it('sends positions with numbers for quantities and null for blanks (none for generated documents)', () => {
    const position = { ...emptyPosition(), productId: 'p-1', quantity: '2,5', expDate: '2027-01-31' };
    const input = toDocumentInput(emptyHeader('DIN'), [position]);
    expect(input.positions).toEqual([
      {
        productId: 'p-1',
        quantity: 2.5,
        sourceLocationId: null,
        destinationLocationId: null,
        sourceContainer: null,
        destinationContainer: null,
        serialNumber: null,
        prodDate: null,
        expDate: '2027-01-31',
        comment: null,
      },
    ]);
    expect(toDocumentInput(emptyHeader('DIN'), null)).not.toHaveProperty('positions');
  });

  it('reads stored positions (decimal strings, timestamps) into the editor', () => {
    const values = positionFromRow({
      id: 'pos-1',
      productId: 'p-1',
      quantity: '10.000000',
      sourceLocationId: null,
      destinationLocationId: 'loc-b',
      sourceContainer: null,
      destinationContainer: null,
      serialNumber: null,
      prodDate: '2026-01-01T00:00:00.000Z',
      expDate: null,
      comment: null,
    });
    expect(values).toMatchObject({ quantity: 10, destinationLocationId: 'loc-b', prodDate: '2026-01-01' });
  });

  it('shows each side as the type rules it, and drops the sides a new type forbids', () => {
    expect(sideRulesOf('DOU')).toEqual({
      sourceLocation: 'required',
      destinationLocation: 'forbidden',
      sourceContainer: 'optional',
      destinationContainer: 'forbidden',
    });
    expect(sideRulesOf(null).sourceLocation).toBe('optional');
    const header = { ...headerFromRow(row), typeCode: 'DOU' };
    expect(withoutForbiddenSides(header)).toMatchObject({
      sourceLocationId: 'loc-a',
      destinationLocationId: null,
      destinationContainer: '',
    });
  });

  it('judges at once what needs no server: a missing destination, a quantity of 0, a product locked for receipt', () => {
    const locked = productRulesOf({ id: 'p-1', index: 'ABC', lockIn: true });
    const input = toDocumentInput(emptyHeader('DIN'), [
      { ...emptyPosition(), productId: 'p-1', quantity: 0 },
    ]);
    const codes = instantIssues(input, new Map([['p-1', locked]])).map((i) => [i.code, i.positionIndex]);
    expect(codes).toEqual(
      expect.arrayContaining([
        ['destinationLocationRequired', 0],
        ['quantityNotPositive', 0],
      ]),
    );
    const fine = toDocumentInput({ ...emptyHeader('DIN'), destinationLocationId: 'loc-b' }, [
      { ...emptyPosition(), productId: 'p-1', quantity: 3 },
    ]);
    expect(instantIssues(fine, new Map([['p-1', productRulesOf({ id: 'p-1', index: 'ABC' })]]))).toEqual([]);
    expect(instantIssues(fine, new Map([['p-1', locked]])).map((i) => i.code)).toEqual([
      'productLockedForReceipt',
    ]);
  });
});
