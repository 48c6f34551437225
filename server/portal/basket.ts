import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { basketIssues, checkLineQuantity, maxBasketLines } from '../../domain/portal/basket';
import type { BasketLineView, BasketSummary, PortalProduct } from '../../domain/portal/portalTypes';
import type { Page } from '../../domain/resources/query';
import { isUuid } from '../../domain/rowValues';
import type { AppContext } from '../context';
import type { Executor, Tx } from '../db/client';
import { tableOf } from '../db/resourceColumns';
import { inTransaction } from '../http/dbErrors';
import { productRowVisible } from '../resources/contractorScope';
import { orderableOf } from './orderableStock';
import { visiblePortalProducts } from './portalProducts';
import type { PortalScope } from './portalScope';

export const pageSchema = z.object({
  PageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  PageSize: z.coerce.number().int().min(1).max(1000).default(100),
});

/** Which line a call names: its `id`, or its `productId` (a basket holds one line per product). */
export interface LineRef {
  readonly id?: unknown;
  readonly productId?: unknown;
}

/**
 * The contractor user's basket, kept on the server (it survives sign-out and another device). Quantities are
 * checked against what can be ordered now whenever a line is added or changed; the confirmation checks them again.
 * Lines whose product the contractor may no longer see are not shown and not ordered.
 */
export class Basket {
  constructor(private readonly ctx: AppContext) {}

  private get cart() {
    return this.ctx.schema.portalTables.cartLine;
  }

  /** The user's lines whose product the contractor may see, oldest first (locked with `forUpdate`). */
  async lines(db: Executor, scope: PortalScope, forUpdate = false) {
    const c = this.cart;
    const q = db
      .select({ id: c.id, productId: c.productId, quantity: c.quantity, createdAt: c.createdAt })
      .from(c)
      .where(
        and(
          eq(c.clientAccountId, scope.clientAccountId),
          eq(c.userId, scope.userId),
          productRowVisible(
            tableOf(this.ctx, 'product'),
            c.productId,
            scope.clientAccountId,
            scope.contractorId,
          ),
        ),
      )
      .orderBy(asc(c.createdAt), asc(c.id));
    return forUpdate ? q.for('update') : q;
  }

  /** The lines with their products and what can be ordered of each. */
  private async shaped(db: Executor, scope: PortalScope, lng: string | undefined): Promise<BasketLineView[]> {
    const lines = await this.lines(db, scope);
    const ids = lines.map((l) => l.productId);
    const [products, orderable] = await Promise.all([
      visiblePortalProducts(this.ctx, db, scope, ids, lng),
      orderableOf(db, scope.clientAccountId, ids),
    ]);
    return lines.flatMap((l) => {
      const product = products.get(l.productId);
      if (!product) return [];
      const quantity = Number(l.quantity);
      const available = orderable.get(l.productId) ?? 0;
      const { id: _id, ...rest } = product;
      return [
        {
          ...rest,
          id: l.id,
          productId: l.productId,
          quantity,
          available,
          short: Math.max(0, Math.round((quantity - available) * 1e6) / 1e6),
        },
      ];
    });
  }

  /** GET contractororders/list-cart-product: the basket's lines, paged. */
  async list(
    scope: PortalScope,
    raw: Record<string, unknown>,
    lng: string | undefined,
  ): Promise<Page<BasketLineView>> {
    const q = pageSchema.safeParse(raw);
    if (!q.success) throw new AppError('badRequest');
    const all = await this.shaped(this.ctx.db, scope, lng);
    const from = (q.data.PageNumber - 1) * q.data.PageSize;
    return { results: all.slice(from, from + q.data.PageSize), allFilteredRowCount: all.length };
  }

  /** GET contractororders/cart-summary: every line (`positions`), their count and the lines short of stock. */
  async summary(scope: PortalScope, lng: string | undefined): Promise<BasketSummary> {
    const positions = await this.shaped(this.ctx.db, scope, lng);
    return {
      positions,
      lines: positions.length,
      totalQuantity: positions.reduce((sum, p) => Math.round((sum + p.quantity) * 1e6) / 1e6, 0),
      shortLines: positions.filter((p) => p.short > 0).length,
    };
  }

  private write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return inTransaction(this.ctx.db, fn);
  }

  /** Refuses a quantity beyond what can be ordered now, naming the product and what is available. */
  private async assertOrderable(tx: Tx, scope: PortalScope, product: PortalProduct, quantity: number) {
    const orderable = await orderableOf(tx, scope.clientAccountId, [product.id]);
    const issues = basketIssues(
      [{ productId: product.id, quantity }],
      orderable,
      new Map([[product.id, product.index]]),
    );
    if (issues.length) throw new AppError('stockShortfall', { issues });
  }

  private async product(tx: Tx, scope: PortalScope, productId: unknown, lng: string | undefined) {
    const id = typeof productId === 'string' ? productId : '';
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    const product = (await visiblePortalProducts(this.ctx, tx, scope, [id], lng)).get(id);
    // Another contractor's product, a hidden one or none at all: the same answer.
    if (!product) throw new AppError('notFoundOrNoPermission');
    return product;
  }

  private quantity(value: unknown): number {
    const checked = checkLineQuantity(value);
    if ('error' in checked) throw new AppError('formHasErrors', { fields: [checked.error] });
    return checked.quantity;
  }

  /** The line a call names, locked; a line of another user or of a product the contractor cannot see is not found. */
  private async findLine(tx: Tx, scope: PortalScope, ref: LineRef) {
    const c = this.cart;
    const id = isUuid(ref.id) ? ref.id : undefined;
    const productId = isUuid(ref.productId) ? ref.productId : undefined;
    if (!id && !productId) throw new AppError('notFoundOrNoPermission');
    const [line] = await tx
      .select()
      .from(c)
      .where(
        and(
          eq(c.clientAccountId, scope.clientAccountId),
          eq(c.userId, scope.userId),
          id ? eq(c.id, id) : eq(c.productId, productId ?? ''),
          productRowVisible(
            tableOf(this.ctx, 'product'),
            c.productId,
            scope.clientAccountId,
            scope.contractorId,
          ),
        ),
      )
      .for('update');
    if (!line) throw new AppError('notFoundOrNoPermission');
    return line;
  }

  /** POST contractororders/add-to-cart?productId=&quantity=: adds to the product's line (made when missing). */
  async add(scope: PortalScope, productId: unknown, rawQuantity: unknown, lng: string | undefined) {
    const quantity = this.quantity(rawQuantity);
    const c = this.cart;
    return this.write(async (tx) => {
      const product = await this.product(tx, scope, productId, lng);
      const [existing] = await tx
        .select()
        .from(c)
        .where(and(eq(c.userId, scope.userId), eq(c.productId, product.id)))
        .for('update');
      const total = this.quantity(Number(existing?.quantity ?? 0) + quantity);
      await this.assertOrderable(tx, scope, product, total);
      if (!existing) {
        const [{ n } = { n: 0 }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(c)
          .where(eq(c.userId, scope.userId));
        if (Number(n) >= maxBasketLines)
          throw new AppError('formHasErrors', {
            fields: [{ field: 'productId', rule: 'maxLength', params: { max: maxBasketLines } }],
          });
      }
      const now = new Date(this.ctx.clock.now());
      const [line] = await tx
        .insert(c)
        .values({
          clientAccountId: scope.clientAccountId,
          userId: scope.userId,
          productId: product.id,
          quantity: total,
        })
        .onConflictDoUpdate({ target: [c.userId, c.productId], set: { quantity: total, updatedAt: now } })
        .returning();
      return { id: String(line?.id), productId: product.id, quantity: total };
    });
  }

  /** PATCH contractororders/edit-cart-product: sets a line's quantity. */
  async edit(scope: PortalScope, ref: LineRef, rawQuantity: unknown, lng: string | undefined) {
    const quantity = this.quantity(rawQuantity);
    const c = this.cart;
    return this.write(async (tx) => {
      const line = await this.findLine(tx, scope, ref);
      const product = await this.product(tx, scope, line.productId, lng);
      await this.assertOrderable(tx, scope, product, quantity);
      await tx
        .update(c)
        .set({ quantity, updatedAt: new Date(this.ctx.clock.now()) })
        .where(eq(c.id, line.id));
      return { id: line.id, productId: line.productId, quantity };
    });
  }

  /** DELETE contractororders/delete-cart-product: removes a line. */
  async remove(scope: PortalScope, ref: LineRef): Promise<void> {
    const c = this.cart;
    await this.write(async (tx) => {
      const line = await this.findLine(tx, scope, ref);
      await tx.delete(c).where(eq(c.id, line.id));
    });
  }

  /**
   * The statement emptying the user's basket (only the lines `ids` when given), not run yet: a confirmation runs
   * it with the order's record log entry, in its transaction.
   */
  emptyStatement(tx: Tx, scope: PortalScope, ids?: readonly string[]) {
    const c = this.cart;
    return tx
      .delete(c)
      .where(
        and(
          eq(c.clientAccountId, scope.clientAccountId),
          eq(c.userId, scope.userId),
          ...(ids ? [inArray(c.id, [...ids])] : []),
        ),
      );
  }
}
