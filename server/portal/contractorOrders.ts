import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { checkLineQuantity, repeatIntoBasket } from '../../domain/portal/basket';
import type { PortalOrderLine, PortalOrderProgress, PortalProduct } from '../../domain/portal/portalTypes';
import { type Page, parsePageQuery } from '../../domain/resources/query';
import { isUuid } from '../../domain/rowValues';
import { type DocumentTotals, positionsProgress } from '../../domain/warehouse/positionsProgress';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { inTransaction } from '../http/dbErrors';
import { type Row, toApiRow } from '../resources/rows';
import { OrderStore } from '../warehouse/orders/orderStore';
import { orderTablesOf } from '../warehouse/orders/orderTables';
import type { Basket } from './basket';
import type { ConfirmedOrder } from './confirmOrder';
import { orderableOf } from './orderableStock';
import { visiblePortalProducts } from './portalProducts';
import type { PortalScope } from './portalScope';

export const lastSchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });

export type PortalOrder = Row & PortalOrderProgress;

/**
 * The contractor's own orders ("my orders", "last orders") with their status and what has been picked, and
 * repeating one into the basket. Orders are the contractor's through the generic scope of wmsOrder; their lines
 * of products the contractor may not see are left out (server/resources/contractorScope.ts).
 */
export class ContractorOrders {
  private readonly store: OrderStore;

  constructor(
    private readonly ctx: AppContext,
    private readonly basket: Basket,
  ) {
    this.store = new OrderStore(ctx);
  }

  private get t() {
    return orderTablesOf(this.ctx);
  }

  /** Orders with their visible lines and progress. */
  private async shape(
    db: Executor,
    scope: PortalScope,
    orders: readonly Row[],
    lng: string | undefined,
  ): Promise<PortalOrder[]> {
    const ids = orders.map((o) => String(o.id));
    const [positions, totals] = await Promise.all([
      this.store.positionsOfOrders(db, scope, ids),
      this.store.documentTotals(db, scope, ids),
    ]);
    const productIds = [...positions.values()].flat().map((p) => String(p.productId));
    const products = await visiblePortalProducts(this.ctx, db, scope, productIds, lng);
    return this.shapeRead(orders, positions, totals, products);
  }

  /** Orders shaped from what was read: their positions, their documents' totals and the visible products. */
  private shapeRead(
    orders: readonly Row[],
    positions: ReadonlyMap<string, readonly Row[]>,
    totals: ReadonlyMap<string, Map<string, DocumentTotals>>,
    products: ReadonlyMap<string, PortalProduct>,
  ): PortalOrder[] {
    return orders.map((order) => {
      const id = String(order.id);
      const rows = positions.get(id) ?? [];
      const progress = positionsProgress(
        rows.map((p) => ({
          id: String(p.id),
          productId: String(p.productId),
          quantity: Number(p.quantity),
          quantityReal:
            p.quantityReal === null || p.quantityReal === undefined ? null : Number(p.quantityReal),
        })),
        totals.get(id) ?? new Map(),
      );
      const lines = rows.flatMap((p, i): PortalOrderLine[] => {
        const product = products.get(String(p.productId));
        const step = progress[i];
        if (!product || !step) return [];
        return [
          {
            id: String(p.id),
            productId: product.id,
            index: product.index,
            name: product.name,
            unit: product.unit,
            ordered: step.ordered,
            picked: step.realised,
            done: step.done,
          },
        ];
      });
      const sum = (values: number[]) => values.reduce((a, b) => Math.round((a + b) * 1e6) / 1e6, 0);
      return {
        ...toApiRow(this.t.orderDef, order),
        lines,
        linesDone: lines.filter((l) => l.done).length,
        orderedQuantity: sum(lines.map((l) => l.ordered)),
        pickedQuantity: sum(lines.map((l) => l.picked)),
      };
    });
  }

  /** GET contractororders/my-orders: the contractor's orders, newest first, paged and filtered like a list. */
  async list(
    scope: PortalScope,
    raw: Record<string, unknown>,
    lng: string | undefined,
  ): Promise<Page<PortalOrder>> {
    const query = parsePageQuery(this.t.orderDef, {
      sortColumn: 'createdAt',
      sortDescending: 'true',
      ...raw,
    });
    const page = await this.t.orderService.list(scope, query);
    return {
      results: await this.shape(this.ctx.db, scope, page.results, lng),
      allFilteredRowCount: page.allFilteredRowCount,
    };
  }

  /**
   * A just confirmed order as GET order/{id} answers it, from the rows the confirmation wrote and the products it
   * read (visible ones only): no documents can cover an order yet that its transaction has only just made.
   */
  confirmed(confirmed: ConfirmedOrder): PortalOrder {
    const { order, positions } = confirmed.rows;
    const [shaped] = this.shapeRead(
      [order],
      new Map([[String(order.id), positions]]),
      new Map(),
      confirmed.products,
    );
    if (!shaped) throw new AppError('notFoundOrNoPermission');
    return shaped;
  }

  /** GET contractororders/order/{id}: one of the contractor's orders with its lines. */
  async get(scope: PortalScope, id: string, lng: string | undefined): Promise<PortalOrder> {
    const order = await this.store.findOrder(this.ctx.db, scope, id);
    const [shaped] = await this.shape(this.ctx.db, scope, [order], lng);
    if (!shaped) throw new AppError('notFoundOrNoPermission');
    return shaped;
  }

  /** GET ContractorOrders/last-orders: the latest orders, with their lines, to repeat one. */
  async last(scope: PortalScope, raw: Record<string, unknown>, lng: string | undefined) {
    const q = lastSchema.safeParse(raw);
    if (!q.success) throw new AppError('badRequest');
    const page = await this.list(
      scope,
      { PageNumber: 1, PageSize: q.data.limit, sortColumn: 'createdAt', sortDescending: true },
      lng,
    );
    return { results: page.results };
  }

  /**
   * POST contractororders/repeat-order/{id}: the order's lines go back into the basket as far as they can be
   * ordered now; the rest is listed with the reason (no longer offered, nothing available, less available).
   */
  async repeat(scope: PortalScope, id: string, lng: string | undefined) {
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    const order = await this.store.findOrder(this.ctx.db, scope, id);
    const positions = await this.store.positionsOf(this.ctx.db, scope, String(order.id));
    const cart = this.ctx.schema.portalTables.cartLine;
    return inTransaction(this.ctx.db, async (tx) => {
      const lines = positions.map((p) => ({
        productId: String(p.productId),
        quantity: Number(p.quantity),
      }));
      const ids = lines.map((l) => l.productId);
      const products = await visiblePortalProducts(this.ctx, tx, scope, ids, lng);
      const visible = [...products.keys()];
      const orderable = await orderableOf(tx, scope.clientAccountId, visible);
      const held = await this.basket.lines(tx, scope, true);
      const inBasket = new Map(held.map((l) => [l.productId, Number(l.quantity)]));
      const result = repeatIntoBasket(lines, orderable, inBasket);
      for (const line of result.add) {
        const total = checkLineQuantity((inBasket.get(line.productId) ?? 0) + line.quantity);
        if ('error' in total) continue;
        await tx
          .insert(cart)
          .values({
            clientAccountId: scope.clientAccountId,
            userId: scope.userId,
            productId: line.productId,
            quantity: total.quantity,
          })
          .onConflictDoUpdate({
            target: [cart.userId, cart.productId],
            set: { quantity: total.quantity, updatedAt: new Date(this.ctx.clock.now()) },
          });
        inBasket.set(line.productId, total.quantity);
      }
      const label = (productId: string): Pick<PortalProduct, 'index' | 'name'> =>
        products.get(productId) ?? { index: '', name: '' };
      return {
        added: result.add.map((a) => ({ ...a, ...label(a.productId) })),
        // A product the contractor may no longer see is named by nothing but the line.
        refused: result.refused.map((r) => ({
          ...r,
          ...(r.reason === 'productUnavailable'
            ? { productId: null, index: '', name: '' }
            : label(r.productId)),
        })),
      };
    });
  }
}
