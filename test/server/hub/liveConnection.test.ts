import { LogLevel } from '@microsoft/signalr';
import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../../server/auth/accessToken';
import { claimsOf } from '../../../server/auth/claimsOf';
import {
  type DataChangeEvent,
  editModeKey,
  type FeedPoke,
  LiveConnection,
  type LiveConnectionOptions,
  type LiveConnectionState,
} from '../../../sync/liveConnection';
import { anAccount, aPowerUser, aSuperUser, aUser, type TestUser } from '../../support/builders';
import type { TestApp } from '../../support/testApp';
import type { TestClock } from '../../support/testClock';
import { eventually, hubTestApp } from './hubClient';

/** The client the app uses (sync/liveConnection.ts) against the real hub. */
describe('LiveConnection (sync/) against the hub', () => {
  let t: TestApp;
  let clock: TestClock;
  let base: string;
  let acc: string;
  let ann: TestUser;
  let bob: TestUser;
  const live: LiveConnection[] = [];

  const fresh = async (user: TestUser, seconds = 600) =>
    (await signAccessToken(claimsOf(user.row), t.ctx.config.jwtSecret, seconds, clock.now())).token;

  const open = (opts: Partial<LiveConnectionOptions> & Pick<LiveConnectionOptions, 'accessToken'>) => {
    const connection = new LiveConnection({
      url: `${base}/dataHub`,
      renewToken: async () => undefined,
      retryDelay: (n) => (n < 16 ? 50 : null),
      logger: LogLevel.None,
      ...opts,
    });
    live.push(connection);
    return connection;
  };

  const states = (connection: LiveConnection) => {
    const seen: LiveConnectionState[] = [];
    connection.state$.subscribe((s) => seen.push(s));
    return seen;
  };

  beforeAll(async () => {
    ({ t, clock, base } = await hubTestApp());
    acc = await anAccount(t.ctx);
    ann = await aSuperUser(t.ctx, acc, { visibleName: 'Ann' });
    bob = await aPowerUser(t.ctx, acc, { visibleName: 'Bob' });
  });
  afterAll(async () => {
    await Promise.all(live.map((c) => c.stop()));
    await t.close();
  });

  it('connects, reports its states and passes data changes to onDataChange', async () => {
    const connection = open({ accessToken: () => bob.token });
    const seen = states(connection);
    const changes: DataChangeEvent[] = [];
    const unsubscribe = connection.onDataChange((c) => changes.push(c));
    await connection.start();
    expect(connection.state).toBe('connected');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ProductGroup',
      headers: ann.headers,
      payload: { name: `Live ${Date.now()}` },
    });
    const id = (res.json() as { id: string }).id;
    await eventually(() =>
      expect(changes).toContainEqual({ resourceType: 'productGroup', id, action: 'create' }),
    );
    unsubscribe();
    await connection.stop();
    expect(seen).toEqual(['closed', 'connecting', 'connected', 'closed']);
  });

  it('follows the feed after connecting and hands its pokes, with a feed position, to onFeedPoke', async () => {
    const connection = open({ accessToken: () => bob.token });
    const pokes: FeedPoke[] = [];
    const unsubscribe = connection.onFeedPoke((p) => pokes.push(p));
    await connection.start();
    await eventually(() => expect(connection.followsFeed).toBe(true));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ProductGroup',
      headers: ann.headers,
      payload: { name: `Poked ${Date.now()}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    // The poke window ends on the test's clock (it also passes by itself).
    clock.advance(t.ctx.config.hub.feedPokeMs);
    await eventually(() => expect(pokes.length).toBeGreaterThan(0));
    expect(pokes.at(-1)?.cursor).toMatch(/^1\.[0-9]+\.0$/);
    unsubscribe();
    await connection.stop();
  });

  it('shares edit modes, applies its own call results once and ignores their echo', async () => {
    const annLive = open({ accessToken: () => ann.token });
    const bobLive = open({ accessToken: () => bob.token });
    await Promise.all([annLive.start(), bobLive.start()]);
    const key = editModeKey('product', 'live-1');
    let annUpdates = 0;
    annLive.editModes$.subscribe(() => annUpdates++);
    const before = annUpdates;

    const entered = await annLive.enterEditMode('product', 'live-1');
    expect(entered?.editors.map((e) => e.userName)).toEqual(['Ann']);
    // The server sends the echo before the result: had it been applied, there would be two updates.
    expect(annUpdates - before).toBe(1);

    const bobSees: string[][] = [];
    bobLive
      .editorsOf$('product', 'live-1')
      .subscribe((editors) => bobSees.push(editors.map((e) => e.userName)));
    await eventually(() => expect(bobSees.at(-1)).toEqual(['Ann']));

    await bobLive.enterEditMode('product', 'live-1');
    await eventually(() =>
      expect([...(lastValue(annLive)?.get(key)?.editors ?? [])].map((e) => e.userName)).toEqual([
        'Ann',
        'Bob',
      ]),
    );
    const got = await bobLive.getEditMode('product', 'live-1');
    expect(got?.editors).toHaveLength(2);

    await annLive.leaveEditMode('product', 'live-1');
    await eventually(() => expect(bobSees.at(-1)).toEqual(['Bob']));
  });

  it('renews the token on a 401 at negotiate and connects with the new one', async () => {
    let token = await fresh(ann, -60);
    let renewals = 0;
    const connection = open({
      accessToken: () => token,
      renewToken: async () => {
        renewals++;
        token = await fresh(ann);
      },
    });
    await connection.start();
    expect(connection.state).toBe('connected');
    expect(renewals).toBe(1);
  });

  it('stops after the retries when the token cannot be renewed', async () => {
    const expired = await fresh(ann, -60);
    let renewals = 0;
    const connection = open({
      accessToken: () => expired,
      renewToken: async () => {
        renewals++;
      },
      retryDelay: (n) => (n < 3 ? 10 : null),
    });
    const seen = states(connection);
    await connection.start();
    expect(connection.state).toBe('closed');
    expect(seen).toEqual(['closed', 'connecting', 'closed']);
    // Every refused attempt asked for a renewal: the first, its immediate retry, and three more.
    expect(renewals).toBe(5);
  });

  it('after an "Unauthorized" close: renews the token, reconnects and re-enters its edit modes', async () => {
    const carl = await aUser(t.ctx, acc, { visibleName: 'Carl' });
    const users = t.ctx.schema.resourceTables.user;
    if (!users) throw new Error('no user table');
    const setBlocked = (isBlocked: boolean) =>
      t.ctx.db
        .update(users)
        .set({ isBlocked })
        .where(eq(users.id as PgColumn, String(carl.row.id)));
    let token = await fresh(carl, 3600);
    let renewals = 0;
    const carlLive = open({
      accessToken: () => token,
      // Like the app's sign-in renewal, after an administrator unblocked Carl again.
      renewToken: async () => {
        renewals++;
        await setBlocked(false);
        token = await fresh(carl);
      },
    });
    const seen = states(carlLive);
    const bobLive = open({ accessToken: () => bob.token });
    await Promise.all([carlLive.start(), bobLive.start()]);
    await carlLive.enterEditMode('product', 'live-2');
    const bobSees: string[][] = [];
    bobLive
      .editorsOf$('product', 'live-2')
      .subscribe((editors) => bobSees.push(editors.map((e) => e.userName)));
    await eventually(() => expect(bobSees.at(-1)).toEqual(['Carl']));

    // Blocked: when the token expires the server closes Carl's connection with "Unauthorized".
    await setBlocked(true);
    clock.advance(3600_000 + 1);
    await eventually(() => expect(seen).toContain('reconnecting'));
    await eventually(() => expect(carlLive.state).toBe('connected'));
    expect(renewals).toBeGreaterThanOrEqual(1);
    // Carl's edit mode ended with the old connection and came back with the new one.
    expect(bobSees).toContainEqual([]);
    await eventually(() => expect(bobSees.at(-1)).toEqual(['Carl']));
  });

  it('gives up after the policy runs out when the server cannot be reached', async () => {
    const connection = new LiveConnection({
      url: 'http://127.0.0.1:9/dataHub',
      accessToken: () => 'x',
      renewToken: async () => undefined,
      retryDelay: (n) => (n < 2 ? 10 : null),
      logger: LogLevel.None,
    });
    const seen = states(connection);
    await connection.start();
    expect(seen).toEqual(['closed', 'connecting', 'closed']);
  });
});

/** The current value of a connection's edit modes. */
const lastValue = (connection: LiveConnection) => {
  let value: ReadonlyMap<string, { editors: readonly { userName: string }[] }> | undefined;
  connection.editModes$
    .subscribe((v) => {
      value = v;
    })
    .unsubscribe();
  return value;
};
