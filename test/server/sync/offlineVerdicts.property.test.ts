import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOf, type Intent, type LinePayload } from '../../../domain/sync/intents';
import { type PushedCall, pushResponseSchema, syncPaths } from '../../../domain/sync/wire';
import {
  type DocumentTypeCode,
  documentTypeCodes,
  documentTypes,
  type SideRule,
} from '../../../domain/warehouse/documentTypes';
import { todayOf } from '../../../domain/warehouse/isoDate';
import type { OrderTypeCode } from '../../../domain/warehouse/orderTypes';
import type { OrderStatus } from '../../../domain/warehouse/statuses';
import type { LocationRules, ProductRules } from '../../../domain/warehouse/validationInput';
import type { Row } from '../../../server/resources/rows';
import { parseCursor } from '../../../server/sync/cursor';
import { MemorySyncStore } from '../../../sync/memoryStore';
import type { SyncTransport, TransportRequest, TransportResponse } from '../../../sync/ports';
import { pullAll } from '../../../sync/pull';
import { pushedCallOf } from '../../../sync/push';
import { enqueueIntent } from '../../../sync/replica';
import {
  anAccount,
  aRecord,
  aStockLocation,
  aStockProduct,
  aSuperUser,
  definitionOf,
  setLogisticsConfig,
  type TestUser,
} from '../../support/builders';
import { hangGuardMs } from '../../support/hangGuard';
import { settledWatermark } from '../../support/syncBuilders';
import { createTestApp, type TestApp } from '../../support/testApp';
import { testClock } from '../../support/testClock';

/**
 * The promise of the offline terminal: an intent refused offline is refused by the server, with the same codes,
 * and one the terminal takes the server takes too. Random worlds — products with lot, expiry and serial
 * requirements, locks, temperature ranges and weights; locations with locks, temperatures, capacities and types
 * that do or do not hold stock; stock with bins, serials and dates; the company's rule switches — and documents
 * of every type are judged twice: through the device's path (sync/: the replica pulled from this server's feed,
 * each intent checked and queued by enqueueIntent on the replica store) and through the server's API on PGlite
 * (every intent of the case, queued or refused by the device, in one batch push: each call is judged as its own
 * request would be, on the state the ones before it left). The verdict and the codes (error code, each issue's
 * code and position, each field's rule) must be equal for every intent.
 */

const runs = Number(process.env.VERDICT_RUNS ?? 300);
/** A fixed seed: the same 300 worlds on every run (VERDICT_SEED explores others; a failure prints its seed). */
const seed = Number(process.env.VERDICT_SEED ?? 20261126);
const today = todayOf(Date.now());
/** Dates this many days from today, none within two days of a rule's threshold (minimal days 10 or 60, near 30). */
const dayOffsets = [-400, -100, -3, 5, 20, 45, 90, 400] as const;
const dateIn = (days: number): string => todayOf(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000);

/** A product's rule fields, and whether it belongs to the first contractor. */
type ProductSpec = Omit<ProductRules, 'id' | 'index' | 'contractorId' | 'defaultLocationId'> & {
  readonly contractor: boolean;
};

/** A location's rule fields; `holdsStock` null: no type, true/false: a type that does or does not hold stock. */
type LocationSpec = Omit<LocationRules, 'id' | 'label' | 'handleStock' | 'pickupOrder'> & {
  readonly holdsStock: boolean | null;
};

interface StockSpec {
  readonly product: number;
  readonly location: number;
  readonly container: string | null;
  readonly serial: string | null;
  readonly prodDays: number | null;
  readonly expDays: number | null;
  readonly quantity: number;
}

/** A location or bin by index into the run's ones, 'unknown' (an id no one has) or none. */
type Pick = number | 'unknown' | null;

interface LineSpec {
  readonly product: number | 'unknown';
  readonly quantity: number;
  readonly source: Pick;
  readonly destination: Pick;
  readonly sourceContainer: string | null;
  readonly destinationContainer: string | null;
  readonly serial: string | null;
  readonly prodDays: number | null;
  readonly expDays: number | null;
}

interface DocumentSpec {
  readonly typeCode: DocumentTypeCode;
  readonly contractor: 0 | 1 | 2;
  readonly source: Pick;
  readonly destination: Pick;
  readonly sourceContainer: string | null;
  readonly destinationContainer: string | null;
  readonly lines: LineSpec[];
  /** Lines removed (by index) and updated (index → new quantity) after they were added. */
  readonly remove: number | null;
  readonly update: { readonly line: number; readonly quantity: number } | null;
  readonly confirm: boolean;
}

interface OrderSpec {
  readonly status: OrderStatus;
  readonly lines: { readonly product: number; readonly quantity: number }[];
}

interface Case {
  readonly products: ProductSpec[];
  readonly locations: LocationSpec[];
  readonly stock: StockSpec[];
  readonly config: {
    readonly workingCopiesCountInStock: boolean;
    readonly rackCapacity: boolean;
    readonly temperature: boolean;
    readonly nearExpiry: boolean;
    readonly expiredGoods: boolean;
  };
  readonly order: OrderSpec | null;
  readonly document: DocumentSpec;
}

/** A date's offset from today, mostly ahead (expired goods refuse most lines). */
const days = fc.option(
  fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...dayOffsets.filter((d) => d < 0)) },
    { weight: 4, arbitrary: fc.constantFrom(...dayOffsets.filter((d) => d > 0)) },
  ),
  { nil: null, freq: 3 },
);

/** A location side of a document or line, by what the type says of that side (mostly what it asks for). */
const sideArb = (rule: SideRule, size: number, inherit: boolean): fc.Arbitrary<Pick> => {
  const some = fc.nat(size - 1);
  const none = fc.constant(null);
  const unknown = fc.constant('unknown' as const);
  if (inherit)
    // a line's own side: mostly the header's
    return fc.oneof(
      { weight: 6, arbitrary: none },
      { weight: 3, arbitrary: some },
      { weight: 1, arbitrary: unknown },
    );
  if (rule === 'required')
    return fc.oneof(
      { weight: 17, arbitrary: some },
      { weight: 2, arbitrary: unknown },
      { weight: 1, arbitrary: none },
    );
  if (rule === 'forbidden') return fc.oneof({ weight: 9, arbitrary: none }, { weight: 1, arbitrary: some });
  return fc.oneof(
    { weight: 10, arbitrary: some },
    { weight: 9, arbitrary: none },
    { weight: 1, arbitrary: unknown },
  );
};

/** A bin on a side, by what the type says of bins there. */
const binArb = (rule: SideRule): fc.Arbitrary<string | null> => {
  const some = fc.constantFrom('B-1', 'B-2');
  const none = fc.constant(null);
  if (rule === 'required') return fc.oneof({ weight: 9, arbitrary: some }, { weight: 1, arbitrary: none });
  if (rule === 'forbidden') return fc.oneof({ weight: 9, arbitrary: none }, { weight: 1, arbitrary: some });
  return fc.oneof({ weight: 1, arbitrary: some }, { weight: 5, arbitrary: none });
};

/** Mostly off: a product or location with every lock and requirement at random refuses nearly every line. */
const rarely = fc.constantFrom(false, false, false, false, false, false, false, true);

const productArb: fc.Arbitrary<ProductSpec> = fc.record({
  lockIn: rarely,
  lockOut: rarely,
  lockRelocate: rarely,
  requiredProdDate: rarely,
  requiredExpDate: rarely,
  requiredSerial: rarely,
  minTemperature: fc.option(fc.constantFrom(-20, 2), { nil: null, freq: 2 }),
  maxTemperature: fc.option(fc.constantFrom(8, 25), { nil: null, freq: 2 }),
  minimalExpDays: fc.option(fc.constantFrom(10, 60), { nil: null, freq: 2 }),
  weight: fc.option(fc.constantFrom(0.5, 12, 400), { nil: null }),
  contractor: rarely,
});

const locationArb: fc.Arbitrary<LocationSpec> = fc.record({
  lockedIn: rarely,
  lockedOut: rarely,
  temperature: fc.option(fc.constantFrom(-18, 4, 20), { nil: null }),
  capacityKg: fc.option(fc.constantFrom(50, 5000), { nil: null }),
  holdsStock: fc.option(fc.constantFrom(true, true, true, false), { nil: null }),
});

const quantity = fc.constantFrom(-1, 0, 0.5, 1, 1, 2, 2, 3, 7, 40);

/** The order an order-based document belongs to: the order type that generates it, in a status the floor sees. */
const orderTypeOf: Partial<Record<DocumentTypeCode, OrderTypeCode>> = {
  OIN: 'OIN',
  OOU: 'OOU',
  OPK: 'OPI',
  PRO: 'OPR',
  SVI: 'VER-A',
  SVO: 'VER-A',
};

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    products: fc.array(productArb, { minLength: 1, maxLength: 3 }),
    locations: fc.array(locationArb, { minLength: 1, maxLength: 3 }),
    // Every type; those made only for an order (their lines are not edited by hand) less often.
    typeCode: fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(...documentTypeCodes.filter((c) => !documentTypes[c].orderBased)),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...documentTypeCodes.filter((c) => documentTypes[c].orderBased)),
      },
    ),
  })
  .chain(({ products, locations, typeCode }) => {
    const type = documentTypes[typeCode];
    const line = fc.record({
      product: fc.oneof(
        { weight: 12, arbitrary: fc.nat(products.length - 1) },
        { weight: 1, arbitrary: fc.constant('unknown' as const) },
      ),
      quantity,
      source: sideArb(type.sourceLocation, locations.length, true),
      destination: sideArb(type.destinationLocation, locations.length, true),
      sourceContainer: binArb(type.sourceContainer === 'required' ? 'optional' : type.sourceContainer),
      destinationContainer: binArb(
        type.destinationContainer === 'required' ? 'optional' : type.destinationContainer,
      ),
      serial: fc.option(fc.constantFrom('S-1', 'S-2'), { nil: null }),
      prodDays: days,
      expDays: days,
    });
    return fc.record({
      products: fc.constant(products),
      locations: fc.constant(locations),
      stock: fc.array(
        fc.record({
          product: fc.nat(products.length - 1),
          location: fc.nat(locations.length - 1),
          container: fc.option(fc.constantFrom('B-1', 'B-2'), { nil: null, freq: 2 }),
          serial: fc.option(fc.constantFrom('S-1', 'S-2'), { nil: null }),
          prodDays: days,
          expDays: days,
          quantity: fc.constantFrom(1, 2, 5, 10),
        }),
        { maxLength: 4 },
      ),
      config: fc.record({
        workingCopiesCountInStock: fc.boolean(),
        rackCapacity: fc.boolean(),
        temperature: fc.boolean(),
        nearExpiry: fc.boolean(),
        expiredGoods: fc.boolean(),
      }),
      order: orderTypeOf[typeCode]
        ? fc.option(
            fc.record({
              status: fc.constantFrom<OrderStatus>('waitingToProcess', 'inProgress', 'doneUnconfirmed'),
              lines: fc.array(
                fc.record({ product: fc.nat(products.length - 1), quantity: fc.constantFrom(1, 4, 9) }),
                {
                  minLength: 1,
                  maxLength: 3,
                },
              ),
            }),
            { nil: null, freq: 8 },
          )
        : fc.constant(null),
      document: fc.record({
        typeCode: fc.constant(typeCode),
        contractor: fc.constantFrom<0 | 1 | 2>(0, 0, 0, 0, 0, 0, 0, 0, 1, 2),
        source: sideArb(type.sourceLocation, locations.length, false),
        destination: sideArb(type.destinationLocation, locations.length, false),
        sourceContainer: binArb(type.sourceContainer),
        destinationContainer: binArb(type.destinationContainer),
        lines: fc.array(line, { minLength: 1, maxLength: 2 }),
        remove: fc.option(fc.nat(1), { nil: null, freq: 4 }),
        update: fc.option(fc.record({ line: fc.nat(1), quantity }), { nil: null, freq: 3 }),
        confirm: fc.boolean(),
      }),
    });
  });

/** A verdict as both sides report it: accepted, or the error code with each issue's code and position. */
const verdictOf = (status: number, body: unknown): string => {
  if (status >= 200 && status < 300) return 'accepted';
  const b = (body ?? {}) as { code?: unknown; issues?: unknown; fields?: unknown };
  const issues = Array.isArray(b.issues)
    ? (b.issues as { code?: unknown; positionIndex?: unknown }[])
        .map((i) => `${String(i.code)}@${String(i.positionIndex ?? '-')}`)
        .sort()
    : [];
  const fields = Array.isArray(b.fields)
    ? (b.fields as { field?: unknown; rule?: unknown }[])
        .map((f) => `${String(f.field)}:${String(f.rule)}`)
        .sort()
    : [];
  return [String(b.code), ...issues, ...fields].join(' ');
};

describe('refused offline ⇔ refused on the server, with the same codes', () => {
  let t: TestApp;
  let acc: string;
  let user: TestUser;
  let contractors: string[];
  let productTemplate: Row;
  let locationTemplate: Row;
  let types: { holds: string; not: string };
  const store = new MemorySyncStore();
  const deviceId = `verdicts-${randomUUID().slice(0, 8)}`;
  let clock = Date.now();
  let refusedSeq = 0;
  let transport: SyncTransport;

  beforeAll(async () => {
    // Time stands still for the server (a test clock): the user's token must not expire however long the runs take
    // on a loaded machine.
    t = await createTestApp({ clock: testClock({ flows: false }) });
    acc = await anAccount(t.ctx);
    user = await aSuperUser(t.ctx, acc);
    contractors = [
      String((await aRecord(t.ctx, definitionOf(t.ctx, 'company'), acc)).id),
      String((await aRecord(t.ctx, definitionOf(t.ctx, 'company'), acc)).id),
    ];
    productTemplate = await aStockProduct(t.ctx, acc, { barcodes: [] });
    locationTemplate = await aStockLocation(t.ctx, acc);
    const typeDef = definitionOf(t.ctx, 'storageSpaceType');
    types = {
      holds: String((await aRecord(t.ctx, typeDef, acc, { parentTypeId: null, handleStock: true })).id),
      not: String((await aRecord(t.ctx, typeDef, acc, { parentTypeId: null, handleStock: false })).id),
    };
    transport = {
      send: async (request: TransportRequest): Promise<TransportResponse> => {
        const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
        const res = await t.app.inject({
          method: request.method,
          url: `${request.path}${query}`,
          headers: { ...user.headers, ...request.headers },
          ...(request.body === undefined ? {} : { payload: request.body as Row }),
        });
        return {
          status: res.statusCode,
          body: res.body === '' ? undefined : res.json(),
          replayed: res.headers['idempotent-replayed'] === 'true',
        };
      },
    };
  });
  afterAll(async () => t.close());

  const deps = () => ({ store, transport, auth: { refresh: async () => 'failed' as const }, deviceId });

  /** Writes the case's world straight into the server's tables (the triggers log it for the feed). */
  const seedWorld = async (
    c: Case,
  ): Promise<{ products: string[]; locations: string[]; orderId: string | null }> => {
    const productTable = t.ctx.schema.resourceTables.product;
    const locationTable = t.ctx.schema.resourceTables.storageSpace;
    if (!productTable || !locationTable) throw new Error('no product or location table');
    const { id: _p, createdAt: _pc, updatedAt: _pu, ...product } = productTemplate;
    const { id: _l, createdAt: _lc, updatedAt: _lu, ...location } = locationTemplate;
    const productRows = c.products.map(({ contractor, ...p }) => ({
      ...product,
      ...p,
      id: randomUUID(),
      index: `V-${randomUUID().slice(0, 12)}`,
      barcodes: [],
      contractorId: contractor ? contractors[0] : null,
    }));
    const locationRows = c.locations.map(({ holdsStock, ...l }) => ({
      ...location,
      ...l,
      id: randomUUID(),
      label: `V-${randomUUID().slice(0, 12)}`,
      typeId: holdsStock === null ? null : holdsStock ? types.holds : types.not,
    }));
    await t.ctx.db.insert(productTable).values(productRows);
    await t.ctx.db.insert(locationTable).values(locationRows);
    const keys = new Set<string>();
    const stockRows = c.stock.flatMap((s) => {
      const row = {
        clientAccountId: acc,
        productId: productRows[s.product]?.id ?? '',
        locationId: locationRows[s.location]?.id ?? '',
        container: s.container ?? '',
        serialNumber: s.serial ?? '',
        prodDate: s.prodDays === null ? null : dateIn(s.prodDays),
        expDate: s.expDays === null ? null : dateIn(s.expDays),
        quantity: s.quantity,
        reserved: 0,
        contractorId: null,
        firstReceiptAt: new Date(),
        updatedAt: new Date(),
      };
      const key = JSON.stringify([
        row.productId,
        row.locationId,
        row.container,
        row.serialNumber,
        row.prodDate,
        row.expDate,
      ]);
      if (keys.has(key)) return [];
      keys.add(key);
      return [row];
    });
    if (stockRows.length) await t.ctx.db.insert(t.ctx.schema.warehouseTables.stock).values(stockRows);
    await setLogisticsConfig(t.ctx, acc, {
      workingCopiesCountInStock: c.config.workingCopiesCountInStock,
      rules: {
        rackCapacity: { enabled: c.config.rackCapacity },
        temperature: { enabled: c.config.temperature },
        nearExpiry: { enabled: c.config.nearExpiry, days: 30 },
        expiredGoods: { enabled: c.config.expiredGoods },
      },
    });
    const orderType = orderTypeOf[c.document.typeCode as DocumentTypeCode];
    let orderId: string | null = null;
    if (c.order && orderType) {
      const orders = t.ctx.schema.resourceTables.wmsOrder;
      const positions = t.ctx.schema.resourceTables.wmsOrderPosition;
      if (!orders || !positions) throw new Error('no order tables');
      orderId = randomUUID();
      await t.ctx.db.insert(orders).values({
        id: orderId,
        clientAccountId: acc,
        orderNumber: `V-${randomUUID().slice(0, 12)}`,
        typeCode: orderType,
        statusCode: c.order.status,
        priority: 'normal',
        realisationStarted: c.order.status !== 'waitingToProcess',
        positionsCount: c.order.lines.length,
        positionsDone: 0,
      });
      await t.ctx.db.insert(positions).values(
        c.order.lines.map((l, i) => ({
          clientAccountId: acc,
          orderId,
          lineNo: i + 1,
          productId: productRows[l.product]?.id,
          quantity: l.quantity,
        })),
      );
    }
    return { products: productRows.map((r) => r.id), locations: locationRows.map((r) => r.id), orderId };
  };

  /** The device's view catches up with the server (and leaves the intents the server took out of its overlay). */
  const pull = async () => {
    // On a shared PostgreSQL the feed may hold back for a moment behind another database's transaction
    // (settledWatermark): pull until the device has what was committed before the call, as it would next time.
    const target = await settledWatermark(t);
    for (let i = 0; i < 2000; i++) {
      const pulled = await pullAll({ ...deps(), now: () => clock });
      if (pulled.stop !== 'done') throw new Error(`pull stopped: ${JSON.stringify(pulled)}`);
      const { cursor } = await store.read((tx) => tx.meta());
      if (target === undefined || (cursor !== null && parseCursor(cursor).xid >= target)) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('the device never caught up with the feed');
  };

  /** The device's verdict on an intent: queued (its check passed), or refused with the server's codes. */
  const onDevice = async (intent: Intent): Promise<{ verdict: string; call: PushedCall }> => {
    clock += 1000;
    const enqueued = await store.write((tx) =>
      enqueueIntent(tx, intent, { deviceId, userId: String(user.row.id), now: clock, newKey: randomUUID }),
    );
    if (enqueued.ok) return { verdict: 'accepted', call: pushedCallOf(enqueued.entry) };
    // Not queued: the server judges the same call under a key of its own, on the same state.
    const call = callOf(intent);
    return {
      verdict: verdictOf(400, enqueued.refusal),
      call: {
        idempotencyKey: randomUUID(),
        deviceId: `${deviceId}-refused`,
        mutationId: ++refusedSeq,
        method: call.method,
        path: call.path,
        ...(call.query ? { query: call.query } : {}),
        ...(call.body === undefined ? {} : { body: call.body }),
      },
    };
  };

  /** The server's verdicts on the calls, in order, through one batch push (each as its own request would be). */
  const onServer = async (calls: readonly PushedCall[]): Promise<string[]> => {
    const res = await transport.send({
      method: 'POST',
      path: syncPaths.push,
      body: { version: 1, mutations: calls },
      headers: {},
    });
    if (res.status !== 200) throw new Error(`push answered ${res.status}: ${JSON.stringify(res.body)}`);
    const { results } = pushResponseSchema.parse(res.body);
    return results.map((r) => verdictOf(r.status, r.body));
  };

  const refOf = (p: Pick, ids: readonly string[], unknown: string): string | null =>
    p === null ? null : p === 'unknown' ? unknown : (ids[p] ?? null);

  it(`holds for ${runs} random worlds and documents of every type`, async () => {
    const seen = new Set<string>();
    await pull();
    await fc.assert(
      fc.asyncProperty(caseArb, fc.uuid(), async (c, unknown) => {
        const world = await seedWorld(c);
        await pull();
        const d = c.document;
        const documentId = randomUUID();
        const judged: { intent: Intent; verdict: string; call: PushedCall }[] = [];
        const check = async (intent: Intent): Promise<boolean> => {
          const { verdict, call } = await onDevice(intent);
          judged.push({ intent, verdict, call });
          return verdict === 'accepted';
        };
        const created = await check({
          kind: 'document.create',
          document: {
            id: documentId,
            typeCode: d.typeCode,
            documentNumber: '',
            contractorId: d.contractor === 0 ? null : (contractors[d.contractor - 1] ?? null),
            orderId: world.orderId,
            sourceLocationId: refOf(d.source, world.locations, unknown),
            destinationLocationId: refOf(d.destination, world.locations, unknown),
            sourceContainer: d.sourceContainer,
            destinationContainer: d.destinationContainer,
          },
        });
        if (created) {
          const lines: LinePayload[] = d.lines.map((l) => ({
            id: randomUUID(),
            documentId,
            productId: l.product === 'unknown' ? unknown : (world.products[l.product] ?? unknown),
            quantity: l.quantity,
            sourceLocationId: refOf(l.source, world.locations, unknown),
            destinationLocationId: refOf(l.destination, world.locations, unknown),
            sourceContainer: l.sourceContainer,
            destinationContainer: l.destinationContainer,
            serialNumber: l.serial,
            prodDate: l.prodDays === null ? null : dateIn(l.prodDays),
            expDate: l.expDays === null ? null : dateIn(l.expDays),
          }));
          const added: LinePayload[] = [];
          for (const line of lines) if (await check({ kind: 'line.add', line })) added.push(line);
          const updated = d.update ? added[d.update.line] : undefined;
          if (d.update && updated)
            await check({ kind: 'line.update', line: { ...updated, quantity: d.update.quantity } });
          const removed = d.remove === null ? undefined : added[d.remove];
          if (removed) await check({ kind: 'line.remove', lineId: removed.id, documentId });
          if (d.confirm) await check({ kind: 'document.confirm', documentId });
          else await check({ kind: 'document.delete', documentId });
        }
        const server = await onServer(judged.map((j) => j.call));
        for (const [i, j] of judged.entries()) {
          seen.add(`${j.intent.kind} ${j.verdict.split(' ')[0] ?? ''}`);
          // The first disagreement says it all: what follows it runs on different states.
          expect(`${j.intent.kind}: ${server[i]}`, JSON.stringify(j.intent)).toBe(
            `${j.intent.kind}: ${j.verdict}`,
          );
        }
      }),
      { numRuns: runs, seed },
    );
    // The worlds must have led to acceptances and refusals of every kind of intent, or the property said little.
    if (runs >= 100)
      expect([...seen].sort()).toEqual(
        expect.arrayContaining([
          'document.confirm accepted',
          'document.confirm stockShortfall',
          'document.create accepted',
          'document.create documentInvalid',
          'document.delete accepted',
          'line.add accepted',
          'line.add documentInvalid',
          'line.add statusForbidsChange',
          'line.add stockShortfall',
          'line.remove accepted',
          'line.update accepted',
        ]),
      );
  }, hangGuardMs);
});
