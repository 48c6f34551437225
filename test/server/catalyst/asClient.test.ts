import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../server/resources/rows';
import {
  aCatalyst,
  aClient,
  aCompany,
  aGroup,
  allFlags,
  type CatalystTestApp,
  type Company,
  createCatalystApp,
  type Page,
  type SignedInClient,
  signInClient,
  someMetals,
  unique,
} from './catalystSupport';

describe('the catalogue as a client account sees it', () => {
  let t: CatalystTestApp;
  let c: Company;
  let metals: Record<string, string>;
  /** A client whose group has every flag on, one with every flag off. */
  let full: SignedInClient;
  let bare: SignedInClient;
  let fullGroupId: string;
  let visible: Row;
  let hidden: Row;

  beforeAll(async () => {
    t = await createCatalystApp();
    c = await aCompany(t);
    metals = await someMetals(t, c.admin, { Pt: 30, Pd: 40 });
    const fullGroup = await aGroup(t, c.admin, allFlags);
    fullGroupId = String(fullGroup.id);
    const bareGroup = await aGroup(t, c.admin, {
      canDisplayPrices: false,
      canDisplayWeight: false,
      canDisplayComponents: false,
      canDisplayExchangeRates: false,
      canDispalyStockRates: false,
      canRecalcPrices: false,
      canUseCart: false,
    });
    full = await signInClient(t, await aClient(t, c.admin, fullGroupId));
    bare = await signInClient(t, await aClient(t, c.admin, String(bareGroup.id)));
    visible = await aCatalyst(t, c.admin, metals, {
      name: 'AAA visible',
      serialNumbers: ['VIS-001'],
      weight: 2,
      productStockContent: [{ baseStockId: metals.Pt, gramsPerKg: 1 }],
    });
    hidden = await aCatalyst(t, c.admin, metals, { name: 'AAB hidden', hiddenFromClients: true });
  });
  afterAll(async () => t.close());

  const list = (who: SignedInClient, query = '') =>
    t.ok<Page>(who, 'GET', `/api/catalyst/catalyst/as-client${query}`);

  it('signs a client in on a device; a wrong password is refused like a staff sign-in', async () => {
    const { username } = await aClient(t, c.admin, fullGroupId);
    const wrong = await t.call({ headers: { 'x-device-id': 'd1' } }, 'POST', '/api/catalyst/client/auth', {
      username,
      password: 'nope-nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('wrongUserOrPassword');
    const noDevice = await t.call(undefined, 'POST', '/api/catalyst/client/auth', {
      username,
      password: 'client-pass-1',
    });
    expect(noDevice.statusCode).toBe(400);
    expect(noDevice.json().code).toBe('deviceIdRequired');
  });

  it('keeps client accounts and staff apart: neither token opens the other side', async () => {
    for (const path of [
      '/api/catalyst/catalyst',
      '/api/Product',
      '/api/catalyst/clientuser',
      '/api/User',
      '/api/sync/changes',
    ])
      expect((await t.call(full, 'GET', path)).statusCode, path).toBe(401);
    const asStaff = await t.call(c.admin, 'GET', '/api/catalyst/catalyst/as-client');
    expect(asStaff.statusCode).toBe(401);
    expect((await t.call(c.admin, 'GET', '/api/catalyst/catalyst/as-client/me')).statusCode).toBe(401);
  });

  it('every call names its device; another device id with the token is refused', async () => {
    const noHeader = await t.call(
      { headers: { authorization: `Bearer ${full.token}` } },
      'GET',
      '/api/catalyst/catalyst/as-client',
    );
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().code).toBe('deviceIdRequired');
    const otherDevice = await t.call(
      { headers: { authorization: `Bearer ${full.token}`, 'x-device-id': 'someone-else' } },
      'GET',
      '/api/catalyst/catalyst/as-client',
    );
    expect(otherDevice.statusCode).toBe(401);
    expect(otherDevice.json().code).toBe('deviceNotRegistered');
  });

  it('with every flag on: price, weights, components, cart quantity', async () => {
    const page = await list(full, '?search=vis-00');
    expect(page.allFilteredRowCount).toBe(1);
    expect(page.results[0]).toEqual({
      id: visible.id,
      name: 'AAA visible',
      serialNumbers: ['VIS-001'],
      producerName: null,
      catalystGroupName: null,
      imageFileId: null,
      price: 60,
      currency: 'EUR',
      weight: 2,
      ceramicWeight: null,
      humidity: 0,
      components: [{ shortName: 'Pt', gramsPerKg: 1 }],
      cartQuantity: 0,
    });
  });

  it('with every flag off: no price, weight, components or cart field at all', async () => {
    const page = await list(bare, '?search=vis-00');
    expect(page.results[0]).toEqual({
      id: visible.id,
      name: 'AAA visible',
      serialNumbers: ['VIS-001'],
      producerName: null,
      catalystGroupName: null,
      imageFileId: null,
    });
    const one = await t.ok(bare, 'GET', `/api/catalyst/catalyst/as-client/${visible.id}`);
    expect(Object.keys(one).sort()).toEqual([
      'catalystGroupName',
      'id',
      'imageFileId',
      'name',
      'producerName',
      'serialNumbers',
    ]);
  });

  it('each flag alone adds exactly its fields', async () => {
    const fieldsOf = {
      canDisplayPrices: ['price', 'currency'],
      canDisplayWeight: ['weight', 'ceramicWeight', 'humidity'],
      canDisplayComponents: ['components'],
      canUseCart: ['cartQuantity'],
    } as const;
    const base = ['catalystGroupName', 'id', 'imageFileId', 'name', 'producerName', 'serialNumbers'];
    for (const [flag, fields] of Object.entries(fieldsOf)) {
      const off = Object.fromEntries(Object.keys(allFlags).map((k) => [k, k === flag]));
      const group = await aGroup(t, c.admin, off);
      const client = await signInClient(t, await aClient(t, c.admin, String(group.id)));
      const [row] = (await list(client, '?search=vis-00')).results;
      expect(Object.keys(row ?? {}).sort(), flag).toEqual([...base, ...fields].sort());
    }
    // The rates: each list only with its flag.
    const rates = async (flags: Row) => {
      const group = await aGroup(t, c.admin, flags);
      const client = await signInClient(t, await aClient(t, c.admin, String(group.id)));
      return t.ok(client, 'GET', '/api/catalyst/catalyst/as-client/rates');
    };
    expect(await rates({ canDispalyStockRates: false, canDisplayExchangeRates: false })).toEqual({});
    expect(Object.keys(await rates({ canDispalyStockRates: true, canDisplayExchangeRates: false }))).toEqual([
      'metals',
    ]);
    expect(Object.keys(await rates({ canDispalyStockRates: false, canDisplayExchangeRates: true }))).toEqual([
      'exchangeRates',
    ]);
  });

  it("the group's stock rate multiplier moves the client's price and rates", async () => {
    const group = await aGroup(t, c.admin, { ...allFlags, stockRateMultiplyValue: 0.5 });
    const client = await signInClient(t, await aClient(t, c.admin, String(group.id)));
    const [row] = (await list(client, '?search=vis-00')).results;
    expect(row?.price).toBe(30);
    const rates = await t.ok<{ metals: Row[] }>(client, 'GET', '/api/catalyst/catalyst/as-client/rates');
    expect(rates.metals.find((m) => m.shortName === 'Pt')).toMatchObject({
      rate: 15,
      unit: 'g',
      currency: 'EUR',
    });
  });

  it('never shows a hidden catalyst: not in the list, not by id, not to the cart', async () => {
    const all = await list(full, '?PageSize=100');
    expect(all.results.map((r) => r.id)).not.toContain(hidden.id);
    expect((await t.call(full, 'GET', `/api/catalyst/catalyst/as-client/${hidden.id}`)).statusCode).toBe(404);
    const add = await t.call(full, 'POST', '/api/catalyst/catalyst/as-client', {
      catalystId: hidden.id,
      quantity: 1,
    });
    expect(add.statusCode).toBe(404);
  });

  it('pages, filters by producer and catalyst group, sorts by name', async () => {
    const producer = await t.ok(c.admin, 'POST', '/api/catalyst/producer', { name: unique('Bosal') });
    const group = await t.ok(c.admin, 'POST', '/api/catalyst/catalystgroup', { name: unique('Diesel') });
    for (const name of ['ZZ one', 'ZZ two', 'ZZ three'])
      await aCatalyst(t, c.admin, metals, { name, producerId: producer.id, catalystGroupId: group.id });
    const byProducer = await list(full, `?producerId=${producer.id}&PageSize=2&PageNumber=2`);
    expect(byProducer.allFilteredRowCount).toBe(3);
    expect(byProducer.results.map((r) => r.name)).toEqual(['ZZ two']);
    expect(byProducer.results[0]).toMatchObject({
      producerName: producer.name,
      catalystGroupName: group.name,
    });
    const desc = await list(full, `?catalystGroupId=${group.id}&sortDescending=true`);
    expect(desc.results.map((r) => r.name)).toEqual(['ZZ two', 'ZZ three', 'ZZ one']);
    expect((await t.call(full, 'GET', '/api/catalyst/catalyst/as-client?PageSize=1000')).statusCode).toBe(
      400,
    );
  });

  it('the cart: add, change, remove, submit with the prices of the moment; refused without the flag', async () => {
    const cart = (who: SignedInClient) => t.ok<Row>(who, 'GET', '/api/catalyst/catalyst/as-client/cart');
    expect((await t.call(bare, 'GET', '/api/catalyst/catalyst/as-client/cart')).json().code).toBe(
      'cartDisabled',
    );
    const refused = await t.call(bare, 'POST', '/api/catalyst/catalyst/as-client', {
      catalystId: visible.id,
    });
    expect(refused.statusCode).toBe(403);
    const empty = await t.call(full, 'POST', '/api/catalyst/catalyst/as-client/cart/submit');
    expect(empty.json().code).toBe('cartEmpty');

    await t.ok(full, 'POST', '/api/catalyst/catalyst/as-client', { catalystId: visible.id, quantity: 2 });
    await t.ok(full, 'POST', '/api/catalyst/catalyst/as-client', { catalystId: visible.id, quantity: 1 });
    expect(await cart(full)).toMatchObject({
      quantity: 3,
      total: 180,
      currency: 'EUR',
      lines: [{ id: visible.id, quantity: 3 }],
    });
    const [listed] = (await list(full, '?search=vis-00')).results;
    expect(listed?.cartQuantity).toBe(3);
    await t.ok(full, 'PUT', `/api/catalyst/catalyst/as-client/${visible.id}`, { quantity: 5 });
    expect((await cart(full)).quantity).toBe(5);
    const other = await aCatalyst(t, c.admin, metals, {
      productStockContent: [{ baseStockId: metals.Pd, gramsPerKg: 1 }],
    });
    await t.ok(full, 'POST', '/api/catalyst/catalyst/as-client', { catalystId: other.id, quantity: 1 });
    await t.ok(full, 'DELETE', `/api/catalyst/catalyst/as-client/${other.id}`);
    expect(((await cart(full)).lines as Row[]).map((l) => l.id)).toEqual([visible.id]);

    const sent = await t.ok<Row>(
      full,
      'POST',
      '/api/catalyst/catalyst/as-client/cart/submit',
      undefined,
      200,
    );
    expect(sent.status).toBe('submitted');
    expect(await cart(full)).toMatchObject({ id: null, lines: [], quantity: 0 });
    // Staff see it, read only, with the price each line was sent at.
    const carts = await t.ok<Page>(c.admin, 'GET', '/api/catalyst/clientuser/carts');
    const mine = carts.results.find((r) => r.id === sent.id);
    expect(mine).toMatchObject({
      clientUserId: full.clientUserId,
      status: 'submitted',
      lineCount: 1,
      quantity: 5,
      total: 300,
    });
    const detail = await t.ok<Row>(c.admin, 'GET', `/api/catalyst/clientuser/carts/${sent.id}`);
    expect(detail.lines).toEqual([
      { catalystId: visible.id, name: 'AAA visible', serialNumbers: ['VIS-001'], quantity: 5, price: 60 },
    ]);
    expect((await t.call(c.admin, 'DELETE', `/api/catalyst/clientuser/carts/${sent.id}`)).statusCode).toBe(
      404,
    );
    const select = await t.ok<{ results: Row[] }>(c.admin, 'GET', '/api/catalyst/clientuser/carts/select');
    expect(select.results.map((r) => r.id)).toContain(sent.id);
  });

  it('recalculates prices with quotes the client tries, only with the flag', async () => {
    const tried = await t.ok<{ results: Row[]; rates: Row[] }>(
      full,
      'POST',
      '/api/catalyst/catalyst/as-client/recalc',
      { quotes: { pt: 40 }, catalystIds: [visible.id] },
      200,
    );
    expect(tried.results).toEqual([{ id: visible.id, price: 80 }]);
    expect(tried.rates.find((r) => r.shortName === 'Pt')?.rate).toBe(40);
    const refused = await t.call(bare, 'POST', '/api/catalyst/catalyst/as-client/recalc', {
      quotes: { Pt: 40 },
      catalystIds: [visible.id],
    });
    expect(refused.json().code).toBe('priceRecalcDisabled');
    // Nothing was stored: the price is as before.
    expect((await list(full, '?search=vis-00')).results[0]?.price).toBe(60);
  });

  it('the device limit: one device more is refused with its own message; a freed device makes room', async () => {
    const group = await aGroup(t, c.admin, { devicesLimit: 2 });
    const client = await aClient(t, c.admin, String(group.id));
    const first = await signInClient(t, client, 'phone-1');
    await signInClient(t, client, 'tablet-2');
    // The same device signs in again freely.
    await signInClient(t, client, 'phone-1');
    const third = await t.call(
      { headers: { 'x-device-id': 'laptop-3' } },
      'POST',
      '/api/catalyst/client/auth',
      {
        username: client.username,
        password: client.password,
      },
    );
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({
      code: 'deviceLimitReached',
      fields: [{ field: 'deviceId', rule: 'deviceLimitReached', params: { limit: 2 } }],
    });
    expect(third.json().message).toMatch(/devices/);

    const devices = await t.ok<{ results: Row[] }>(
      c.admin,
      'GET',
      `/api/catalyst/clientuser/${client.row.id}/devices`,
    );
    expect(devices.results.map((d) => d.deviceId)).toEqual(['phone-1', 'tablet-2']);
    const phone = devices.results.find((d) => d.deviceId === 'phone-1');
    await t.ok(
      c.admin,
      'DELETE',
      `/api/catalyst/clientuser/${client.row.id}/devices/${phone?.id}`,
      undefined,
      204,
    );
    // The freed phone's token stops working at once; its refresh token too.
    const after = await t.call(first, 'GET', '/api/catalyst/catalyst/as-client');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('deviceNotRegistered');
    const refresh = await t.call(
      { headers: { authorization: `Bearer ${first.refreshToken}`, 'x-device-id': 'phone-1' } },
      'GET',
      '/api/catalyst/client/auth',
    );
    expect(refresh.statusCode).toBe(401);
    await signInClient(t, client, 'laptop-3');
  });

  it('renews tokens with the refresh token (rotated), and signs out freeing the device', async () => {
    const client = await aClient(t, c.admin, fullGroupId);
    const signed = await signInClient(t, client, 'renew-1');
    const renewed = await t.ok<Row>(
      { headers: { authorization: `Bearer ${signed.refreshToken}`, 'x-device-id': 'renew-1' } },
      'GET',
      '/api/catalyst/client/auth',
    );
    expect(renewed.refreshToken).not.toBe(signed.refreshToken);
    const reused = await t.call(
      { headers: { authorization: `Bearer ${signed.refreshToken}`, 'x-device-id': 'renew-1' } },
      'GET',
      '/api/catalyst/client/auth',
    );
    expect(reused.statusCode).toBe(401);
    const headers = { authorization: `Bearer ${renewed.token}`, 'x-device-id': 'renew-1' };
    expect((await t.call({ headers }, 'GET', '/api/catalyst/catalyst/as-client/me')).statusCode).toBe(200);
    expect((await t.call({ headers }, 'DELETE', '/api/catalyst/client/auth')).statusCode).toBe(204);
    expect((await t.call({ headers }, 'GET', '/api/catalyst/catalyst/as-client')).json().code).toBe(
      'deviceNotRegistered',
    );
    const devices = await t.ok<{ results: Row[] }>(
      c.admin,
      'GET',
      `/api/catalyst/clientuser/${client.row.id}/devices`,
    );
    expect(devices.results).toEqual([]);
  });

  it('a blocked client is refused at sign-in and on every call', async () => {
    const client = await aClient(t, c.admin, fullGroupId);
    const signed = await signInClient(t, client);
    await t.ok(c.admin, 'PUT', `/api/catalyst/clientuser/${client.row.id}`, { isBlocked: true });
    expect((await t.call(signed, 'GET', '/api/catalyst/catalyst/as-client')).json().code).toBe(
      'accountBlocked',
    );
    const again = await t.call(
      { headers: { 'x-device-id': signed.deviceId } },
      'POST',
      '/api/catalyst/client/auth',
      {
        username: client.username,
        password: client.password,
      },
    );
    expect(again.json().code).toBe('accountBlocked');
  });

  it('a client without a group sees names only (and may use one device)', async () => {
    const client = await aClient(t, c.admin, null);
    const signed = await signInClient(t, client, 'only-1');
    const [row] = (await list(signed, '?search=vis-00')).results;
    expect(Object.keys(row ?? {})).not.toContain('price');
    const second = await t.call(
      { headers: { 'x-device-id': 'only-2' } },
      'POST',
      '/api/catalyst/client/auth',
      {
        username: client.username,
        password: client.password,
      },
    );
    expect(second.json().code).toBe('deviceLimitReached');
    const me = await t.ok<Row>(signed, 'GET', '/api/catalyst/catalyst/as-client/me');
    expect(me.group).toMatchObject({ name: null, canDisplayPrices: false, devicesLimit: 1 });
  });

  it("staff see any client's catalogue as that client does, and why a price is what it is", async () => {
    const asClient = await t.ok<Page>(
      c.admin,
      'GET',
      `/api/catalyst/catalyst/as-client/${bare.clientUserId}?search=vis-00`,
    );
    expect(asClient.results[0]).not.toHaveProperty('price');
    const why = await t.ok<Row>(
      c.admin,
      'GET',
      `/api/catalyst/catalyst/as-client/${bare.clientUserId}/${visible.id}`,
    );
    expect(why).toMatchObject({
      catalystId: visible.id,
      clientView: { id: visible.id },
      breakdown: { price: 60 },
    });
    expect(why.clientView).not.toHaveProperty('price');
    const whyHidden = await t.ok<Row>(
      c.admin,
      'GET',
      `/api/catalyst/catalyst/${hidden.id}/why?userGroupId=${fullGroupId}`,
    );
    expect(whyHidden).toMatchObject({ hiddenFromClients: true, clientView: null });
    expect(
      (await t.call(c.staff, 'GET', `/api/catalyst/catalyst/as-client/${bare.clientUserId}`)).statusCode,
    ).toBe(403);
    expect(
      (await t.call(c.admin, 'GET', `/api/catalyst/catalyst/as-client/${c.admin.row.id}`)).statusCode,
    ).toBe(404);
  });
});
