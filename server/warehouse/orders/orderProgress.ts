import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { type Filter, type Page, parsePageQuery } from '../../../domain/resources/query';
import {
  isOrderTypeCode,
  type OrderGroup,
  orderTypeCodes,
  orderTypes,
} from '../../../domain/warehouse/orderTypes';
import { positionsProgress } from '../../../domain/warehouse/positionsProgress';
import { addQuantities, roundQuantity, subtractQuantity } from '../../../domain/warehouse/quantity';
import { verificationDifferences } from '../../../domain/warehouse/statuses';
import type { AppContext } from '../../context';
import { col } from '../../db/resourceColumns';
import { type Row, toApiRow } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import { filterCondition } from '../../resources/sqlFilters';
import { assertFloorAccess } from './orderAccess';
import { OrderStore } from './orderStore';
import { isFinishedCount, progressOf } from './refreshOrder';

const codesOf = (group: OrderGroup): string[] => orderTypeCodes.filter((c) => orderTypes[c].group === group);

const countLines = (positions: readonly Row[]) =>
  positions.map((p) => ({
    expected: Number(p.quantity),
    counted: p.quantityReal === null || p.quantityReal === undefined ? null : Number(p.quantityReal),
  }));

/**
 * Progress screens of the floor (WmsOrder/Move/…, /Verify/…) and the order lists built on the generic paged
 * list (same paging, sorting and filters, limited to a group of order types and to the caller's account).
 */
export class OrderProgress {
  private readonly ctx: AppContext;
  private readonly store: OrderStore;

  constructor(ctx: AppContext) {
    this.ctx = ctx;
    this.store = new OrderStore(ctx);
  }

  /** The generic paged list of orders, limited to some types. */
  async listOf(scope: Scope, raw: Record<string, unknown>, typeCodes: readonly string[]): Promise<Page<Row>> {
    const { orderDef, orderService } = this.store.t;
    const query = parsePageQuery(orderDef, raw);
    const only: Filter = { field: 'typeCode', operator: 'in', value: [...typeCodes] };
    return orderService.list(scope, { ...query, filters: [...query.filters, only] });
  }

  /** GET WmsOrder/Offers/Sell: sell offers, paged like any list (contractors see their own, like the list). */
  async sellOffers(scope: Scope, raw: Record<string, unknown>): Promise<Page<Row>> {
    return this.listOf(scope, raw, codesOf('offer'));
  }

  /**
   * The same paged list for the floor's progress screens: read-only, so terminal users (who may not open the
   * order records) see it too (assertFloorAccess); tenancy is the generic one (account, contractor).
   */
  private async floorListOf(
    scope: Scope,
    raw: Record<string, unknown>,
    typeCodes: readonly string[],
  ): Promise<Page<Row>> {
    assertFloorAccess(scope);
    const { orderDef, orders, orderService } = this.store.t;
    const query = parsePageQuery(orderDef, raw);
    const only: Filter = { field: 'typeCode', operator: 'in', value: [...typeCodes] };
    const where = and(
      orderService.scopeCondition(scope),
      ...[...query.filters, only].map((f) => filterCondition(orderDef, orders, f)),
    ) as SQL;
    const order: SQL[] = [];
    if (query.sortColumn) {
      const c = col(orders, query.sortColumn);
      order.push(query.sortDescending ? sql`${desc(c)} nulls last` : sql`${asc(c)} nulls last`);
    }
    order.push(asc(col(orders, 'id')));
    const [rows, count] = await Promise.all([
      this.ctx.db
        .select()
        .from(orders)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.pageNumber - 1) * query.pageSize),
      this.ctx.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
    ]);
    return { results: rows.map((r) => toApiRow(orderDef, r)), allFilteredRowCount: Number(count[0]?.n ?? 0) };
  }

  /** GET WmsOrder/Move/Progress: move orders with their quantities ordered, realised and remaining. */
  async moveProgress(scope: Scope, raw: Record<string, unknown>): Promise<Page<Row>> {
    const page = await this.floorListOf(scope, raw, codesOf('move'));
    const ids = page.results.map((r) => String(r.id));
    const [positions, totals] = await Promise.all([
      this.store.positionsOfOrders(this.ctx.db, scope, ids),
      this.store.documentTotals(this.ctx.db, scope, ids),
    ]);
    const results = page.results.map((order) => {
      const id = String(order.id);
      const rows = positions.get(id) ?? [];
      const progress = positionsProgress(
        rows.map((p) => ({
          id: String(p.id),
          productId: String(p.productId),
          quantity: Number(p.quantity),
          quantityReal: p.quantityReal === null ? null : Number(p.quantityReal),
        })),
        totals.get(id) ?? new Map(),
      );
      const ordered = addQuantities(...progress.map((p) => p.ordered));
      const realised = addQuantities(...progress.map((p) => p.realised));
      return {
        ...order,
        positionsCount: rows.length,
        positionsDone: progress.filter((p) => p.done).length,
        quantityOrdered: ordered,
        quantityRealised: realised,
        quantityRemaining: addQuantities(...progress.map((p) => p.remaining)),
        percentDone: ordered > 0 ? Math.min(100, Math.round((realised / ordered) * 100)) : 0,
      };
    });
    return { results, allFilteredRowCount: page.allFilteredRowCount };
  }

  /** GET WmsOrder/Verify/Progress: counts with how many lines are counted and how many differ. */
  async verifyProgress(scope: Scope, raw: Record<string, unknown>): Promise<Page<Row>> {
    const page = await this.floorListOf(scope, raw, codesOf('verify'));
    const positions = await this.store.positionsOfOrders(
      this.ctx.db,
      scope,
      page.results.map((r) => String(r.id)),
    );
    const results = page.results.map((order) => {
      const lines = countLines(positions.get(String(order.id)) ?? []);
      return {
        ...order,
        positionsCount: lines.length,
        positionsCounted: lines.filter((l) => l.counted !== null).length,
        differencesCount: verificationDifferences(lines, isFinishedCount(order)).length,
      };
    });
    return { results, allFilteredRowCount: page.allFilteredRowCount };
  }

  private async orderOfGroup(scope: Scope, id: string, groups: readonly OrderGroup[]) {
    assertFloorAccess(scope);
    const order = await this.store.findOrder(this.ctx.db, scope, id);
    const group = isOrderTypeCode(order.typeCode) ? orderTypes[order.typeCode].group : undefined;
    if (!group || !groups.includes(group))
      throw new AppError('badRequest', { fields: [{ field: 'typeCode', rule: 'invalidValue' }] });
    return { order, positions: await this.store.positionsOf(this.ctx.db, scope, id) };
  }

  /** GET WmsOrder/Move/{id}/PositionsProgress: per position ordered, realised, remaining (and documented). */
  async positionsProgress(scope: Scope, id: string): Promise<{ order: Row; results: Row[] }> {
    const { order, positions } = await this.orderOfGroup(scope, id, ['move', 'production', 'offer']);
    const progress = await progressOf(this.store, this.ctx.db, scope, order, positions);
    const { orderDef, positionDef } = this.store.t;
    return {
      order: toApiRow(orderDef, order),
      results: positions.map((p, i) => {
        const pr = progress[i];
        return {
          ...toApiRow(positionDef, p),
          ordered: pr?.ordered ?? 0,
          realised: pr?.realised ?? 0,
          remaining: pr?.remaining ?? 0,
          documented: pr?.documented ?? 0,
          confirmed: pr?.confirmed ?? 0,
          done: pr?.done ?? false,
        };
      }),
    };
  }

  /**
   * GET WmsOrder/Move/{id}/PositionsProgressWithStock: the same, plus what is available of each product
   * (on hand − reserved) in the whole account and at the position's source location.
   */
  async positionsProgressWithStock(scope: Scope, id: string): Promise<{ order: Row; results: Row[] }> {
    const progress = await this.positionsProgress(scope, id);
    const productIds = [...new Set(progress.results.map((p) => String(p.productId)))];
    const stock = this.ctx.schema.warehouseTables.stock;
    const rows = productIds.length
      ? await this.ctx.db
          .select({
            productId: stock.productId,
            locationId: stock.locationId,
            available: sql<string>`sum(${stock.quantity} - ${stock.reserved})`,
          })
          .from(stock)
          .where(and(eq(stock.clientAccountId, scope.clientAccountId), inArray(stock.productId, productIds)))
          .groupBy(stock.productId, stock.locationId)
      : [];
    const total = new Map<string, number>();
    const at = new Map<string, number>();
    for (const r of rows) {
      const q = roundQuantity(Number(r.available));
      total.set(r.productId, addQuantities(total.get(r.productId) ?? 0, q));
      at.set(`${r.productId}|${r.locationId}`, q);
    }
    const headerSource = progress.order.sourceLocationId;
    return {
      order: progress.order,
      results: progress.results.map((p) => {
        const source = p.sourceLocationId ?? headerSource ?? null;
        const available = total.get(String(p.productId)) ?? 0;
        return {
          ...p,
          available,
          availableAtSource: source ? (at.get(`${String(p.productId)}|${String(source)}`) ?? 0) : null,
          shortage: Math.max(0, subtractQuantity(Number(p.remaining), available)),
        };
      }),
    };
  }

  /** GET WmsOrder/Verify/{id}/PositionsProgress: per line expected, counted and the difference found. */
  async verifyPositionsProgress(scope: Scope, id: string): Promise<{ order: Row; results: Row[] }> {
    const { order, positions } = await this.orderOfGroup(scope, id, ['verify']);
    const finished = isFinishedCount(order);
    const lines = countLines(positions);
    const differences = new Map(verificationDifferences(lines, finished).map((d) => [d.index, d.difference]));
    const { orderDef, positionDef } = this.store.t;
    return {
      order: toApiRow(orderDef, order),
      results: positions.map((p, i) => {
        const line = lines[i];
        const counted = line?.counted ?? null;
        return {
          ...toApiRow(positionDef, p),
          expected: line?.expected ?? 0,
          counted,
          // Uncounted lines differ only once the count is finished (nothing found).
          difference: counted === null && !finished ? null : (differences.get(i) ?? 0),
        };
      }),
    };
  }

  /** GET WmsOrder/{id}/Positions: the order's positions, paged like a list. */
  async positionsPage(scope: Scope, id: string, raw: Record<string, unknown>): Promise<Page<Row>> {
    const { positionDef, positionService } = this.store.t;
    positionService.assertRead(scope);
    await this.store.findOrder(this.ctx.db, scope, id);
    const query = parsePageQuery(positionDef, { sortColumn: 'lineNo', ...raw });
    const only: Filter = { field: 'orderId', operator: 'eq', value: id };
    return positionService.list(scope, { ...query, filters: [...query.filters, only] });
  }
}
