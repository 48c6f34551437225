import { describe, expect, it } from 'vitest';
import { aDocument, anOrderRow, aSuperUser, stockRowsOf, type TestUser } from '../../support/builders';
import { aPortalProduct, aPortalWarehouse, type PortalWarehouse } from '../../support/portalBuilders';
import { registeredRoutes } from '../../support/registeredRoutes';
import { pullAll } from '../../support/syncBuilders';
import { testAppFixture } from '../../support/testApp';
import { connectClient, eventually, listen } from '../hub/hubClient';

type Json = Record<string, unknown>;
// Tokens that outlive the walk: at load 30-40 the route walk took 12 min, longer than the default 10-minute
// access token, and the tests after it met 401s from expiry rather than anything they check.
const fixture = testAppFixture({ config: { accessTokenSeconds: 24 * 3600 } });
const walkTimeoutMs = 15 * 60_000;

/**
 * "Hidden from the portal" means hidden on every path a contractor can read (issue 24, defect 6): the rule is
 * written once (server/resources/contractorScope.ts) and this walk proves it. Every GET route the router holds is
 * called — as the contractor's portal user, and with the contractor's shared links (page sessions and API token) —
 * with every id the contractor could guess, searches and filters naming the hidden product; no answer may carry
 * anything of it. The change feed, which must send tombstones (ids only), may carry its ids only as deletions;
 * the live connection never announces it.
 */
describe('hidden from the portal is hidden everywhere', () => {
  let w: PortalWarehouse;
  let staff: TestUser;
  /** Everything that would betray the hidden product. */
  let markers: string[];
  /** Ids a contractor could try in paths. */
  let ids: string[];
  const readers: { name: string; headers: Record<string, string> }[] = [];

  it('sets up goods, orders, documents, baskets, translations and links naming the hidden product', async () => {
    const { ctx } = fixture.t;
    w = await aPortalWarehouse(ctx);
    staff = await aSuperUser(ctx, w.account);
    const h = w.hidden;
    const [hiddenStock] = await stockRowsOf(ctx, w.account, String(h.id));
    const order = await anOrderRow(
      ctx,
      w.account,
      { statusCode: 'inProgress', contractorId: w.contractor.contractorId },
      [
        { productId: w.a.id, quantity: 1 },
        { productId: h.id, quantity: 1 },
      ],
    );
    const [hiddenLine] = (
      (
        await fixture.t.call(staff, 'GET', `/api/WmsOrder/${String(order.id)}/Positions?PageSize=100`)
      ).json() as {
        results: Json[];
      }
    ).results.filter((p) => p.productId === h.id);
    const document = await aDocument(
      ctx,
      staff,
      {
        typeCode: 'DIN',
        contractorId: w.contractor.contractorId,
        destinationLocationId: w.location.id,
        positions: [{ productId: h.id, quantity: 1 }],
      },
      { confirm: true },
    );
    const translation = await fixture.t.call(staff, 'POST', '/api/PortalTranslation', {
      productId: h.id,
      language: 'en-us',
      name: 'Secret translated name',
    });
    expect(translation.statusCode, translation.body).toBe(201);
    // A basket line of the product from before it was hidden.
    const cart = ctx.schema.portalTables.cartLine;
    const [line] = await ctx.db
      .insert(cart)
      .values({
        clientAccountId: w.account,
        userId: String(w.contractor.row.id),
        productId: String(h.id),
        quantity: 1,
      })
      .returning();
    expect(
      (
        await fixture.t.call(
          w.contractor,
          'POST',
          `/api/contractororders/add-to-cart?productId=${String(w.a.id)}&quantity=1`,
        )
      ).statusCode,
    ).toBe(200);

    const link = async (contentType: string) => {
      const res = await fixture.t.call(staff, 'POST', '/api/SharedAccess', {
        contentType,
        recipientContractorId: w.contractor.contractorId,
        durationMinutes: 60,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; link: string | null; apiToken: string | null };
    };
    const session = async (created: { link: string | null }) => {
      const key = new URL(String(created.link)).searchParams.get('key');
      const res = await fixture.t.call(undefined, 'POST', '/api/shared/open', { key });
      return String((res.json() as { session: string }).session);
    };
    const inventory = await link('inventory');
    const stock = await link('stock');
    const api = await link('api');
    readers.push(
      { name: 'portal user', headers: w.contractor.headers },
      { name: 'inventory link', headers: { authorization: `Bearer ${await session(inventory)}` } },
      { name: 'stock link', headers: { authorization: `Bearer ${await session(stock)}` } },
      { name: 'API token', headers: { authorization: `Bearer ${String(api.apiToken)}` } },
    );
    markers = [
      String(h.id),
      String(h.index),
      String(h.name),
      ...(h.barcodes as string[]),
      'Secret translated name',
      String(hiddenStock?.id),
      String(hiddenLine?.id),
      String(line?.id),
    ];
    ids = [
      String(h.id),
      String(w.a.id),
      String(hiddenStock?.id),
      String(hiddenLine?.id),
      String(line?.id),
      String(order.id),
      String(document.id),
      inventory.id,
    ];
    expect(markers.every((m) => m && m !== 'undefined')).toBe(true);
  });

  const leaks = (body: string): string[] =>
    markers.filter((m) => body.toLowerCase().includes(m.toLowerCase()));

  // Thousands of requests (every GET route × ids × queries × readers): the time grows with the router, so the
  // walk gets a budget of its own instead of the default per-test limit, which a busy machine overruns.
  it(
    'walks every GET route with every reader, id, search and filter: nothing of the hidden product comes back',
    async () => {
      const routes = registeredRoutes(fixture.t.app).filter(
        (r) => r.methods.includes('GET') && r.path.startsWith('/api/') && r.path !== '/api/sync/changes',
      );
      expect(routes.length).toBeGreaterThan(60);
      const h = w.hidden;
      const queries = [
        '',
        `?PageSize=1000&search=${encodeURIComponent(String(h.index))}`,
        `?PageSize=1000&BasicFiltersSerialized=${encodeURIComponent(JSON.stringify([{ field: 'productId', operator: 'eq', value: h.id }]))}`,
        `?PageSize=1000&BasicFiltersSerialized=${encodeURIComponent(JSON.stringify([{ field: 'id', operator: 'eq', value: h.id }]))}`,
        `?PageSize=1000&sortColumn=productIndex&BasicFiltersSerialized=${encodeURIComponent(
          JSON.stringify([{ field: 'productIndex', operator: 'contains', value: String(h.index) }]),
        )}`,
        `?format=csv&PageSize=1000`,
      ];
      const paths = routes.flatMap((r) => {
        const params = r.path.match(/:[A-Za-z]+/g) ?? [];
        if (params.length === 0) return [r.path];
        return ids.flatMap((id) =>
          [id, 'inventory', 'productStock', 'OOU'].map((value, i) =>
            r.path.replace(/:[A-Za-z]+/g, (p) =>
              p === ':view' || p === ':type' ? value : i === 0 ? id : value,
            ),
          ),
        );
      });
      let answered = 0;
      let sawVisible = 0;
      const found: string[] = [];
      for (const path of [...new Set(paths)])
        for (const query of queries)
          for (const reader of readers) {
            const res = await fixture.t.app.inject({
              method: 'GET',
              url: `${path}${query}`,
              headers: reader.headers,
            });
            expect(
              res.statusCode,
              `${reader.name} GET ${path}${query}: ${res.body.slice(0, 300)}`,
            ).toBeLessThan(500);
            if (res.statusCode === 200) answered++;
            if (res.body.includes(String(w.a.index)) || res.body.includes(String(w.a.id))) sawVisible++;
            const leaked = leaks(res.body);
            if (leaked.length) found.push(`${reader.name} GET ${path}${query} → ${leaked.join(', ')}`);
          }
      expect(found).toEqual([]);
      // The walk reached data: many answers, and the contractor's visible goods in many of them.
      expect(answered).toBeGreaterThan(100);
      expect(sawVisible).toBeGreaterThan(20);
    },
    walkTimeoutMs,
  );

  it('the portal calls that write refuse the hidden product as if it did not exist', async () => {
    const h = String(w.hidden.id);
    for (const [method, url] of [
      ['POST', `/api/contractororders/add-to-cart?productId=${h}&quantity=1`],
      ['PATCH', `/api/contractororders/edit-cart-product?productId=${h}&quantity=1`],
      ['DELETE', `/api/contractororders/delete-cart-product?productId=${h}`],
    ] as const) {
      const res = await fixture.t.call(w.contractor, method, url);
      expect(res.statusCode, url).toBe(404);
      expect(leaks(res.body)).toEqual([]);
    }
    const last = (await fixture.t.call(w.contractor, 'GET', '/api/ContractorOrders/last-orders')).json() as {
      results: { id: string }[];
    };
    for (const order of last.results) {
      const res = await fixture.t.call(
        w.contractor,
        'POST',
        `/api/contractororders/repeat-order/${order.id}`,
      );
      expect(res.statusCode).toBeLessThan(500);
      expect(leaks(res.body)).toEqual([]);
    }
    // Confirming a basket holding the hidden product's old line orders only what the contractor may see.
    const confirmed = await fixture.t.call(
      w.contractor,
      'POST',
      `/api/contractororders/confirm-order?deliveryDate=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(leaks(confirmed.body)).toEqual([]);
  });

  it('the change feed never delivers it, and takes back what it delivered when a product is hidden later', async () => {
    const { ctx } = fixture.t;
    const later = await aPortalProduct(ctx, staff, w.account, w.location, 2, {
      contractorId: w.contractor.contractorId,
    });
    const [laterStock] = await stockRowsOf(ctx, w.account, String(later.id));
    const first = await pullAll(fixture.t, w.contractor);
    const upserts = first.changes.filter((c) => c.op === 'upsert');
    expect(leaks(JSON.stringify(upserts))).toEqual([]);
    expect(upserts.map((c) => c.id)).toEqual(
      expect.arrayContaining([String(later.id), String(laterStock?.id)]),
    );

    const hide = await fixture.t.call(staff, 'PUT', `/api/Product/${String(later.id)}`, {
      hideFromPortal: true,
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const second = await pullAll(fixture.t, w.contractor, first.cursor);
    expect(second.changes.map((c) => `${c.op} ${c.entity} ${c.id}`).sort()).toEqual(
      [`delete product ${String(later.id)}`, `delete stock ${String(laterStock?.id)}`].sort(),
    );
    // Moving its goods meanwhile delivers nothing of them either.
    await fixture.t.call(staff, 'POST', '/api/WmsDocument', {
      typeCode: 'DIN',
      destinationLocationId: w.location.id,
      positions: [
        { productId: later.id, quantity: 1 },
        { productId: w.hidden.id, quantity: 1 },
      ],
      confirm: true,
    });
    const third = await pullAll(fixture.t, w.contractor, second.cursor);
    expect(third.changes.filter((c) => c.op === 'upsert')).toEqual([]);
    // Staff still replicate it all.
    const staffView = await pullAll(fixture.t, staff);
    expect(staffView.changes.map((c) => c.id)).toEqual(
      expect.arrayContaining([String(w.hidden.id), String(later.id)]),
    );
  });

  it('the live connection never announces a change of it to the contractor', async () => {
    const base = await listen(fixture.t.app);
    const client = await connectClient(base, w.contractor.token);
    try {
      for (const product of [w.hidden, w.a])
        expect(
          (
            await fixture.t.call(staff, 'PUT', `/api/Product/${String(product.id)}`, {
              portalComment: 'changed',
            })
          ).statusCode,
        ).toBe(200);
      await eventually(() => expect(client.events.map((e) => e.id)).toContain(String(w.a.id)));
      expect(client.events.map((e) => e.id)).not.toContain(String(w.hidden.id));
    } finally {
      await client.stop();
    }
  });
});
