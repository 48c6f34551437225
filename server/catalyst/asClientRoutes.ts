import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clientRatesView } from '../../domain/catalyst/clientView';
import { metalRate, priceCatalyst } from '../../domain/catalyst/pricing';
import { gramsPerUnit } from '../../domain/catalyst/rateOptions';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';
import { fileData } from '../db/internalTables';
import { rowsOf } from '../db/rawRows';
import { assertCart, changeCartLine, quantitySchema, readClientCart, submitCart } from './carts';
import { whyThisPrice } from './catalystRoutes';
import { type ClientClaims, clientClaimsOf } from './clientAuth';
import {
  catalogueCountExpression,
  catalogueRowsOf,
  parseCatalogueQuery,
  queryCatalogue,
  readCatalogueRows,
  viewRows,
} from './clientCatalogue';
import type { PricingCache } from './pricingCache';
import { loadPricingSnapshotWith, type PricingSnapshot } from './pricingSnapshot';
import { staffScope } from './staffScope';
import { inUnit } from './unitOfWork';
import type { UsageCounter } from './usage';

const base = '/api/catalyst/catalyst/as-client';
const uuid = z.uuid();
export const addSchema = z.object({ catalystId: z.uuid(), quantity: quantitySchema.default(1) });
export const setSchema = z.object({ quantity: quantitySchema });
/** GET as-client/image/{id}: an <img> cannot send headers, so the token and the device may come in the query. */
export const imageQuery = z.object({ access_token: z.string().optional(), deviceId: z.string().optional() });
export const recalcSchema = z.object({
  /** Market quotes to try, per metal symbol, in the configured unit and the metal's quote currency. */
  quotes: z.record(z.string().max(16), z.number().positive().max(1e9)),
  catalystIds: z.array(z.uuid()).min(1).max(100),
});

type IdParams = { id: string };

/**
 * The catalogue as a client account sees it (docs/decisions.md, "Catalyst client accounts"):
 * - client accounts (their own token and X-Device-Id): GET as-client (paged list; search, producerId,
 *   catalystGroupId), GET as-client/{catalystId}, GET as-client/me, GET as-client/rates, and the cart —
 *   POST as-client (add { catalystId, quantity }), PUT as-client/{catalystId} ({ quantity }), DELETE
 *   as-client/{catalystId}, GET as-client/cart, POST as-client/cart/submit; POST as-client/recalc with the
 *   group's "recalculate prices"; GET as-client/image/{fileInfoId} for the photos;
 * - staff with the catalyst claim: GET as-client/{customUserId} (the same list as that client gets) and
 *   GET as-client/{customUserId}/{catalystId} ("why this price").
 * Every field a group's flag does not allow is left out of the answer; hidden catalysts never appear.
 */
export const registerAsClientRoutes = (
  app: FastifyInstance,
  ctx: AppContext,
  deps: { readonly usage: UsageCounter; readonly clock: () => Date; readonly pricing: PricingCache },
): void => {
  /** The calling client: a valid token, its device still registered, the account not blocked. */
  const clientSession = async (
    request: FastifyRequest,
  ): Promise<{ claims: ClientClaims; snapshot: PricingSnapshot }> => {
    const claims = await clientClaimsOf(request, ctx);
    const { snapshot } = await deps.pricing.snapshotWith(
      ctx.db,
      { clientAccountId: claims.acc, clientUserId: claims.sub, deviceId: claims.dev },
      sql`null`,
    );
    return { claims, snapshot: checked(snapshot) };
  };
  const checked = (snapshot: PricingSnapshot): PricingSnapshot => {
    if (!snapshot.client) throw new AppError('unauthorized');
    if (snapshot.client.isBlocked) throw new AppError('accountBlocked');
    if (!snapshot.deviceOk) throw new AppError('deviceNotRegistered');
    return snapshot;
  };
  const owner = (claims: ClientClaims) => ({ clientAccountId: claims.acc, clientUserId: claims.sub });

  /**
   * One page of the catalogue for a client (who calls, or whom staff look at): two statements, the page's rows
   * and the client's rates and group with the rows' count (the snapshot's statement carries it). The open cart's
   * quantities come along and are shown only when the group has the cart.
   */
  const page = async (
    request: FastifyRequest,
    acc: string,
    clientUserId: string,
    snapshotOf: (count: SQL) => Promise<{ snapshot: PricingSnapshot; extra: unknown }>,
  ) => {
    const query = parseCatalogueQuery(request.query);
    const read = { clientAccountId: acc, cartOf: clientUserId };
    const offset = (query.PageNumber - 1) * query.PageSize;
    const [raw, ready] = await Promise.all([
      queryCatalogue(ctx.db, read, query, { limit: query.PageSize, offset }),
      snapshotOf(catalogueCountExpression(read, query)),
    ]);
    return {
      results: viewRows(ready.snapshot, catalogueRowsOf(ready.snapshot, raw), clientUserId),
      allFilteredRowCount: Number(ready.extra ?? 0),
    };
  };

  // ---- client accounts ----

  app.get(base, async (request) => {
    const claims = await clientClaimsOf(request, ctx);
    const answer = await page(request, claims.acc, claims.sub, (count) =>
      deps.pricing
        .snapshotWith(
          ctx.db,
          { clientAccountId: claims.acc, clientUserId: claims.sub, deviceId: claims.dev },
          count,
        )
        .then((read) => ({ ...read, snapshot: checked(read.snapshot) })),
    );
    deps.usage.count(
      claims.acc,
      claims.sub,
      (request.query as { search?: string }).search ? 'search' : 'catalogue',
    );
    return answer;
  });

  app.get(`${base}/me`, async (request) => {
    const { claims, snapshot } = await clientSession(request);
    const { group, config, client } = snapshot;
    return {
      clientUserId: claims.sub,
      username: client?.username,
      name: client?.name ?? null,
      language: client?.language ?? null,
      group: {
        name: group.name,
        devicesLimit: group.devicesLimit,
        canDisplayPrices: group.canDisplayPrices,
        canDisplayWeight: group.canDisplayWeight,
        canDisplayComponents: group.canDisplayComponents,
        canDisplayExchangeRates: group.canDisplayExchangeRates,
        canDispalyStockRates: group.canDispalyStockRates,
        canRecalcPrices: group.canRecalcPrices,
        canUseCart: group.canUseCart,
      },
      currency: config.currency,
      priceUnit: config.priceUnit,
    };
  });

  app.get(`${base}/rates`, async (request) => {
    const { claims, snapshot } = await clientSession(request);
    deps.usage.count(claims.acc, claims.sub, 'rates');
    const { config } = snapshot;
    return clientRatesView(snapshot.metals, snapshot.exchanges, snapshot.group, snapshot.group, {
      currency: config.currency,
      priceUnit: config.priceUnit,
      gramsPerUnit: gramsPerUnit[config.priceUnit],
    });
  });

  app.get(`${base}/cart`, async (request) => {
    const { claims, snapshot } = await clientSession(request);
    assertCart(snapshot);
    return readClientCart(ctx.db, snapshot, owner(claims));
  });

  app.post(`${base}/cart/submit`, async (request) => {
    const { claims, snapshot } = await clientSession(request);
    assertCart(snapshot);
    const id = await inUnit(ctx, (unit) => submitCart(unit, snapshot, owner(claims), deps.clock()));
    deps.usage.count(claims.acc, claims.sub, 'submit');
    return { id, status: 'submitted' };
  });

  app.post(base, async (request, reply) => {
    const { claims, snapshot } = await clientSession(request);
    assertCart(snapshot);
    const body = addSchema.safeParse(request.body);
    if (!body.success)
      throw new AppError('formHasErrors', { fields: [{ field: 'quantity', rule: 'invalidValue' }] });
    await inUnit(ctx, (unit) =>
      changeCartLine(unit, owner(claims), body.data.catalystId, body.data.quantity, 'add'),
    );
    deps.usage.count(claims.acc, claims.sub, 'cart');
    return reply.status(201).send(await readClientCart(ctx.db, snapshot, owner(claims)));
  });

  app.put<{ Params: IdParams }>(`${base}/:id`, async (request) => {
    const { claims, snapshot } = await clientSession(request);
    assertCart(snapshot);
    const body = setSchema.safeParse(request.body);
    if (!body.success)
      throw new AppError('formHasErrors', { fields: [{ field: 'quantity', rule: 'invalidValue' }] });
    await inUnit(ctx, (unit) =>
      changeCartLine(unit, owner(claims), request.params.id, body.data.quantity, 'set'),
    );
    deps.usage.count(claims.acc, claims.sub, 'cart');
    return readClientCart(ctx.db, snapshot, owner(claims));
  });

  app.delete<{ Params: IdParams }>(`${base}/:id`, async (request) => {
    const { claims, snapshot } = await clientSession(request);
    assertCart(snapshot);
    await inUnit(ctx, (unit) => changeCartLine(unit, owner(claims), request.params.id, 0, 'set'));
    deps.usage.count(claims.acc, claims.sub, 'cart');
    return readClientCart(ctx.db, snapshot, owner(claims));
  });

  /** Prices with market quotes the client tries (the group's "recalculate prices"), nothing stored. */
  app.post(`${base}/recalc`, async (request) => {
    const { claims, snapshot } = await clientSession(request);
    if (!snapshot.group.canRecalcPrices || !snapshot.group.canDisplayPrices)
      throw new AppError('priceRecalcDisabled');
    const body = recalcSchema.safeParse(request.body);
    if (!body.success) throw new AppError('badRequest');
    const perGram = gramsPerUnit[snapshot.config.priceUnit];
    const metals = snapshot.metals.map((m) => {
      const given = Object.entries(body.data.quotes).find(
        ([k]) => k.toLowerCase() === m.shortName.toLowerCase(),
      );
      return given ? { ...m, marketRate: given[1] / perGram } : m;
    });
    const rows = await readCatalogueRows(
      ctx.db,
      snapshot,
      { clientAccountId: claims.acc, ids: body.data.catalystIds },
      {},
    );
    return {
      results: rows.map((row) => ({
        id: row.entry.id,
        price: priceCatalyst({ ...snapshot, metals, catalyst: row.pricing, clientUserId: claims.sub }).price,
      })),
      rates: metals.map((m) => {
        const r = metalRate(m, snapshot.exchanges, snapshot.config, snapshot.group);
        return { shortName: m.shortName, rate: r.ok ? r.steps.rate * perGram : null };
      }),
      currency: snapshot.config.currency,
    };
  });

  /**
   * A photo of a catalyst the client can see (an <img> cannot send headers: the token and the device may come
   * as access_token and deviceId in the query).
   */
  app.get<{ Params: IdParams }>(`${base}/image/:id`, async (request, reply) => {
    const parsed = imageQuery.safeParse(request.query ?? {});
    const q = parsed.success ? parsed.data : {};
    if (!request.headers.authorization && q.access_token)
      request.headers.authorization = `Bearer ${q.access_token}`;
    if (!request.headers['x-device-id'] && q.deviceId) request.headers['x-device-id'] = q.deviceId;
    const { claims } = await clientSession(request);
    if (!uuid.safeParse(request.params.id).success) throw new AppError('notFoundOrNoPermission');
    const [file] = rowsOf(
      await ctx.db.execute(sql`
        select f.content_type, d.data from file_info f
        join ${fileData} d on d.file_info_id = f.id
        join catalyst k on k.id::text = f.ref_resource_id and k.client_account_id = f.client_account_id
        where f.id = ${request.params.id}::uuid and f.client_account_id = ${claims.acc}::uuid
          and f.ref_resource_type = 'catalyst' and k.hidden_from_clients = false and f.content_type like 'image/%'`),
    );
    if (!file) throw new AppError('notFoundOrNoPermission');
    const data = Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data as Uint8Array);
    return reply
      .header('content-type', String(file.content_type))
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-security-policy',
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
      )
      .header('cache-control', 'private, max-age=86400, immutable')
      .send(data);
  });

  // ---- client (catalyst id) or staff (client account id) ----

  app.get<{ Params: IdParams }>(`${base}/:id`, async (request) => {
    if (request.auth) {
      // Staff: the list exactly as that client account receives it.
      const scope = staffScope(request);
      const clientUserId = request.params.id;
      if (!uuid.safeParse(clientUserId).success) throw new AppError('notFoundOrNoPermission');
      return page(request, scope.clientAccountId, clientUserId, (count) =>
        loadPricingSnapshotWith(ctx.db, { clientAccountId: scope.clientAccountId, clientUserId }, count).then(
          (read) => {
            if (!read.snapshot.client) throw new AppError('notFoundOrNoPermission');
            return read;
          },
        ),
      );
    }
    const { claims, snapshot } = await clientSession(request);
    if (!uuid.safeParse(request.params.id).success) throw new AppError('notFoundOrNoPermission');
    deps.usage.count(claims.acc, claims.sub, 'catalogue');
    const rows = await readCatalogueRows(
      ctx.db,
      snapshot,
      { clientAccountId: claims.acc, ids: [request.params.id], cartOf: claims.sub },
      {},
    );
    const [view] = viewRows(snapshot, rows, claims.sub);
    if (!view) throw new AppError('notFoundOrNoPermission');
    return view;
  });

  app.get<{ Params: { customUserId: string; catalystId: string } }>(
    `${base}/:customUserId/:catalystId`,
    async (request) => {
      const scope = staffScope(request);
      if (!uuid.safeParse(request.params.customUserId).success) throw new AppError('notFoundOrNoPermission');
      return whyThisPrice(ctx, scope.clientAccountId, request.params.catalystId, {
        clientUserId: request.params.customUserId,
      });
    },
  );
};
