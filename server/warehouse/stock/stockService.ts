import { randomUUID } from 'node:crypto';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../../domain/errors';
import { isUuid } from '../../../domain/rowValues';
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
import { rowsOf } from '../../db/rawRows';
import type { WarehouseTables } from '../../db/warehouseTables';
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

/** One key's change in a batch: on hand += quantity, reserved += reserved (never below 0). */
interface KeyChange {
  readonly keyString: string;
  readonly quantity: number;
  readonly reserved: number;
  /** Receipts stamp the product's contractor on the row; other changes keep it. */
  readonly contractorId?: string | null;
}

/** A stock row after a batch: inserted = the key had no row (a release or reservation there must fail). */
interface ChangedRow {
  readonly id: string;
  readonly quantity: number;
  readonly reserved: number;
  readonly inserted: boolean;
}

/** Keys per statement: the DO UPDATE looks each key up in the statement's input, so batches stay small. */
const keysPerStatement = 200;

/**
 * One batch of key changes as a single statement, rows taken in key order (so concurrent batches lock rows in
 * the same order and cannot deadlock): `INSERT … SELECT … ORDER BY key ON CONFLICT DO UPDATE … WHERE new
 * quantity ≥ new reserved RETURNING`. A key whose row would fall below what is reserved (or below zero) is left
 * alone and not returned; a key without a row is inserted at 0 (returned as inserted). The table's check
 * constraints (quantity ≥ 0, 0 ≤ reserved ≤ quantity) stay the last word. The proposed row never carries a
 * negative quantity (PostgreSQL checks it before the conflict), so DO UPDATE reads the change from the input.
 */
const changeStatement = (accountId: string, json: string, now: Date, ledger: SQL | undefined) => sql`
  with k as materialized (
    select * from json_to_recordset(${json}::json)
      as k(o int, id uuid, p uuid, l uuid, c text, s text, pd date, ed date, q numeric, r numeric, ct uuid, sc boolean)
  )${ledger ? sql`, ledger as (${ledger})` : sql``}
  insert into stock as s (id, client_account_id, product_id, location_id, container, serial_number, prod_date,
    exp_date, quantity, reserved, contractor_id, first_receipt_at, updated_at)
  select k.id, ${accountId}::uuid, k.p, k.l, k.c, k.s, k.pd, k.ed, greatest(k.q, 0), 0, k.ct, ${now}::timestamptz,
    ${now}::timestamptz
  from k order by k.o
  on conflict (client_account_id, product_id, location_id, container, serial_number, prod_date, exp_date)
  do update set
    quantity = s.quantity + (select k.q from k where k.id = excluded.id),
    reserved = greatest(s.reserved + (select k.r from k where k.id = excluded.id), 0),
    contractor_id = case when (select k.sc from k where k.id = excluded.id) then excluded.contractor_id
                         else s.contractor_id end,
    updated_at = excluded.updated_at
  where s.quantity + (select k.q from k where k.id = excluded.id)
        >= greatest(s.reserved + (select k.r from k where k.id = excluded.id), 0)
  returning s.id, s.product_id, s.location_id, s.container, s.serial_number, s.prod_date::text as prod_date,
    s.exp_date::text as exp_date, s.quantity::text as quantity, s.reserved::text as reserved,
    (s.xmax = 0) as inserted`;

/** A stored key as the fields (p, l, c, s, pd, ed) of the json records the statements below read. */
const keyFields = (key: DbStockKey) => ({
  p: key.productId,
  l: key.locationId,
  c: key.container,
  s: key.serialNumber,
  pd: key.prodDate,
  ed: key.expDate,
});

/** The key string of a returned stock row (raw rows: snake_case, dates as text). */
const keyStringOfRow = (r: Record<string, unknown>): string =>
  stockKeyString(
    fromDbKey({
      productId: String(r.product_id),
      locationId: String(r.location_id),
      container: r.container === null ? null : String(r.container),
      serialNumber: r.serial_number === null ? null : String(r.serial_number),
      prodDate: r.prod_date === null ? null : String(r.prod_date),
      expDate: r.exp_date === null ? null : String(r.exp_date),
    }),
  );

/**
 * The stock ledger's writes. Every change of a document is one statement per batch of keys, rows taken in key
 * order (so two transactions lock rows in the same order and cannot deadlock), and conditional: a release only
 * passes where quantity − reserved covers it, so two confirmations racing for the last units cannot both pass.
 * No amount is read first and written later.
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
   * Applies key changes (sorted by key) in statements of `keysPerStatement` keys; returns the row of each key
   * the statement changed or inserted (absent: the change would take more than is available).
   */
  private async changeKeys(
    tx: Tx,
    accountId: string,
    changes: readonly KeyChange[],
    now: Date,
    /** A ledger insert to run in the first statement (a data-modifying WITH part): one round trip for both. */
    ledger?: SQL,
  ): Promise<Map<string, ChangedRow>> {
    const out = new Map<string, ChangedRow>();
    if (ledger && changes.length === 0) await tx.execute(ledger);
    for (let start = 0; start < changes.length; start += keysPerStatement) {
      const input = changes.slice(start, start + keysPerStatement).map((c, o) => {
        return {
          o,
          id: randomUUID(),
          ...keyFields(toDbKey(parseStockKey(c.keyString))),
          q: roundQuantity(c.quantity),
          r: roundQuantity(c.reserved),
          ct: c.contractorId ?? null,
          sc: c.contractorId !== undefined,
        };
      });
      const result = await tx.execute(
        changeStatement(accountId, JSON.stringify(input), now, start === 0 ? ledger : undefined),
      );
      for (const r of rowsOf(result))
        out.set(keyStringOfRow(r), {
          id: String(r.id),
          quantity: Number(r.quantity),
          reserved: Number(r.reserved),
          inserted: r.inserted === true,
        });
    }
    return out;
  }

  /** Deletes rows a batch left at zero (quantity and reserved), unless something moved them meanwhile. */
  private async deleteEmpty(tx: Tx, ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    const { stock } = this.tables;
    await tx
      .delete(stock)
      .where(and(inArray(stock.id, [...ids]), eq(stock.quantity, 0), eq(stock.reserved, 0)));
  }

  /**
   * Applies a document's movements: the net change per key (a document is one transaction, its positions may
   * feed each other) and the reservation the document itself holds, released in the same statement. A key
   * without enough available stock throws stockShortfall (the caller's transaction rolls back). Rows reaching 0
   * are deleted. One ledger row per movement is written in the same transaction.
   */
  async applyMovements(
    tx: Tx,
    accountId: string,
    movements: readonly StockMovement[],
    meta: MovementMeta,
  ): Promise<StockChange[]> {
    const net = sumMovements(movements);
    const release = meta.releaseReserved ?? new Map<string, number>();
    const keys = [...new Set([...net.keys(), ...release.keys()])].sort(byKey);
    const now = new Date();
    const changes: KeyChange[] = [];
    for (const keyString of keys) {
      const change = net.get(keyString) ?? 0;
      const freed = release.get(keyString) ?? 0;
      if (change === 0 && freed === 0) continue;
      const productId = parseStockKey(keyString).productId;
      changes.push({
        keyString,
        quantity: change,
        reserved: -freed,
        ...(compareQuantities(change, 0) > 0
          ? { contractorId: meta.contractorOf.get(productId) ?? null }
          : {}),
      });
    }
    const rows = await this.changeKeys(
      tx,
      accountId,
      changes,
      now,
      this.ledgerInsert(accountId, movements, meta, now),
    );
    const out: StockChange[] = [];
    const empty: string[] = [];
    for (const c of changes) {
      const row = rows.get(c.keyString);
      if (compareQuantities(c.quantity, 0) < 0 && (!row || row.inserted)) {
        const key = toDbKey(parseStockKey(c.keyString));
        const first = movements.find((m) => m.keyString === c.keyString && m.quantity < 0);
        const freed = -c.reserved;
        const availableNow = row ? 0 : addQuantities(await this.availableAt(tx, accountId, key), freed);
        throw this.shortfall(key, first?.positionIndex ?? 0, -c.quantity, availableNow, meta.productLabelOf);
      }
      if (!row) continue;
      if (row.quantity === 0 && row.reserved === 0) {
        empty.push(row.id);
        // A row made and emptied by this very statement never existed for anyone else.
        if (!row.inserted) out.push({ id: row.id, action: 'delete' });
      } else out.push({ id: row.id, action: row.inserted ? 'create' : 'update' });
    }
    await this.deleteEmpty(tx, empty);
    return out;
  }

  /** One ledger row per movement, as one insert (none without movements). */
  private ledgerInsert(
    accountId: string,
    movements: readonly StockMovement[],
    meta: MovementMeta,
    now: Date,
  ): SQL | undefined {
    const ledger = movements
      .filter((m) => m.quantity !== 0)
      .map((m) => {
        return {
          pos: meta.positionIds[m.positionIndex] ?? null,
          ...keyFields(toDbKey(m.key)),
          d: roundQuantity(m.quantity),
        };
      });
    if (!ledger.length) return undefined;
    return sql`
      insert into stock_movement (client_account_id, document_id, position_id, product_id, location_id, container,
        serial_number, prod_date, exp_date, delta, kind, user_id, at)
      select ${accountId}::uuid, ${meta.documentId}::uuid, m.pos, m.p, m.l, m.c, m.s, m.pd, m.ed, m.d, ${meta.kind},
        ${meta.userId}::uuid, ${now}::timestamptz
      from json_to_recordset(${JSON.stringify(ledger)}::json)
        as m(pos uuid, p uuid, l uuid, c text, s text, pd date, ed date, d numeric)`;
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
    const { stockReservation } = this.tables;
    const { changes, held } = await this.holdKeys(tx, accountId, demands, labels);
    if (held.size)
      await tx.insert(stockReservation).values(
        [...held].map(([keyString, quantity]) => ({
          clientAccountId: accountId,
          documentId,
          ...toDbKey(parseStockKey(keyString)),
          quantity,
        })),
      );
    return changes;
  }

  /**
   * Reserves quantities per key (reserved += q), refused with stockShortfall when a key has less available; the
   * caller keeps what it holds (a document's reservation records, a sell offer's positions) to free it exactly.
   */
  async holdKeys(
    tx: Tx,
    accountId: string,
    demands: ReadonlyMap<string, KeyDemand>,
    labels?: ReadonlyMap<string, string>,
  ): Promise<{ changes: StockChange[]; held: Map<string, number> }> {
    const changes: KeyChange[] = [];
    for (const keyString of [...demands.keys()].sort(byKey)) {
      const demand = demands.get(keyString);
      if (!demand || compareQuantities(demand.quantity, 0) <= 0) continue;
      changes.push({ keyString, quantity: 0, reserved: roundQuantity(demand.quantity) });
    }
    const rows = await this.changeKeys(tx, accountId, changes, new Date());
    const out: StockChange[] = [];
    for (const c of changes) {
      const row = rows.get(c.keyString);
      if (!row || row.inserted) {
        const key = toDbKey(parseStockKey(c.keyString));
        const availableNow = row ? 0 : await this.availableAt(tx, accountId, key);
        throw this.shortfall(
          key,
          demands.get(c.keyString)?.positionIndex ?? 0,
          c.reserved,
          availableNow,
          labels,
        );
      }
      out.push({ id: row.id, action: 'update' });
    }
    return { changes: out, held: new Map(changes.map((c) => [c.keyString, c.reserved])) };
  }

  /**
   * SQL for a document's reservations as one JSON array, so that they are read with the document's own row
   * (confirming locks the document and reads them in one statement); reservationsFromJson reads it.
   */
  reservationsJson(accountId: string, documentId: SQL | PgColumn): SQL<unknown> {
    const { stockReservation: r } = this.tables;
    return sql`(select coalesce(json_agg(json_build_array(${r.productId}, ${r.locationId}, ${r.container},
      ${r.serialNumber}, ${r.prodDate}::text, ${r.expDate}::text, ${r.quantity}::text)), '[]'::json)
      from ${r} where ${r.clientAccountId} = ${accountId}::uuid and ${r.documentId} = ${documentId})`;
  }

  /** Reservations per key string from reservationsJson (drivers hand json over parsed or as text). */
  reservationsFromJson(value: unknown): Map<string, number> {
    const rows: unknown = typeof value === 'string' ? JSON.parse(value) : value;
    const out = new Map<string, number>();
    if (!Array.isArray(rows)) return out;
    for (const row of rows) {
      if (!Array.isArray(row)) continue;
      const [productId, locationId, container, serialNumber, prodDate, expDate, quantity] = row as (
        | string
        | null
      )[];
      const keyString = stockKeyString(
        fromDbKey({
          productId: String(productId),
          locationId: String(locationId),
          container: container ?? null,
          serialNumber: serialNumber ?? null,
          prodDate: prodDate ?? null,
          expDate: expDate ?? null,
        }),
      );
      out.set(keyString, addQuantities(out.get(keyString) ?? 0, Number(quantity)));
    }
    return out;
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
  async releaseReservations(
    tx: Tx,
    accountId: string,
    documentId: string,
    /** The document's reservations, when the caller read them already (with its lock). */
    known?: ReadonlyMap<string, number>,
  ): Promise<StockChange[]> {
    const held = known ?? (await this.reservationsOf(tx, accountId, documentId));
    if (!held.size) return [];
    const out = await this.freeKeys(tx, accountId, held);
    await this.dropReservations(tx, accountId, documentId);
    return out;
  }

  /** Gives back what holdKeys reserved (reserved −= q per key); rows left empty are deleted. */
  async freeKeys(tx: Tx, accountId: string, held: ReadonlyMap<string, number>): Promise<StockChange[]> {
    if (!held.size) return [];
    const changes: KeyChange[] = [...held.keys()]
      .sort(byKey)
      .map((keyString) => ({ keyString, quantity: 0, reserved: -(held.get(keyString) ?? 0) }));
    const rows = await this.changeKeys(tx, accountId, changes, new Date());
    const out: StockChange[] = [];
    const empty: string[] = [];
    for (const row of rows.values()) {
      // A key whose row is gone got an empty one from the statement: it goes again at once.
      if (row.inserted) empty.push(row.id);
      else out.push({ id: row.id, action: 'update' });
    }
    await this.deleteEmpty(tx, empty);
    return out;
  }

  /** Available (on hand − reserved) per requested key string, in one query; absent keys are 0. */
  async availableFor(
    db: Executor,
    accountId: string,
    keyStrings: Iterable<string>,
    ownReserved: ReadonlyMap<string, number> = new Map(),
  ): Promise<Map<string, number>> {
    const keys = [...new Set(keyStrings)];
    const out = new Map<string, number>();
    if (!keys.length) return out;
    const input = keys.flatMap((keyString, i) => {
      const key = toDbKey(parseStockKey(keyString));
      // A product or location that is no UUID names no row: nothing is available there.
      if (!isUuid(key.productId) || !isUuid(key.locationId)) return [];
      return [{ i, ...keyFields(key) }];
    });
    const result = await db.execute(sql`
      select k.i, (s.quantity - s.reserved)::text as available
      from json_to_recordset(${JSON.stringify(input)}::json)
        as k(i int, p uuid, l uuid, c text, s text, pd date, ed date)
      join stock s on s.client_account_id = ${accountId}::uuid and s.product_id = k.p and s.location_id = k.l
        and s.container = k.c and s.serial_number = k.s and s.prod_date is not distinct from k.pd
        and s.exp_date is not distinct from k.ed`);
    const found = new Map<number, number>();
    for (const r of rowsOf(result)) found.set(Number(r.i), Number(r.available));
    keys.forEach((keyString, i) => {
      // The document's own reservation is not taken from itself.
      out.set(keyString, addQuantities(roundQuantity(found.get(i) ?? 0), ownReserved.get(keyString) ?? 0));
    });
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
