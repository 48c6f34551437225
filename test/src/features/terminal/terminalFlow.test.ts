import { describe, expect, it } from 'vitest';
import type { Gs1Data } from '../../../../domain/barcodes/gs1';
import type {
  LocationPick,
  ProductPick,
  ScanResolution,
} from '../../../../src/features/terminal/data/resolveScan';
import {
  awaitsBatches,
  batchesWithScan,
  type FlowEvent,
  type FlowState,
  flowReducer,
  initialFlow,
  lineDraftOf,
  matchOrder,
  missingDetails,
  stepOf,
} from '../../../../src/features/terminal/terminalFlow';

/** The terminal's line flow (src/features/terminal/terminalFlow.ts): a pure state machine. */

const a01: LocationPick = { id: 'l-1', label: 'A-01' };
const a02: LocationPick = { id: 'l-2', label: 'A-02' };
const product = (over: Partial<ProductPick> = {}): ProductPick => ({
  id: 'p-1',
  index: 'MILK-1',
  name: 'Milk',
  unit: 'pcs',
  requires: { prodDate: false, expDate: false, serial: false },
  tracks: { prodDate: false, expDate: false, serial: false },
  ...over,
});
const cheese = product({
  id: 'p-3',
  index: 'CHEESE',
  name: 'Cheese',
  requires: { prodDate: false, expDate: true, serial: false },
  tracks: { prodDate: false, expDate: true, serial: true },
});

const nothing = { kind: 'none', gs1Error: null } as const;
const atLocation = (location: LocationPick): ScanResolution => ({
  code: location.label,
  location,
  product: nothing,
  container: null,
});
const ofProduct = (p: ProductPick, gs1: Gs1Data | null = null): ScanResolution => ({
  code: p.index,
  location: null,
  product: { kind: 'found', product: p, gs1 },
  container: null,
});

const run = (state: FlowState, ...events: FlowEvent[]): FlowState => events.reduce(flowReducer, state);
const scan = (resolution: ScanResolution): FlowEvent => ({ type: 'scanned', scan: resolution });

describe('terminal flow: steps', () => {
  it('goes location → product → quantity, and confirms a line once a positive quantity is there', () => {
    let s = initialFlow('receipt');
    expect(stepOf(s)).toBe('location');
    s = run(s, scan(atLocation(a01)));
    expect(stepOf(s)).toBe('product');
    s = run(s, scan(ofProduct(product())));
    expect(stepOf(s)).toBe('quantity');
    expect(s.quantity).toBe(1);
    expect(lineDraftOf(s)).toEqual({
      productId: 'p-1',
      locationId: 'l-1',
      quantity: 1,
      container: null,
      serialNumber: null,
      prodDate: null,
      expDate: null,
    });
    expect(lineDraftOf(run(s, { type: 'quantitySet', quantity: 0 }))).toBeNull();
    expect(lineDraftOf(run(s, { type: 'quantitySet', quantity: null }))).toBeNull();
  });

  it('takes a product scanned first and then asks for its location; a later location replaces the first', () => {
    let s = run(initialFlow('release'), scan(ofProduct(product())));
    expect(s.product?.id).toBe('p-1');
    expect(stepOf(s)).toBe('location');
    s = run(s, scan(atLocation(a01)), scan(atLocation(a02)));
    expect(s.location).toEqual(a02);
    expect(stepOf(s)).toBe('quantity');
  });

  it('counts units by scanning the same product again (or its GS1 count)', () => {
    const s = run(
      initialFlow('verify'),
      scan(atLocation(a01)),
      scan(ofProduct(product())),
      scan(ofProduct(product())),
      scan(ofProduct(product(), { gtin: '05901234123457', containedCount: 10 })),
    );
    expect(s.quantity).toBe(12);
    expect(s.feedback).toMatchObject({
      tone: 'info',
      key: 'terminal:feedback.counted',
      params: { quantity: 12 },
    });
  });

  it('fills expiry, production date, serial, lot and bin from GS1 AIs; asks only for what is still required', () => {
    const s = run(
      initialFlow('receipt'),
      scan(atLocation(a01)),
      scan(
        ofProduct(cheese, {
          gtin: '04012345000016',
          expiryDate: '2026-06-01',
          productionDate: '2026-01-02',
          lot: 'LOT-7',
          sscc: '340123450000000000',
        }),
      ),
    );
    expect(s.details).toEqual({
      serialNumber: 'LOT-7',
      prodDate: '2026-01-02',
      expDate: '2026-06-01',
      container: '340123450000000000',
      lot: 'LOT-7',
    });
    expect(stepOf(s)).toBe('quantity');
    // Without GS1 data the required expiry date is asked for before the quantity.
    const asked = run(initialFlow('receipt'), scan(atLocation(a01)), scan(ofProduct(cheese)));
    expect(missingDetails(asked)).toEqual(['expDate']);
    expect(stepOf(asked)).toBe('details');
    const given = run(asked, { type: 'detailsEntered', details: { expDate: '2026-07-01' } });
    expect(stepOf(given)).toBe('quantity');
    expect(lineDraftOf(given)?.expDate).toBe('2026-07-01');
    // Details can be opened again on request, and closed.
    const editing = run(given, { type: 'detailsEdit', open: true });
    expect(stepOf(editing)).toBe('details');
    expect(stepOf(run(editing, { type: 'detailsEdit', open: false }))).toBe('quantity');
  });

  it('uses AI 15 (best before) when there is no AI 17, and AI 21 over the lot for the serial', () => {
    const s = run(
      initialFlow('receipt'),
      scan(ofProduct(cheese, { bestBeforeDate: '2026-05-31', serial: 'SN-1', lot: 'L-2' })),
    );
    expect(s.details).toMatchObject({ expDate: '2026-05-31', serialNumber: 'SN-1', lot: 'L-2' });
  });

  it('a count never asks for batch data (its lines name the batch)', () => {
    const s = run(initialFlow('verify'), scan(atLocation(a01)), scan(ofProduct(cheese)));
    expect(stepOf(s)).toBe('quantity');
  });
});

describe('terminal flow: batches at the location (release, picking)', () => {
  it('reads the batches with the scan that makes location and product known, and only what the flow then awaits', () => {
    const atBin = run(initialFlow('release'), scan(atLocation(a01)));
    // The product at the bin scanned first.
    const wanted = batchesWithScan(atBin, ofProduct(product()));
    expect(wanted).toEqual({ locationId: 'l-1', productId: 'p-1' });
    const scanned = run(atBin, scan(ofProduct(product())));
    expect(wanted && awaitsBatches(scanned, wanted)).toBe(true);
    // Another bin for the product already scanned: that bin's batches.
    const moved = batchesWithScan(scanned, atLocation(a02));
    expect(moved).toEqual({ locationId: 'l-2', productId: 'p-1' });
    const movedState = run(scanned, scan(atLocation(a02)));
    expect(moved && awaitsBatches(movedState, moved)).toBe(true);
    // Read, they are awaited no more; read for another bin, they were never awaited.
    expect(
      awaitsBatches(run(movedState, { type: 'batchesLoaded', batches: [] }), {
        locationId: 'l-2',
        productId: 'p-1',
      }),
    ).toBe(false);
    expect(awaitsBatches(movedState, { locationId: 'l-1', productId: 'p-1' })).toBe(false);
    // Nothing to read: a product before any bin, a bin alone, a receipt (it takes no stock).
    expect(batchesWithScan(initialFlow('release'), ofProduct(product()))).toBeNull();
    expect(batchesWithScan(initialFlow('picking'), atLocation(a01))).toBeNull();
    expect(
      batchesWithScan(run(initialFlow('receipt'), scan(atLocation(a01))), ofProduct(product())),
    ).toBeNull();
  });

  const batches = [
    { serialNumber: null, prodDate: null, expDate: '2026-04-01', container: null, available: 4 },
    { serialNumber: null, prodDate: null, expDate: '2026-06-01', container: 'BIN-1', available: 5 },
  ];

  it('takes the FEFO-first batch, lets the user choose another, and forgets it at another location', () => {
    let s = run(initialFlow('release'), scan(atLocation(a01)), scan(ofProduct(product())));
    s = run(s, { type: 'batchesLoaded', batches });
    expect(s.details).toMatchObject({ expDate: '2026-04-01', container: null });
    expect(s.detailsFrom).toBe('stock');
    s = run(s, { type: 'batchChosen', index: 1 });
    expect(lineDraftOf(s)).toMatchObject({ expDate: '2026-06-01', container: 'BIN-1' });
    s = run(s, scan(atLocation(a02)));
    expect(s.batches).toBeNull();
    expect(s.details).toMatchObject({ expDate: null, container: null });
  });

  it('a scanned batch picks its own batch; an empty location says so', () => {
    const s = run(
      initialFlow('release'),
      scan(atLocation(a01)),
      scan(ofProduct(product(), { expiryDate: '2026-06-01' })),
      { type: 'batchesLoaded', batches },
    );
    expect(s.details).toMatchObject({ expDate: '2026-06-01', container: 'BIN-1' });
    const empty = run(initialFlow('release'), scan(atLocation(a01)), scan(ofProduct(product())), {
      type: 'batchesLoaded',
      batches: [],
    });
    expect(empty.feedback).toMatchObject({
      tone: 'error',
      key: 'terminal:feedback.nothingHere',
      params: { product: 'MILK-1', location: 'A-01' },
    });
  });
});

describe('terminal flow: scans that mean nothing here, and after a line', () => {
  it('reports unknown codes, several matching products and broken GS1 data', () => {
    const unknown = run(
      initialFlow('receipt'),
      scan({ code: 'X', location: null, product: nothing, container: null }),
    );
    expect(unknown.feedback).toMatchObject({ tone: 'error', key: 'terminal:feedback.unknownLocation' });
    const atProduct = run(
      initialFlow('receipt'),
      scan(atLocation(a01)),
      scan({ code: 'X', location: null, product: nothing, container: null }),
    );
    expect(atProduct.feedback).toMatchObject({
      key: 'warehouse:issues.noProductMatches',
      params: { code: 'X' },
    });
    const several = run(
      initialFlow('receipt'),
      scan({ code: 'B', location: null, product: { kind: 'several', count: 2 }, container: null }),
    );
    expect(several.feedback).toMatchObject({
      key: 'warehouse:issues.severalProductsMatch',
      params: { count: 2 },
    });
    const broken = run(
      initialFlow('receipt'),
      scan({
        code: '(01)1',
        location: null,
        product: { kind: 'none', gs1Error: 'truncated' },
        container: null,
      }),
    );
    expect(broken.feedback).toMatchObject({ key: 'terminal:gs1Errors.truncated' });
  });

  it('a known bin sets the line’s bin and, when no location was scanned yet, its location', () => {
    const s = run(
      initialFlow('release'),
      scan({
        code: 'BIN-1',
        location: null,
        product: nothing,
        container: { container: 'BIN-1', location: a02 },
      }),
    );
    expect(s.location).toEqual(a02);
    expect(s.details.container).toBe('BIN-1');
  });

  it('after a recorded line keeps the location where goods are put or counted, not where they are taken', () => {
    const line = (kind: 'receipt' | 'release' | 'verify') =>
      run(initialFlow(kind), scan(atLocation(a01)), scan(ofProduct(product())), { type: 'recorded' });
    expect(line('receipt').location).toEqual(a01);
    expect(line('verify').location).toEqual(a01);
    expect(line('release').location).toBeNull();
    expect(line('release')).toMatchObject({ product: null, quantity: null, feedback: { tone: 'success' } });
  });

  it('a line recorded on data older than the company allows says so in its feedback', () => {
    const recorded = (stale: boolean) =>
      run(initialFlow('receipt'), scan(atLocation(a01)), scan(ofProduct(product())), {
        type: 'recorded',
        stale,
      }).feedback;
    expect(recorded(true)).toEqual({ tone: 'success', key: 'terminal:feedback.recorded', stale: true });
    expect(recorded(false)).toEqual({ tone: 'success', key: 'terminal:feedback.recorded' });
  });

  it('a refusal stays on screen with its codes; clearing starts the line again', () => {
    const refused = run(initialFlow('receipt'), scan(atLocation(a01)), scan(ofProduct(product())), {
      type: 'refused',
      refusal: { code: 'documentInvalid', issues: [{ code: 'productLockedForReceipt' }] },
    });
    expect(refused.feedback?.refusal?.issues?.[0]?.code).toBe('productLockedForReceipt');
    expect(refused.product?.id).toBe('p-1');
    expect(run(refused, { type: 'cleared', what: 'product' })).toMatchObject({
      product: null,
      location: a01,
    });
    expect(run(refused, { type: 'cleared', what: 'all' })).toEqual(initialFlow('receipt'));
  });

  it('redoing a refused line starts with its product and quantity and waits for a location', () => {
    const s = run(initialFlow('release'), {
      type: 'fixStarted',
      id: 'line-a',
      product: product(),
      quantity: 3,
      details: { serialNumber: null, prodDate: null, expDate: '2026-04-01', container: null, lot: null },
    });
    expect(s).toMatchObject({ fixing: 'line-a', quantity: 3, location: null });
    expect(stepOf(s)).toBe('location');
    expect(lineDraftOf(run(s, scan(atLocation(a02))))).toMatchObject({ locationId: 'l-2', quantity: 3 });
  });

  it('finds a scanned order by number (any case) or id', () => {
    const orders = [
      { id: 'o1', orderNumber: 'OOU/2026/000001' },
      { id: 'o2', orderNumber: 'OOU/2026/000002' },
    ];
    expect(matchOrder(orders, ' oou/2026/000002\r\n')?.id).toBe('o2');
    expect(matchOrder(orders, 'o1')?.id).toBe('o1');
    expect(matchOrder(orders, 'OOU/2026/000003')).toBeNull();
    expect(matchOrder(orders, '  ')).toBeNull();
  });
});
