import { describe, expect, it } from 'vitest';
import { documentRules, validateDocument } from '../../../domain/warehouse/validateDocument';
import {
  type DocumentDraft,
  documentDraftSchema,
  type PositionDraft,
  positionDraftSchema,
} from '../../../domain/warehouse/validationInput';
import { aContext, aDocument, aLocation, aPosition, aProduct, codes, inDays } from './fixtures';

describe('validateDocument', () => {
  it('passes a clean document of every manual type', () => {
    const ctx = aContext();
    expect(validateDocument(aDocument('DIN'), [aPosition({ expDate: inDays(90) })], ctx)).toEqual([]);
    expect(validateDocument(aDocument('DOU'), [aPosition()], ctx)).toEqual([]);
    expect(validateDocument(aDocument('ARL'), [aPosition()], ctx)).toEqual([]);
    expect(
      validateDocument(
        aDocument('PRL'),
        [aPosition({ sourceLocationId: 'src' }), aPosition({ destinationLocationId: 'dst' })],
        ctx,
      ),
    ).toEqual([]);
  });

  it('returns every issue, header first, then by position index', () => {
    const ctx = aContext({
      products: [aProduct({ lockIn: true, requiredSerial: true }), aProduct({ id: 'p2', index: 'P-2' })],
      locations: [aLocation(), aLocation({ id: 'dst', label: 'B-01', lockedIn: true })],
    });
    const doc = aDocument('IIN', { contractorId: 'c1', sourceLocationId: 'src' });
    const issues = validateDocument(
      doc,
      [aPosition({ productId: 'p2', quantity: 0 }), aPosition(), aPosition({ productId: 'ghost' })],
      ctx,
    );
    expect(issues.map((i) => [i.positionIndex ?? 'header', i.code])).toEqual([
      ['header', 'internalWithContractor'],
      ['header', 'sourceLocationForbidden'],
      [0, 'quantityNotPositive'],
      [0, 'destinationLocationLocked'],
      [0, 'contractorMismatch'],
      [1, 'destinationLocationLocked'],
      [1, 'contractorMismatch'],
      [1, 'productLockedForReceipt'],
      [1, 'serialRequired'],
      [2, 'unknownProduct'],
      [2, 'destinationLocationLocked'],
    ]);
  });

  it('says only what it can about an unknown type', () => {
    expect(codes(validateDocument(aDocument('NOPE'), [aPosition({ quantity: -1 })], aContext()))).toEqual([
      'unknownDocumentType',
      'quantityNotPositive',
    ]);
  });

  it('checks an order-based release against its order and the stock', () => {
    const ctx = aContext({
      order: { id: 'o1', typeCode: 'OOU', statusCode: 'inProgress', remaining: new Map([['p1', 2]]) },
      available: {},
    });
    expect(
      codes(validateDocument(aDocument('OOU', { orderId: 'o1' }), [aPosition({ quantity: 3 })], ctx)),
    ).toEqual(['quantityExceedsOrder', 'quantityExceedsAvailable']);
  });

  it('runs one rule per issue code of a document', () => {
    expect(documentRules).toHaveLength(34);
    expect(new Set(documentRules).size).toBe(documentRules.length);
  });

  it('has client-input schemas producing the draft shapes', () => {
    const doc: DocumentDraft = documentDraftSchema.parse(aDocument('DIN'));
    const pos: PositionDraft = positionDraftSchema.parse({
      productId: 'p1',
      quantity: 2,
      expDate: '2026-01-31',
    });
    expect(validateDocument(doc, [pos], aContext())).toEqual([]);
    expect(
      positionDraftSchema.safeParse({ productId: 'p1', quantity: 1, expDate: '31.01.2026' }).success,
    ).toBe(false);
    expect(positionDraftSchema.safeParse({ productId: 'p1', quantity: Number.NaN }).success).toBe(false);
  });
});
