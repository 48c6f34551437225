import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import type { AppContext } from '../../context';
import { scopeOf } from '../../resources/scope';
import { SharedLinks } from '../../sharedAccess/sharedLinks';
import { stockReaderOf } from '../../sharedAccess/stockReader';
import { InventoryQueries } from './inventoryQueries';
import { assertStockRead, assertWarehouseStaff } from './stockAccess';

type Query = Record<string, unknown>;

const positive = z.coerce.number().finite().positive().max(1e12);
export const bestSourceQuery = z.object({ quantity: positive.optional() });
export const suggestQuery = z.object({
  productId: z.string().max(100),
  quantity: positive.default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});

const parsed = <T>(schema: z.ZodType<T>, value: unknown): T => {
  const result = schema.safeParse(value ?? {});
  if (!result.success)
    throw new AppError('badRequest', {
      fields: result.error.issues.map((i) => ({
        field: String(i.path[0] ?? ''),
        rule: 'invalidValue' as const,
      })),
    });
  return result.data;
};

/** GET /api/WmsInventory/* (docs/warehouse-api.md "Stock"). */
export const registerInventoryRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const queries = new InventoryQueries(ctx);
  // The detailed inventory and the stock by warehouse also answer a shared link's session or API token.
  const readerOf = stockReaderOf(new SharedLinks(ctx));

  app.get('/api/WmsInventory/inventory', async (request) =>
    queries.inventory(await readerOf(request, 'inventory'), request.query as Query),
  );

  app.get('/api/WmsInventory/containerStock', async (request) => {
    const scope = scopeOf(request);
    assertStockRead(scope);
    return queries.containerStock(scope, request.query as Query);
  });

  app.get('/api/WmsInventory/productStock', async (request) =>
    queries.productStock(await readerOf(request, 'productStock'), request.query as Query),
  );

  app.get<{ Params: { id: string } }>('/api/WmsInventory/bestsourcematerial/:id', async (request) => {
    const scope = scopeOf(request);
    assertWarehouseStaff(scope);
    const q = parsed(bestSourceQuery, request.query);
    return queries.bestSource(scope, request.params.id, q.quantity);
  });

  app.get('/api/WmsInventory/locationsuggestin', async (request) => {
    const scope = scopeOf(request);
    assertWarehouseStaff(scope);
    const q = parsed(suggestQuery, request.query);
    return queries.suggestIn(scope, q.productId, q.quantity, q.limit);
  });
};
