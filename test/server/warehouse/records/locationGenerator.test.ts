import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../../server/resources/rows';
import {
  aLocation,
  aLocationType,
  anAccount,
  aPowerUser,
  aUser,
  type TestUser,
} from '../../../support/builders';
import { createTestApp, type TestApp } from '../../../support/testApp';

let t: TestApp;
let acc: string;
let manager: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  manager = await aPowerUser(t.ctx, acc);
});
afterAll(async () => t.close());

const generate = (who: TestUser, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/StorageSpace/generate',
    headers: { ...who.headers, 'accept-language': 'en-us' },
    payload: body as Row,
  });
const progressOf = (who: TestUser, jobId: string) =>
  t.app.inject({ method: 'GET', url: `/api/StorageSpace/generate/${jobId}`, headers: who.headers });

/** Polls the job until it is no longer running (the test's timeout bounds the wait). */
const finished = async (jobId: string, who: TestUser = manager): Promise<Row> => {
  for (;;) {
    const res = await progressOf(who, jobId);
    expect(res.statusCode, res.body).toBe(200);
    const progress = res.json();
    if (progress.status !== 'running') return progress;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/** The account's locations whose labels start with `prefix`, by label. */
const locationsLike = async (prefix: string): Promise<Map<string, Row>> => {
  const table = t.ctx.schema.resourceTables.storageSpace;
  if (!table?.clientAccountId || !table.label) throw new Error('no storageSpace table');
  const rows = await t.ctx.db.select().from(table).where(eq(table.clientAccountId, acc));
  return new Map(rows.filter((r) => String(r.label).startsWith(prefix)).map((r) => [String(r.label), r]));
};

const unique = () => `G${randomUUID().slice(0, 5).toUpperCase()}`;

describe('POST /api/StorageSpace/generate', () => {
  it('makes three nesting levels in the background, parents first, and reports progress until done', async () => {
    const prefix = unique();
    const [rackType, shelfType] = [await aLocationType(t.ctx, acc), await aLocationType(t.ctx, acc)];
    const parent = await aLocation(t.ctx, acc, { label: `${prefix}-HALL` });
    const res = await generate(manager, {
      parentId: parent.id,
      typeId: rackType.id,
      separator: '-',
      levels: [
        { prefix: `${prefix}a`, digits: 2, start: 1, quantity: 2 },
        { prefix: 'r', digits: 2, start: 9, quantity: 3 },
        { prefix: 's', digits: 1, start: 0, quantity: 2, typeId: shelfType.id },
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    const { jobId, total } = res.json();
    expect(total).toBe(2 + 2 * 3 + 2 * 3 * 2);
    const progress = await finished(jobId);
    expect(progress).toEqual({ jobId, status: 'done', done: total, total });

    const made = await locationsLike(`${prefix}A`);
    expect(made.size).toBe(total);
    const top = made.get(`${prefix}A01`);
    const rack = made.get(`${prefix}A01-R10`);
    const shelf = made.get(`${prefix}A02-R11-S1`);
    expect(top).toMatchObject({ parentId: parent.id, typeId: rackType.id });
    expect(rack).toMatchObject({ parentId: top?.id, typeId: rackType.id });
    expect(shelf).toMatchObject({ parentId: made.get(`${prefix}A02-R11`)?.id, typeId: shelfType.id });
    // The tree shows them below the parent.
    const tree = await t.app.inject({
      method: 'GET',
      url: `/api/StorageSpace/tree?parentId=${parent.id}`,
      headers: manager.headers,
    });
    expect(tree.json().results.map((r: Row) => [r.label, r.childCount])).toEqual([
      [`${prefix}A01`, 3],
      [`${prefix}A02`, 3],
    ]);
  });

  it('pushes the same progress as server-sent events, ending with the job', async () => {
    const prefix = unique();
    const res = await generate(manager, { levels: [{ prefix, digits: 3, start: 1, quantity: 5 }] });
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json();
    const events = await t.app.inject({
      method: 'GET',
      url: `/api/StorageSpace/generate/${jobId}/events?access_token=${manager.token}`,
    });
    expect(events.statusCode).toBe(200);
    expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
    const messages = events.body
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('data: '))
      .map((chunk) => JSON.parse(chunk.slice('data: '.length)));
    expect(messages.at(-1)).toEqual({ jobId, status: 'done', done: 5, total: 5 });
    expect(messages.every((m) => m.jobId === jobId && m.total === 5)).toBe(true);
  });

  it('refuses labels that exist, naming them with the translated message; nothing is written', async () => {
    const prefix = unique();
    await aLocation(t.ctx, acc, { label: `${prefix}02` });
    await aLocation(t.ctx, acc, { label: `${prefix}03` });
    const res = await generate(manager, { levels: [{ prefix, digits: 2, start: 1, quantity: 4 }] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'uniqueConflict',
      message: 'A record with the same values already exists. Check the unique fields.',
      fields: [
        { field: 'label', rule: 'uniqueConflict', params: { label: `${prefix}02` } },
        { field: 'label', rule: 'uniqueConflict', params: { label: `${prefix}03` } },
      ],
    });
    expect([...(await locationsLike(prefix)).keys()].sort()).toEqual([`${prefix}02`, `${prefix}03`]);
    // Labels of another account do not clash.
    const other = await anAccount(t.ctx);
    const theirs = await aPowerUser(t.ctx, other);
    const free = await generate(theirs, { levels: [{ prefix, digits: 2, start: 1, quantity: 4 }] });
    expect(free.statusCode, free.body).toBe(202);
    expect(await finished(free.json().jobId, theirs)).toMatchObject({ status: 'done', done: 4 });
  });

  it('refuses labels a running job is writing (or has written meanwhile)', async () => {
    const prefix = unique();
    const first = await generate(manager, { levels: [{ prefix, digits: 2, start: 1, quantity: 3 }] });
    expect(first.statusCode).toBe(202);
    // Same labels again at once: either the job still writes them or they are stored by now; both are 409.
    const again = await generate(manager, { levels: [{ prefix, digits: 2, start: 1, quantity: 3 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('uniqueConflict');
    await finished(first.json().jobId);
    expect((await locationsLike(prefix)).size).toBe(3);
  });

  it('checks the request: levels, limits, references (400), access (403) and other accounts’ jobs (404)', async () => {
    const cases: [unknown, string, string][] = [
      [{}, 'levels', 'required'],
      [{ levels: [] }, 'levels', 'required'],
      [
        { levels: Array.from({ length: 4 }, () => ({ prefix: 'Z', digits: 1, start: 1, quantity: 1 })) },
        'levels',
        'maxValue',
      ],
      [{ levels: [{ prefix: 'Z', digits: 1, start: 5, quantity: 6 }] }, 'levels.0.quantity', 'maxValue'],
      [{ levels: [{ prefix: 'Z', digits: 0, start: 1, quantity: 1 }] }, 'levels.0.digits', 'minValue'],
      [{ levels: [{ prefix: 'A B', digits: 1, start: 1, quantity: 1 }] }, 'levels.0.prefix', 'forbiddenChar'],
      [
        {
          levels: [
            { prefix: 'Z', digits: 3, start: 0, quantity: 1000 },
            { prefix: 'Y', digits: 2, start: 0, quantity: 11 },
          ],
        },
        'levels',
        'maxValue',
      ],
    ];
    for (const [body, field, rule] of cases) {
      const res = await generate(manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('formHasErrors');
      expect(res.json().fields).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule })]));
    }
    // Bodies of the wrong shape are 400 too, never a 500.
    for (const body of [[], [{ prefix: 'A' }], { levels: 'A' }])
      expect((await generate(manager, body)).statusCode, JSON.stringify(body)).toBe(400);
    const foreignParent = await aLocation(t.ctx, await anAccount(t.ctx));
    const refs = await generate(manager, {
      parentId: foreignParent.id,
      levels: [{ prefix: unique(), digits: 1, start: 1, quantity: 1 }],
    });
    expect(refs.statusCode).toBe(400);
    expect(refs.json().fields).toEqual([{ field: 'parentId', rule: 'invalidValue' }]);

    const basic = await aUser(t.ctx, acc, { logisticsEnabled: true });
    expect(
      (await generate(basic, { levels: [{ prefix: 'Q', digits: 1, start: 1, quantity: 1 }] })).statusCode,
    ).toBe(403);

    const ok = await generate(manager, { levels: [{ prefix: unique(), digits: 1, start: 1, quantity: 1 }] });
    const stranger = await aPowerUser(t.ctx, await anAccount(t.ctx));
    const foreign = await progressOf(stranger, ok.json().jobId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('jobNotFound');
    expect((await progressOf(manager, randomUUID())).statusCode).toBe(404);
    await finished(ok.json().jobId);
  });

  it('stores nothing twice: every generated label is in the account exactly once', async () => {
    const prefix = unique();
    const res = await generate(manager, {
      levels: [
        { prefix, digits: 1, start: 1, quantity: 3 },
        { prefix: 'B', digits: 1, start: 1, quantity: 3 },
      ],
    });
    await finished(res.json().jobId);
    const table = t.ctx.schema.resourceTables.storageSpace;
    if (!table?.clientAccountId || !table.label) throw new Error('no storageSpace table');
    const labels = [`${prefix}1`, `${prefix}1-B1`, `${prefix}3-B3`];
    const rows = await t.ctx.db
      .select()
      .from(table)
      .where(and(eq(table.clientAccountId, acc), inArray(table.label, labels)));
    expect(rows.map((r) => r.label).sort()).toEqual(labels.sort());
  });
});
