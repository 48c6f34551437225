import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isContractor } from '../../../domain/auth/claims';
import { AppError } from '../../../domain/errors';
import { issue } from '../../../domain/warehouse/issues';
import { isOrderTypeCode, orderTypes } from '../../../domain/warehouse/orderTypes';
import { compareQuantities, roundQuantity, subtractQuantity } from '../../../domain/warehouse/quantity';
import { isOrderStatus } from '../../../domain/warehouse/statuses';
import type { AppContext } from '../../context';
import type { Executor, Tx } from '../../db/client';
import { translate } from '../../i18n';
import type { Row } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import { assertRefsInAccount } from '../orders/assertRefsInAccount';
import { checkOrderPositions } from '../orders/checkOrderPositions';
import { type DocumentWithPositions, documentPortOf } from '../orders/documentPort';
import { issueError } from '../orders/issueError';
import type { OrderService } from '../orders/orderService';
import { statusPath } from '../orders/orderStatusFlow';
import type { OrderWithPositions } from '../orders/orderStore';
import type { PositionValues } from '../orders/parseOrderInput';
import { refreshOrder } from '../orders/refreshOrder';
import { loadProducts } from '../stock/ruleRows';
import { assertInProduction, generateProductionDocuments } from './generateProductionDocuments';

/** Production order and its production documents, as the Production endpoints answer. */
export interface ProductionState {
  readonly order: OrderWithPositions;
  readonly documents: DocumentWithPositions[];
}

const productionTypes = ['PRO', 'PRL'];
export const orderIdBody = z.object({ orderId: z.uuid() });
export const generateProductionBody = z.object({
  orderId: z.uuid(),
  destinationLocationId: z.uuid().nullable().optional(),
  onlyMissing: z.boolean().optional(),
});

/**
 * Production (the Production calls): documents of a production order (OPR) and their confirmation, which
 * freezes the order; and production orders made from a sell offer or a release order (GenerateProduction).
 */
export class ProductionService {
  private readonly ctx: AppContext;
  private readonly orders: OrderService;

  constructor(ctx: AppContext, orders: OrderService) {
    this.ctx = ctx;
    this.orders = orders;
  }

  private get store() {
    return this.orders.store;
  }

  private async state(tx: Executor, scope: Scope, id: string): Promise<ProductionState> {
    const order = await this.store.findOrder(tx, scope, id);
    const positions = await this.store.positionsOf(tx, scope, id);
    const documents = await this.store.documentsWithPositions(tx, scope, id, productionTypes);
    return { order: this.store.toApi(order, positions), documents: documents as DocumentWithPositions[] };
  }

  /** POST Production/GenerateDocuments { orderId }: working-copy production documents for what is not yet drafted. */
  async generateDocuments(scope: Scope, body: unknown): Promise<ProductionState> {
    this.store.t.orderService.assertWrite(scope);
    const parsed = orderIdBody.safeParse(body ?? {});
    if (!parsed.success)
      throw new AppError('formHasErrors', { fields: [{ field: 'orderId', rule: 'invalidValue' }] });
    const id = parsed.data.orderId;
    const state = await this.orders.write(async (unit) => {
      const { tx } = unit;
      const order = await this.store.findOrder(tx, scope, id, true);
      await generateProductionDocuments(this.ctx, unit, scope, order, { confirm: false });
      await refreshOrder(this.ctx, tx, scope, id);
      return this.state(tx, scope, id);
    });
    this.store.t.orderService.publish(scope, id, 'update');
    return state;
  }

  /**
   * GET Production/{id}/GetProductionDocuments: the floor's view of an order's documents and their positions,
   * for staff only — contractors read their orders' headers, never the positions of documents.
   */
  async documents(scope: Scope, id: string): Promise<ProductionState> {
    this.store.t.orderService.assertRead(scope);
    if (isContractor(scope.claims)) throw new AppError('forbidden');
    return this.state(this.ctx.db, scope, id);
  }

  /**
   * GET Production/{id}/ConfirmDocuments: confirms the order's working-copy production documents (inputs leave
   * stock, outputs enter it) and closes the order fully: "confirming a production finish makes further changes
   * impossible", so every later change is 409 statusForbidsChange.
   */
  async confirmDocuments(scope: Scope, id: string): Promise<ProductionState> {
    this.store.t.orderService.assertWrite(scope);
    const state = await this.orders.write(async (unit) => {
      const { tx } = unit;
      const order = await this.store.findOrder(tx, scope, id, true);
      const documents = await this.store.documentsOf(tx, scope, id);
      const production = documents.filter((d) => productionTypes.includes(String(d.typeCode)));
      const drafts = production.filter((d) => d.statusCode === 'workingCopy');
      const from = isOrderStatus(order.statusCode) ? order.statusCode : 'unknown';
      // A confirmed production finish is final: confirming it again changes nothing and is refused like any change.
      if (from === 'closedFully')
        throw issueError([issue('statusForbidsChange', { field: 'statusCode', params: { from, to: from } })]);
      // Drafts are confirmed only while the order is in production; already confirmed ones just close it.
      if (drafts.length > 0 || order.typeCode !== 'OPR') assertInProduction(order);
      // Nothing produced yet: there is no production finish to confirm.
      if (!production.some((d) => d.statusCode !== 'reverted'))
        throw issueError([
          issue('statusForbidsChange', { field: 'statusCode', params: { from, to: 'closedFully' } }),
        ]);
      const port = documentPortOf(this.ctx);
      for (const d of drafts) {
        try {
          await port.confirm(unit, scope, String(d.id));
        } catch (err) {
          // Inputs that left stock since the documents were drafted: the production has no resources.
          if (err instanceof AppError && err.code === 'stockShortfall')
            throw new AppError('productionNoResources', { issues: err.issues?.map((i) => ({ ...i })) ?? [] });
          throw err;
        }
      }
      const refreshed = await refreshOrder(this.ctx, tx, scope, id);
      const current = isOrderStatus(refreshed.statusCode) ? refreshed.statusCode : 'unknown';
      if (statusPath(current, 'closedFully') === null)
        throw issueError([
          issue('statusForbidsChange', { field: 'statusCode', params: { from: current, to: 'closedFully' } }),
        ]);
      const closed = await this.store.updateOrder(tx, scope, id, {
        statusCode: 'closedFully',
        realisationStarted: true,
      });
      await this.store.t.orderService.log(tx, scope, 'update', id, order, closed);
      return this.state(tx, scope, id);
    });
    this.store.t.orderService.publish(scope, id, 'update');
    return state;
  }

  /**
   * POST WmsOrder/GenerateProduction { orderId, destinationLocationId?, onlyMissing? }: a working-copy production
   * order (OPR) for the goods of a sell offer (OSO) or a release order (OOU). Each product becomes an output
   * received at `destinationLocationId`, else the product's default location; with `onlyMissing` only what
   * available stock cannot cover. Materials (inputs) are added by the planner before saving it as production.
   */
  async generateProductionOrder(
    scope: Scope,
    body: unknown,
    language: string | undefined,
  ): Promise<OrderWithPositions> {
    this.store.t.orderService.assertWrite(scope);
    const parsed = generateProductionBody.safeParse(body ?? {});
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => ({
        field: String(i.path[0] ?? 'orderId'),
        rule: 'invalidValue' as const,
      }));
      throw new AppError('formHasErrors', { fields });
    }
    const { orderId, destinationLocationId, onlyMissing } = parsed.data;
    const saved = await this.orders.write(async (unit) => {
      const { tx } = unit;
      const source = await this.store.findOrder(tx, scope, orderId);
      if (!isOrderTypeCode(source.typeCode) || !['OSO', 'OOU'].includes(source.typeCode))
        throw new AppError('formHasErrors', { fields: [{ field: 'orderId', rule: 'invalidValue' }] });
      if (destinationLocationId)
        await assertRefsInAccount(this.ctx, tx, scope, this.store.t.positionDef, [
          { values: { destinationLocationId }, prefix: '' },
        ]);
      const sourcePositions = await this.store.positionsOf(tx, scope, orderId);
      const wanted = new Map<string, number>();
      for (const p of sourcePositions)
        wanted.set(
          String(p.productId),
          roundQuantity((wanted.get(String(p.productId)) ?? 0) + Number(p.quantity)),
        );
      const available = onlyMissing
        ? await this.availableOf(tx, scope, [...wanted.keys()])
        : new Map<string, number>();
      const products = await loadProducts(this.ctx, tx, scope.clientAccountId, [...wanted.keys()]);
      const positions: PositionValues[] = [];
      for (const [productId, quantity] of wanted) {
        const toMake = onlyMissing ? subtractQuantity(quantity, available.get(productId) ?? 0) : quantity;
        if (compareQuantities(toMake, 0) <= 0) continue;
        const destination = destinationLocationId ?? products.get(productId)?.defaultLocationId ?? null;
        if (!destination)
          throw new AppError('formHasErrors', {
            fields: [{ field: 'destinationLocationId', rule: 'required' }],
          });
        positions.push({ productId, quantity: toMake, destinationLocationId: destination });
      }
      // Everything is in stock (onlyMissing): there is nothing to produce.
      if (positions.length === 0)
        throw new AppError('formHasErrors', { fields: [{ field: 'positions', rule: 'required' }] });
      const header: Row = {
        typeCode: 'OPR',
        sourceType: source.typeCode,
        contractorId: source.contractorId ?? null,
        priority: source.priority ?? 'normal',
        plannedDate: source.plannedDate ?? null,
        comment: translate(language, 'warehouse', 'orders.productionFor', {
          orderNumber: String(source.orderNumber ?? ''),
        }),
      };
      await checkOrderPositions(this.ctx, tx, scope, orderTypes.OPR, header, positions);
      const created = await this.store.createWithPositions(tx, scope, {
        typeCode: 'OPR',
        header,
        statusCode: 'workingCopy',
        positions,
      });
      return this.store.toApi(created.order, created.positions);
    });
    this.store.t.orderService.publish(scope, String(saved.id), 'create');
    return saved;
  }

  /** Available (on hand − reserved) per product in the whole account. */
  private async availableOf(
    tx: Tx,
    scope: Scope,
    productIds: readonly string[],
  ): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const stock = this.ctx.schema.warehouseTables.stock;
    if (productIds.length === 0) return out;
    const rows = await tx
      .select({
        productId: stock.productId,
        available: sql<string>`sum(${stock.quantity} - ${stock.reserved})`,
      })
      .from(stock)
      .where(and(eq(stock.clientAccountId, scope.clientAccountId), inArray(stock.productId, [...productIds])))
      .groupBy(stock.productId);
    for (const r of rows) out.set(r.productId, roundQuantity(Number(r.available)));
    return out;
  }
}
