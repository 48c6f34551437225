import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { SyncChange, SyncEntity } from '../../domain/sync/wire';
import { logisticsConfigSchema } from '../../domain/warehouse/logisticsConfig';
import { stockKeyString } from '../../domain/warehouse/stock';
import { DexieSyncStore } from '../../src/db/dexieSyncStore';
import { ReplicaDb } from '../../src/db/replicaDb';
import { MemorySyncStore } from '../../sync/memoryStore';
import type { RowReader, SyncStore } from '../../sync/ports';
import { applyChangesPage } from '../../sync/replica';
import type { RowIndex } from '../../sync/types';
import { buildValidationContext, loadAvailable, readLogisticsConfig } from '../../sync/validationContext';
import { seedChanges } from './support/seed';
import { keyOf } from './support/world';

const binKey = (productId: string, locationId: string, container: string): string =>
  stockKeyString({ productId, locationId, container, serialNumber: null, prodDate: null, expDate: null });

/** The seed plus: a second row of one key (as mid-pull), a bin, an order with a confirmed document. */
const changes = (): SyncChange[] => [
  ...seedChanges(),
  { op: 'upsert', entity: 'product', id: 'p-1', data: { index: 'MILK-1', barcodes: [], weight: 2 } },
  {
    op: 'upsert',
    entity: 'stock',
    id: 's-3b',
    data: { productId: 'p-2', locationId: 'l-1', quantity: 4, reserved: 3 },
  },
  {
    op: 'upsert',
    entity: 'stock',
    id: 's-4',
    data: { productId: 'p-2', locationId: 'l-4', container: 'BIN-9', quantity: 2, reserved: 0 },
  },
  {
    op: 'upsert',
    entity: 'stock',
    id: 's-5',
    data: { productId: 'p-1', locationId: 'l-2', container: 'BIN-9', quantity: 1, reserved: 0 },
  },
  { op: 'upsert', entity: 'wmsOrder', id: 'o1', data: { typeCode: 'OUT', statusCode: 'inProgress' } },
  {
    op: 'upsert',
    entity: 'wmsOrderPosition',
    id: 'op1',
    data: { orderId: 'o1', productId: 'p-2', quantity: 8 },
  },
  {
    op: 'upsert',
    entity: 'wmsOrderPosition',
    id: 'op2',
    data: { orderId: 'o1', productId: 'p-1', quantity: 1 },
  },
  { op: 'upsert', entity: 'wmsDocument', id: 'dc', data: { orderId: 'o1', statusCode: 'confirmed' } },
  { op: 'upsert', entity: 'wmsDocument', id: 'dw', data: { orderId: 'o1', statusCode: 'workingCopy' } },
  {
    op: 'upsert',
    entity: 'wmsDocumentPosition',
    id: 'dc1',
    data: { documentId: 'dc', productId: 'p-2', quantity: 3 },
  },
  {
    op: 'upsert',
    entity: 'wmsDocumentPosition',
    id: 'dw1',
    data: { documentId: 'dw', productId: 'p-2', quantity: 4 },
  },
];

/** A reader that records which lookups were asked for. */
const recording = (reader: RowReader, asked: string[]): RowReader => ({
  get: (entity: SyncEntity, ids) => reader.get(entity, ids),
  where: (entity: SyncEntity, index: RowIndex, values) => {
    asked.push(`${entity}.${index}`);
    return reader.where(entity, index, values);
  },
  all: (entity) => reader.all(entity),
  distinct: (entity, index) => reader.distinct(entity, index),
});

const stores: [string, () => Promise<SyncStore>][] = [
  ['memory', async () => new MemorySyncStore()],
  [
    'Dexie',
    async () => {
      const db = new ReplicaDb(`context-${Math.random()}`);
      await db.open();
      return new DexieSyncStore(db);
    },
  ],
];

describe.each(stores)('the rules’ inputs from the replica (%s store)', (_name, make) => {
  const seeded = async (): Promise<SyncStore> => {
    const store = await make();
    await store.write((tx) => applyChangesPage(tx, changes(), 'c1'));
    return store;
  };

  it('reads availability by stock key: duplicates of a key summed, other rows of the product left alone', async () => {
    const store = await seeded();
    const asked: string[] = [];
    const available = await store.read((tx) =>
      loadAvailable(
        recording(tx, asked),
        [keyOf('p-2', 'l-1'), keyOf('p-2', 'l-1'), keyOf('p-1', 'l-4')],
        new Map([[keyOf('p-2', 'l-1'), 2]]),
      ),
    );
    // s-3 (10, 0) + s-3b (4, 3): on hand 14, reserved 3 of which 2 are the document's own → 13.
    expect([...available]).toEqual([
      [keyOf('p-2', 'l-1'), 13],
      [keyOf('p-1', 'l-4'), 0],
    ]);
    expect(asked).toEqual(['stock.key']);
    store.close();
  });

  it('builds the whole context with its reads issued together', async () => {
    const store = await seeded();
    const config = logisticsConfigSchema.parse({ rules: { rackCapacity: { enabled: true } } });
    const context = await store.read((tx) =>
      buildValidationContext(
        tx,
        config,
        '2026-03-15',
        {
          typeCode: 'DOU',
          statusCode: 'workingCopy',
          contractorId: null,
          sourceLocationId: 'l-1',
          destinationLocationId: null,
          sourceContainer: null,
          destinationContainer: null,
          orderId: 'o1',
        },
        [
          { productId: 'p-2', quantity: 2 },
          { productId: 'p-1', quantity: 1, sourceLocationId: 'l-4', sourceContainer: 'BIN-9' },
          { productId: 'p-9', quantity: 1, sourceLocationId: 'l-3' },
        ],
        { availability: true, documentId: 'dw' },
      ),
    );
    expect([...context.products.keys()].sort()).toEqual(['p-1', 'p-2']);
    expect([...context.locations].map(([id, l]) => [id, l.handleStock]).sort()).toEqual([
      ['l-1', true],
      ['l-3', false],
      ['l-4', true],
    ]);
    // BIN-9 lies at l-2 and l-4: the first in location order, as the server's query orders them.
    expect([...context.containerLocations]).toEqual([['BIN-9', 'l-2']]);
    expect(context.available && [...context.available]).toEqual([
      [keyOf('p-2', 'l-1'), 11],
      [binKey('p-1', 'l-4', 'BIN-9'), 0],
      [keyOf('p-9', 'l-3'), 0],
    ]);
    // Remaining: p-2 ordered 8, 3 on the confirmed document (the working copy does not count); p-1 none taken.
    expect(context.order && [...context.order.remaining].sort()).toEqual([
      ['p-1', 1],
      ['p-2', 5],
    ]);
    expect(context.order?.statusCode).toBe('inProgress');
    // l-1: p-1 5 × 2 kg + p-2 (10 + 4) × no weight; l-4: p-2 only.
    expect(context.locationLoadKg && [...context.locationLoadKg].sort()).toEqual([
      ['l-1', 10],
      ['l-4', 0],
    ]);
    store.close();
  });
});

describe('the logistics config on the replica', () => {
  it('is parsed once per row the store hands out, and again when the feed changes it', async () => {
    const db = new ReplicaDb('config-memo');
    await db.open();
    const store = new DexieSyncStore(db);
    await store.write((tx) => applyChangesPage(tx, seedChanges({ workingCopiesCountInStock: true }), 'c1'));
    const read = () => store.read((tx) => readLogisticsConfig(tx));
    const first = await read();
    expect(first.workingCopiesCountInStock).toBe(true);
    expect(await read()).toBe(first);
    await store.write((tx) =>
      applyChangesPage(
        tx,
        [{ op: 'upsert', entity: 'logisticsConfig', id: 'acc', data: { workingCopiesCountInStock: false } }],
        'c2',
      ),
    );
    expect((await read()).workingCopiesCountInStock).toBe(false);
    store.close();
  });
});
