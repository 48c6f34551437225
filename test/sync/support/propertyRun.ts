import fc from 'fast-check';
import { expect } from 'vitest';
import { provisionalNumber } from '../../../domain/numbering/documentNumber';
import type { Intent } from '../../../domain/sync/intents';
import { documentNumberingFor, logisticsConfigSchema } from '../../../domain/warehouse/logisticsConfig';
import { parseStockKey } from '../../../domain/warehouse/stock';
import { MemorySyncStore } from '../../../sync/memoryStore';
import type { SyncStore } from '../../../sync/ports';
import { pullAll } from '../../../sync/pull';
import { emptyState, type ReplicaState, rebase } from '../../../sync/rebase';
import { toStockRecord } from '../../../sync/rows';
import type { StockRecord } from '../../../sync/types';
import { SimDevice } from './harness';
import type { SimServer } from './simServer';
import { locations, makeServer, products, serverView, viewOf } from './world';

/** One random session of several terminals against the simulated server (see sync.property.test.ts). */

const deviceIds = ['D1', 'D2', 'D3'] as const;
type DeviceIndex = 0 | 1 | 2;

type Command =
  | { t: 'receipt'; d: DeviceIndex; product: number; location: number; qty: number }
  | {
      t: 'release';
      d: DeviceIndex;
      product: number;
      pick: number;
      qty: number;
      end: 'confirm' | 'delete' | 'leave';
    }
  | { t: 'relocate'; d: DeviceIndex; product: number; pick: number; to: number; qty: number }
  | { t: 'edit'; d: DeviceIndex; product: number; pick: number; qty: number; qty2: number; remove: boolean }
  | { t: 'sync'; d: DeviceIndex }
  | { t: 'pull'; d: DeviceIndex }
  | { t: 'offline'; d: DeviceIndex; on: boolean }
  | { t: 'lose'; d: DeviceIndex; what: 'request' | 'response'; count: number; pushOnly: boolean }
  | { t: 'expire'; d: DeviceIndex }
  | { t: 'revoke'; d: DeviceIndex }
  | { t: 'signIn'; d: DeviceIndex }
  | { t: 'collide'; d: DeviceIndex; type: 'DIN' | 'DOU' | 'ARL'; seq: number };

const device = fc.constantFrom<DeviceIndex>(0, 1, 2);
const qty = fc.integer({ min: 1, max: 4 });
const index = fc.nat(9);

export const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('receipt' as const),
      d: device,
      product: index,
      location: index,
      qty,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('release' as const),
      d: device,
      product: index,
      pick: index,
      qty,
      end: fc.constantFrom<'confirm' | 'delete' | 'leave'>('confirm', 'confirm', 'delete', 'leave'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('relocate' as const),
      d: device,
      product: index,
      pick: index,
      to: index,
      qty,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('edit' as const),
      d: device,
      product: index,
      pick: index,
      qty,
      qty2: qty,
      remove: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('sync' as const), d: device }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('pull' as const), d: device }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('offline' as const), d: device, on: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('lose' as const),
      d: device,
      what: fc.constantFrom<'request' | 'response'>('request', 'response'),
      count: fc.integer({ min: 1, max: 3 }),
      pushOnly: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('expire' as const), d: device }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('revoke' as const), d: device }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('signIn' as const), d: device }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('collide' as const),
      d: device,
      type: fc.constantFrom<'DIN' | 'DOU' | 'ARL'>('DIN', 'DOU', 'ARL'),
      seq: fc.integer({ min: 1, max: 4 }),
    }),
  },
);

const config = logisticsConfigSchema.parse({});
const today = '2026-03-15';

/** The server's replicated state as a rebase base. */
const serverState = (server: SimServer): ReplicaState => {
  const state = emptyState();
  for (const d of server.documents.values())
    if (server.current('wmsDocument', d.id)) state.documents.set(d.id, d);
  for (const l of server.lines.values())
    if (server.current('wmsDocumentPosition', l.id))
      state.lines.set(l.id, { ...l, quantity: Number(l.quantity) });
  for (const [key, cell] of server.stock)
    state.stock.set(key, toStockRecord({ ...parseStockKey(key), ...cell }, cell.id));
  for (const id of server.documents.keys()) state.lineSets.add(id);
  return state;
};

/** What a device should show: server rows + its entries the server has no outcome for, rebased. */
const expectedView = async (server: SimServer, d: SimDevice<SyncStore>) => {
  const entries = (await d.store.read((tx) => tx.outboxAll())).filter(
    (e) => e.status !== 'rejected' && !server.outcomes.has(e.idempotencyKey),
  );
  const base = serverState(server);
  const { state, missing } = rebase(base, entries, { reserving: server.config.workingCopiesCountInStock });
  // Entries about records the server does not have (their creation was refused) find nothing to change.
  for (const id of missing.documents) expect(base.documents.has(id)).toBe(false);
  const stock = new Map<string, { quantity: number; reserved: number }>();
  for (const [key, r] of state.stock) if (r) stock.set(key, { quantity: r.quantity, reserved: r.reserved });
  const documents = new Map<string, { statusCode: unknown; documentNumber: unknown }>();
  for (const [id, doc] of state.documents)
    if (doc) documents.set(id, { statusCode: doc.statusCode, documentNumber: doc.documentNumber });
  const lines = new Map<string, { documentId: unknown; productId: unknown; quantity: number }>();
  for (const [id, l] of state.lines)
    if (l) lines.set(id, { documentId: l.documentId, productId: l.productId, quantity: Number(l.quantity) });
  return { stock, documents, lines };
};

export class Run {
  readonly server;
  readonly devices: SimDevice<SyncStore>[];
  /** Idempotency keys of every intent a device queued. */
  readonly queued = new Map<string, SimDevice<SyncStore>>();
  private ids = 0;

  constructor(reserving: boolean, makeStore: (deviceId: string) => SyncStore = () => new MemorySyncStore()) {
    this.server = makeServer({ reserving, stock: 8 });
    this.devices = deviceIds.map((id, i) => new SimDevice(this.server, id, `u${i + 1}`, makeStore(id)));
  }

  private id(prefix: string): string {
    this.ids++;
    return `${prefix}-${this.ids}`;
  }

  /** Queues intents in order; stops at the first one the device refuses. */
  private async queue(d: SimDevice<SyncStore>, intents: readonly Intent[]): Promise<void> {
    for (const intent of intents) {
      const r = await d.engine.enqueue(intent);
      if (!r.ok) return;
      this.queued.set(r.entry.idempotencyKey, d);
      d.tick();
    }
  }

  /** A source of a product on the device's view (FEFO is not the point here: any row with stock). */
  private async source(d: SimDevice<SyncStore>, product: string, pick: number): Promise<string> {
    const rows = (await d.store.read((tx) => tx.where('stock', 'productId', [product]))).filter(
      (r) => (r as StockRecord).quantity > 0,
    );
    const row = rows[pick % Math.max(1, rows.length)] as StockRecord | undefined;
    return row?.locationId ?? locations[pick % locations.length] ?? 'l-1';
  }

  async run(c: Command): Promise<void> {
    const d = this.devices[c.d];
    if (!d) return;
    // Most work is on one product, so devices compete for its stock.
    const product =
      'product' in c ? (products[c.product < 6 ? 0 : c.product % products.length] ?? 'p-1') : 'p-1';
    switch (c.t) {
      case 'receipt': {
        const doc = this.id('doc');
        await this.queue(d, [
          {
            kind: 'document.create',
            document: {
              id: doc,
              typeCode: 'DIN',
              documentNumber: '',
              destinationLocationId: locations[c.location % 3] ?? 'l-1',
            },
          },
          {
            kind: 'line.add',
            line: { id: this.id('line'), documentId: doc, productId: product, quantity: c.qty },
          },
          { kind: 'document.confirm', documentId: doc },
        ]);
        return;
      }
      case 'release': {
        const doc = this.id('doc');
        const from = await this.source(d, product, c.pick);
        const end: Intent[] =
          c.end === 'confirm'
            ? [{ kind: 'document.confirm', documentId: doc }]
            : c.end === 'delete'
              ? [{ kind: 'document.delete', documentId: doc }]
              : [];
        await this.queue(d, [
          {
            kind: 'document.create',
            document: { id: doc, typeCode: 'DOU', documentNumber: '', sourceLocationId: from },
          },
          {
            kind: 'line.add',
            line: { id: this.id('line'), documentId: doc, productId: product, quantity: c.qty },
          },
          ...end,
        ]);
        return;
      }
      case 'relocate': {
        const doc = this.id('doc');
        const from = await this.source(d, product, c.pick);
        const to = locations[c.to % 3] ?? 'l-2';
        await this.queue(d, [
          {
            kind: 'document.create',
            document: {
              id: doc,
              typeCode: 'ARL',
              documentNumber: '',
              sourceLocationId: from,
              destinationLocationId: to,
            },
          },
          {
            kind: 'line.add',
            line: { id: this.id('line'), documentId: doc, productId: product, quantity: c.qty },
          },
          { kind: 'document.confirm', documentId: doc },
        ]);
        return;
      }
      case 'edit': {
        const doc = this.id('doc');
        const from = await this.source(d, product, c.pick);
        const a = this.id('line');
        const b = this.id('line');
        await this.queue(d, [
          {
            kind: 'document.create',
            document: { id: doc, typeCode: 'DOU', documentNumber: '', sourceLocationId: from },
          },
          { kind: 'line.add', line: { id: a, documentId: doc, productId: product, quantity: c.qty } },
          { kind: 'line.add', line: { id: b, documentId: doc, productId: product, quantity: 1 } },
          c.remove
            ? { kind: 'line.remove', lineId: b, documentId: doc }
            : { kind: 'line.update', line: { id: b, documentId: doc, productId: product, quantity: c.qty2 } },
          { kind: 'document.confirm', documentId: doc },
        ]);
        return;
      }
      case 'sync':
        await d.sync();
        // A clean push and pull: the replica is the server's state with this device's work the server has not
        // seen yet replayed on top (the pure rebase on the server's real rows).
        if (d.engine.status.value.lastError === null && !d.engine.status.value.signInRequired)
          expect(await viewOf(d.store)).toEqual(await expectedView(this.server, d));
        return;
      case 'pull': {
        // A pull alone (a poke from the live connection while pushing is stuck): work the server already
        // applied leaves the overlay by the watermark, the rest is replayed on the new rows.
        const pulled = await pullAll({
          store: d.store,
          transport: d.transport,
          auth: d.auth,
          deviceId: d.deviceId,
          now: () => 0,
        });
        if (pulled.stop === 'done') expect(await viewOf(d.store)).toEqual(await expectedView(this.server, d));
        return;
      }
      case 'offline':
        d.offline = c.on;
        return;
      case 'lose':
        for (let i = 0; i < c.count; i++) d.losses.push({ what: c.what, pushOnly: c.pushOnly });
        return;
      case 'expire':
        this.server.expire(d.userId);
        return;
      case 'revoke':
        this.server.expire(d.userId);
        d.refreshFails = true;
        return;
      case 'signIn':
        if (d.engine.status.value.signInRequired) d.signInAgain();
        return;
      case 'collide': {
        const made = provisionalNumber(documentNumberingFor(config, c.type), c.seq, d.deviceId, today);
        if (made.ok) this.server.takeNumber(made.number);
        return;
      }
    }
  }

  /** Everyone back online with a working session; sync until nothing waits, then once more to pull. */
  async settle(): Promise<void> {
    for (const d of this.devices) {
      d.offline = false;
      if (d.refreshFails || d.engine.status.value.signInRequired) d.signInAgain();
    }
    // Lost requests and answers queued so far still happen while the devices catch up.
    for (let round = 0; round < 4; round++) for (const d of this.devices) await d.sync();
    for (const d of this.devices) d.losses = [];
    for (let round = 0; round < 6; round++) {
      for (const d of this.devices) await d.sync();
      if (this.devices.every((d) => d.engine.status.value.pending === 0)) break;
    }
    for (const d of this.devices) await d.sync();
  }

  async check(): Promise<void> {
    const { server } = this;
    expect(server.negativeSeen).toBe(false);
    for (const cell of server.stock.values()) {
      expect(cell.quantity).toBeGreaterThanOrEqual(0);
      expect(cell.reserved).toBeGreaterThanOrEqual(0);
      expect(cell.reserved).toBeLessThanOrEqual(cell.quantity);
    }
    for (const count of server.applied.values()) expect(count).toBe(1);
    for (const [key, d] of this.queued) {
      const outcome = server.outcomes.get(key);
      expect(outcome, `no outcome for ${key}`).toBeDefined();
      if (!outcome) continue;
      const entry = (await d.store.read((tx) => tx.outboxAll())).find((e) => e.idempotencyKey === key);
      if (outcome.status < 300) {
        expect(server.applied.get(key)).toBe(1);
        expect(entry === undefined || entry.status === 'accepted').toBe(true);
      } else {
        expect(server.applied.has(key)).toBe(false);
        expect(entry?.status).toBe('rejected');
        expect(entry?.rejection?.status).toBe(outcome.status);
      }
    }
    const expected = serverView(server);
    for (const d of this.devices) {
      const outbox = await d.store.read((tx) => tx.outboxAll());
      expect(outbox.filter((e) => e.status !== 'rejected')).toEqual([]);
      expect(d.engine.status.value.rejected).toBe(outbox.filter((e) => e.status === 'rejected').length);
      expect(await viewOf(d.store)).toEqual(expected);
      expect(await d.store.read((tx) => tx.shadowCount())).toBe(0);
    }
  }

  stop(): void {
    for (const d of this.devices) d.engine.stop();
  }
}

/** How a convergence run is made: its length and its devices' stores. */
export interface ConvergenceOptions {
  /** Commands per run at the most (default 50). */
  readonly maxCommands?: number;
  /** The stores of one run's devices (default in memory); `close` ends them after the run. */
  readonly stores?: () => { make: (deviceId: string) => SyncStore; close: () => void };
}

/**
 * The convergence property: random commands on several devices, then everyone back online; `Run.check` holds
 * (exactly once, rejections listed, replicas equal the server, stock never negative).
 */
export const assertConverges = (numRuns: number, options: ConvergenceOptions = {}): Promise<void> =>
  fc.assert(
    fc.asyncProperty(
      fc.boolean(),
      fc.array(command, { minLength: 1, maxLength: options.maxCommands ?? 50 }),
      async (reserving, commands) => {
        const stores = options.stores?.();
        const run = new Run(reserving, stores?.make);
        try {
          for (const d of run.devices) await d.sync();
          for (const c of commands) await run.run(c);
          await run.settle();
          await run.check();
        } finally {
          run.stop();
          stores?.close();
        }
      },
    ),
    { numRuns },
  );
