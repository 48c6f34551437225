import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/rawRows';
import { parseCursor } from '../../../server/sync/cursor';
import { aContractorUser, anAccount, aSuperUser, type TestUser } from '../../support/builders';
import type { TestApp } from '../../support/testApp';
import type { TestClock } from '../../support/testClock';
import { connectClient, eventually, hubTestApp, type TestHubClient } from './hubClient';

// Feed pokes (server/hub/dataHub.ts): a connection that follows the feed gets one `feed` poke per feedPokeMs for
// the changes of its account meanwhile, carrying a feed position above all of them. The window here is an hour
// of the test's clock, so only the test's advance ends it, however slow the machine.

const pokeMs = 3_600_000;

describe('feed pokes on the live connection', () => {
  let t: TestApp;
  let clock: TestClock;
  let base: string;
  let acc: string;
  let terminal: TestUser;
  const clients: TestHubClient[] = [];

  beforeAll(async () => {
    // The relay's heartbeat well beyond the hours advanced: each beat is a NOTIFY the app's close would wait for.
    ({ t, clock, base } = await hubTestApp({ feedPokeMs: pokeMs, relayHeartbeatMs: 10 * pokeMs }));
    acc = await anAccount(t.ctx);
    terminal = await aSuperUser(t.ctx, acc);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    await t.close();
  });

  /** A client and the pokes it receives. */
  const connect = async (user: TestUser) => {
    const client = await connectClient(base, user.token);
    clients.push(client);
    const pokes: { cursor?: string }[] = [];
    client.connection.on('feed', (poke: { cursor?: string }) => pokes.push(poke));
    return { client, pokes };
  };

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

  /** The transaction that logged a record's last change. */
  const xidOf = async (id: string): Promise<bigint> => {
    const [row] = rowsOf(
      await t.ctx.db.execute(
        sql`select xid::text as xid from sync_change where record_id = ${id}::uuid order by xid desc limit 1`,
      ),
    );
    return BigInt(String(row?.xid));
  };

  it('gives two quick changes one poke, with a position past the later one; only to followers', async () => {
    const follower = await connect(terminal);
    const bystander = await connect(terminal);
    expect(await follower.client.connection.invoke('FollowFeed')).toBe(true);

    const first = await aGroup();
    const second = await aGroup();
    // Both changes were announced (events, as before), the poke waits for its window.
    await eventually(() =>
      expect(follower.client.events.map((e) => e.id)).toEqual(expect.arrayContaining([first, second])),
    );
    expect(follower.pokes).toEqual([]);

    clock.advance(pokeMs);
    await eventually(() => expect(follower.pokes).toHaveLength(1));
    const position = parseCursor(follower.pokes[0]?.cursor);
    expect(position.xid).toBeGreaterThan(await xidOf(second));
    expect(position.xid).toBeGreaterThan(await xidOf(first));

    // The next window: a change since makes one more poke, further on; without changes there is none.
    const third = await aGroup();
    await eventually(() => expect(follower.client.events.map((e) => e.id)).toContain(third));
    clock.advance(pokeMs);
    await eventually(() => expect(follower.pokes).toHaveLength(2));
    expect(parseCursor(follower.pokes[1]?.cursor).xid).toBeGreaterThan(await xidOf(third));
    clock.advance(pokeMs);
    // Only the connection that asked follows the feed (the other still hears every event).
    await eventually(() => expect(bystander.client.events.map((e) => e.id)).toContain(third));
    expect(bystander.pokes).toEqual([]);
    expect(follower.pokes).toHaveLength(2);
  });

  it('answers a contractor’s FollowFeed with false: it keeps pulling on the events it is shown', async () => {
    const contractor = await aContractorUser(t.ctx, acc);
    const { client } = await connect(contractor);
    expect(await client.connection.invoke('FollowFeed')).toBe(false);
  });
});
