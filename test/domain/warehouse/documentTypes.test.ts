import { describe, expect, it } from 'vitest';
import {
  canEditPositionsByHand,
  documentTypeCodes,
  documentTypeOf,
  documentTypes,
} from '../../../domain/warehouse/documentTypes';
import { orderTypeCodes, orderTypeOf, orderTypes } from '../../../domain/warehouse/orderTypes';

describe('document types', () => {
  it('has the 13 types of §9 with the spec codes and ours', () => {
    expect(documentTypeCodes).toHaveLength(13);
    for (const code of ['ARL', 'DIN', 'DOU', 'OIN', 'OOU', 'IIN', 'IOU', 'LCR', 'PRL']) {
      expect(documentTypeCodes).toContain(code);
    }
    for (const code of ['OPK', 'PRO', 'SVI', 'SVO']) expect(documentTypeCodes).toContain(code);
    for (const code of documentTypeCodes) expect(documentTypes[code].code).toBe(code);
  });

  it('gives each kind its sides: receipts put, releases take, relocations both', () => {
    for (const t of Object.values(documentTypes)) {
      if (t.kind === 'receipt') {
        expect([t.sourceLocation, t.destinationLocation, t.sourceContainer]).toEqual([
          'forbidden',
          'required',
          'forbidden',
        ]);
        expect(t.effect).toEqual({ source: 0, destination: 1 });
      }
      if (t.kind === 'release') {
        expect([t.sourceLocation, t.destinationLocation, t.destinationContainer]).toEqual([
          'required',
          'forbidden',
          'forbidden',
        ]);
        expect(t.effect).toEqual({ source: -1, destination: 0 });
      }
      if (t.kind === 'relocation') {
        expect([t.sourceLocation, t.destinationLocation]).toEqual(['required', 'required']);
        expect(t.effect).toEqual({ source: -1, destination: 1 });
      }
      if (t.kind === 'production')
        expect([t.sourceLocation, t.destinationLocation]).toEqual(['optional', 'optional']);
    }
  });

  it('marks internal, order-based, generated and count types', () => {
    const flagged = (flag: 'internal' | 'orderBased' | 'generated' | 'correction') =>
      documentTypeCodes.filter((c) => documentTypes[c][flag]);
    expect(flagged('internal')).toEqual(['IIN', 'IOU']);
    expect(flagged('orderBased')).toEqual(['OIN', 'OOU', 'OPK', 'PRO', 'SVI', 'SVO']);
    expect(flagged('generated')).toEqual(flagged('orderBased'));
    expect(flagged('correction')).toEqual(['SVI', 'SVO']);
    expect(canEditPositionsByHand('DIN')).toBe(true);
    expect(canEditPositionsByHand('SVO')).toBe(false);
  });

  it('makes a bin relocation name and keep its bin', () => {
    expect(documentTypes.LCR).toMatchObject({ sourceContainer: 'required', movesContainer: true });
  });

  it('looks codes up safely', () => {
    expect(documentTypeOf('DIN')?.name).toBe('directReceipt');
    expect(documentTypeOf('din')).toBeUndefined();
    expect(documentTypeOf(null)).toBeUndefined();
    expect(documentTypeOf('toString')).toBeUndefined();
  });
});

describe('order types', () => {
  it('has the spec codes and ours', () => {
    expect([...orderTypeCodes].sort()).toEqual([
      'OIN',
      'OOU',
      'OPI',
      'OPR',
      'OSO',
      'VER-A',
      'VER-C',
      'VER-L',
      'VER-P',
    ]);
  });

  it('generates existing document types', () => {
    for (const t of Object.values(orderTypes)) {
      for (const code of t.generates) expect(documentTypeOf(code)).toBeDefined();
    }
    expect(orderTypes.OPI.generates).toEqual(['OPK']);
    expect(orderTypes.OPR.generates).toEqual(['PRO']);
    expect(orderTypes['VER-L'].generates).toEqual(['SVI', 'SVO']);
    expect(orderTypes.OSO.generates).toEqual([]);
  });

  it('every order-based document type comes from some order type', () => {
    const generated = new Set(Object.values(orderTypes).flatMap((t) => t.generates));
    for (const code of documentTypeCodes) expect(generated.has(code)).toBe(documentTypes[code].orderBased);
  });

  it('looks codes up safely', () => {
    expect(orderTypeOf('VER-C')?.verificationScope).toBe('contractor');
    expect(orderTypeOf('VER-X')).toBeUndefined();
  });
});
