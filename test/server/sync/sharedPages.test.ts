import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChangesResponse } from '../../../domain/sync/wire';
import { FeedPageCache } from '../../../server/sync/feedPageCache';
import { anAccount, aPowerUser, aSuperUser, type TestUser } from '../../support/builders';
import { pullAll, pullPage } from '../../support/syncBuilders';
import { createTestApp, type TestApp } from '../../support/testApp';
import { testClock } from '../../support/testClock';
import { feedStatements, watermarkPin } from './feedStatements';

// Every terminal of an account pulls when a change reaches it, from the same cursor: the page is computed once
// (server/sync/feedPageCache.ts, keyed by account, scope, cursor, page size and the watermark the pull read) and
// every one of them gets the same page. Counted with the statement recorder, never timed.

let t: TestApp;
let acc: string;
let terminal: TestUser;
let colleague: TestUser;
let statements: ReturnType<typeof feedStatements>['statements'];
let recorded: ReturnType<typeof feedStatements>['recorded'];
/** The watermark stays where it is while the test pulls (feedStatements.ts). */
let pin: ReturnType<typeof watermarkPin>;

const devices = ['HANDHELD-A', 'HANDHELD-B', 'HANDHELD-C'];

beforeAll(async () => {
  t = await createTestApp({ clock: testClock({ flows: false }) });
  acc = await anAccount(t.ctx);
  terminal = await aSuperUser(t.ctx, acc);
  colleague = await aPowerUser(t.ctx, acc, { logisticsEnabled: true });
  ({ statements, recorded } = feedStatements(t));
  pin = watermarkPin(t);
});
afterEach(async () => pin.unpin());
afterAll(async () => t.close());

const aGroup = async (): Promise<string> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ProductGroup',
    headers: terminal.headers,
    payload: { name: `Group ${Math.random().toString(36).slice(2, 10)}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json().id);
};

/** Statements that read log rows for a page (the head statement only asks whether any exist). */
const pageReads = (): string[] =>
  statements.units
    .flatMap((u) => u.statements)
    .filter((s) => /from sync_change[\s\S]*order by xid, seq/i.test(s));

const samePage = (page: ChangesResponse) => ({
  changes: page.changes,
  cursor: page.cursor,
  hasMore: page.hasMore,
  remaining: page.remaining,
});

describe('a change page shared by the terminals of an account', () => {
  it('is computed once for every terminal at the same cursor, and all get the same page', async () => {
    // Every device caught up (and its last-seen time written, once a minute on the stopped clock).
    const { cursor } = await pullAll(t, terminal);
    for (const d of devices) {
      await pullAll(t, terminal, cursor, { deviceId: d });
      await pullAll(t, colleague, cursor, { deviceId: `${d}-2` });
    }
    const group = await aGroup();
    await pin.pin();

    const pulls = devices.flatMap((d) => [
      () => pullPage(t, terminal, cursor, { deviceId: d }),
      () => pullPage(t, colleague, cursor, { deviceId: `${d}-2` }),
    ]);
    const pages = await recorded(() => Promise.all(pulls.map((pull) => pull())));
    expect(pageReads()).toHaveLength(1);
    const [first] = pages;
    if (!first) throw new Error('no page');
    expect(first.changes.map((c) => c.id)).toContain(group);
    for (const page of pages) expect(samePage(page)).toEqual(samePage(first));

    // Asked again at the same cursor and watermark: the kept page, no page read at all.
    const again = await recorded(() => pullPage(t, terminal, cursor, { deviceId: 'HANDHELD-A' }));
    expect(pageReads()).toHaveLength(0);
    expect(samePage(again)).toEqual(samePage(first));
    await pin.unpin();

    // A newer watermark never gets the kept page: the next change is there.
    const next = await aGroup();
    await pin.pin();
    const later = await recorded(() => pullPage(t, terminal, cursor, { deviceId: 'HANDHELD-A' }));
    expect(pageReads()).toHaveLength(1);
    expect(later.changes.map((c) => c.id)).toEqual(expect.arrayContaining([group, next]));
  });
});

describe('the page cache', () => {
  const page = (rows: number) => ({ changes: Array.from({ length: rows }, (_, i) => i) });

  it('computes a page once for callers that ask together, keeps it, and keeps no failure', async () => {
    const cache = new FeedPageCache<ReturnType<typeof page>>();
    let computed = 0;
    const compute = async () => {
      computed++;
      return page(3);
    };
    const [a, b] = await Promise.all([cache.page('k', compute), cache.page('k', compute)]);
    expect(a).toBe(b);
    expect(await cache.page('k', compute)).toBe(a);
    expect(computed).toBe(1);
    await expect(cache.page('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.page('bad', compute)).toEqual(page(3));
    expect(computed).toBe(2);
  });

  it('stays within its pages and rows, the least recently used going first, and never keeps a large page', async () => {
    const cache = new FeedPageCache<ReturnType<typeof page>>({ pages: 2, rows: 10, rowsPerPage: 6 });
    await cache.page('a', async () => page(4));
    await cache.page('b', async () => page(4));
    await cache.page('a', async () => page(0));
    await cache.page('c', async () => page(4));
    // Three pages of 4 rows exceed both bounds: b (least recently used) went.
    expect(cache.size).toEqual({ pages: 2, rows: 8 });
    let computed = 0;
    await cache.page('a', async () => {
      computed++;
      return page(4);
    });
    expect(computed).toBe(0);
    await cache.page('big', async () => page(7));
    expect(cache.size).toEqual({ pages: 2, rows: 8 });
  });
});
