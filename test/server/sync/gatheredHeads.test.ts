import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../../../server/auth/accessToken';
import {
  type ChangesRequest,
  changesResponseOf,
  changesResponseText,
  type FeedAnswer,
  type FeedPage,
  feedSharing,
  readChanges,
} from '../../../server/sync/changeFeed';
import { parseCursor } from '../../../server/sync/cursor';
import { FeedPageCache } from '../../../server/sync/feedPageCache';
import { feedScopeOf } from '../../../server/sync/feedScope';
import { GatheredReads } from '../../../server/sync/gatheredReads';
import {
  anAccount,
  aContractorUser,
  aPowerUser,
  aStockLocation,
  aSuperUser,
  type TestUser,
} from '../../support/builders';
import { pullAll, push } from '../../support/syncBuilders';
import { createTestApp, type TestApp } from '../../support/testApp';
import { testClock } from '../../support/testClock';
import { feedStatements, watermarkPin } from './feedStatements';

// The heads of pulls asked for at once (a change reaching every terminal of an account) are one statement
// (server/sync/gatheredReads.ts, server/sync/changeFeed.ts readHeads), and each pull still gets its own answer:
// its cursor's page, its own device's last mutation. Counted with the statement recorder, never timed.

let t: TestApp;
let acc: string;
let terminal: TestUser;
let colleague: TestUser;
let contractor: TestUser;
let location: string;
let statements: ReturnType<typeof feedStatements>['statements'];
let recorded: ReturnType<typeof feedStatements>['recorded'];
let pin: ReturnType<typeof watermarkPin>;

beforeAll(async () => {
  t = await createTestApp({ clock: testClock({ flows: false }) });
  acc = await anAccount(t.ctx);
  terminal = await aSuperUser(t.ctx, acc);
  colleague = await aPowerUser(t.ctx, acc, { logisticsEnabled: true });
  contractor = await aContractorUser(t.ctx, acc);
  location = String((await aStockLocation(t.ctx, acc)).id);
  ({ statements, recorded } = feedStatements(t));
  pin = watermarkPin(t);
});
afterEach(async () => pin.unpin());
afterAll(async () => t.close());

/** Head statements sent while recording. */
const headReads = (): number =>
  statements.units.flatMap((u) => u.statements).filter((s) => /with ordinality/i.test(s)).length;

const scopeOf = async (user: TestUser) => {
  const claims = await verifyAccessToken(user.token, t.ctx.config.jwtSecret, t.ctx.clock.now());
  if (!claims) throw new Error('no claims');
  return feedScopeOf(claims);
};

const aDocument = async (user: TestUser, deviceId: string, mutationId: number): Promise<string> => {
  const res = await push(t, user, 'POST', '/api/WmsDocument', {
    deviceId,
    mutationId,
    payload: { typeCode: 'DIN', destinationLocationId: location, positions: [] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json().id);
};

/** What a client sees of an answer, but the server's time. */
const seen = (a: FeedAnswer) => ({ ...changesResponseOf(a, ''), serverTime: undefined });

describe('the heads of pulls asked for at once', () => {
  it('are one statement, and every pull gets its own cursor’s page and its own device’s last mutation', async () => {
    await aDocument(terminal, 'HEAD-A', 3);
    await aDocument(colleague, 'HEAD-B', 5);
    const behind = (await pullAll(t, terminal)).cursor;
    const later = await aDocument(colleague, 'HEAD-B', 6);
    const caughtUp = (await pullAll(t, terminal)).cursor;
    await pin.pin();

    const staff = await scopeOf(terminal);
    const other = await scopeOf(colleague);
    const request = (
      scope: ChangesRequest['scope'],
      since: string,
      deviceId: string | null,
    ): ChangesRequest => ({ scope, since: parseCursor(since), limit: 100, deviceId });
    const requests = [
      request(staff, caughtUp, 'HEAD-A'),
      request(other, caughtUp, 'HEAD-B'),
      request(staff, caughtUp, null),
      request(staff, behind, 'HEAD-A'),
      request(other, behind, 'HEAD-B'),
      // A device of the terminal's user that pushed under the colleague only: nothing of its own.
      request(staff, caughtUp, 'HEAD-B'),
      request(other, caughtUp, 'HEAD-NEW'),
    ];
    const alone: FeedAnswer[] = [];
    for (const r of requests) alone.push(await readChanges(t.ctx, r));
    const sharing = feedSharing(t.ctx, new FeedPageCache<FeedPage>());
    const together = await recorded(() => Promise.all(requests.map((r) => readChanges(t.ctx, r, sharing))));

    expect(headReads()).toBe(1);
    expect(sharing.heads.pending).toBe(0);
    expect(together.map(seen)).toEqual(alone.map(seen));
    expect(together.map((a) => a.lastMutationId)).toEqual([3, 6, 0, 3, 6, 0, 0]);
    expect(together.map((a) => a.page.changes.length > 0)).toEqual([
      false,
      false,
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(together[3]?.page.changes.map((c) => c.id)).toContain(later);
  });

  it('of a contractor read only what the contractor may see, apart from staff of the same account', async () => {
    const behind = (await pullAll(t, contractor)).cursor;
    await aDocument(terminal, 'HEAD-A', 10);
    await pin.pin();
    const sharing = feedSharing(t.ctx, new FeedPageCache<FeedPage>());
    const since = parseCursor(behind);
    const [portal, staffScope] = [await scopeOf(contractor), await scopeOf(terminal)];
    const [theirs, staff] = await recorded(() =>
      Promise.all([
        readChanges(t.ctx, { scope: portal, since, limit: 100, deviceId: 'PORTAL' }, sharing),
        readChanges(t.ctx, { scope: staffScope, since, limit: 100, deviceId: 'HEAD-A' }, sharing),
      ]),
    );
    // The document of another (no) contractor is not the contractor's: nothing waits for it.
    expect(theirs?.page.changes).toEqual([]);
    expect(theirs?.lastMutationId).toBe(0);
    expect(staff?.page.changes.length).toBeGreaterThan(0);
    expect(staff?.lastMutationId).toBe(10);
    // Two scopes: two heads.
    expect(headReads()).toBe(2);
  });

  it('answer with the same bytes Fastify made of the response object', async () => {
    const { cursor } = await pullAll(t, terminal);
    const behind = parseCursor(cursor);
    await aDocument(terminal, 'HEAD-A', 11);
    await pin.pin();
    const answer = await readChanges(t.ctx, {
      scope: await scopeOf(terminal),
      since: behind,
      limit: 100,
      deviceId: 'HEAD-A',
    });
    expect(answer.page.changes.length).toBeGreaterThan(0);
    const serverTime = new Date(t.ctx.clock.now()).toISOString();
    expect(changesResponseText(answer, serverTime)).toBe(
      JSON.stringify(changesResponseOf(answer, serverTime)),
    );
    // Served: JSON, the same object.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/sync/changes?since=${encodeURIComponent(cursor)}&limit=100`,
      headers: { ...terminal.headers, 'x-device-id': 'HEAD-A' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(res.body).toBe(JSON.stringify(body));
    expect({ ...body, serverTime: undefined }).toEqual(seen(answer));
  });
});

describe('gathered reads', () => {
  /** A read the test answers by hand. */
  const controlled = () => {
    const reads: { key: string; asks: readonly number[]; answer: (fail?: boolean) => void }[] = [];
    const gathered = new GatheredReads<number, string>(
      (key, asks) =>
        new Promise((resolve, reject) => {
          reads.push({
            key,
            asks: [...asks],
            answer: (fail) => (fail ? reject(new Error('down')) : resolve(asks.map((a) => `${key}:${a}`))),
          });
        }),
    );
    return { gathered, reads };
  };
  /** Every promise callback queued so far has run (the event loop's next check phase; no clock involved). */
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('sends the first ask at once and gathers the asks made meanwhile into the next read', async () => {
    const { gathered, reads } = controlled();
    const first = [gathered.ask('k', 1), gathered.ask('k', 2)];
    await turn();
    expect(reads.map((r) => r.asks)).toEqual([[1, 2]]);
    const meanwhile = [gathered.ask('k', 3), gathered.ask('k', 4), gathered.ask('other', 5)];
    await turn();
    // Another key goes at once; the same key waits for its read on the way.
    expect(reads.map((r) => [r.key, r.asks])).toEqual([
      ['k', [1, 2]],
      ['other', [5]],
    ]);
    reads[0]?.answer();
    expect(await Promise.all(first)).toEqual(['k:1', 'k:2']);
    await turn();
    expect(reads.map((r) => r.asks)).toEqual([[1, 2], [5], [3, 4]]);
    reads[1]?.answer();
    reads[2]?.answer();
    expect(await Promise.all(meanwhile)).toEqual(['k:3', 'k:4', 'other:5']);
    expect(gathered.pending).toBe(0);
  });

  it('fails only the asks of a failed read, and the next read goes', async () => {
    const { gathered, reads } = controlled();
    const failing = gathered.ask('k', 1);
    await turn();
    const next = gathered.ask('k', 2);
    reads[0]?.answer(true);
    await expect(failing).rejects.toThrow('down');
    await turn();
    expect(reads.map((r) => r.asks)).toEqual([[1], [2]]);
    reads[1]?.answer();
    expect(await next).toBe('k:2');
    expect(gathered.pending).toBe(0);
  });
});
