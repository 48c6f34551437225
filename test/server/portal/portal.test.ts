import { describe, expect, it } from 'vitest';
import type { AppMailer } from '../../../server/mail/createMailer';
import { aSuperUser, aUser, type TestUser, testPassword } from '../../support/builders';
import { connectClient, eventually, listen, type TestHubClient } from '../hub/hubClient';
import {
  aColleagueOf,
  aPortalProduct,
  aPortalWarehouse,
  daysFrom,
  type PortalWarehouse,
} from '../../support/portalBuilders';
import { type HttpMethod, testAppFixture } from '../../support/testApp';

type Json = Record<string, unknown>;
type Line = { id: string; productId: string; quantity: number; available: number; short: number };

const fixture = testAppFixture();
const tomorrow = () => daysFrom(new Date(), 1);

describe('contractor portal: catalogue, basket and confirmation', () => {
  let w: PortalWarehouse;
  const call = (who: TestUser | undefined, method: HttpMethod, url: string, payload?: unknown) =>
    fixture.t.call(who, method, url, payload);
  const ok = async (who: TestUser, method: HttpMethod, url: string, payload?: unknown) => {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.statusCode === 204 ? {} : (res.json() as Json);
  };
  const catalogue = async (who: TestUser, query = '') =>
    (await ok(who, 'GET', `/api/contractororders/availible-products${query}`)) as {
      results: {
        productId: string;
        index: string;
        name: string;
        available: number;
        inBasket: number;
        portalComment: string | null;
      }[];
      allFilteredRowCount: number;
    };
  const summary = async (who: TestUser) =>
    (await ok(who, 'GET', '/api/contractororders/cart-summary')) as {
      positions: Line[];
      lines: number;
      shortLines: number;
    };
  const addToCart = (who: TestUser, productId: unknown, quantity: unknown) =>
    call(
      who,
      'POST',
      `/api/contractororders/add-to-cart?productId=${String(productId)}&quantity=${String(quantity)}`,
    );

  it('sets up', async () => {
    w = await aPortalWarehouse(fixture.t.ctx);
  });

  it('offers the contractor only its own visible products, with what it can order now', async () => {
    const page = await catalogue(w.contractor);
    expect(page.allFilteredRowCount).toBe(2);
    expect(page.results.map((r) => r.productId).sort()).toEqual([String(w.a.id), String(w.b.id)].sort());
    expect(Object.fromEntries(page.results.map((r) => [r.productId, r.available]))).toEqual({
      [String(w.a.id)]: 10,
      [String(w.b.id)]: 5,
    });
    // The calls are matched whatever the case, as the specification spells them.
    const shouted = await catalogue(w.contractor, '?PageSize=1&PageNumber=2');
    expect(shouted.results).toHaveLength(1);
    // Past the last page: no rows, and still the count of every product that matches.
    expect(await catalogue(w.contractor, '?PageSize=1&PageNumber=3')).toEqual({
      results: [],
      allFilteredRowCount: 2,
    });
    const upper = await call(w.contractor, 'GET', '/api/ContractorOrders/AVAILIBLE-PRODUCTS');
    expect(upper.statusCode).toBe(200);
  });

  it('searches by name, index and barcode and filters by product group', async () => {
    const byName = await catalogue(w.contractor, '?search=banana');
    expect(byName.results.map((r) => r.productId)).toEqual([String(w.b.id)]);
    const byIndex = await catalogue(w.contractor, `?search=${String(w.a.index).slice(3)}`);
    expect(byIndex.results.map((r) => r.productId)).toEqual([String(w.a.id)]);
    const barcode = (w.a.barcodes as string[])[0];
    const byBarcode = await catalogue(w.contractor, `?search=${barcode}`);
    expect(byBarcode.results.map((r) => r.productId)).toEqual([String(w.a.id)]);
    const byGroup = await catalogue(w.contractor, `?groupId=${String(w.group.id)}`);
    expect(byGroup.results.map((r) => r.productId)).toEqual([String(w.a.id)]);
    const filter = encodeURIComponent(
      JSON.stringify([{ field: 'mainGroupId', operator: 'eq', value: w.group.id }]),
    );
    expect((await catalogue(w.contractor, `?BasicFiltersSerialized=${filter}`)).allFilteredRowCount).toBe(1);
    // The hidden product is not found by any of its names, and neither are other contractors' goods.
    for (const term of [String(w.hidden.index), 'Hidden gem', String(w.rivals.index), String(w.own.index)])
      expect((await catalogue(w.contractor, `?search=${encodeURIComponent(term)}`)).allFilteredRowCount).toBe(
        0,
      );
    const groups = (await ok(w.contractor, 'GET', '/api/contractororders/availible-prod-groups')) as {
      results: { id: string; products: number }[];
    };
    // The hidden product shares group a's group but is not counted.
    expect(groups.results).toEqual([expect.objectContaining({ id: String(w.group.id), products: 1 })]);
  });

  it('shows the contractor translation of a product in the caller language, and the portal comment', async () => {
    const staff = await aSuperUser(fixture.t.ctx, w.account);
    const created = await call(staff, 'POST', '/api/PortalTranslation', {
      productId: w.a.id,
      language: 'pl-pl',
      name: 'Skrzynka jabłek',
      description: 'Świeże jabłka',
    });
    expect(created.statusCode, created.body).toBe(201);
    const twice = await call(staff, 'POST', '/api/PortalTranslation', {
      productId: w.a.id,
      language: 'pl-pl',
      name: 'Again',
    });
    expect(twice.statusCode).toBe(409);
    await call(staff, 'PUT', `/api/Product/${String(w.a.id)}`, { portalComment: 'Ships on pallets' });
    const polish = await fixture.t.call(
      w.contractor,
      'GET',
      '/api/contractororders/availible-products?search=jabłek',
      undefined,
      {
        'accept-language': 'pl-pl',
      },
    );
    const row = (polish.json() as { results: Json[] }).results[0];
    expect(row).toMatchObject({
      productId: String(w.a.id),
      name: 'Skrzynka jabłek',
      description: 'Świeże jabłka',
    });
    expect(row?.portalComment).toBe('Ships on pallets');
    const english = await catalogue(w.contractor, '?search=apple');
    expect(english.results[0]?.name).toBe('Apple crate');
    // Contractors do not read the translations themselves through the generic API.
    expect((await call(w.contractor, 'GET', '/api/PortalTranslation')).statusCode).toBe(403);
  });

  it('keeps one basket per user on the server, checked against what can be ordered', async () => {
    expect((await addToCart(w.contractor, w.a.id, 3)).statusCode).toBe(200);
    expect((await addToCart(w.contractor, w.a.id, 2)).statusCode).toBe(200);
    let s = await summary(w.contractor);
    expect(s.positions.map((p) => [p.productId, p.quantity])).toEqual([[String(w.a.id), 5]]);

    // More than can be ordered: refused with the product, what is there and what is missing.
    const tooMuch = await addToCart(w.contractor, w.b.id, 6);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      code: 'stockShortfall',
      issues: [
        {
          code: 'quantityExceedsOrderable',
          params: { product: String(w.b.index), quantity: 6, available: 5, missing: 1 },
        },
      ],
    });
    expect(String((tooMuch.json() as { issues: { message: string }[] }).issues[0]?.message)).toContain(
      '1 short',
    );
    expect((await addToCart(w.contractor, w.b.id, 5)).statusCode).toBe(200);

    // Bad quantities are the form's errors; others' goods and hidden ones do not exist.
    for (const [q, rule] of [
      [0, 'minValue'],
      [-1, 'minValue'],
      ['abc', 'invalidValue'],
      [1e10, 'maxValue'],
    ] as const) {
      const res = await addToCart(w.contractor, w.a.id, q);
      expect(res.statusCode, String(q)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'formHasErrors', fields: [{ field: 'quantity', rule }] });
    }
    for (const product of [w.hidden, w.rivals, w.own, { id: 'not-a-uuid' }]) {
      const res = await addToCart(w.contractor, product.id, 1);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('notFoundOrNoPermission');
    }

    // Edit by product or by line id, within what can be ordered.
    const line = (await summary(w.contractor)).positions.find((p) => p.productId === String(w.b.id));
    expect(
      (await call(w.contractor, 'PATCH', `/api/contractororders/edit-cart-product?id=${line?.id}&quantity=2`))
        .statusCode,
    ).toBe(200);
    const over = await call(w.contractor, 'PATCH', '/api/contractororders/edit-cart-product', {
      productId: w.a.id,
      quantity: 11,
    });
    expect(over.statusCode).toBe(409);
    expect(
      (
        await call(w.contractor, 'PATCH', '/api/contractororders/edit-cart-product', {
          productId: w.a.id,
          quantity: 4,
        })
      ).statusCode,
    ).toBe(200);
    s = await summary(w.contractor);
    expect(Object.fromEntries(s.positions.map((p) => [p.productId, p.quantity]))).toEqual({
      [String(w.a.id)]: 4,
      [String(w.b.id)]: 2,
    });
    const list = (await ok(w.contractor, 'GET', '/api/contractororders/list-cart-product?PageSize=1')) as {
      results: Line[];
      allFilteredRowCount: number;
    };
    expect(list.allFilteredRowCount).toBe(2);
    expect(list.results).toHaveLength(1);

    // The basket is the user's: a colleague of the same contractor has their own, another contractor none of it.
    const colleague = await aColleagueOf(fixture.t.ctx, w.account, w.contractor.contractorId);
    expect((await summary(colleague)).positions).toEqual([]);
    for (const who of [colleague, w.rival]) {
      const edit = await call(
        who,
        'PATCH',
        `/api/contractororders/edit-cart-product?id=${line?.id}&quantity=1`,
      );
      expect(edit.statusCode).toBe(404);
      const del = await call(who, 'DELETE', `/api/contractororders/delete-cart-product?id=${line?.id}`);
      expect(del.statusCode).toBe(404);
    }
    // The catalogue shows what the basket holds.
    const entry = (await catalogue(w.contractor, '?search=apple')).results[0];
    expect(entry?.inBasket).toBe(4);
    // Only the caller's basket: the colleague's catalogue shows none of it.
    const theirs = (await catalogue(colleague, '?search=apple')).results[0];
    expect(theirs?.productId).toBe(entry?.productId);
    expect(theirs?.inBasket).toBe(0);

    // The owner removes a line by its id or by its product; a line already gone is not found.
    const removeLine = (query: string) =>
      call(w.contractor, 'DELETE', `/api/contractororders/delete-cart-product?${query}`);
    expect((await removeLine(`id=${line?.id}`)).statusCode).toBe(204);
    expect((await summary(w.contractor)).positions.map((p) => p.productId)).toEqual([String(w.a.id)]);
    expect((await removeLine(`id=${line?.id}`)).statusCode).toBe(404);
    expect((await addToCart(w.contractor, w.b.id, 2)).statusCode).toBe(200);
    expect((await removeLine(`productId=${String(w.b.id)}`)).statusCode).toBe(204);
    expect((await removeLine(`productId=${String(w.b.id)}`)).statusCode).toBe(404);
    expect((await addToCart(w.contractor, w.b.id, 2)).statusCode).toBe(200);
    s = await summary(w.contractor);
    expect(s.positions.map((p) => [p.productId, p.quantity])).toEqual([
      [String(w.a.id), 4],
      [String(w.b.id), 2],
    ]);

    // Signing in again (another device, or after signing out) finds the same basket: it lives on the server.
    const signIn = await call(undefined, 'POST', '/api/Auth', {
      username: w.contractor.row.username,
      password: testPassword,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const token = String((signIn.json() as { token: string }).token);
    const elsewhere = await fixture.t.app.inject({
      method: 'GET',
      url: '/api/contractororders/cart-summary',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(
      (elsewhere.json() as { positions: Line[] }).positions.map((p) => [p.productId, p.quantity]),
    ).toEqual(s.positions.map((p) => [p.productId, p.quantity]));
  });

  it('answers staff and strangers on the portal calls with 403 and 401', async () => {
    const staff = await aSuperUser(fixture.t.ctx, w.account);
    const blocked = await aUser(fixture.t.ctx, w.account, {
      contractorId: w.contractor.contractorId,
      contractorPortalEnabled: false,
    });
    for (const url of [
      '/api/contractororders/cart-summary',
      '/api/contractororders/availible-products',
      '/api/ContractorOrders/last-orders',
    ]) {
      expect((await call(staff, 'GET', url)).statusCode).toBe(403);
      expect((await call(blocked, 'GET', url)).statusCode).toBe(403);
      expect((await call(undefined, 'GET', url)).statusCode).toBe(401);
    }
  });

  it('confirms the basket as a release order waiting for the floor, with delivery date, lines and comment', async () => {
    const mailer = fixture.t.ctx.mailer as AppMailer;
    const before = mailer.outbox.length;
    const missing = await call(w.contractor, 'POST', '/api/contractororders/confirm-order');
    expect(missing.json()).toMatchObject({
      code: 'formHasErrors',
      fields: [{ field: 'deliveryDate', rule: 'required' }],
    });
    const past = await call(
      w.contractor,
      'POST',
      `/api/contractororders/confirm-order?deliveryDate=${daysFrom(new Date(), -1)}`,
    );
    expect(past.json()).toMatchObject({ fields: [{ field: 'deliveryDate', rule: 'minValue' }] });
    const nonsense = await call(
      w.contractor,
      'POST',
      '/api/contractororders/confirm-order?deliveryDate=2026-02-31',
    );
    expect(nonsense.json()).toMatchObject({ fields: [{ field: 'deliveryDate', rule: 'invalidValue' }] });
    expect((await summary(w.contractor)).lines).toBe(2);

    // One delivery day for the whole test (it must not move if the test runs across midnight).
    const deliveryDay = tomorrow();
    // Warehouse staff are told live of the new order; another contractor is not.
    const base = await listen(fixture.t.app);
    const hubs: TestHubClient[] = [
      await connectClient(base, w.boss.token),
      await connectClient(base, w.rival.token),
    ];
    const [staffHub, rivalHub] = hubs;
    const res = await call(
      w.contractor,
      'POST',
      `/api/contractororders/confirm-order?deliveryDate=${deliveryDay}`,
      {
        comment: 'Ring at gate 2',
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Json & { lines: { productId: string; ordered: number; picked: number }[] };
    expect(order).toMatchObject({
      typeCode: 'OOU',
      statusCode: 'waitingToProcess',
      contractorId: w.contractor.contractorId,
      sourceType: 'portal',
      comment: 'Ring at gate 2',
      mailed: true,
    });
    expect(String(order.deliveryDate).slice(0, 10)).toBe(deliveryDay);
    expect(order.lines.map((l) => [l.productId, l.ordered, l.picked])).toEqual([
      [String(w.a.id), 4, 0],
      [String(w.b.id), 2, 0],
    ]);
    // The answer is shaped from the rows the confirmation wrote: the same as reading the order back.
    const { mailed: _mailed, ...answered } = order;
    expect(await ok(w.contractor, 'GET', `/api/contractororders/order/${String(order.id)}`)).toEqual(
      answered,
    );
    // The basket is empty; the open order now claims its goods.
    expect((await summary(w.contractor)).lines).toBe(0);
    const after = await catalogue(w.contractor);
    expect(Object.fromEntries(after.results.map((r) => [r.productId, r.available]))).toEqual({
      [String(w.a.id)]: 6,
      [String(w.b.id)]: 3,
    });
    // An empty basket is not an order.
    const empty = await call(
      w.contractor,
      'POST',
      `/api/contractororders/confirm-order?deliveryDate=${deliveryDay}`,
    );
    expect(empty.json().code).toBe('basketEmpty');

    // The confirmation e-mail lists the lines.
    const mail = mailer.outbox.slice(before).find((m) => m.to === w.contractor.row.email);
    expect(mail?.subject).toContain(String(order.orderNumber));
    expect(mail?.text).toContain(String(w.a.index));
    expect(mail?.text).toContain(deliveryDay);
    try {
      await eventually(() =>
        expect(staffHub?.events).toContainEqual(
          expect.objectContaining({ resourceType: 'wmsOrder', id: String(order.id), action: 'create' }),
        ),
      );
      expect(rivalHub?.events.map((e) => e.id)).not.toContain(String(order.id));
    } finally {
      for (const hub of hubs) await hub.stop();
    }

    // The warehouse sees it among its operational orders with its origin.
    const staff = await aSuperUser(fixture.t.ctx, w.account);
    const progress = await ok(staff, 'GET', '/api/WmsOrder/Move/Progress?PageSize=100');
    expect((progress as { results: Json[] }).results).toContainEqual(
      expect.objectContaining({ id: order.id, sourceType: 'portal', statusCode: 'waitingToProcess' }),
    );
  });

  it('refuses a confirmation beyond what can be ordered, naming each short line; nothing is saved', async () => {
    const colleague = await aColleagueOf(fixture.t.ctx, w.account, w.contractor.contractorId);
    expect((await addToCart(colleague, w.a.id, 6)).statusCode).toBe(200);
    expect((await addToCart(colleague, w.b.id, 3)).statusCode).toBe(200);
    // Meanwhile the warehouse releases some of a's goods by an order of its own.
    const staff = await aSuperUser(fixture.t.ctx, w.account);
    const staffOrder = await call(staff, 'POST', '/api/WmsOrder', {
      typeCode: 'OOU',
      saveAs: 'production',
      contractorId: w.contractor.contractorId,
      positions: [{ productId: w.a.id, quantity: 2 }],
    });
    expect(staffOrder.statusCode, staffOrder.body).toBe(201);
    const mine = (await ok(colleague, 'GET', '/api/contractororders/my-orders')) as {
      allFilteredRowCount: number;
    };
    const res = await call(
      colleague,
      'POST',
      `/api/contractororders/confirm-order?deliveryDate=${tomorrow()}`,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'stockShortfall',
      issues: [
        {
          code: 'quantityExceedsOrderable',
          positionIndex: 0,
          params: { productId: String(w.a.id), quantity: 6, available: 4, missing: 2 },
        },
      ],
    });
    expect((res.json() as { issues: unknown[] }).issues).toHaveLength(1);
    // Nothing half-saved: the basket is as it was, no new order.
    const s = await summary(colleague);
    expect(s.positions.map((p) => p.quantity)).toEqual([6, 3]);
    expect(s.shortLines).toBe(1);
    expect(s.positions[0]?.short).toBe(2);
    expect(
      ((await ok(colleague, 'GET', '/api/contractororders/my-orders')) as { allFilteredRowCount: number })
        .allFilteredRowCount,
    ).toBe(mine.allFilteredRowCount);
    await ok(colleague, 'PATCH', '/api/contractororders/edit-cart-product', {
      productId: w.a.id,
      quantity: 4,
    });
    const done = await call(
      colleague,
      'POST',
      `/api/contractororders/confirm-order?deliveryDate=${tomorrow()}`,
    );
    expect(done.statusCode, done.body).toBe(201);
    expect(
      Object.fromEntries((await catalogue(colleague)).results.map((r) => [r.productId, r.available])),
    ).toEqual({
      [String(w.a.id)]: 0,
      [String(w.b.id)]: 0,
    });
  });

  it('shows my orders with status and picked quantities; nobody else sees them by id, filter or sort', async () => {
    const mine = (await ok(w.contractor, 'GET', '/api/contractororders/my-orders')) as {
      results: (Json & { lines: unknown[] })[];
      allFilteredRowCount: number;
    };
    // Both users' portal orders and the warehouse's own order for the contractor.
    expect(mine.allFilteredRowCount).toBe(3);
    const id = String(mine.results.find((o) => o.sourceType === 'portal')?.id);
    const one = await ok(w.contractor, 'GET', `/api/contractororders/order/${id}`);
    expect(one).toMatchObject({ id, statusCode: 'waitingToProcess' });
    for (const url of [
      `/api/contractororders/order/${id}`,
      `/api/WmsOrder/${id}`,
      `/api/contractororders/repeat-order/${id}`,
    ]) {
      const res = await call(w.rival, url.includes('repeat') ? 'POST' : 'GET', url);
      expect(res.statusCode, url).toBe(404);
    }
    const filters = encodeURIComponent(
      JSON.stringify([{ field: 'contractorId', operator: 'eq', value: w.contractor.contractorId }]),
    );
    for (const sort of ['orderNumber', 'createdAt', 'contractorId']) {
      const theirs = (await ok(
        w.rival,
        'GET',
        `/api/contractororders/my-orders?sortColumn=${sort}&BasicFiltersSerialized=${filters}`,
      )) as {
        allFilteredRowCount: number;
      };
      expect(theirs.allFilteredRowCount).toBe(0);
      const generic = (await ok(
        w.rival,
        'GET',
        `/api/WmsOrder?sortColumn=${sort}&BasicFiltersSerialized=${filters}`,
      )) as {
        allFilteredRowCount: number;
      };
      expect(generic.allFilteredRowCount).toBe(0);
    }
    const last = (await ok(w.contractor, 'GET', '/api/ContractorOrders/last-orders?limit=2')) as {
      results: Json[];
    };
    expect(last.results).toHaveLength(2);
  });

  it('follows the floor: picked quantities and status as the warehouse records them', async () => {
    const mine = (await ok(w.contractor, 'GET', '/api/contractororders/my-orders')) as {
      results: (Json & { lines: { id: string; ordered: number }[] })[];
    };
    const order = mine.results.find((o) => o.sourceType === 'portal' && o.comment === 'Ring at gate 2');
    const staff = await aSuperUser(fixture.t.ctx, w.account);
    const first = order?.lines[0];
    const picked = await call(
      staff,
      'PATCH',
      `/api/WmsOrderPosition/${first?.id}/QuantityReal?quantityReal=4`,
    );
    expect(picked.statusCode, picked.body).toBe(200);
    const now = await ok(w.contractor, 'GET', `/api/contractororders/order/${String(order?.id)}`);
    expect(now).toMatchObject({
      statusCode: 'inProgress',
      linesDone: 1,
      pickedQuantity: 4,
      orderedQuantity: 6,
    });
  });

  it('repeats an earlier order into the basket, explaining lines it could not take', async () => {
    const staff = await aSuperUser(fixture.t.ctx, w.account);
    // More of b arrives; a is all claimed; one earlier product is hidden meanwhile.
    await fixture.t.call(staff, 'POST', '/api/WmsDocument', {
      typeCode: 'DIN',
      destinationLocationId: w.location.id,
      positions: [{ productId: w.b.id, quantity: 1 }],
      confirm: true,
    });
    const extra = await aPortalProduct(fixture.t.ctx, staff, w.account, w.location, 3, {
      contractorId: w.contractor.contractorId,
    });
    await ok(
      w.contractor,
      'POST',
      `/api/contractororders/add-to-cart?productId=${String(extra.id)}&quantity=3`,
    );
    await ok(w.contractor, 'POST', `/api/contractororders/confirm-order?deliveryDate=${tomorrow()}`);
    const last = (await ok(w.contractor, 'GET', '/api/ContractorOrders/last-orders')) as {
      results: (Json & { lines: unknown[] })[];
    };
    const withExtra = last.results[0];
    await call(staff, 'PUT', `/api/Product/${String(extra.id)}`, { hideFromPortal: true });
    const gate = last.results.find((o) => o.comment === 'Ring at gate 2');
    const repeated = (await ok(
      w.contractor,
      'POST',
      `/api/contractororders/repeat-order/${String(gate?.id)}`,
    )) as {
      added: { productId: string; quantity: number }[];
      refused: { line: number; productId: string | null; reason: string; wanted: number; added: number }[];
    };
    expect(repeated.added).toEqual([expect.objectContaining({ productId: String(w.b.id), quantity: 1 })]);
    expect(repeated.refused).toEqual([
      expect.objectContaining({ line: 1, productId: String(w.a.id), reason: 'nothingAvailable', wanted: 4 }),
      expect.objectContaining({ line: 2, productId: String(w.b.id), reason: 'reduced', wanted: 2, added: 1 }),
    ]);
    const hiddenNow = (await ok(
      w.contractor,
      'POST',
      `/api/contractororders/repeat-order/${String(withExtra?.id)}`,
    )) as {
      refused: { line: number; productId: string | null; reason: string }[];
    };
    expect(hiddenNow.refused).toEqual([
      expect.objectContaining({ line: 1, productId: null, reason: 'productUnavailable' }),
    ]);
    expect(JSON.stringify(hiddenNow)).not.toContain(String(extra.id));
    expect((await summary(w.contractor)).positions.map((p) => [p.productId, p.quantity])).toEqual([
      [String(w.b.id), 1],
    ]);
  });

  it('finds a product once however many of its names hold the term, and nothing hidden or not its own through a translation or barcode', async () => {
    const staff = await aSuperUser(fixture.t.ctx, w.account);
    const term = 'TWINTERM';
    // One product whose index, name, Polish name and barcode all hold the term.
    const twin = await aPortalProduct(fixture.t.ctx, w.boss, w.account, w.location, 1, {
      contractorId: w.contractor.contractorId,
      index: `${term}-1`,
      name: `${term} bolt`,
      barcodes: [term],
    });
    // The hidden product and the rival's hold the term only in their Polish names.
    for (const [product, name] of [
      [twin, `${term} śruba`],
      [w.hidden, `${term} ukryty`],
      [w.rivals, `${term} cudzy`],
    ] as const) {
      const made = await call(staff, 'POST', '/api/PortalTranslation', {
        productId: product.id,
        language: 'pl-pl',
        name,
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const polish = await fixture.t.call(
      w.contractor,
      'GET',
      `/api/contractororders/availible-products?sortColumn=name&search=${term.toLowerCase()}`,
      undefined,
      { 'accept-language': 'pl-pl' },
    );
    expect(polish.json()).toMatchObject({
      results: [{ productId: String(twin.id), name: `${term} śruba`, available: 1 }],
      allFilteredRowCount: 1,
    });
    const english = await catalogue(w.contractor, `?sortColumn=name&search=${term}`);
    expect(english.results.map((r) => [r.productId, r.name])).toEqual([[String(twin.id), `${term} bolt`]]);
    expect(english.allFilteredRowCount).toBe(1);
    // The barcodes of the hidden and the rival's product find nothing.
    for (const product of [w.hidden, w.rivals])
      expect(
        await catalogue(w.contractor, `?search=${encodeURIComponent((product.barcodes as string[])[0] ?? '')}`),
      ).toEqual({ results: [], allFilteredRowCount: 0 });
  });
});
