import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PushedCall, pushResponseSchema } from '../../../domain/sync/wire';
import { col, tableOf } from '../../../server/db/resourceColumns';
import type { Row } from '../../../server/resources/rows';
import { isFinal } from '../../../server/sync/outcome';
import {
  anAccount,
  anOrderLocation,
  anOrderProduct,
  aSuperUser,
  receiveOrderStock,
  setLogisticsConfig,
  stockQuantityOf,
  type TestUser,
} from '../../support/builders';
import { hangGuardMs } from '../../support/hangGuard';
import { push } from '../../support/syncBuilders';
import { testAppFixture } from '../../support/testApp';

/**
 * Push groups (server/sync/exactlyOnce.ts) must not change what a batch does: random sequences of terminal calls —
 * with refusals in the middle (locked or unknown products, stock that runs out at confirmation, lines and
 * documents that do not exist or exist already) — pushed as one batch in one account, and one by one as their
 * own requests in another account set up the same, get the same outcomes and leave the same documents and stock.
 */

const app = testAppFixture();

type Command =
  | { readonly op: 'create'; readonly doc: number }
  | {
      readonly op: 'add';
      readonly doc: number;
      readonly line: number;
      readonly product: 'ok' | 'locked' | 'unknown';
      readonly quantity: number;
    }
  | { readonly op: 'update'; readonly line: number; readonly quantity: number }
  | { readonly op: 'remove'; readonly line: number }
  | { readonly op: 'confirm'; readonly doc: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('create' as const), doc: fc.nat(2) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      doc: fc.nat(2),
      line: fc.nat(7),
      product: fc.constantFrom(
        'ok' as const,
        'ok' as const,
        'ok' as const,
        'locked' as const,
        'unknown' as const,
      ),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('update' as const),
      line: fc.nat(7),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), line: fc.nat(7) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('confirm' as const), doc: fc.nat(2) }) },
);

/** One account set up for the commands: a bin with 5 of a product, a product locked for release. */
interface World {
  readonly acc: string;
  readonly user: TestUser;
  readonly location: string;
  readonly ok: string;
  readonly locked: string;
  readonly docs: readonly string[];
  readonly lines: readonly string[];
}

const aWorld = async (reserving: boolean): Promise<World> => {
  const acc = await anAccount(app.t.ctx);
  const user = await aSuperUser(app.t.ctx, acc);
  // Working copies that reserve stock: a line change releases and makes the reservation again around its check.
  if (reserving) await setLogisticsConfig(app.t.ctx, acc, { workingCopiesCountInStock: true });
  const location = String((await anOrderLocation(app.t.ctx, acc)).id);
  const ok = String((await anOrderProduct(app.t.ctx, acc)).id);
  const locked = String((await anOrderProduct(app.t.ctx, acc, { lockOut: true })).id);
  await receiveOrderStock(app.t.ctx, user, [{ productId: ok, locationId: location, quantity: 5 }]);
  return {
    acc,
    user,
    location,
    ok,
    locked,
    docs: Array.from({ length: 3 }, () => randomUUID()),
    lines: Array.from({ length: 8 }, () => randomUUID()),
  };
};

let mutationIds = 0;
const callOf = (w: World, c: Command): PushedCall => {
  const base = { idempotencyKey: randomUUID(), deviceId: 'dev-property', mutationId: ++mutationIds };
  switch (c.op) {
    case 'create':
      return {
        ...base,
        method: 'POST',
        path: '/api/WmsDocument',
        body: { id: w.docs[c.doc], typeCode: 'DOU', sourceLocationId: w.location, positions: [] },
      };
    case 'add':
      return {
        ...base,
        method: 'POST',
        path: '/api/WmsDocumentPosition',
        body: {
          id: w.lines[c.line],
          documentId: w.docs[c.doc],
          productId: c.product === 'ok' ? w.ok : c.product === 'locked' ? w.locked : randomUUID(),
          quantity: c.quantity,
          sourceLocationId: w.location,
        },
      };
    case 'update':
      return {
        ...base,
        method: 'PUT',
        path: `/api/WmsDocumentPosition/${w.lines[c.line]}`,
        body: { quantity: c.quantity },
      };
    case 'remove':
      return { ...base, method: 'DELETE', path: `/api/WmsDocumentPosition/${w.lines[c.line]}` };
    case 'confirm':
      return { ...base, method: 'POST', path: `/api/WmsDocument/${w.docs[c.doc]}/confirm` };
  }
};

/** What an outcome says, without the ids and numbers that differ between the accounts. */
const gist = (status: number, body: unknown): string => {
  const code = typeof body === 'object' && body !== null ? (body as Row).code : undefined;
  return `${status}${typeof code === 'string' ? ` ${code}` : ''}`;
};

/** A versioned object of a record_log entry. */
const loggedObject = (value: unknown): Row | null =>
  typeof value === 'object' && value !== null ? (value as Row) : null;

/**
 * A document's record_log entries in version order, as action and counters. Each entry's old object must be
 * exactly the object the entry before it stored: what a change of a document remembered in its push group
 * (lineMemory.ts) logs as before is what it would have read.
 */
const logChainOf = (entries: readonly Row[]): string[] => {
  const byVersion = [...entries].sort(
    (a, b) =>
      Number(loggedObject(a.newObject)?.version ?? 1e9) - Number(loggedObject(b.newObject)?.version ?? 1e9),
  );
  let before: Row | null = null;
  return byVersion.map((e) => {
    const old = loggedObject(e.oldObject);
    const next = loggedObject(e.newObject);
    if (e.action !== 'create') expect(old).toEqual(before);
    before = next;
    return `${String(e.action)} ${old?.version ?? '-'}→${next?.version ?? '-'} ${next?.statusCode ?? '-'} ${next?.unconfirmedPositions ?? '-'}/${next?.unconfirmedQuantity ?? '-'}`;
  });
};

/** The documents (status, lines as product kind × quantity in line order) and the stock of a world. */
const stateOf = async (w: World) => {
  const docs = tableOf(app.t.ctx, 'wmsDocument');
  const positions = tableOf(app.t.ctx, 'wmsDocumentPosition');
  const documents = [];
  for (const id of w.docs) {
    const [doc] = await app.t.ctx.db
      .select()
      .from(docs)
      .where(eq(col(docs, 'id'), id));
    const lines = await app.t.ctx.db
      .select()
      .from(positions)
      .where(and(eq(col(positions, 'clientAccountId'), w.acc), eq(col(positions, 'documentId'), id)))
      .orderBy(asc(col(positions, 'lineNo')));
    documents.push({
      status: doc?.statusCode ?? null,
      lines: lines.map((l) => `${l.productId === w.ok ? 'ok' : 'other'}×${Number(l.quantity)}#${l.lineNo}`),
    });
  }
  const logTable = tableOf(app.t.ctx, 'recordLog');
  const logged = await app.t.ctx.db
    .select()
    .from(logTable)
    .where(
      and(eq(col(logTable, 'clientAccountId'), w.acc), eq(col(logTable, 'resourceType'), 'wmsDocument')),
    );
  const { stockReservation: r } = app.t.ctx.schema.warehouseTables;
  const reserved = await app.t.ctx.db
    .select({ documentId: r.documentId, quantity: r.quantity })
    .from(r)
    .where(eq(r.clientAccountId, w.acc));
  return {
    documents,
    log: w.docs.map((id) => logChainOf(logged.filter((e) => e.resourceId === id))),
    stock: await stockQuantityOf(app.t.ctx, w.acc, w.ok, w.location),
    reserved: w.docs.map((id) => reserved.filter((x) => x.documentId === id).map((x) => Number(x.quantity))),
  };
};

const ok = (doc: number, line: number, quantity = 1): Command => ({
  op: 'add',
  doc,
  line,
  product: 'ok',
  quantity,
});

/**
 * Sequences where a group's later call works on what its earlier calls left in memory (lineMemory.ts): a line
 * changed, removed or added before, a confirmation in between. Always run, next to the random ones.
 */
const memoryExamples: [Command[], boolean][] = [
  [
    [{ op: 'create', doc: 0 }, ok(0, 0, 2), { op: 'update', line: 0, quantity: 1 }, ok(0, 1), ok(0, 2)],
    false,
  ],
  [[{ op: 'create', doc: 0 }, ok(0, 0), ok(0, 1), { op: 'remove', line: 0 }, ok(0, 2), ok(0, 3)], false],
  [
    [
      { op: 'create', doc: 0 },
      { op: 'create', doc: 1 },
      ok(0, 0, 2),
      ok(1, 1),
      { op: 'confirm', doc: 0 },
      ok(1, 2, 3),
      { op: 'update', line: 1, quantity: 3 },
      { op: 'confirm', doc: 1 },
    ],
    false,
  ],
];

describe('push groups change nothing a batch does', () => {
  it('a batch and the same calls one by one get the same outcomes and leave the same state', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Two documents first, so that most later calls meet one (the third may never be made).
        fc
          .array(commandArb, { minLength: 1, maxLength: 14 })
          .map((rest): Command[] => [{ op: 'create', doc: 0 }, { op: 'create', doc: 1 }, ...rest]),
        fc.boolean(),
        async (commands, reserving) => {
          const batched = await aWorld(reserving);
          const single = await aWorld(reserving);

          const res = await app.t.app.inject({
            method: 'POST',
            url: '/api/sync/push',
            headers: batched.user.headers,
            payload: { version: 1, mutations: commands.map((c) => callOf(batched, c)) },
          });
          expect(res.statusCode, res.body).toBe(200);
          const fromBatch = pushResponseSchema.parse(res.json()).results.map((r) => gist(r.status, r.body));

          const oneByOne: string[] = [];
          for (const command of commands) {
            const call = callOf(single, command);
            const answer = await push(app.t, single.user, call.method, call.path, {
              key: call.idempotencyKey,
              payload: call.body,
              deviceId: call.deviceId,
              mutationId: call.mutationId,
            });
            oneByOne.push(gist(answer.statusCode, answer.payload ? answer.json() : undefined));
            if (!isFinal(answer.statusCode, answer.payload)) break;
          }

          expect(fromBatch).toEqual(oneByOne);
          expect(await stateOf(batched)).toEqual(await stateOf(single));
        },
      ),
      { numRuns: 40, examples: [...memoryExamples, ...memoryExamples.map(([c]) => [c, true] as const)] },
    );
    // Dozens of runs through the real API: minutes on a loaded machine; this bound only catches a hang.
  }, hangGuardMs);
});
