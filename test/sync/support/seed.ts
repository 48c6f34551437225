import type { Intent } from '../../../domain/sync/intents';
import type { SyncChange } from '../../../domain/sync/wire';
import { MemorySyncStore } from '../../../sync/memoryStore';
import type { TransportRequest, TransportResponse } from '../../../sync/ports';
import { applyChangesPage, type EnqueueResult, enqueueIntent } from '../../../sync/replica';
import { MemoryCounters } from './harness';

/** A replica as the feed would have filled it: two products, three locations, some stock, the config. */
export const seedChanges = (config: Record<string, unknown> = {}): SyncChange[] => [
  { op: 'upsert', entity: 'logisticsConfig', id: 'acc', data: config },
  { op: 'upsert', entity: 'storageSpaceType', id: 't-rack', data: { code: 'RACK', handleStock: true } },
  { op: 'upsert', entity: 'storageSpaceType', id: 't-aisle', data: { code: 'AISLE', handleStock: false } },
  {
    op: 'upsert',
    entity: 'product',
    id: 'p-1',
    data: { index: 'MILK-1', name: 'Milk', barcodes: ['5901234123457', 'MILK'], unit: 'pcs' },
  },
  {
    op: 'upsert',
    entity: 'product',
    id: 'p-2',
    data: { index: 'BOLT', name: 'Bolt', barcodes: [], lockOut: true },
  },
  {
    op: 'upsert',
    entity: 'product',
    id: 'p-3',
    data: { index: 'CHEESE', name: 'Cheese', barcodes: ['04012345000016'], requiredExpDate: true },
  },
  {
    op: 'upsert',
    entity: 'storageSpace',
    id: 'l-1',
    data: { label: 'A-01', typeId: 't-rack', pickupOrder: 2 },
  },
  {
    op: 'upsert',
    entity: 'storageSpace',
    id: 'l-2',
    data: { label: 'A-02', typeId: 't-rack', pickupOrder: 1 },
  },
  { op: 'upsert', entity: 'storageSpace', id: 'l-3', data: { label: 'AISLE-A', typeId: 't-aisle' } },
  {
    op: 'upsert',
    entity: 'storageSpace',
    id: 'l-4',
    data: { label: 'B-01', typeId: 't-rack', pickupOrder: 3 },
  },
  {
    op: 'upsert',
    entity: 'stock',
    id: 's-1',
    data: {
      productId: 'p-1',
      locationId: 'l-1',
      container: '',
      quantity: 5,
      reserved: 0,
      expDate: '2026-06-01',
      firstReceiptAt: '2026-01-01',
    },
  },
  {
    op: 'upsert',
    entity: 'stock',
    id: 's-2',
    data: {
      productId: 'p-1',
      locationId: 'l-2',
      container: '',
      quantity: 4,
      reserved: 0,
      expDate: '2026-04-01',
      firstReceiptAt: '2026-02-01',
    },
  },
  {
    op: 'upsert',
    entity: 'stock',
    id: 's-3',
    data: { productId: 'p-2', locationId: 'l-1', quantity: 10, reserved: 0 },
  },
];

export const seededStore = async (config: Record<string, unknown> = {}): Promise<MemorySyncStore> => {
  const store = new MemorySyncStore();
  await store.write((tx) => applyChangesPage(tx, seedChanges(config), 'c1'));
  return store;
};

let keys = 0;
export const counters = new MemoryCounters();

/** Queues an intent on a store as the engine does (checks, applies, queues). */
export const queue = (store: MemorySyncStore, intent: Intent, userId = 'u1'): Promise<EnqueueResult> =>
  store.write((tx) =>
    enqueueIntent(tx, intent, {
      deviceId: 'D1',
      userId,
      now: Date.parse('2026-03-15T08:00:00Z'),
      newKey: () => {
        keys++;
        return `key-${keys}`;
      },
    }),
  );

/** A transport answering from a script; every request is recorded. */
export const scripted = (answer: (request: TransportRequest, n: number) => TransportResponse) => {
  const sent: TransportRequest[] = [];
  return {
    sent,
    transport: {
      send: async (request: TransportRequest) => {
        sent.push(request);
        return answer(request, sent.length);
      },
    },
  };
};
