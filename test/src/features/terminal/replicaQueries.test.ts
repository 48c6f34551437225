import { describe, expect, it } from 'vitest';
import { recordDocumentLine } from '../../../../src/features/terminal/data/actions';
import { openDocuments } from '../../../../src/features/terminal/data/documentViews';
import { openOrders, rejectedRecords } from '../../../../src/features/terminal/data/orderViews';
import { resolveScan } from '../../../../src/features/terminal/data/resolveScan';
import { findContainer } from '../../../../src/features/terminal/data/scanLookups';
import { batchesAt, putawaySuggestion } from '../../../../src/features/terminal/data/stockSuggestions';
import { applyChangesPage, markRejected } from '../../../../sync/replica';
import { seededStore } from '../../../sync/support/seed';
import { memoryPort } from './memoryPort';

/** More reads of the replica (src/features/terminal/data): scans, bins, putaway rules, lists to resume. */

describe('resolving a scan', () => {
  it('tells a location, a product with its GS1 data, a known bin and an SSCC apart', async () => {
    const store = await seededStore();
    await store.write((tx) =>
      applyChangesPage(
        tx,
        [
          {
            op: 'upsert',
            entity: 'stock',
            id: 's-9',
            data: { productId: 'p-1', locationId: 'l-4', container: 'PAL-1', quantity: 2, reserved: 0 },
          },
        ],
        'c2',
      ),
    );
    const resolve = (code: string) => store.read((tx) => resolveScan(tx, code, { today: '2026-03-15' }));
    expect(await resolve('a-02')).toMatchObject({
      location: { id: 'l-2', label: 'A-02' },
      product: { kind: 'none' },
    });
    const cheese = await resolve('(01)04012345000016(17)260601(10)LOT-7(37)12');
    expect(cheese.product).toMatchObject({
      kind: 'found',
      product: { id: 'p-3', index: 'CHEESE', requires: { expDate: true, serial: false } },
      gs1: { expiryDate: '2026-06-01', lot: 'LOT-7', containedCount: 12 },
    });
    expect(cheese.location).toBeNull();
    expect(await resolve('PAL-1')).toMatchObject({
      container: { container: 'PAL-1', location: { id: 'l-4', label: 'B-01' } },
    });
    expect(await store.read((tx) => findContainer(tx, 'NOPE'))).toBeNull();
    expect((await resolve('(00)340123450000000000')).container).toEqual({
      container: '340123450000000000',
      location: null,
    });
    expect((await resolve('(01)04012345000017')).product).toEqual({
      kind: 'none',
      gs1Error: 'invalidCheckDigit',
    });
    expect((await resolve('ZZZ')).product).toEqual({ kind: 'none', gs1Error: null });
  });
});

describe('putaway and batches', () => {
  it('puts the default location first and skips places too warm for the product or locked for receipt', async () => {
    const store = await seededStore({ rules: { temperature: { enabled: true } } });
    await store.write((tx) =>
      applyChangesPage(
        tx,
        [
          {
            op: 'upsert',
            entity: 'product',
            id: 'p-1',
            data: {
              index: 'MILK-1',
              name: 'Milk',
              barcodes: [],
              maxTemperature: 8,
              defaultLocationId: 'l-5',
            },
          },
          {
            op: 'upsert',
            entity: 'storageSpace',
            id: 'l-4',
            data: { label: 'B-01', typeId: 't-rack', temperature: 20 },
          },
          {
            op: 'upsert',
            entity: 'storageSpace',
            id: 'l-5',
            data: { label: 'C-01', typeId: 't-rack', temperature: 4 },
          },
          {
            op: 'upsert',
            entity: 'storageSpace',
            id: 'l-6',
            data: { label: 'C-02', typeId: 't-rack', lockedIn: true },
          },
        ],
        'c2',
      ),
    );
    const suggestions = await store.read((tx) => putawaySuggestion(tx, 'p-1', 1));
    expect(suggestions.map((s) => [s.location.label, s.reason])).toEqual([
      ['C-01', 'default'],
      ['A-02', 'holdsProduct'],
      ['A-01', 'holdsProduct'],
    ]);
    expect(await store.read((tx) => putawaySuggestion(tx, 'nope', 1))).toEqual([]);
  });

  it('lists the free batches of a product at one location in FEFO order', async () => {
    const store = await seededStore();
    const here = await store.read((tx) => batchesAt(tx, 'p-1', 'l-1', '2026-03-15'));
    expect(here.map((b) => [b.key.expDate, b.available])).toEqual([['2026-06-01', 5]]);
    expect(await store.read((tx) => batchesAt(tx, 'p-1', 'l-4', '2026-03-15'))).toEqual([]);
  });
});

describe('lists to resume', () => {
  it('working copies of the flow’s direct type, and the records holding a refusal', async () => {
    const store = await seededStore();
    const port = memoryPort(store);
    const first = await recordDocumentLine(port, {
      kind: 'release',
      documentId: 'new-doc-2',
      create: true,
      draft: {
        productId: 'p-1',
        locationId: 'l-2',
        quantity: 1,
        container: null,
        serialNumber: null,
        prodDate: null,
        expDate: '2026-04-01',
      },
    });
    if (!first.ok) throw new Error('refused');
    const listed = await store.read((tx) => openDocuments(tx, 'release'));
    expect(listed.map((d) => [d.id, d.lines, d.typeCode])).toEqual([[first.documentId, 1, 'DOU']]);
    expect(listed[0]?.number).toMatch(/^WC-DOU\//);
    expect(await store.read((tx) => openDocuments(tx, 'receipt'))).toEqual([]);
    expect(await store.read((tx) => openDocuments(tx, 'verify'))).toEqual([]);
    expect([...(await store.read((tx) => rejectedRecords(tx)))]).toEqual([]);
    const add = [...store.outbox.values()].find((e) => e.intent.kind === 'line.add');
    if (!add) throw new Error('no line');
    await store.write((tx) => markRejected(tx, add, { status: 409, code: 'statusForbidsChange' }));
    expect([...(await store.read((tx) => rejectedRecords(tx)))]).toEqual([first.documentId]);
  });

  it('open orders: mine first, then by priority; finished counts and drafts are not listed', async () => {
    const store = await seededStore();
    await store.write((tx) =>
      applyChangesPage(
        tx,
        [
          {
            op: 'upsert',
            entity: 'wmsOrder',
            id: 'a',
            data: { typeCode: 'OOU', statusCode: 'inProgress', orderNumber: 'A', priority: 'low' },
          },
          {
            op: 'upsert',
            entity: 'wmsOrder',
            id: 'b',
            data: { typeCode: 'OOU', statusCode: 'waitingToProcess', orderNumber: 'B', priority: 'high' },
          },
          {
            op: 'upsert',
            entity: 'wmsOrder',
            id: 'c',
            data: { typeCode: 'OOU', statusCode: 'waitingToProcess', orderNumber: 'C', assignedUserId: 'u1' },
          },
          {
            op: 'upsert',
            entity: 'wmsOrder',
            id: 'd',
            data: { typeCode: 'OOU', statusCode: 'workingCopy', orderNumber: 'D' },
          },
          {
            op: 'upsert',
            entity: 'wmsOrder',
            id: 'v',
            data: {
              typeCode: 'VER-P',
              statusCode: 'inProgress',
              orderNumber: 'V',
              verificationStatus: 'finishedNoDifferences',
            },
          },
        ],
        'c2',
      ),
    );
    expect((await store.read((tx) => openOrders(tx, 'release', 'u1'))).map((o) => o.orderNumber)).toEqual([
      'C',
      'B',
      'A',
    ]);
    expect(await store.read((tx) => openOrders(tx, 'verify'))).toEqual([]);
  });
});
