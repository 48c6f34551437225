import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PushedCall } from '../../../../domain/sync/wire';
import { pushResponseSchema } from '../../../../domain/sync/wire';
import type { Tx } from '../../../../server/db/client';
import type { Row } from '../../../../server/resources/rows';
import { PushGroup } from '../../../../server/sync/pushGroup';
import { documentServiceOf } from '../../../../server/warehouse/documents/documentService';
import { lineMemoryOf, wantedBy } from '../../../../server/warehouse/documents/lineMemory';
import {
  anAccount,
  anOrderLocation,
  anOrderProduct,
  aSuperUser,
  orderScopeOf,
  receiveOrderStock,
} from '../../../support/builders';
import { testAppFixture } from '../../../support/testApp';

// What a push group's document calls remember for its later calls (lineMemory.ts): used while the group ran no
// other statement, forgotten as soon as it did.

const app = testAppFixture();

/** An account with a bin holding 5 of a product in container `bin`. */
const aWarehouse = async () => {
  const acc = await anAccount(app.t.ctx);
  const user = await aSuperUser(app.t.ctx, acc);
  const location = String((await anOrderLocation(app.t.ctx, acc)).id);
  const product = String((await anOrderProduct(app.t.ctx, acc)).id);
  const bin = `BIN-${randomUUID().slice(0, 8)}`;
  await receiveOrderStock(app.t.ctx, user, [
    { productId: product, locationId: location, quantity: 5, container: bin },
  ]);
  return { acc, user, location, product, bin, scope: orderScopeOf(user) };
};

/** Runs `work` in an open push group of `calls` and rolls its transaction back afterwards. */
const inRolledBackGroup = async (
  work: (group: PushGroup, tx: Tx) => Promise<void>,
  calls: readonly PushedCall[] = [],
): Promise<void> => {
  const rolledBack = new Error('roll back');
  await expect(
    app.t.ctx.db.transaction(async (tx) => {
      const group = new PushGroup(calls);
      await group.within(tx, () => work(group, tx));
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
};

let mutationIds = 0;
const aCall = (method: PushedCall['method'], path: string, body?: Row): PushedCall => ({
  idempotencyKey: randomUUID(),
  deviceId: 'dev-memory',
  mutationId: ++mutationIds,
  method,
  path,
  ...(body ? { body } : {}),
});

describe('line memory of a push group', () => {
  it('is there only in a group, and is forgotten when any other statement runs or the scope changes', async () => {
    const w = await aWarehouse();
    const other = orderScopeOf(await aSuperUser(app.t.ctx, await anAccount(app.t.ctx)));
    expect(lineMemoryOf(w.scope)).toBeUndefined();
    await inRolledBackGroup(async (_group, tx) => {
      const memory = lineMemoryOf(w.scope);
      expect(memory).toBeDefined();
      expect(lineMemoryOf(w.scope)).toBe(memory);
      await tx.execute(sql`select 1`);
      const next = lineMemoryOf(w.scope);
      expect(next).not.toBe(memory);
      next?.settle();
      expect(lineMemoryOf(w.scope)).toBe(next);
      expect(lineMemoryOf(other)).not.toBe(next);
    });
  });

  it('lets a group’s lines of a document it made cost one statement each once their rule rows are read', async () => {
    const w = await aWarehouse();
    const service = documentServiceOf(app.t.ctx);
    const documentId = randomUUID();
    const line = (quantity: number) => ({
      documentId,
      productId: w.product,
      quantity,
      sourceLocationId: w.location,
      sourceContainer: w.bin,
    });
    await inRolledBackGroup(async (group, tx) => {
      await service.create(tx, w.scope, {
        id: documentId,
        typeCode: 'DOU',
        sourceLocationId: w.location,
        positions: [],
      });
      const statements: number[] = [];
      for (const quantity of [1, 2, 1]) {
        const before = group.statements;
        await service.addLine(tx, w.scope, line(quantity));
        statements.push(group.statements - before);
      }
      // No lock: the document was made in the group. The first line also reads its product's rule rows (this
      // group has no later calls to read them with); the others need nothing but their write.
      expect(statements).toEqual([2, 1, 1]);
      const lines = await service.get(tx, w.scope, documentId);
      expect(lines.positions.map((p) => [p.lineNo, p.quantity])).toEqual([
        [1, 1],
        [2, 2],
        [3, 1],
      ]);
      expect(lines).toMatchObject({ unconfirmedPositions: 3, unconfirmedQuantity: 4, version: 4 });
    });
  });

  it('reads the products, locations and bins of the group’s later calls with its first miss', async () => {
    const w = await aWarehouse();
    const later = String((await anOrderProduct(app.t.ctx, w.acc)).id);
    const documentId = randomUUID();
    const calls = [
      aCall('POST', '/api/WmsDocumentPosition', {
        documentId,
        productId: w.product,
        quantity: 1,
        sourceLocationId: w.location,
      }),
      aCall('POST', '/api/WmsDocumentPosition', {
        documentId,
        productId: later,
        quantity: 1,
        sourceLocationId: w.location,
        sourceContainer: w.bin,
      }),
    ];
    await inRolledBackGroup(async (group) => {
      group.startCall(0);
      const memory = lineMemoryOf(w.scope);
      await memory?.rules.load(app.t.ctx, app.t.ctx.db, w.acc, { productIds: [w.product] });
      expect([...(memory?.rules.rows.products.keys() ?? [])].sort()).toEqual([w.product, later].sort());
      expect(memory?.rules.rows.containerLocations.get(w.bin)).toBe(w.location);
      // All known now: no statement for them.
      const before = group.statements;
      await memory?.rules.load(app.t.ctx, app.t.ctx.db, w.acc, {
        productIds: [later],
        locationIds: [w.location],
        containers: [w.bin],
      });
      expect(group.statements).toBe(before);
    }, calls);
  });

  it('does not let a line accept a bin the group’s own confirmation emptied before it', async () => {
    const w = await aWarehouse();
    const [first, second] = [randomUUID(), randomUUID()];
    const take = (documentId: string, quantity: number) =>
      aCall('POST', '/api/WmsDocumentPosition', {
        documentId,
        productId: w.product,
        quantity,
        sourceLocationId: w.location,
        sourceContainer: w.bin,
      });
    const open = (id: string) =>
      aCall('POST', '/api/WmsDocument', { id, typeCode: 'DOU', sourceLocationId: w.location, positions: [] });
    const mutations = [
      open(first),
      open(second),
      take(first, 5),
      // Takes the bin's last units: it stands nowhere any more.
      aCall('POST', `/api/WmsDocument/${first}/confirm`),
      take(second, 1),
    ];
    const res = await app.t.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: w.user.headers,
      payload: { version: 1, mutations },
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = pushResponseSchema.parse(res.json()).results;
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 200, 422]);
    expect(results[4]?.body).toMatchObject({
      issues: [expect.objectContaining({ code: 'sourceContainerMismatch' })],
    });
  });
});

describe('wantedBy', () => {
  it('takes the ids and bins a call body names, also of its positions, and skips what is no id', () => {
    const [product, source, destination, other] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    expect(
      wantedBy([
        aCall('POST', '/api/WmsDocumentPosition', {
          productId: product,
          sourceLocationId: source,
          sourceContainer: 'BIN-1',
        }),
        aCall('POST', '/api/WmsDocument', {
          destinationLocationId: destination,
          positions: [{ productId: other, destinationContainer: 'BIN-2' }, { productId: 'not-an-id' }],
        }),
        aCall('DELETE', `/api/WmsDocumentPosition/${randomUUID()}`),
      ]),
    ).toEqual({
      productIds: [product, other],
      locationIds: [source, destination],
      containers: ['BIN-1', 'BIN-2'],
    });
  });
});
