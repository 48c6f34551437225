import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type IntentKind, intentRegistry } from '../../../../domain/sync/intents';
import type { PushedCall } from '../../../../domain/sync/wire';
import { pushResponseSchema } from '../../../../domain/sync/wire';
import type { Tx } from '../../../../server/db/client';
import type { Row } from '../../../../server/resources/rows';
import { UnitOfWork } from '../../../../server/unitOfWork';
import { documentServiceOf } from '../../../../server/warehouse/documents/documentService';
import { lineMemoryOf } from '../../../../server/warehouse/documents/lineMemory';
import {
  anAccount,
  anOrderLocation,
  anOrderProduct,
  aSuperUser,
  orderScopeOf,
  receiveOrderStock,
} from '../../../support/builders';
import { recordStatements } from '../../../support/statementRecorder';
import { testAppFixture } from '../../../support/testApp';

// What the document calls of a unit of several calls (a push group) remember for its later calls
// (lineMemory.ts): used while every call in between left it true, forgotten as soon as another call ran.

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

let recorder: ReturnType<typeof recordStatements>;
beforeAll(() => {
  recorder = recordStatements(app.t.ctx.db);
});

/**
 * The statements the running transaction sends from now on (recorded by the database connection it runs on,
 * test/support/statementRecorder.ts; the server itself counts nothing). The tests run one at a time, so the
 * transaction opened last is the one running.
 */
const statementsOn = (): (() => number) => {
  const unit = recorder.units.findLast((u) => u.transaction);
  if (!unit) throw new Error('no transaction is running');
  const from = unit.statements.length;
  return () => unit.statements.length - from;
};

/** Runs `work` in a unit shared by the pushed calls `calls` (their prefetch hints) and rolls it back afterwards. */
const inRolledBackGroup = async (
  work: (unit: UnitOfWork, tx: Tx) => Promise<void>,
  calls: readonly { readonly kind: IntentKind; readonly body: Row }[] = [],
): Promise<void> => {
  const rolledBack = new Error('roll back');
  await expect(
    app.t.ctx.db.transaction(async (tx) => {
      const hints = calls.map((c) =>
        intentRegistry[c.kind].prefetch?.({ params: {}, query: {}, body: c.body }),
      );
      const unit: UnitOfWork = new UnitOfWork(tx, {
        ahead: () => ({
          productIds: hints.slice(unit.call).flatMap((h) => h?.productIds ?? []),
          locationIds: hints.slice(unit.call).flatMap((h) => h?.locationIds ?? []),
          containers: hints.slice(unit.call).flatMap((h) => h?.containers ?? []),
        }),
      });
      await work(unit, tx);
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
  it('is there only in a shared unit, and is forgotten when another call runs between or the scope changes', async () => {
    const w = await aWarehouse();
    const other = orderScopeOf(await aSuperUser(app.t.ctx, await anAccount(app.t.ctx)));
    await app.t.ctx.db.transaction(async (tx) => {
      expect(lineMemoryOf(new UnitOfWork(tx), w.scope)).toBeUndefined();
    });
    await inRolledBackGroup(async (unit) => {
      unit.beginCall();
      const memory = lineMemoryOf(unit, w.scope);
      expect(memory).toBeDefined();
      expect(lineMemoryOf(unit, w.scope)).toBe(memory);
      // The next call: this one did not leave it true.
      unit.beginCall();
      const next = lineMemoryOf(unit, w.scope);
      expect(next).not.toBe(memory);
      next?.settle();
      unit.beginCall();
      expect(lineMemoryOf(unit, w.scope)).toBe(next);
      expect(lineMemoryOf(unit, other)).not.toBe(next);
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
    await inRolledBackGroup(async (unit, tx) => {
      const ran = statementsOn();
      unit.beginCall();
      await service.create(unit, w.scope, {
        id: documentId,
        typeCode: 'DOU',
        sourceLocationId: w.location,
        positions: [],
      });
      const statements: number[] = [];
      for (const quantity of [1, 2, 1]) {
        unit.beginCall();
        const before = ran();
        await service.addLine(unit, w.scope, line(quantity));
        statements.push(ran() - before);
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
      {
        kind: 'line.add' as const,
        body: { documentId, productId: w.product, quantity: 1, sourceLocationId: w.location },
      },
      {
        kind: 'line.add' as const,
        body: {
          documentId,
          productId: later,
          quantity: 1,
          sourceLocationId: w.location,
          sourceContainer: w.bin,
        },
      },
    ];
    await inRolledBackGroup(async (unit, tx) => {
      const ran = statementsOn();
      unit.beginCall();
      const memory = lineMemoryOf(unit, w.scope);
      await memory?.rules.load(app.t.ctx, tx, w.acc, { productIds: [w.product] });
      expect([...(memory?.rules.rows.products.keys() ?? [])].sort()).toEqual([w.product, later].sort());
      expect(memory?.rules.rows.containerLocations.get(w.bin)).toBe(w.location);
      // All known now: no statement for them.
      const before = ran();
      await memory?.rules.load(app.t.ctx, tx, w.acc, {
        productIds: [later],
        locationIds: [w.location],
        containers: [w.bin],
      });
      expect(ran()).toBe(before);
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
