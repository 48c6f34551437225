import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../../domain/errors';
import { type Filter, type Page, type PageQuery, parsePageQuery } from '../../../domain/resources/query';
import type { ResourceDefinition } from '../../../domain/resources/types';
import { isUuid, numberOf, textOf } from '../../../domain/rowValues';
import { bestSourceMaterial, type SourceCandidate } from '../../../domain/warehouse/bestSourceMaterial';
import { todayOf } from '../../../domain/warehouse/isoDate';
import { addQuantities, compareQuantities, subtractQuantity } from '../../../domain/warehouse/quantity';
import { type StockRow, stockKey } from '../../../domain/warehouse/stock';
import { stockLevel } from '../../../domain/warehouse/stockLevel';
import { type PutawaySuggestion, suggestLocationsIn } from '../../../domain/warehouse/suggestLocationsIn';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/rawRows';
import { col, tableOf } from '../../db/resourceColumns';
import type { ResourceTable } from '../../db/resourceTables';
import { productRowVisible, productVisible } from '../../resources/contractorScope';
import type { Scope } from '../../resources/scope';
import { filterCondition } from '../../resources/sqlFilters';
import { loadLogisticsConfig } from '../logisticsConfigStore';
import { containerStockView, inventoryView, productStockView } from './inventoryViews';
import { loadLocations, loadProducts } from './ruleRows';

type Expressions = Readonly<Record<string, SQL | PgColumn>>;
type Query = Record<string, unknown>;

/** A filter over view expressions: the generic resource filters (sqlFilters.ts) with the view's field kinds. */
const conditionOf = (view: ResourceDefinition, expressions: Expressions, f: Filter): SQL =>
  // filterCondition only indexes the "table" by field name and interpolates what it finds.
  filterCondition(view, expressions as unknown as ResourceTable, f);

/**
 * ORDER BY for a page: the chosen column, then the tie-break. Columns that are never NULL sort plainly (`desc`
 * rather than `desc nulls last`, the same order) so an index on them can serve the order backwards too.
 */
const orderOf = (
  expressions: Expressions,
  query: PageQuery,
  tieBreak: SQL | PgColumn,
  notNull: ReadonlySet<string> = new Set(),
): SQL[] => {
  const order: SQL[] = [];
  const expression = query.sortColumn ? expressions[query.sortColumn] : undefined;
  if (expression) {
    const plain = query.sortColumn !== undefined && notNull.has(query.sortColumn);
    if (query.sortDescending)
      order.push(plain ? sql`${expression} desc` : sql`${expression} desc nulls last`);
    else order.push(plain ? sql`${expression} asc` : sql`${expression} asc nulls last`);
  }
  order.push(sql`${tieBreak} asc`);
  return order;
};

/** Inventory fields that are never NULL (see orderOf). */
const inventoryNotNull: ReadonlySet<string> = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'productId',
  'productIndex',
  'productName',
  'locationId',
  'locationLabel',
  'quantity',
  'reserved',
  'available',
  'firstReceiptAt',
]);
/** Inventory filter fields read from the product or from the location (all others are stock columns). */
const productFields: ReadonlySet<string> = new Set(['productIndex', 'productName', 'unit', 'contractorId']);
const locationFields: ReadonlySet<string> = new Set(['locationLabel']);

const iso = (v: unknown): string | null =>
  v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : null;
const quantityOf = (v: unknown): number => numberOf(v) ?? 0;

/** A statement as the driver takes it. */
export interface RawStatement {
  readonly sql: string;
  readonly params: unknown[];
}

export interface StockRowApi {
  readonly id: string;
  readonly productId: string;
  readonly productIndex: string;
  readonly productName: string;
  readonly unit: string | null;
  readonly locationId: string;
  readonly locationLabel: string;
  readonly container: string | null;
  readonly serialNumber: string | null;
  readonly prodDate: string | null;
  readonly expDate: string | null;
  readonly quantity: number;
  readonly reserved: number;
  readonly available: number;
  readonly contractorId: string | null;
  readonly firstReceiptAt: string | null;
}

/**
 * The inventory reads (WmsInventory/*, docs/warehouse-api.md, "Stock"). Every query is limited to the
 * caller's account and, for contractor users, to products of their contractor (the product's contractor, read
 * through the join, and never products hidden from the portal).
 */
export class InventoryQueries {
  private readonly ctx: AppContext;

  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  private get tables() {
    return {
      stock: this.ctx.schema.warehouseTables.stock,
      product: tableOf(this.ctx, 'product'),
      spaces: tableOf(this.ctx, 'storageSpace'),
    };
  }

  /**
   * Contractors (portal users, shared links) see only products visible to them (server/resources/contractorScope.ts);
   * the product's columns must be in the query.
   */
  private contractorScope(scope: Pick<Scope, 'contractorId'>): SQL[] {
    if (scope.contractorId === null) return [];
    return [productVisible(this.tables.product, scope.contractorId)];
  }

  /**
   * Detailed inventory: the page and its count, run side by side. The page joins product and location, each
   * join carrying the account too, so the product index (account, index) and the location label index can
   * drive a page sorted by them and stop after it. The count reads only the stock table, with filters on
   * product or location fields as `IN (products / locations of the account that match)`, so it is an index
   * scan of the stock rows that qualify (the plain count an index-only scan of the account's rows).
   */
  async inventory(scope: Scope, raw: Query): Promise<Page<StockRowApi>> {
    const { page, counter } = this.inventoryStatements(scope, raw);
    const [rows, [total]] = await Promise.all([page, counter]);
    return {
      results: rows.map((r) => ({
        id: r.id,
        productId: r.productId,
        productIndex: String(r.productIndex ?? ''),
        productName: String(r.productName ?? ''),
        unit: textOf(r.unit),
        locationId: r.locationId,
        locationLabel: String(r.locationLabel ?? ''),
        container: r.container || null,
        serialNumber: r.serialNumber || null,
        prodDate: r.prodDate,
        expDate: r.expDate,
        quantity: r.quantity,
        reserved: r.reserved,
        available: subtractQuantity(r.quantity, r.reserved),
        contractorId: textOf(r.contractorId),
        firstReceiptAt: iso(r.firstReceiptAt),
      })),
      allFilteredRowCount: Number(total?.n ?? 0),
    };
  }

  /** The SQL text and parameters of the inventory page and count (benchmarks run them straight on the driver). */
  inventorySql(scope: Scope, raw: Query): { page: RawStatement; count: RawStatement } {
    const { page, counter } = this.inventoryStatements(scope, raw);
    return { page: page.toSQL(), count: counter.toSQL() };
  }

  private inventoryStatements(scope: Scope, raw: Query) {
    const query = parsePageQuery(inventoryView, raw);
    const { stock, product, spaces } = this.tables;
    const account = scope.clientAccountId;
    const expressions: Expressions = {
      id: stock.id,
      createdAt: stock.firstReceiptAt,
      updatedAt: stock.updatedAt,
      productId: stock.productId,
      productIndex: col(product, 'index'),
      productName: col(product, 'name'),
      unit: col(product, 'unit'),
      locationId: stock.locationId,
      locationLabel: col(spaces, 'label'),
      container: sql`nullif(${stock.container}, '')`,
      serialNumber: sql`nullif(${stock.serialNumber}, '')`,
      prodDate: stock.prodDate,
      expDate: stock.expDate,
      quantity: stock.quantity,
      reserved: stock.reserved,
      available: sql`(${stock.quantity} - ${stock.reserved})`,
      contractorId: col(product, 'contractorId'),
      firstReceiptAt: stock.firstReceiptAt,
    };
    const condition = (f: Filter) => conditionOf(inventoryView, expressions, f);
    const productConditions = [
      ...this.contractorScope(scope),
      ...query.filters.filter((f) => productFields.has(f.field)).map(condition),
    ];
    const locationConditions = query.filters.filter((f) => locationFields.has(f.field)).map(condition);
    const stockConditions = query.filters
      .filter((f) => !productFields.has(f.field) && !locationFields.has(f.field))
      .map(condition);
    const inAccount = eq(stock.clientAccountId, account);

    const page = this.ctx.db
      .select({
        id: stock.id,
        productId: stock.productId,
        productIndex: col(product, 'index'),
        productName: col(product, 'name'),
        unit: col(product, 'unit'),
        locationId: stock.locationId,
        locationLabel: col(spaces, 'label'),
        container: stock.container,
        serialNumber: stock.serialNumber,
        prodDate: stock.prodDate,
        expDate: stock.expDate,
        quantity: stock.quantity,
        reserved: stock.reserved,
        contractorId: col(product, 'contractorId'),
        firstReceiptAt: stock.firstReceiptAt,
      })
      .from(stock)
      .innerJoin(
        product,
        and(eq(col(product, 'id'), stock.productId), eq(col(product, 'clientAccountId'), account)),
      )
      .innerJoin(
        spaces,
        and(eq(col(spaces, 'id'), stock.locationId), eq(col(spaces, 'clientAccountId'), account)),
      )
      .where(and(inAccount, ...productConditions, ...locationConditions, ...stockConditions))
      .orderBy(...orderOf(expressions, query, stock.id, inventoryNotNull))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize);

    // Stock rows always have their product and location (foreign keys), so only filters need them.
    const counted: SQL[] = [inAccount, ...stockConditions];
    if (productConditions.length)
      counted.push(
        inArray(
          stock.productId,
          this.ctx.db
            .select({ id: col(product, 'id') })
            .from(product)
            .where(and(eq(col(product, 'clientAccountId'), account), ...productConditions)),
        ),
      );
    if (locationConditions.length)
      counted.push(
        inArray(
          stock.locationId,
          this.ctx.db
            .select({ id: col(spaces, 'id') })
            .from(spaces)
            .where(and(eq(col(spaces, 'clientAccountId'), account), ...locationConditions)),
        ),
      );
    const counter = this.ctx.db
      .select({ n: count() })
      .from(stock)
      .where(and(...counted));
    return { page, counter };
  }

  /** Bin inventory: per bin and location, how many products and how much (goods without a bin are left out). */
  async containerStock(scope: Scope, raw: Query) {
    const query = parsePageQuery(containerStockView, raw);
    const { stock, product, spaces } = this.tables;
    const where: Expressions = {
      id: sql`null::uuid`,
      container: stock.container,
      locationId: stock.locationId,
      locationLabel: col(spaces, 'label'),
      productId: stock.productId,
      contractorId: col(product, 'contractorId'),
    };
    const having: Expressions = {
      products: sql`count(distinct ${stock.productId})`,
      quantity: sql`sum(${stock.quantity})`,
      reserved: sql`sum(${stock.reserved})`,
      available: sql`sum(${stock.quantity} - ${stock.reserved})`,
      createdAt: sql`min(${stock.firstReceiptAt})`,
      updatedAt: sql`max(${stock.updatedAt})`,
    };
    const expressions: Expressions = { ...where, ...having };
    const whereSql = and(
      eq(stock.clientAccountId, scope.clientAccountId),
      sql`${stock.container} <> ''`,
      ...this.contractorScope(scope),
      ...query.filters
        .filter((f) => f.field in where)
        .map((f) => conditionOf(containerStockView, expressions, f)),
    );
    const havingFilters = query.filters.filter((f) => f.field in having);
    const havingSql = havingFilters.length
      ? and(...havingFilters.map((f) => conditionOf(containerStockView, expressions, f)))
      : undefined;
    const grouped = () =>
      this.ctx.db
        .select({
          container: stock.container,
          locationId: stock.locationId,
          locationLabel: col(spaces, 'label'),
          products: sql<number>`count(distinct ${stock.productId})::int`,
          quantity: sql<string>`sum(${stock.quantity})`,
          reserved: sql<string>`sum(${stock.reserved})`,
        })
        .from(stock)
        .innerJoin(product, eq(col(product, 'id'), stock.productId))
        .innerJoin(spaces, eq(col(spaces, 'id'), stock.locationId))
        .where(whereSql)
        .groupBy(stock.container, stock.locationId, col(spaces, 'label'))
        .having(havingSql)
        .$dynamic();
    const rows = await grouped()
      .orderBy(...orderOf(expressions, query, sql`${stock.container}, ${stock.locationId}`))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize);
    const [total] = await this.ctx.db.select({ n: count() }).from(grouped().as('bins'));
    return {
      results: rows.map((r) => {
        const quantity = quantityOf(r.quantity);
        const reserved = quantityOf(r.reserved);
        return {
          id: `${r.locationId}:${r.container}`,
          container: r.container,
          locationId: r.locationId,
          locationLabel: String(r.locationLabel ?? ''),
          products: Number(r.products),
          quantity,
          reserved,
          available: subtractQuantity(quantity, reserved),
        };
      }),
      allFilteredRowCount: Number(total?.n ?? 0),
    };
  }

  /**
   * Stock by warehouse: per product and top-level location (the warehouse, found by walking the location tree
   * down from the roots with a recursive CTE), with the product's warning / critical level.
   */
  async productStock(scope: Scope, raw: Query) {
    const query = parsePageQuery(productStockView, raw);
    const { stock, product, spaces } = this.tables;
    const account = scope.clientAccountId;
    const contractor =
      scope.contractorId === null
        ? sql``
        : sql`and ${productRowVisible(product, sql.raw('s.product_id'), account, scope.contractorId)}`;
    const expressions: Expressions = {
      id: sql`null::uuid`,
      createdAt: sql`null::timestamptz`,
      updatedAt: sql`null::timestamptz`,
      productId: sql.raw('agg.product_id'),
      productIndex: sql.raw('p."index"'),
      productName: sql.raw('p."name"'),
      unit: sql.raw('p."unit"'),
      warehouseId: sql.raw('agg.warehouse_id'),
      warehouseLabel: sql.raw('w."label"'),
      contractorId: sql.raw('p.contractor_id'),
      quantity: sql.raw('agg.quantity'),
      reserved: sql.raw('agg.reserved'),
      available: sql.raw('(agg.quantity - agg.reserved)'),
      warningStock: sql.raw('p.warning_stock'),
      criticalStock: sql.raw('p.critical_stock'),
    };
    const filters = query.filters.map((f) => conditionOf(productStockView, expressions, f));
    const where = filters.length ? sql`where ${and(...filters)}` : sql``;
    // Walking down from the roots cannot loop, whatever parent cycles the data may hold.
    const base = sql`
      with recursive tree(id, root) as (
        select ${col(spaces, 'id')}, ${col(spaces, 'id')} from ${spaces}
        where ${col(spaces, 'clientAccountId')} = ${account} and ${col(spaces, 'parentId')} is null
        union all
        select c.id, tree.root from ${spaces} c join tree on c.parent_id = tree.id
        where c.client_account_id = ${account}
      ),
      agg as (
        select s.product_id, tree.root as warehouse_id, sum(s.quantity) as quantity, sum(s.reserved) as reserved
        from ${stock} s join tree on tree.id = s.location_id
        where s.client_account_id = ${account} ${contractor}
        group by s.product_id, tree.root
      )`;
    const from = sql`from agg join ${product} p on p.id = agg.product_id join ${spaces} w on w.id = agg.warehouse_id`;
    const order = sql.join(orderOf(expressions, query, sql.raw('agg.product_id, agg.warehouse_id')), sql`, `);
    const [page, total] = await Promise.all([
      this.ctx.db.execute(sql`${base}
        select agg.product_id, p."index" as product_index, p."name" as product_name, p."unit" as unit,
               agg.warehouse_id, w."label" as warehouse_label, p.contractor_id,
               agg.quantity::text as quantity, agg.reserved::text as reserved,
               p.warning_stock, p.critical_stock
        ${from} ${where}
        order by ${order}
        limit ${query.pageSize} offset ${(query.pageNumber - 1) * query.pageSize}`),
      this.ctx.db.execute(sql`${base} select count(*)::int as n ${from} ${where}`),
    ]);
    return {
      results: rowsOf(page).map((r) => {
        const quantity = quantityOf(r.quantity);
        const reserved = quantityOf(r.reserved);
        const available = subtractQuantity(quantity, reserved);
        const warningStock = numberOf(r.warning_stock);
        const criticalStock = numberOf(r.critical_stock);
        return {
          productId: String(r.product_id),
          productIndex: String(r.product_index ?? ''),
          productName: String(r.product_name ?? ''),
          unit: textOf(r.unit),
          warehouseId: String(r.warehouse_id),
          warehouseLabel: String(r.warehouse_label ?? ''),
          contractorId: textOf(r.contractor_id),
          quantity,
          reserved,
          available,
          warningStock,
          criticalStock,
          level: stockLevel(available, warningStock, criticalStock),
        };
      }),
      allFilteredRowCount: Number(rowsOf(total)[0]?.n ?? 0),
    };
  }

  private async productFor(scope: Scope, productId: string) {
    if (!isUuid(productId)) throw new AppError('notFoundOrNoPermission');
    const product = (await loadProducts(this.ctx, this.ctx.db, scope.clientAccountId, [productId])).get(
      productId,
    );
    if (!product) throw new AppError('notFoundOrNoPermission');
    return product;
  }

  /**
   * FEFO sources of a product (domain bestSourceMaterial over its stock rows). With `quantity`, only as many
   * candidates as cover it, each with the quantity to `take`.
   */
  async bestSource(scope: Scope, productId: string, quantity: number | undefined) {
    const product = await this.productFor(scope, productId);
    const { stock } = this.tables;
    const rows = await this.ctx.db
      .select()
      .from(stock)
      .where(and(eq(stock.clientAccountId, scope.clientAccountId), eq(stock.productId, productId)))
      .orderBy(asc(stock.id));
    const stockRows: StockRow[] = rows.map((r) => ({
      ...stockKey(r),
      quantity: r.quantity,
      reserved: r.reserved,
      receivedAt: r.firstReceiptAt.toISOString(),
    }));
    const [locations, config] = await Promise.all([
      loadLocations(this.ctx, this.ctx.db, scope.clientAccountId, [
        ...new Set(rows.map((r) => r.locationId)),
      ]),
      loadLogisticsConfig(this.ctx.db, scope.clientAccountId),
    ]);
    const candidates = bestSourceMaterial(
      productId,
      stockRows,
      locations,
      product,
      config.rules,
      todayOf(Date.now()),
    );
    if (quantity === undefined) return { results: candidates };
    const out: (SourceCandidate & { take: number })[] = [];
    let left = quantity;
    for (const c of candidates) {
      if (compareQuantities(left, 0) <= 0) break;
      const take = compareQuantities(c.available, left) < 0 ? c.available : left;
      out.push({ ...c, take });
      left = subtractQuantity(left, take);
    }
    return { results: out, missing: Math.max(0, left) };
  }

  /**
   * Putaway suggestions (domain suggestLocationsIn). The stock is summed per location in SQL — one row for
   * this product and one for all others, with their mean unit weight — so the rule sees which locations hold
   * the product, which are taken and their load, without reading every stock row.
   */
  async suggestIn(scope: Scope, productId: string, quantity: number, limit: number) {
    const product = await this.productFor(scope, productId);
    const { stock, product: products } = this.tables;
    const weight = sql`coalesce(${col(products, 'weight')}, 0)`;
    const [locations, config, sums] = await Promise.all([
      loadLocations(this.ctx, this.ctx.db, scope.clientAccountId, undefined),
      loadLogisticsConfig(this.ctx.db, scope.clientAccountId),
      this.ctx.db
        .select({
          locationId: stock.locationId,
          own: sql<boolean>`(${stock.productId} = ${productId})`,
          quantity: sql<string>`sum(${stock.quantity})`,
          kg: sql<string>`sum(${stock.quantity} * ${weight})`,
        })
        .from(stock)
        .innerJoin(products, eq(col(products, 'id'), stock.productId))
        .where(eq(stock.clientAccountId, scope.clientAccountId))
        // By position: the select's `own` carries its own parameter, so the expression would not match.
        .groupBy(sql.raw('1'), sql.raw('2')),
    ]);
    const rows: StockRow[] = sums.map((s) => {
      const q = quantityOf(s.quantity);
      return {
        ...stockKey({ productId: s.own ? productId : '', locationId: s.locationId }),
        quantity: q,
        unitWeightKg: q > 0 ? quantityOf(s.kg) / q : 0,
      };
    });
    const suggestions: PutawaySuggestion[] = suggestLocationsIn(
      product,
      quantity,
      rows,
      locations,
      config.rules,
    );
    return { results: suggestions.slice(0, limit).map((s) => ({ ...s, loadKg: addQuantities(s.loadKg) })) };
  }
}
