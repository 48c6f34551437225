import { describe, expect, it } from 'vitest';
import { basketIssues } from '../../../domain/portal/basket';
import type { WarehouseIssue, WarehouseIssueCode } from '../../../domain/warehouse/issues';
import { warehouseIssueCodes } from '../../../domain/warehouse/issues';
import { matchProducts } from '../../../domain/warehouse/matchProducts';
import { assertTransition } from '../../../domain/warehouse/statuses';
import { stockKey, stockKeyString } from '../../../domain/warehouse/stock';
import type { OrderRules } from '../../../domain/warehouse/validationInput';
import { checkContainerForbidden } from '../../../domain/warehouse/validators/checkContainerForbidden';
import { checkContainerRequired } from '../../../domain/warehouse/validators/checkContainerRequired';
import { checkContractorMismatch } from '../../../domain/warehouse/validators/checkContractorMismatch';
import { checkDestinationContainerElsewhere } from '../../../domain/warehouse/validators/checkDestinationContainerElsewhere';
import { checkDestinationLocationForbidden } from '../../../domain/warehouse/validators/checkDestinationLocationForbidden';
import { checkDestinationLocationLocked } from '../../../domain/warehouse/validators/checkDestinationLocationLocked';
import { checkDestinationLocationRequired } from '../../../domain/warehouse/validators/checkDestinationLocationRequired';
import { checkExpiryDateRequired } from '../../../domain/warehouse/validators/checkExpiryDateRequired';
import { checkInternalWithContractor } from '../../../domain/warehouse/validators/checkInternalWithContractor';
import { checkLocationCapacityExceeded } from '../../../domain/warehouse/validators/checkLocationCapacityExceeded';
import { checkLocationDoesNotHoldStock } from '../../../domain/warehouse/validators/checkLocationDoesNotHoldStock';
import { checkNoProductMatches } from '../../../domain/warehouse/validators/checkNoProductMatches';
import { checkNotWorkingCopy } from '../../../domain/warehouse/validators/checkNotWorkingCopy';
import { checkOrderNotInProduction } from '../../../domain/warehouse/validators/checkOrderNotInProduction';
import { checkOrderRequired } from '../../../domain/warehouse/validators/checkOrderRequired';
import { checkPositionsNotEditable } from '../../../domain/warehouse/validators/checkPositionsNotEditable';
import { checkProductExpired } from '../../../domain/warehouse/validators/checkProductExpired';
import { checkProductionDateRequired } from '../../../domain/warehouse/validators/checkProductionDateRequired';
import { checkProductionNameNeedsHyphen } from '../../../domain/warehouse/validators/checkProductionNameNeedsHyphen';
import { checkProductionNeedsOneSide } from '../../../domain/warehouse/validators/checkProductionNeedsOneSide';
import { checkProductLockedForReceipt } from '../../../domain/warehouse/validators/checkProductLockedForReceipt';
import { checkProductLockedForRelease } from '../../../domain/warehouse/validators/checkProductLockedForRelease';
import { checkProductLockedForRelocation } from '../../../domain/warehouse/validators/checkProductLockedForRelocation';
import { checkProductNotOnOrder } from '../../../domain/warehouse/validators/checkProductNotOnOrder';
import { checkQuantityExceedsAvailable } from '../../../domain/warehouse/validators/checkQuantityExceedsAvailable';
import { checkQuantityExceedsOrder } from '../../../domain/warehouse/validators/checkQuantityExceedsOrder';
import { checkQuantityNotPositive } from '../../../domain/warehouse/validators/checkQuantityNotPositive';
import { checkSerialRequired } from '../../../domain/warehouse/validators/checkSerialRequired';
import { checkSeveralProductsMatch } from '../../../domain/warehouse/validators/checkSeveralProductsMatch';
import { checkShortExpiry } from '../../../domain/warehouse/validators/checkShortExpiry';
import { checkSourceContainerMismatch } from '../../../domain/warehouse/validators/checkSourceContainerMismatch';
import { checkSourceLocationForbidden } from '../../../domain/warehouse/validators/checkSourceLocationForbidden';
import { checkSourceLocationLocked } from '../../../domain/warehouse/validators/checkSourceLocationLocked';
import { checkSourceLocationRequired } from '../../../domain/warehouse/validators/checkSourceLocationRequired';
import { checkUnknownDocumentType } from '../../../domain/warehouse/validators/checkUnknownDocumentType';
import { checkUnknownLocation } from '../../../domain/warehouse/validators/checkUnknownLocation';
import { checkUnknownProduct } from '../../../domain/warehouse/validators/checkUnknownProduct';
import { checkWrongStorageTemperature } from '../../../domain/warehouse/validators/checkWrongStorageTemperature';
import en from '../../../locales/en-us/warehouse.json';
import {
  aContext,
  aDocument,
  aLocation,
  aPosition,
  aProduct,
  type ContextOptions,
  codes,
  defaultRules,
  inDays,
  run,
} from './fixtures';

const orderOf = (over: Partial<OrderRules> = {}): OrderRules => ({
  id: 'o1',
  typeCode: 'OIN',
  statusCode: 'inProgress',
  remaining: new Map([['p1', 5]]),
  ...over,
});
const lockedProduct = (over: Parameters<typeof aProduct>[0]) => aContext({ products: [aProduct(over)] });
const withRules = (rules: ContextOptions['rules']) => aContext({ rules });
const releaseKey = stockKeyString(stockKey({ productId: 'p1', locationId: 'src' }));
const scanCandidates = [
  { id: 'p1', index: 'ABC', barcodes: ['5901234123457'], sapId: 'ERP-1' },
  { id: 'p2', index: 'XYZ', barcodes: ['5901234123457', '111'], sapId: null },
];

interface Case {
  /** The rule holds: no issue. */
  readonly pass: () => WarehouseIssue[];
  /** The rule is broken: only issues of this code. */
  readonly fail: () => WarehouseIssue[];
}

/** One passing and one failing case per issue code; a Record so a new code without a case does not compile. */
const cases: Record<WarehouseIssueCode, Case> = {
  destinationContainerElsewhere: {
    pass: () =>
      run(
        checkDestinationContainerElsewhere,
        aDocument('DIN', { destinationContainer: 'C1' }),
        undefined,
        aContext({ containers: { C1: 'dst' } }),
      ),
    fail: () =>
      run(
        checkDestinationContainerElsewhere,
        aDocument('DIN', { destinationContainer: 'C1' }),
        undefined,
        aContext({ containers: { C1: 'src' } }),
      ),
  },
  sourceContainerMismatch: {
    pass: () =>
      run(
        checkSourceContainerMismatch,
        aDocument('DOU', { sourceContainer: 'C1' }),
        undefined,
        aContext({ containers: { C1: 'src' } }),
      ),
    fail: () =>
      run(
        checkSourceContainerMismatch,
        aDocument('DOU', { sourceContainer: 'C1' }),
        undefined,
        aContext({ containers: { C1: 'dst' } }),
      ),
  },
  contractorMismatch: {
    pass: () =>
      run(
        checkContractorMismatch,
        aDocument('DIN', { contractorId: 'c1' }),
        undefined,
        lockedProduct({ contractorId: 'c1' }),
      ),
    fail: () =>
      run(
        checkContractorMismatch,
        aDocument('DIN', { contractorId: 'c1' }),
        undefined,
        lockedProduct({ contractorId: 'c2' }),
      ),
  },
  productExpired: {
    pass: () => run(checkProductExpired, aDocument('DIN'), [aPosition({ expDate: inDays(0) })]),
    fail: () => run(checkProductExpired, aDocument('DIN'), [aPosition({ expDate: inDays(-1) })]),
  },
  productLockedForReceipt: {
    pass: () =>
      run(
        checkProductLockedForReceipt,
        aDocument('DIN'),
        undefined,
        lockedProduct({ lockOut: true, lockRelocate: true }),
      ),
    fail: () =>
      run(checkProductLockedForReceipt, aDocument('DIN'), undefined, lockedProduct({ lockIn: true })),
  },
  productLockedForRelease: {
    pass: () =>
      run(
        checkProductLockedForRelease,
        aDocument('DOU'),
        undefined,
        lockedProduct({ lockIn: true, lockRelocate: true }),
      ),
    fail: () =>
      run(checkProductLockedForRelease, aDocument('DOU'), undefined, lockedProduct({ lockOut: true })),
  },
  productLockedForRelocation: {
    pass: () =>
      run(
        checkProductLockedForRelocation,
        aDocument('ARL'),
        undefined,
        lockedProduct({ lockIn: true, lockOut: true }),
      ),
    fail: () =>
      run(
        checkProductLockedForRelocation,
        aDocument('ARL'),
        undefined,
        lockedProduct({ lockRelocate: true }),
      ),
  },
  quantityNotPositive: {
    pass: () => run(checkQuantityNotPositive, aDocument('DIN'), [aPosition({ quantity: 0.001 })]),
    fail: () => run(checkQuantityNotPositive, aDocument('DIN'), [aPosition({ quantity: 0 })]),
  },
  quantityExceedsOrder: {
    pass: () =>
      run(
        checkQuantityExceedsOrder,
        aDocument('OIN', { orderId: 'o1' }),
        [aPosition({ quantity: 5 })],
        aContext({ order: orderOf() }),
      ),
    fail: () =>
      run(
        checkQuantityExceedsOrder,
        aDocument('OIN', { orderId: 'o1' }),
        [aPosition({ quantity: 5.5 })],
        aContext({ order: orderOf() }),
      ),
  },
  quantityExceedsAvailable: {
    pass: () =>
      run(
        checkQuantityExceedsAvailable,
        aDocument('DOU'),
        [aPosition({ quantity: 3 })],
        aContext({ available: { [releaseKey]: 3 } }),
      ),
    fail: () =>
      run(
        checkQuantityExceedsAvailable,
        aDocument('DOU'),
        [aPosition({ quantity: 3.5 })],
        aContext({ available: { [releaseKey]: 3 } }),
      ),
  },
  sourceLocationRequired: {
    pass: () => run(checkSourceLocationRequired, aDocument('DOU')),
    fail: () => run(checkSourceLocationRequired, aDocument('DOU', { sourceLocationId: null })),
  },
  sourceLocationForbidden: {
    pass: () => run(checkSourceLocationForbidden, aDocument('DIN')),
    fail: () => run(checkSourceLocationForbidden, aDocument('DIN', { sourceLocationId: 'src' })),
  },
  destinationLocationRequired: {
    pass: () => run(checkDestinationLocationRequired, aDocument('DIN')),
    fail: () => run(checkDestinationLocationRequired, aDocument('DIN', { destinationLocationId: null })),
  },
  destinationLocationForbidden: {
    pass: () => run(checkDestinationLocationForbidden, aDocument('DOU')),
    fail: () => run(checkDestinationLocationForbidden, aDocument('DOU', { destinationLocationId: 'dst' })),
  },
  containerForbidden: {
    pass: () => run(checkContainerForbidden, aDocument('DIN', { destinationContainer: 'C1' })),
    fail: () => run(checkContainerForbidden, aDocument('DIN', { sourceContainer: 'C1' })),
  },
  containerRequired: {
    pass: () => run(checkContainerRequired, aDocument('LCR', { sourceContainer: 'C1' })),
    fail: () => run(checkContainerRequired, aDocument('LCR')),
  },
  productionNeedsOneSide: {
    pass: () =>
      run(checkProductionNeedsOneSide, aDocument('PRL'), [
        aPosition({ sourceLocationId: 'src' }),
        aPosition({ destinationLocationId: 'dst' }),
      ]),
    fail: () =>
      run(
        checkProductionNeedsOneSide,
        aDocument('PRL', { sourceLocationId: 'src', destinationLocationId: 'dst' }),
      ),
  },
  sourceLocationLocked: {
    pass: () =>
      run(
        checkSourceLocationLocked,
        aDocument('DOU'),
        undefined,
        aContext({ locations: [aLocation({ lockedIn: true })] }),
      ),
    fail: () =>
      run(
        checkSourceLocationLocked,
        aDocument('DOU'),
        undefined,
        aContext({ locations: [aLocation({ lockedOut: true })] }),
      ),
  },
  destinationLocationLocked: {
    pass: () =>
      run(
        checkDestinationLocationLocked,
        aDocument('DIN'),
        undefined,
        aContext({ locations: [aLocation({ id: 'dst', lockedOut: true })] }),
      ),
    fail: () =>
      run(
        checkDestinationLocationLocked,
        aDocument('DIN'),
        undefined,
        aContext({ locations: [aLocation({ id: 'dst', lockedIn: true })] }),
      ),
  },
  expiryDateRequired: {
    pass: () =>
      run(
        checkExpiryDateRequired,
        aDocument('DIN'),
        [aPosition({ expDate: inDays(100) })],
        lockedProduct({ requiredExpDate: true }),
      ),
    fail: () =>
      run(checkExpiryDateRequired, aDocument('DIN'), undefined, lockedProduct({ requiredExpDate: true })),
  },
  productionDateRequired: {
    pass: () =>
      run(
        checkProductionDateRequired,
        aDocument('DIN'),
        [aPosition({ prodDate: inDays(-3) })],
        lockedProduct({ requiredProdDate: true }),
      ),
    fail: () =>
      run(
        checkProductionDateRequired,
        aDocument('DIN'),
        [aPosition({ prodDate: '' })],
        lockedProduct({ requiredProdDate: true }),
      ),
  },
  serialRequired: {
    pass: () =>
      run(
        checkSerialRequired,
        aDocument('DOU'),
        [aPosition({ serialNumber: 'SN1' })],
        lockedProduct({ requiredSerial: true }),
      ),
    fail: () =>
      run(
        checkSerialRequired,
        aDocument('DOU'),
        [aPosition({ serialNumber: '  ' })],
        lockedProduct({ requiredSerial: true }),
      ),
  },
  wrongStorageTemperature: {
    pass: () =>
      run(
        checkWrongStorageTemperature,
        aDocument('DIN'),
        undefined,
        aContext({
          products: [aProduct({ minTemperature: 2, maxTemperature: 8 })],
          locations: [aLocation({ id: 'dst', temperature: 8 })],
          rules: { temperature: { enabled: true } },
        }),
      ),
    fail: () =>
      run(
        checkWrongStorageTemperature,
        aDocument('DIN'),
        undefined,
        aContext({
          products: [aProduct({ minTemperature: 2, maxTemperature: 8 })],
          locations: [aLocation({ id: 'dst', temperature: 20 })],
          rules: { temperature: { enabled: true } },
        }),
      ),
  },
  shortExpiry: {
    pass: () =>
      run(
        checkShortExpiry,
        aDocument('DIN'),
        [aPosition({ expDate: inDays(10) })],
        lockedProduct({ minimalExpDays: 10 }),
      ),
    fail: () =>
      run(
        checkShortExpiry,
        aDocument('DIN'),
        [aPosition({ expDate: inDays(9) })],
        lockedProduct({ minimalExpDays: 10 }),
      ),
  },
  internalWithContractor: {
    pass: () => run(checkInternalWithContractor, aDocument('IIN')),
    fail: () => run(checkInternalWithContractor, aDocument('IIN', { contractorId: 'c1' })),
  },
  notWorkingCopy: {
    pass: () => run(checkNotWorkingCopy, aDocument('DIN')),
    fail: () => run(checkNotWorkingCopy, aDocument('DIN', { statusCode: 'confirmed' })),
  },
  orderRequired: {
    pass: () => run(checkOrderRequired, aDocument('OIN', { orderId: 'o1' })),
    fail: () => run(checkOrderRequired, aDocument('OIN')),
  },
  orderNotInProduction: {
    pass: () =>
      run(
        checkOrderNotInProduction,
        aDocument('PRO', { orderId: 'o1', destinationLocationId: 'dst' }),
        undefined,
        aContext({ order: orderOf({ typeCode: 'OPR', statusCode: 'inProgress' }) }),
      ),
    fail: () =>
      run(
        checkOrderNotInProduction,
        aDocument('PRO', { orderId: 'o1', destinationLocationId: 'dst' }),
        undefined,
        aContext({ order: orderOf({ typeCode: 'OPR', statusCode: 'workingCopy' }) }),
      ),
  },
  unknownDocumentType: {
    pass: () => run(checkUnknownDocumentType, aDocument('DIN')),
    fail: () => run(checkUnknownDocumentType, aDocument('XYZ')),
  },
  unknownProduct: {
    pass: () => run(checkUnknownProduct, aDocument('DIN')),
    fail: () => run(checkUnknownProduct, aDocument('DIN'), [aPosition({ productId: 'ghost' })]),
  },
  unknownLocation: {
    pass: () => run(checkUnknownLocation, aDocument('ARL')),
    fail: () => run(checkUnknownLocation, aDocument('ARL', { destinationLocationId: 'ghost' })),
  },
  productNotOnOrder: {
    pass: () =>
      run(
        checkProductNotOnOrder,
        aDocument('OIN', { orderId: 'o1' }),
        undefined,
        aContext({ order: orderOf() }),
      ),
    fail: () =>
      run(
        checkProductNotOnOrder,
        aDocument('OIN', { orderId: 'o1' }),
        [aPosition({ productId: 'p2' })],
        aContext({ order: orderOf() }),
      ),
  },
  severalProductsMatch: {
    pass: () => checkSeveralProductsMatch({ code: 'abc', matches: matchProducts('abc', scanCandidates) }),
    fail: () =>
      checkSeveralProductsMatch({
        code: '5901234123457',
        matches: matchProducts('5901234123457', scanCandidates),
      }),
  },
  noProductMatches: {
    pass: () => checkNoProductMatches({ code: 'ERP-1', matches: matchProducts('ERP-1', scanCandidates) }),
    fail: () => checkNoProductMatches({ code: '999', matches: matchProducts('999', scanCandidates) }),
  },
  productionNameNeedsHyphen: {
    pass: () => checkProductionNameNeedsHyphen({ name: 'Chair-', index: 'CH-', sapId: 'ERP-CH-' }),
    fail: () => checkProductionNameNeedsHyphen({ name: 'Chair', index: 'CH-', sapId: null }),
  },
  locationCapacityExceeded: {
    pass: () =>
      run(
        checkLocationCapacityExceeded,
        aDocument('DIN'),
        [aPosition({ quantity: 4 })],
        aContext({
          products: [aProduct({ weight: 10 })],
          locations: [aLocation({ id: 'dst', capacityKg: 100 })],
          loadKg: { dst: 60 },
          rules: { rackCapacity: { enabled: true } },
        }),
      ),
    fail: () =>
      run(
        checkLocationCapacityExceeded,
        aDocument('DIN'),
        [aPosition({ quantity: 4.1 })],
        aContext({
          products: [aProduct({ weight: 10 })],
          locations: [aLocation({ id: 'dst', capacityKg: 100 })],
          loadKg: { dst: 60 },
          rules: { rackCapacity: { enabled: true } },
        }),
      ),
  },
  locationDoesNotHoldStock: {
    pass: () => run(checkLocationDoesNotHoldStock, aDocument('DIN')),
    fail: () =>
      run(
        checkLocationDoesNotHoldStock,
        aDocument('DIN'),
        undefined,
        aContext({ locations: [aLocation({ id: 'dst', handleStock: false })] }),
      ),
  },
  positionsNotEditable: {
    pass: () => checkPositionsNotEditable(aDocument('DIN')),
    fail: () => checkPositionsNotEditable(aDocument('OIN')),
  },
  statusForbidsChange: {
    pass: () => [assertTransition('waitingToProcess', 'inProgress')].filter((i) => i !== null),
    fail: () => [assertTransition('archived', 'inProgress')].filter((i) => i !== null),
  },
  quantityExceedsOrderable: {
    pass: () => basketIssues([{ productId: 'p1', quantity: 5 }], new Map([['p1', 5]])),
    fail: () =>
      basketIssues([{ productId: 'p1', quantity: 6 }], new Map([['p1', 5]]), new Map([['p1', 'P-1']])),
  },
  closeReasonRequired: {
    pass: () =>
      [assertTransition('inProgress', 'closedManually', { reason: 'customer cancelled' })].filter(
        (i) => i !== null,
      ),
    fail: () =>
      [assertTransition('inProgress', 'closedManually', { reason: '  ' })].filter((i) => i !== null),
  },
};

describe('every issue code has a passing and a failing case', () => {
  it('covers exactly the issue codes', () => {
    expect(Object.keys(cases).sort()).toEqual([...warehouseIssueCodes].sort());
  });
  for (const code of warehouseIssueCodes) {
    const c = cases[code];
    it(`${code}: passes`, () => {
      expect(c.pass()).toEqual([]);
    });
    it(`${code}: fails with ${code}`, () => {
      const issues = c.fail();
      expect(issues.length).toBeGreaterThan(0);
      expect(new Set(codes(issues))).toEqual(new Set([code]));
      // Every placeholder of the message is filled by the issue's params.
      const placeholders = [...en.issues[code].matchAll(/{{(\w+)}}/g)].map((m) => m[1]);
      for (const i of issues)
        expect(Object.keys(i.params ?? {})).toEqual(expect.arrayContaining(placeholders));
    });
  }
});

describe('validator details', () => {
  it('reports the position index and field, and lets a position override the header location', () => {
    const issues = run(checkSourceLocationRequired, aDocument('DOU', { sourceLocationId: null }), [
      aPosition({ sourceLocationId: 'src' }),
      aPosition(),
    ]);
    expect(issues).toEqual([{ code: 'sourceLocationRequired', positionIndex: 1, field: 'sourceLocationId' }]);
  });

  it('judges the header alone when there are no positions', () => {
    expect(
      run(checkDestinationLocationRequired, aDocument('DIN', { destinationLocationId: null }), []),
    ).toEqual([{ code: 'destinationLocationRequired', field: 'destinationLocationId' }]);
  });

  it('reports a forbidden header value once and a position value per position', () => {
    const issues = run(checkSourceLocationForbidden, aDocument('DIN', { sourceLocationId: 'src' }), [
      aPosition(),
      aPosition({ sourceLocationId: 'src' }),
      aPosition(),
    ]);
    expect(issues.map((i) => i.positionIndex)).toEqual([undefined, 1]);
  });

  it('forbids a destination container on a release', () => {
    expect(
      codes(run(checkContainerForbidden, aDocument('DOU'), [aPosition({ destinationContainer: 'C1' })])),
    ).toEqual(['containerForbidden']);
  });

  it('knows an unknown source bin is not at the source', () => {
    expect(codes(run(checkSourceContainerMismatch, aDocument('DOU', { sourceContainer: 'C9' })))).toEqual([
      'sourceContainerMismatch',
    ]);
  });

  it('lets a new bin be placed once, and not at two locations in one document', () => {
    const doc = aDocument('DIN', { destinationLocationId: null, destinationContainer: 'NEW' });
    const issues = run(checkDestinationContainerElsewhere, doc, [
      aPosition({ destinationLocationId: 'dst' }),
      aPosition({ destinationLocationId: 'dst' }),
      aPosition({ destinationLocationId: 'src' }),
    ]);
    expect(issues).toEqual([
      {
        code: 'destinationContainerElsewhere',
        positionIndex: 2,
        field: 'destinationContainer',
        params: { container: 'NEW', location: 'B-01' },
      },
    ]);
  });

  it('lets a bin relocation move its own bin away from where it stands', () => {
    const ctx = aContext({ containers: { C1: 'src' } });
    const doc = aDocument('LCR', { sourceContainer: 'C1' });
    expect(run(checkDestinationContainerElsewhere, doc, undefined, ctx)).toEqual([]);
    expect(run(checkSourceContainerMismatch, doc, undefined, ctx)).toEqual([]);
  });

  it('skips location locks for stock counts', () => {
    const ctx = aContext({
      locations: [aLocation({ lockedOut: true }), aLocation({ id: 'dst', lockedIn: true })],
    });
    expect(run(checkSourceLocationLocked, aDocument('SVO', { orderId: 'o1' }), undefined, ctx)).toEqual([]);
    expect(run(checkDestinationLocationLocked, aDocument('SVI', { orderId: 'o1' }), undefined, ctx)).toEqual(
      [],
    );
    expect(codes(run(checkDestinationLocationLocked, aDocument('ARL'), undefined, ctx))).toEqual([
      'destinationLocationLocked',
    ]);
  });

  it('checks a production position by its side: consuming is a release, producing a receipt', () => {
    const ctx = lockedProduct({ lockIn: true, lockOut: true });
    const positions = [aPosition({ sourceLocationId: 'src' }), aPosition({ destinationLocationId: 'dst' })];
    expect(
      run(checkProductLockedForRelease, aDocument('PRL'), positions, ctx).map((i) => i.positionIndex),
    ).toEqual([0]);
    expect(
      run(checkProductLockedForReceipt, aDocument('PRL'), positions, ctx).map((i) => i.positionIndex),
    ).toEqual([1]);
    expect(run(checkProductLockedForRelocation, aDocument('PRL'), positions, ctx)).toEqual([]);
  });

  it('lets a production header default both sides while each position names its own', () => {
    const doc = aDocument('PRL', { sourceLocationId: 'src', destinationLocationId: 'dst' });
    const positions = [
      aPosition({ sourceLocationId: 'src' }),
      aPosition({ destinationLocationId: 'dst' }),
      aPosition(),
    ];
    expect(run(checkProductionNeedsOneSide, doc, positions).map((i) => i.positionIndex)).toEqual([2]);
  });

  it('reports a production position with neither side', () => {
    expect(codes(run(checkProductionNeedsOneSide, aDocument('PRL')))).toEqual(['productionNeedsOneSide']);
  });

  it('ignores product locks on stock counts', () => {
    expect(
      run(
        checkProductLockedForReceipt,
        aDocument('SVI', { orderId: 'o1' }),
        undefined,
        lockedProduct({ lockIn: true }),
      ),
    ).toEqual([]);
  });

  it('treats a product without contractor as the warehouse own on a contractor document', () => {
    expect(codes(run(checkContractorMismatch, aDocument('DIN', { contractorId: 'c1' })))).toEqual([
      'contractorMismatch',
    ]);
    expect(
      run(checkContractorMismatch, aDocument('DIN'), undefined, lockedProduct({ contractorId: 'c1' })),
    ).toEqual([]);
  });

  it('lets the expired-goods switch and internal write-offs pass expired goods', () => {
    const expired = [aPosition({ expDate: inDays(-30) })];
    expect(
      run(checkProductExpired, aDocument('DIN'), expired, withRules({ expiredGoods: { enabled: false } })),
    ).toEqual([]);
    expect(run(checkProductExpired, aDocument('IOU'), expired)).toEqual([]);
    expect(codes(run(checkProductExpired, aDocument('DOU'), expired))).toEqual(['productExpired']);
  });

  it('applies the configured near-expiry days to receipts only', () => {
    const rules = { nearExpiry: { enabled: true, days: 30 } };
    const soon = [aPosition({ expDate: inDays(20) })];
    const issues = run(checkShortExpiry, aDocument('DIN'), soon, withRules(rules));
    expect(issues).toEqual([
      {
        code: 'shortExpiry',
        positionIndex: 0,
        field: 'expDate',
        params: { product: 'P-1', days: 20, minimum: 30 },
      },
    ]);
    expect(run(checkShortExpiry, aDocument('DOU'), soon, withRules(rules))).toEqual([]);
    expect(run(checkShortExpiry, aDocument('DIN'), soon)).toEqual([]);
    // Already expired goods are the expired rule's business, not reported twice.
    expect(
      run(checkShortExpiry, aDocument('DIN'), [aPosition({ expDate: inDays(-1) })], withRules(rules)),
    ).toEqual([]);
  });

  it('leaves temperature and capacity alone while their switches are off', () => {
    const ctx = aContext({
      products: [aProduct({ minTemperature: 2, maxTemperature: 8, weight: 100 })],
      locations: [aLocation({ id: 'dst', temperature: 30, capacityKg: 1 })],
    });
    expect(run(checkWrongStorageTemperature, aDocument('DIN'), undefined, ctx)).toEqual([]);
    expect(run(checkLocationCapacityExceeded, aDocument('DIN'), undefined, ctx)).toEqual([]);
  });

  it('adds up the load of several positions into one location', () => {
    const ctx = aContext({
      products: [aProduct({ weight: 0.1 })],
      locations: [aLocation({ id: 'dst', capacityKg: 0.3 })],
      rules: { rackCapacity: { enabled: true } },
    });
    const three = [aPosition(), aPosition(), aPosition()];
    expect(run(checkLocationCapacityExceeded, aDocument('DIN'), three, ctx)).toEqual([]);
    expect(
      run(checkLocationCapacityExceeded, aDocument('DIN'), [...three, aPosition()], ctx).map(
        (i) => i.positionIndex,
      ),
    ).toEqual([3]);
  });

  it('sums positions of one product against the order and of one stock row against availability', () => {
    const ctx = aContext({ order: orderOf(), available: { [releaseKey]: 5 } });
    const twice = [aPosition({ quantity: 3 }), aPosition({ quantity: 3 })];
    expect(run(checkQuantityExceedsOrder, aDocument('OIN', { orderId: 'o1' }), twice, ctx)).toEqual([
      {
        code: 'quantityExceedsOrder',
        positionIndex: 1,
        field: 'quantity',
        params: { product: 'P-1', quantity: 6, remaining: 5 },
      },
    ]);
    expect(run(checkQuantityExceedsAvailable, aDocument('DOU'), twice, ctx)).toEqual([
      {
        code: 'quantityExceedsAvailable',
        positionIndex: 1,
        field: 'quantity',
        params: { product: 'P-1', quantity: 6, available: 5 },
      },
    ]);
  });

  it('treats another batch as another stock row and skips availability without a map', () => {
    const ctx = aContext({ available: { [releaseKey]: 5 } });
    expect(
      codes(run(checkQuantityExceedsAvailable, aDocument('DOU'), [aPosition({ expDate: inDays(9) })], ctx)),
    ).toEqual(['quantityExceedsAvailable']);
    expect(run(checkQuantityExceedsAvailable, aDocument('DOU'), [aPosition({ quantity: 1000 })])).toEqual([]);
  });

  it('skips order-line rules for stock counts and when the order is not given', () => {
    const ctx = aContext({ order: orderOf({ typeCode: 'VER-A' }) });
    expect(
      run(checkProductNotOnOrder, aDocument('SVI', { orderId: 'o1' }), [aPosition({ productId: 'p2' })], ctx),
    ).toEqual([]);
    expect(
      run(checkQuantityExceedsOrder, aDocument('OIN', { orderId: 'o1' }), [aPosition({ quantity: 99 })]),
    ).toEqual([]);
  });

  it('needs the production order itself for production from order', () => {
    const doc = aDocument('PRO', { orderId: 'o1', destinationLocationId: 'dst' });
    expect(codes(run(checkOrderNotInProduction, doc))).toEqual(['orderNotInProduction']);
    const notProduction = aContext({ order: orderOf({ typeCode: 'OIN', statusCode: 'inProgress' }) });
    expect(codes(run(checkOrderNotInProduction, doc, undefined, notProduction))).toEqual([
      'orderNotInProduction',
    ]);
  });

  it('reports a zero-rounding, negative or non-finite quantity', () => {
    const bad = [-1, 0.0000001, Number.NaN, Number.POSITIVE_INFINITY].map((quantity) =>
      aPosition({ quantity }),
    );
    expect(run(checkQuantityNotPositive, aDocument('DIN'), bad).map((i) => i.positionIndex)).toEqual([
      0, 1, 2, 3,
    ]);
  });

  it('reports an unknown location on the header once and on each position that names one', () => {
    const issues = run(checkUnknownLocation, aDocument('DIN', { destinationLocationId: 'ghost' }), [
      aPosition(),
      aPosition({ destinationLocationId: 'ghost2' }),
    ]);
    expect(issues.map((i) => [i.positionIndex, i.params?.locationId])).toEqual([
      [undefined, 'ghost'],
      [1, 'ghost2'],
    ]);
  });

  it('matches a scan by barcode, index (any case) or external id, each product once', () => {
    expect(matchProducts('xyz', scanCandidates).map((c) => c.id)).toEqual(['p2']);
    expect(matchProducts(' 111 ', scanCandidates).map((c) => c.id)).toEqual(['p2']);
    expect(matchProducts('', scanCandidates)).toEqual([]);
    expect(checkSeveralProductsMatch({ code: 'x', matches: [1, 2, 3] })[0]?.params).toEqual({
      code: 'x',
      count: 3,
    });
  });

  it('wants a hyphen after some text in each production name field', () => {
    expect(
      checkProductionNameNeedsHyphen({ name: '-Chair', index: 'CH', sapId: 'ERP' }).map((i) => i.field),
    ).toEqual(['name', 'index', 'sapId']);
  });

  it('has all rule switches in the default rules', () => {
    expect(Object.keys(defaultRules()).sort()).toEqual(
      ['expiredGoods', 'nearExpiry', 'rackCapacity', 'temperature', 'verificationApproval'].sort(),
    );
  });
});
