import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { issue } from '../../../domain/warehouse/issues';
import { addQuantities, compareQuantities, roundQuantity } from '../../../domain/warehouse/quantity';
import {
  available as availableOf,
  parseStockKey,
  type StockMovement,
  stockKeyString,
  sumMovements,
} from '../../../domain/warehouse/stock';
import type { AppContext, DataChange } from '../../context';
import type { Executor, Tx } from '../../db/client';
import type { WarehouseTables } from '../../db/warehouseTables';
import { rowsOf } from './rawRows';
import { type DbStockKey, fromDbKey, keyCondition, toDbKey } from './stockKeys';

export interface MovementMeta {
  readonly documentId: string;
  /** Position id per position index: each ledger row points at its position. */
  readonly positionIds: readonly (string | null)[];
  readonly kind: 'confirm' | 'revert';
  readonly userId: string | null;
  /** Contractor per product id, copied onto the stock rows it touches. */
  readonly contractorOf: ReadonlyMap<string, string | null>;
  /** Product index per id, for the shortfall message. */
  readonly productLabelOf?: ReadonlyMap<string, string>;
  /** What the document itself reserves per key string: released in the same statement that moves the stock. */
  readonly releaseReserved?: ReadonlyMap<string, number>;
}

/** A stock row that changed, for the change feed (resourceType 'stock'). */
export interface StockChange {
  readonly id: string;
  readonly action: DataChange['action'];
}

/** What one document asks a key for, with the first position involved (for the issue's positionIndex). */
export interface KeyDemand {
  readonly quantity: number;
  readonly positionIndex: number;
}

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The stock ledger's writes. Every change is a single conditional statement per key, in key order (so two
 * transactions lock rows in the same order and cannot deadlock): a release is
 * `UPDATE … SET quantity = quantity − q WHERE key AND quantity − reserved ≥ q`, so two confirmations racing for
 * the last units cannot both pass. No amount is read first and written later.
 */
export class StockService {
  private readonly tables: WarehouseTables;

  constructor(ctx: AppContext) {
    this.tables = ctx.schema.warehouseTables;
  }

  private shortfall(
    key: DbStockKey,
    positionIndex: number,
    wanted: number,
    availableNow: number,
    labels: ReadonlyMap<string, string> | undefined,
  ): AppError {
    return new AppError('stockShortfall', {
      issues: [
        issue('quantityExceedsAvailable', {
          positionIndex,
          field: 'quantity',
          params: {
            product: labels?.get(key.productId) ?? key.productId,
            quantity: roundQuantity(wanted),
            available: roundQuantity(Math.max(0, availableNow)),
          },
        }),
      ],
    });
  }

  /** On hand − reserved at one key (0 when there is no row). */
  async availableAt(db: Executor, accountId: string, key: DbStockKey): Promise<number> {
    const { stock } = this.tables;
    const [row] = await db
      .select({ quantity: stock.quantity, reserved: stock.reserved })
      .from(stock)
      .where(keyCondition(stock, accountId, key));
    return row ? availableOf(row.quantity, row.reserved) : 0;
  }

  /**
   * Applies a document's movements: the net change per key (a document is one transaction, its positions may
   * feed each other), receipts as upserts, releases as conditional decrements. A key without enough available
   * stock throws stockShortfall (the caller's transaction rolls back). Rows reaching 0 are deleted. One ledger
   * row per movement is written in the same transaction.
   */
  async applyMovements(
    tx: Tx,
    accountId: string,
    movements: readonly StockMovement[],
    meta: MovementMeta,
  ): Promise<StockChange[]> {
    const { stock, stockMovement } = this.tables;
    const net = sumMovements(movements);
    const release = meta.releaseReserved ?? new Map<string, number>();
    const keys = [...new Set([...net.keys(), ...release.keys()])].sort(byKey);
    const changes: StockChange[] = [];
    const now = new Date();
    for (const keyString of keys) {
      const change = net.get(keyString) ?? 0;
      const freed = release.get(keyString) ?? 0;
      const key = toDbKey(parseStockKey(keyString));
      if (compareQuantities(change, 0) > 0) {
        const [row] = await tx
          .insert(stock)
          .values({
            clientAccountId: accountId,
            ...key,
            quantity: change,
            reserved: 0,
            contractorId: meta.contractorOf.get(key.productId) ?? null,
            firstReceiptAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [
              stock.clientAccountId,
              stock.productId,
              stock.locationId,
              stock.container,
              stock.serialNumber,
              stock.prodDate,
              stock.expDate,
            ],
            set: {
              quantity: sql`${stock.quantity} + excluded.quantity`,
              reserved: sql`${stock.reserved} - ${freed}`,
              contractorId: sql`excluded.contractor_id`,
              updatedAt: now,
            },
          })
          .returning({ id: stock.id, inserted: sql<boolean>`(xmax = 0)` });
        if (row) changes.push({ id: row.id, action: row.inserted ? 'create' : 'update' });
        continue;
      }
      if (change === 0 && freed === 0) continue;
      const taken = -change;
      const [row] = await tx
        .update(stock)
        .set({
          quantity: sql`${stock.quantity} - ${taken}`,
          reserved: sql`${stock.reserved} - ${freed}`,
          updatedAt: now,
        })
        .where(
          and(
            keyCondition(stock, accountId, key),
            sql`${stock.reserved} >= ${freed}`,
            sql`${stock.quantity} - ${stock.reserved} + ${freed} >= ${taken}`,
          ),
        )
        .returning({ id: stock.id, quantity: stock.quantity, reserved: stock.reserved });
      if (!row) {
        if (taken === 0) continue;
        const first = movements.find((m) => m.keyString === keyString && m.quantity < 0);
        const availableNow = addQuantities(await this.availableAt(tx, accountId, key), freed);
        throw this.shortfall(key, first?.positionIndex ?? 0, taken, availableNow, meta.productLabelOf);
      }
      if (row.quantity === 0 && row.reserved === 0) {
        await tx.delete(stock).where(and(eq(stock.id, row.id), eq(stock.quantity, 0), eq(stock.reserved, 0)));
        changes.push({ id: row.id, action: 'delete' });
      } else changes.push({ id: row.id, action: 'update' });
    }
    const ledger = movements
      .filter((m) => m.quantity !== 0)
      .map((m) => ({
        clientAccountId: accountId,
        documentId: meta.documentId,
        positionId: meta.positionIds[m.positionIndex] ?? null,
        ...toDbKey(m.key),
        delta: roundQuantity(m.quantity),
        kind: meta.kind,
        userId: meta.userId,
        at: now,
      }));
    if (ledger.length) await tx.insert(stockMovement).values(ledger);
    return changes;
  }

  /**
   * Reserves what a working copy takes (workingCopiesCountInStock): reserved += q per key, refused with
   * stockShortfall when the key has less available. Recorded per document so releasing is exact.
   */
  async reserve(
    tx: Tx,
    accountId: string,
    documentId: string,
    demands: ReadonlyMap<string, KeyDemand>,
    labels?: ReadonlyMap<string, string>,
  ): Promise<StockChange[]> {
    const { stock, stockReservation } = this.tables;
    const changes: StockChange[] = [];
    const rows: (typeof stockReservation.$inferInsert)[] = [];
    for (const keyString of [...demands.keys()].sort(byKey)) {
      const demand = demands.get(keyString);
      if (!demand || compareQuantities(demand.quantity, 0) <= 0) continue;
      const key = toDbKey(parseStockKey(keyString));
      const q = roundQuantity(demand.quantity);
      const [row] = await tx
        .update(stock)
        .set({ reserved: sql`${stock.reserved} + ${q}`, updatedAt: new Date() })
        .where(and(keyCondition(stock, accountId, key), sql`${stock.quantity} - ${stock.reserved} >= ${q}`))
        .returning({ id: stock.id });
      if (!row)
        throw this.shortfall(
          key,
          demand.positionIndex,
          q,
          await this.availableAt(tx, accountId, key),
          labels,
        );
      changes.push({ id: row.id, action: 'update' });
      rows.push({ clientAccountId: accountId, documentId, ...key, quantity: q });
    }
    if (rows.length) await tx.insert(stockReservation).values(rows);
    return changes;
  }

  /** What a document has reserved, per key string. */
  async reservationsOf(db: Executor, accountId: string, documentId: string): Promise<Map<string, number>> {
    const { stockReservation: r } = this.tables;
    const rows = await db
      .select()
      .from(r)
      .where(and(eq(r.clientAccountId, accountId), eq(r.documentId, documentId)));
    const out = new Map<string, number>();
    for (const row of rows) {
      const keyString = stockKeyString(fromDbKey(row));
      out.set(keyString, addQuantities(out.get(keyString) ?? 0, row.quantity));
    }
    return out;
  }

  /** Forgets a document's reservation records (after confirm released them, or with releaseReservations). */
  async dropReservations(tx: Tx, accountId: string, documentId: string): Promise<void> {
    const { stockReservation: r } = this.tables;
    await tx.delete(r).where(and(eq(r.clientAccountId, accountId), eq(r.documentId, documentId)));
  }

  /** Gives back everything a working copy reserved (edit, delete). */
  async releaseReservations(tx: Tx, accountId: string, documentId: string): Promise<StockChange[]> {
    const { stock } = this.tables;
    const held = await this.reservationsOf(tx, accountId, documentId);
    const changes: StockChange[] = [];
    for (const keyString of [...held.keys()].sort(byKey)) {
      const q = held.get(keyString) ?? 0;
      const key = toDbKey(parseStockKey(keyString));
      const [row] = await tx
        .update(stock)
        .set({ reserved: sql`greatest(${stock.reserved} - ${q}, 0)`, updatedAt: new Date() })
        .where(keyCondition(stock, accountId, key))
        .returning({ id: stock.id });
      if (row) changes.push({ id: row.id, action: 'update' });
    }
    if (held.size) await this.dropReservations(tx, accountId, documentId);
    return changes;
  }

  /** Available (on hand − reserved) per requested key string; absent keys are 0. */
  async availableFor(
    db: Executor,
    accountId: string,
    keyStrings: Iterable<string>,
    ownReserved: ReadonlyMap<string, number> = new Map(),
  ): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const keyString of [...new Set(keyStrings)].sort(byKey)) {
      const key = toDbKey(parseStockKey(keyString));
      const availableNow = await this.availableAt(db, accountId, key);
      // The document's own reservation is not taken from itself.
      out.set(keyString, addQuantities(availableNow, ownReserved.get(keyString) ?? 0));
    }
    return out;
  }

  /** Keys where Σ ledger deltas ≠ stock on hand: empty when the ledger and the stock agree (tests, audits). */
  async ledgerDifferences(db: Executor, accountId: string): Promise<{ key: string; difference: number }[]> {
    const { stock, stockMovement: m } = this.tables;
    const result = await db.execute(sql`
      select product_id, location_id, container, serial_number, prod_date::text as prod_date,
             exp_date::text as exp_date, sum(d)::text as difference
      from (
        select ${m.productId} as product_id, ${m.locationId} as location_id, ${m.container} as container,
               ${m.serialNumber} as serial_number, ${m.prodDate} as prod_date, ${m.expDate} as exp_date,
               ${m.delta} as d
        from ${m} where ${m.clientAccountId} = ${accountId}
        union all
        select ${stock.productId}, ${stock.locationId}, ${stock.container}, ${stock.serialNumber},
               ${stock.prodDate}, ${stock.expDate}, -${stock.quantity}
        from ${stock} where ${stock.clientAccountId} = ${accountId}
      ) ledger
      group by 1, 2, 3, 4, 5, 6
      having sum(d) <> 0`);
    return rowsOf(result).map((r) => ({
      key: JSON.stringify([
        r.product_id,
        r.location_id,
        r.container,
        r.serial_number,
        r.prod_date,
        r.exp_date,
      ]),
      difference: Number(r.difference),
    }));
  }
}

const services = new WeakMap<AppContext, StockService>();

/** The stock service of an app (one per context). */
export const stockServiceOf = (ctx: AppContext): StockService => {
  let service = services.get(ctx);
  if (!service) {
    service = new StockService(ctx);
    services.set(ctx, service);
  }
  return service;
};
