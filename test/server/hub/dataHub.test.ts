import { HubConnectionState } from '@microsoft/signalr';
import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../../server/app';
import { signAccessToken } from '../../../server/auth/accessToken';
import { claimsOf } from '../../../server/auth/claimsOf';
import {
  aContractorUser,
  anAccount,
  aPowerUser,
  aSuperUser,
  aUser,
  definitionOf,
  type TestUser,
  validPayloadFor,
} from '../../support/builders';
import type { TestApp } from '../../support/testApp';
import { type TestClock, testClock } from '../../support/testClock';
import {
  connectClient,
  editorIds,
  eventually,
  expectConnected,
  hubTestApp,
  lastChangeFor,
  listen,
  type TestHubClient,
} from './hubClient';

const rs = '\x1e';

/** A raw WebSocket speaking the protocol by hand: what arrives, split into records. */
const rawSocket = async (url: string, headers: Record<string, string> = {}) => {
  const socket = new WebSocket(url, { headers });
  const records: string[] = [];
  let buffered = '';
  socket.on('message', (data) => {
    buffered += data.toString();
    const parts = buffered.split(rs);
    buffered = parts.pop() ?? '';
    records.push(...parts);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const opened = await new Promise<boolean>((resolve) => {
    socket.once('open', () => resolve(true));
    socket.once('error', () => resolve(false));
    socket.once('unexpected-response', (_req, res) => {
      records.push(`HTTP ${res.statusCode}`);
      resolve(false);
    });
  });
  return { socket, records, closed, opened };
};

describe('the live connection hub (/dataHub)', () => {
  let t: TestApp;
  let clock: TestClock;
  let base: string;
  let acc: string;
  let otherAcc: string;
  let manager: TestUser;
  let colleague: TestUser;
  let stranger: TestUser;
  const clients: TestHubClient[] = [];

  const connect = async (user: TestUser, opts: Parameters<typeof connectClient>[2] = {}) => {
    const client = await connectClient(base, user.token, opts);
    clients.push(client);
    return client;
  };

  const createGroup = async (user: TestUser) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ProductGroup',
      headers: user.headers,
      payload: { name: `Group ${Math.random().toString(36).slice(2, 10)}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };

  /** A token of `user` that expires an hour from now on the server's clock. */
  const hourToken = async (user: TestUser) =>
    (await signAccessToken(claimsOf(user.row), t.ctx.config.jwtSecret, 3600, clock.now())).token;

  /** Blocks a user in the database (the hub notices at the next check of the connection). */
  const block = async (user: TestUser) => {
    const users = t.ctx.schema.resourceTables.user;
    if (!users) throw new Error('no user table');
    await t.ctx.db
      .update(users)
      .set({ isBlocked: true })
      .where(eq(users.id as PgColumn, String(user.row.id)));
  };

  beforeAll(async () => {
    ({ t, clock, base } = await hubTestApp());
    acc = await anAccount(t.ctx);
    otherAcc = await anAccount(t.ctx);
    manager = await aSuperUser(t.ctx, acc, { visibleName: 'Manager Ann' });
    colleague = await aPowerUser(t.ctx, acc, { visibleName: 'Colleague Bob' });
    stranger = await aSuperUser(t.ctx, otherAcc, { visibleName: 'Stranger Sue' });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    await t.close();
  });

  describe('negotiate and authentication', () => {
    it('negotiates version 1 with the WebSockets transport for a valid access token', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/dataHub/negotiate?negotiateVersion=1',
        headers: manager.headers,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as Record<string, unknown>;
      expect(body).toMatchObject({
        negotiateVersion: 1,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
      });
      expect(typeof body.connectionId).toBe('string');
      expect(typeof body.connectionToken).toBe('string');
      expect(body.connectionToken).not.toBe(body.connectionId);
    });

    it('answers negotiate with 401 and the error shape for a missing, bad or expired token', async () => {
      const expired = await signAccessToken(claimsOf(manager.row), t.ctx.config.jwtSecret, -60);
      for (const authorization of [undefined, 'Bearer not-a-token', `Bearer ${expired.token}`]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/dataHub/negotiate?negotiateVersion=1',
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.json()).toMatchObject({ code: 'unauthorized', requestId: expect.any(String) });
      }
    });

    it('makes the signalr client fail to start with a 401 for an expired token', async () => {
      const expired = await signAccessToken(claimsOf(manager.row), t.ctx.config.jwtSecret, -60);
      await expect(connectClient(base, expired.token)).rejects.toThrow(/401/);
    });

    it('refuses the WebSocket without a valid token (also with a stolen connection token)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/dataHub/negotiate?negotiateVersion=1',
        headers: manager.headers,
      });
      const { connectionToken } = res.json() as { connectionToken: string };
      const ws = base.replace(/^http/, 'ws');
      const anonymous = await rawSocket(`${ws}/dataHub?id=${connectionToken}`);
      expect(anonymous.opened).toBe(false);
      expect(anonymous.records).toEqual(['HTTP 401']);
      // Another user's token does not open the manager's negotiated connection.
      const other = await rawSocket(`${ws}/dataHub?id=${connectionToken}&access_token=${colleague.token}`);
      expect(other.opened).toBe(false);
      expect(other.records).toEqual(['HTTP 404']);
    });
  });

  describe('the protocol', () => {
    it('connects @microsoft/signalr through negotiate and WebSockets', async () => {
      const client = await connect(manager);
      expectConnected(client);
      expect(client.connection.connectionId).toEqual(expect.any(String));
    });

    it('speaks the JSON protocol: handshake, completions, pings and close, token in access_token', async () => {
      const negotiated = await t.app.inject({
        method: 'POST',
        url: '/dataHub/negotiate?negotiateVersion=1',
        headers: manager.headers,
      });
      const { connectionToken } = negotiated.json() as { connectionToken: string };
      const ws = base.replace(/^http/, 'ws');
      const raw = await rawSocket(
        `${ws}/dataHub?id=${encodeURIComponent(connectionToken)}&access_token=${manager.token}`,
      );
      expect(raw.opened).toBe(true);
      raw.socket.send(`{"protocol":"json","version":1}${rs}`);
      await eventually(() => expect(raw.records[0]).toBe('{}'));
      // Two invocations in one frame, one of them unknown; and a message without invocation id.
      raw.socket.send(
        `{"type":1,"invocationId":"1","target":"GetEditMode","arguments":["product","p-1","c-1"]}${rs}` +
          `{"type":1,"invocationId":"2","target":"NoSuchMethod","arguments":[]}${rs}` +
          `{"type":1,"target":"GetEditMode","arguments":["product","p-1",null]}${rs}`,
      );
      // One ping interval of the server's clock: every open connection gets a ping.
      clock.advance(t.ctx.config.hub.pingIntervalMs);
      await eventually(() => {
        const messages = raw.records.slice(1).map((r) => JSON.parse(r) as Record<string, unknown>);
        const completions = messages.filter((m) => m.type === 3);
        expect(completions).toEqual([
          { type: 3, invocationId: '1', result: { resourceType: 'product', id: 'p-1', editors: [] } },
          { type: 3, invocationId: '2', error: 'Method does not exist: NoSuchMethod' },
        ]);
        expect(messages.some((m) => m.type === 6)).toBe(true);
      });
      // Garbage ends the connection with a close message.
      raw.socket.send(`not json${rs}`);
      expect(await raw.closed).toBe(1000);
      expect(JSON.parse(raw.records.at(-1) ?? '')).toMatchObject({ type: 7, error: expect.any(String) });
    });

    it('refuses a handshake with another protocol', async () => {
      const ws = base.replace(/^http/, 'ws');
      const raw = await rawSocket(`${ws}/dataHub`, { authorization: `Bearer ${manager.token}` });
      expect(raw.opened).toBe(true);
      raw.socket.send(`{"protocol":"messagepack","version":1}${rs}`);
      await raw.closed;
      expect(JSON.parse(raw.records[0] ?? '')).toEqual({
        error: "The protocol 'messagepack' is not supported.",
      });
    });

    it('answers an unknown method and bad arguments with an error and stays connected', async () => {
      const client = await connect(colleague);
      await expect(client.connection.invoke('DropAllTables')).rejects.toThrow(
        /Method does not exist: DropAllTables/,
      );
      await expect(client.connection.invoke('EnterEditMode', { no: 'type' }, 5)).rejects.toThrow(
        /badRequest/,
      );
      await expect(client.connection.invoke('GetEditMode', 'product', 'x'.repeat(201), 'c')).rejects.toThrow(
        /badRequest/,
      );
      expectConnected(client);
      const state = await client.connection.invoke('GetEditMode', 'product', 'still-alive', 'c-2');
      expect(state).toEqual({ resourceType: 'product', id: 'still-alive', editors: [] });
    });

    it('pings each connection once per ping interval of its clock, and drops one silent for the client timeout', async () => {
      // A second process on the same database, on a clock that moves only when the test moves it.
      const own = testClock({ flows: false });
      const hub = {
        pingIntervalMs: 15_000,
        clientTimeoutMs: 30_000,
        relayHeartbeatMs: 30_000,
        feedPokeMs: 250,
      };
      const other = await buildApp({
        database: t.ctx.database,
        config: { ...t.ctx.config, hub },
        clock: own,
      });
      try {
        const ws = (await listen(other)).replace(/^http/, 'ws');
        const token = (await signAccessToken(claimsOf(manager.row), t.ctx.config.jwtSecret, 3600, own.now()))
          .token;
        const raw = await rawSocket(`${ws}/dataHub?access_token=${token}`);
        raw.socket.send(`{"protocol":"json","version":1}${rs}`);
        await eventually(() => expect(raw.records).toEqual(['{}']));
        const pings = () => raw.records.filter((r) => r === '{"type":6}').length;

        own.advance(14_999);
        own.advance(1);
        await eventually(() => expect(pings()).toBe(1));
        // The client speaks 15 s after the handshake (its completion proves the server heard it then)...
        raw.socket.send(
          `{"type":1,"invocationId":"k","target":"GetEditMode","arguments":["product","p","c"]}${rs}`,
        );
        await eventually(() => expect(raw.records.some((r) => r.includes('"invocationId":"k"'))).toBe(true));
        // ...so it stays at 30 s and 45 s after the handshake (30 s after it spoke is not yet past the timeout)...
        own.advance(15_000);
        await eventually(() => expect(pings()).toBe(2));
        own.advance(15_000);
        await eventually(() => expect(pings()).toBe(3));
        // ...and is closed at the next tick, 45 s after it last spoke.
        own.advance(15_000);
        expect(await raw.closed).toBe(1000);
        expect(JSON.parse(raw.records.at(-1) ?? '')).toEqual({
          type: 7,
          error: 'Client timeout: no message received.',
        });
        expect(pings()).toBe(3);
      } finally {
        await other.close();
      }
    });

    it('keeps a connection past its token expiry while the user stays active, and rechecks it', async () => {
      // A second process on its own clock, rechecking every minute past the token's expiry.
      const own = testClock();
      const config = { ...t.ctx.config, accessTokenSeconds: 60 };
      const other = await buildApp({ database: t.ctx.database, config, clock: own });
      try {
        const user = await aUser(t.ctx, acc);
        const token = (await signAccessToken(claimsOf(user.row), t.ctx.config.jwtSecret, 3600, own.now()))
          .token;
        const client = await connectClient(await listen(other), token);
        clients.push(client);
        own.advance(3600_000 + 1);
        expect(await client.connection.invoke('GetEditMode', 'product', 'after-expiry', 'c')).toEqual({
          resourceType: 'product',
          id: 'after-expiry',
          editors: [],
        });
        expectConnected(client);
        // Blocked now: a later recheck (one exists only if the first found the user active) closes it.
        await block(user);
        await eventually(() => {
          own.advance(60_000);
          expect(client.connection.state).toBe(HubConnectionState.Disconnected);
        });
        expect(client.closed.error?.message).toMatch(/Unauthorized/);
      } finally {
        await other.close();
      }
    });

    it('disconnects a user blocked meanwhile with "Unauthorized" once the token expires', async () => {
      const user = await aUser(t.ctx, acc);
      const client = await connect({ ...user, token: await hourToken(user) });
      await block(user);
      // Blocked, but the token is still valid: the connection stays until the token's expiry.
      expect(await client.connection.invoke('GetEditMode', 'product', 'before-expiry', 'c')).toMatchObject({
        id: 'before-expiry',
      });
      clock.advance(3600_000 + 1);
      await eventually(() => expect(client.connection.state).toBe(HubConnectionState.Disconnected));
      expect(client.closed.error?.message).toMatch(/Unauthorized/);
    });
  });

  describe('edit modes', () => {
    it('shows who edits a record to the other users of the account, with the correlation id', async () => {
      const ann = await connect(manager);
      const bob = await connect(colleague);
      const sue = await connect(stranger);
      const productId = 'product-edit-1';

      const entered = await ann.connection.invoke('EnterEditMode', 'product', productId, 'corr-ann-1');
      expect(entered).toMatchObject({ resourceType: 'product', id: productId });
      expect((entered as { editors: { userId: string; userName: string; since: string }[] }).editors).toEqual(
        [{ userId: String(manager.row.id), userName: 'Manager Ann', since: expect.any(String) }],
      );

      await eventually(() => {
        const seen = lastChangeFor(bob, 'product', productId);
        expect(editorIds(seen)).toEqual([String(manager.row.id)]);
        expect(seen?.correlationId).toBe('corr-ann-1');
      });
      // The caller gets the echo (its client ignores it by the correlation id).
      await eventually(() =>
        expect(lastChangeFor(ann, 'product', productId)?.correlationId).toBe('corr-ann-1'),
      );

      const both = await bob.connection.invoke('EnterEditMode', 'product', productId, 'corr-bob-1');
      expect(editorIds(both as { editors: [] })).toEqual(
        [String(manager.row.id), String(colleague.row.id)].sort(),
      );
      await eventually(() =>
        expect(editorIds(lastChangeFor(ann, 'product', productId))).toEqual(
          [String(manager.row.id), String(colleague.row.id)].sort(),
        ),
      );
      const got = await bob.connection.invoke('GetEditMode', 'product', productId, 'corr-bob-2');
      expect(editorIds(got as { editors: [] })).toHaveLength(2);

      // Another account: same resource type and id, but it sees nothing and hears nothing.
      const foreign = await sue.connection.invoke('GetEditMode', 'product', productId, 'corr-sue');
      expect(foreign).toEqual({ resourceType: 'product', id: productId, editors: [] });

      await bob.connection.invoke('LeaveEditMode', 'product', productId, 'corr-bob-3');
      await eventually(() =>
        expect(editorIds(lastChangeFor(ann, 'product', productId))).toEqual([String(manager.row.id)]),
      );

      // Edit modes end with the connection.
      await ann.stop();
      await eventually(() => {
        const seen = lastChangeFor(bob, 'product', productId);
        expect(seen?.editors).toEqual([]);
        expect(seen?.correlationId).toBeNull();
      });
      expect(sue.editModeChanges).toEqual([]);
    });

    it('lists a user once when two of their tabs edit the same record', async () => {
      const tab1 = await connect(manager);
      const tab2 = await connect(manager);
      await tab1.connection.invoke('EnterEditMode', 'productGroup', 'g-1', 'a');
      const state = (await tab2.connection.invoke('EnterEditMode', 'productGroup', 'g-1', 'b')) as {
        editors: unknown[];
      };
      expect(state.editors).toHaveLength(1);
      await tab1.stop();
      const after = (await tab2.connection.invoke('GetEditMode', 'productGroup', 'g-1', 'c')) as {
        editors: unknown[];
      };
      expect(after.editors).toHaveLength(1);
    });
  });

  describe('data change events', () => {
    it('sends `event` after a resource write to the account, never to another account', async () => {
      const bob = await connect(colleague);
      const sue = await connect(stranger);
      const id = await createGroup(manager);
      await eventually(() =>
        expect(bob.events).toContainEqual({ resourceType: 'productGroup', id, action: 'create' }),
      );
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/ProductGroup/${id}`,
        headers: manager.headers,
        payload: { color: '#112233' },
      });
      expect(res.statusCode, res.body).toBe(200);
      await eventually(() =>
        expect(bob.events).toContainEqual({ resourceType: 'productGroup', id, action: 'update' }),
      );

      // Sue's own account's change arrives after the foreign ones would have: none of them came.
      const own = await createGroup(stranger);
      await eventually(() =>
        expect(sue.events).toContainEqual({ resourceType: 'productGroup', id: own, action: 'create' }),
      );
      expect(sue.events.map((e) => e.id)).not.toContain(id);
      expect(bob.events.map((e) => e.id)).not.toContain(own);
    });

    it('tells a contractor user only about rows of their own contractor', async () => {
      const contractor = await aContractorUser(t.ctx, acc);
      const rival = await aContractorUser(t.ctx, acc);
      const client = await connect(contractor);
      const product = definitionOf(t.ctx, 'product');
      const createProduct = async (contractorId: string) => {
        const payload = await validPayloadFor(t.ctx, product, acc, { contractorId });
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/Product',
          headers: manager.headers,
          payload: { ...payload, hideFromPortal: false },
        });
        expect(res.statusCode, res.body).toBe(201);
        return (res.json() as { id: string }).id;
      };
      const rivals = await createProduct(rival.contractorId);
      const groupId = await createGroup(manager);
      const mine = await createProduct(contractor.contractorId);
      await eventually(() =>
        expect(client.events).toContainEqual({ resourceType: 'product', id: mine, action: 'create' }),
      );
      const ids = client.events.map((e) => e.id);
      expect(ids).not.toContain(rivals);
      expect(ids).not.toContain(groupId);
      // Contractors take no part in edit modes.
      await expect(client.connection.invoke('EnterEditMode', 'product', mine, 'x')).rejects.toThrow(
        /forbidden/,
      );
    });
  });
});
