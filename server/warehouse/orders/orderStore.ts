import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { isUuid } from '../../../domain/rowValues';
import { todayOf } from '../../../domain/warehouse/isoDate';
import type { OrderTypeCode } from '../../../domain/warehouse/orderTypes';
import type { DocumentTotals } from '../../../domain/warehouse/positionsProgress';
import type { AppContext } from '../../context';
import type { Executor, Tx } from '../../db/client';
import { col } from '../../db/resourceColumns';
import { type Row, toApiRow } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import { loadLogisticsConfig } from '../logisticsConfigStore';
import { nextOrderNumber } from './nextOrderNumber';
import { type OrderTables, orderTablesOf } from './orderTables';
import type { PositionValues } from './parseOrderInput';

/** An order as the API returns it: the row with its positions in line order. */
export type OrderWithPositions = Row & { positions: Row[] };

/**
 * Reads and writes of orders and their positions, always inside the caller's account (and, for contractor
 * users, their contractor). A row outside the scope is indistinguishable from a missing one.
 */
export class OrderStore {
  readonly t: OrderTables;

  constructor(private readonly ctx: AppContext) {
    this.t = orderTablesOf(ctx);
  }

  private orderScope(scope: Scope): SQL {
    return this.t.orderService.scopeCondition(scope);
  }

  async findOrder(db: Executor, scope: Scope, id: string, forUpdate = false): Promise<Row> {
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    const q = db
      .select()
      .from(this.t.orders)
      .where(and(this.orderScope(scope), eq(col(this.t.orders, 'id'), id)));
    const [row] = forUpdate ? await q.for('update') : await q;
    if (!row) throw new AppError('notFoundOrNoPermission');
    return row;
  }

  /** A position and its order, both in scope (the order is locked when `forUpdate`). */
  async findPosition(
    db: Executor,
    scope: Scope,
    id: string,
    forUpdate = false,
  ): Promise<{ position: Row; order: Row }> {
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    const p = this.t.positions;
    const [position] = await db
      .select()
      .from(p)
      .where(and(eq(col(p, 'clientAccountId'), scope.clientAccountId), eq(col(p, 'id'), id)));
    if (!position) throw new AppError('notFoundOrNoPermission');
    const order = await this.findOrder(db, scope, String(position.orderId), forUpdate);
    return { position, order };
  }

  async positionsOf(db: Executor, scope: Scope, orderId: string): Promise<Row[]> {
    const p = this.t.positions;
    return db
      .select()
      .from(p)
      .where(and(eq(col(p, 'clientAccountId'), scope.clientAccountId), eq(col(p, 'orderId'), orderId)))
      .orderBy(asc(col(p, 'lineNo')), asc(col(p, 'id')));
  }

  /** Positions of several orders at once, grouped by order id, each group in line order. */
  async positionsOfOrders(
    db: Executor,
    scope: Scope,
    orderIds: readonly string[],
  ): Promise<Map<string, Row[]>> {
    const out = new Map<string, Row[]>();
    if (orderIds.length === 0) return out;
    const p = this.t.positions;
    const rows = await db
      .select()
      .from(p)
      .where(
        and(eq(col(p, 'clientAccountId'), scope.clientAccountId), inArray(col(p, 'orderId'), [...orderIds])),
      )
      .orderBy(asc(col(p, 'lineNo')), asc(col(p, 'id')));
    for (const row of rows) {
      const key = String(row.orderId);
      out.set(key, [...(out.get(key) ?? []), row]);
    }
    return out;
  }

  async insertOrder(tx: Tx, scope: Scope, values: Row): Promise<Row> {
    const [row] = await tx
      .insert(this.t.orders)
      .values({ ...values, clientAccountId: scope.clientAccountId })
      .returning();
    if (!row) throw new AppError('saveFailed');
    return row;
  }

  /**
   * A new order with its positions, lines numbered from 1: the next final number of its type, nothing realised
   * yet, logged as created. Saving an order, cloning one to another type and a production order all make theirs
   * here (the caller has checked the header and positions and publishes the change once committed).
   */
  async createWithPositions(
    tx: Tx,
    scope: Scope,
    order: {
      readonly typeCode: OrderTypeCode;
      readonly header: Row;
      readonly statusCode: string;
      readonly positions: readonly PositionValues[];
    },
  ): Promise<{ readonly order: Row; readonly positions: Row[] }> {
    const config = await loadLogisticsConfig(tx, scope.clientAccountId);
    const orderNumber = await nextOrderNumber(
      this.ctx,
      tx,
      scope.clientAccountId,
      config,
      order.typeCode,
      todayOf(Date.now()),
    );
    const row = await this.insertOrder(tx, scope, {
      ...order.header,
      typeCode: order.typeCode,
      orderNumber,
      statusCode: order.statusCode,
      realisationStarted: false,
      positionsCount: order.positions.length,
      positionsDone: 0,
    });
    const id = String(row.id);
    const positions = await this.replacePositions(tx, scope, id, order.positions);
    await this.t.orderService.log(tx, scope, 'create', id, undefined, row);
    return { order: row, positions };
  }

  async updateOrder(tx: Tx, scope: Scope, id: string, values: Row): Promise<Row> {
    const o = this.t.orders;
    const [row] = await tx
      .update(o)
      .set({ ...values, updatedAt: new Date(), version: sql`${col(o, 'version')} + 1` })
      .where(and(this.orderScope(scope), eq(col(o, 'id'), id)))
      .returning();
    if (!row) throw new AppError('notFoundOrNoPermission');
    return row;
  }

  /** Replaces all positions of an order, numbering the lines from 1. */
  async replacePositions(
    tx: Tx,
    scope: Scope,
    orderId: string,
    positions: readonly PositionValues[],
  ): Promise<Row[]> {
    const p = this.t.positions;
    await tx
      .delete(p)
      .where(and(eq(col(p, 'clientAccountId'), scope.clientAccountId), eq(col(p, 'orderId'), orderId)));
    if (positions.length === 0) return [];
    const rows: Row[] = [];
    // Chunks keep each statement well under PostgreSQL's parameter limit.
    for (let start = 0; start < positions.length; start += 500) {
      const chunk = positions.slice(start, start + 500).map((values, i) => ({
        ...values,
        clientAccountId: scope.clientAccountId,
        orderId,
        lineNo: start + i + 1,
      }));
      rows.push(...(await tx.insert(p).values(chunk).returning()));
    }
    return rows.sort((a, b) => Number(a.lineNo) - Number(b.lineNo));
  }

  async updatePosition(tx: Tx, scope: Scope, id: string, values: Row): Promise<Row> {
    const p = this.t.positions;
    const [row] = await tx
      .update(p)
      .set({ ...values, updatedAt: new Date(), version: sql`${col(p, 'version')} + 1` })
      .where(and(eq(col(p, 'clientAccountId'), scope.clientAccountId), eq(col(p, 'id'), id)))
      .returning();
    if (!row) throw new AppError('notFoundOrNoPermission');
    return row;
  }

  /** Document rows linked to an order, oldest first. */
  async documentsOf(db: Executor, scope: Scope, orderId: string): Promise<Row[]> {
    const d = this.t.documents;
    return db
      .select()
      .from(d)
      .where(and(eq(col(d, 'clientAccountId'), scope.clientAccountId), eq(col(d, 'orderId'), orderId)))
      .orderBy(asc(col(d, 'createdAt')), asc(col(d, 'id')));
  }

  /** The order's documents (optionally of some types only) with their positions, as the API shows them. */
  async documentsWithPositions(
    db: Executor,
    scope: Scope,
    orderId: string,
    typeCodes?: readonly string[],
  ): Promise<(Row & { positions: Row[] })[]> {
    const documents = (await this.documentsOf(db, scope, orderId)).filter(
      (d) => !typeCodes || typeCodes.includes(String(d.typeCode)),
    );
    if (documents.length === 0) return [];
    const dp = this.t.documentPositions;
    const positions = await db
      .select()
      .from(dp)
      .where(
        and(
          eq(col(dp, 'clientAccountId'), scope.clientAccountId),
          inArray(
            col(dp, 'documentId'),
            documents.map((d) => String(d.id)),
          ),
        ),
      )
      .orderBy(asc(col(dp, 'lineNo')), asc(col(dp, 'id')));
    return documents.map((d) => ({
      ...toApiRow(this.t.documentDef, d),
      positions: positions
        .filter((p) => p.documentId === d.id)
        .map((p) => toApiRow(this.t.documentPositionDef, p)),
    }));
  }

  /**
   * Per order and product: quantities on the order's documents that are not reverted, and on the confirmed ones.
   * Quantities are summed as numbers and rounded by the progress code (6 decimal places).
   */
  async documentTotals(
    db: Executor,
    scope: Scope,
    orderIds: readonly string[],
  ): Promise<Map<string, Map<string, DocumentTotals>>> {
    const out = new Map<string, Map<string, DocumentTotals>>();
    if (orderIds.length === 0) return out;
    const d = this.t.documents;
    const dp = this.t.documentPositions;
    const status = col(d, 'statusCode');
    const quantity = col(dp, 'quantity');
    const rows = await db
      .select({
        orderId: col(d, 'orderId'),
        productId: col(dp, 'productId'),
        documented: sql<number>`coalesce(sum(${quantity}), 0)::float8`,
        confirmed: sql<number>`coalesce(sum(${quantity}) filter (where ${status} = 'confirmed'), 0)::float8`,
      })
      .from(dp)
      .innerJoin(d, eq(col(d, 'id'), col(dp, 'documentId')))
      .where(
        and(
          eq(col(d, 'clientAccountId'), scope.clientAccountId),
          inArray(col(d, 'orderId'), [...orderIds]),
          sql`${status} <> 'reverted'`,
        ),
      )
      .groupBy(col(d, 'orderId'), col(dp, 'productId'));
    for (const r of rows) {
      const orderId = String(r.orderId);
      const byProduct = out.get(orderId) ?? new Map<string, DocumentTotals>();
      byProduct.set(String(r.productId), {
        documented: Number(r.documented),
        confirmed: Number(r.confirmed),
      });
      out.set(orderId, byProduct);
    }
    return out;
  }

  /** Whether any document of the order was ever confirmed (a reverted one had been confirmed first). */
  async anyDocumentConfirmed(db: Executor, scope: Scope, orderId: string): Promise<boolean> {
    const d = this.t.documents;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(d)
      .where(
        and(
          eq(col(d, 'clientAccountId'), scope.clientAccountId),
          eq(col(d, 'orderId'), orderId),
          inArray(col(d, 'statusCode'), ['confirmed', 'reverted']),
        ),
      );
    return Number(row?.n ?? 0) > 0;
  }

  toApi(order: Row, positions: readonly Row[]): OrderWithPositions {
    return {
      ...toApiRow(this.t.orderDef, order),
      positions: positions.map((p) => toApiRow(this.t.positionDef, p)),
    };
  }
}
