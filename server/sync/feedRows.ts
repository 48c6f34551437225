import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { ResourceDefinition } from '../../domain/resources/types';
import type { SyncEntity } from '../../domain/sync/wire';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rawRows';
import type { ResourceTable } from '../db/resourceTables';
import { contractorRowCondition, productRowVisible } from '../resources/contractorScope';
import { type Row, toApiRow } from '../resources/rows';
import { loadLogisticsConfig } from '../warehouse/logisticsConfigStore';
import { type FeedScope, floorOrderStatuses } from './feedScope';

/** Current rows in the caller's scope by id, in the feed's shape; ids not in the map become tombstones. */
export type InScope = Map<string, Row>;

const floor = new Set<string>(floorOrderStatuses);
/** A timestamptz as Date.prototype.toISOString() writes it (PostgreSQL's MS truncates, as a Date does). */
const isoText = (c: AnyColumn): SQL => sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** One array parameter (`{a,b}`) instead of one parameter per id: pages hold up to 5000 ids. */
const uuidArray = (ids: readonly string[]): string => `{${ids.join(',')}}`;

const column = (t: ResourceTable, name: string) => {
  const c = t[name];
  if (!c) throw new Error(`no column ${name}`);
  return c;
};

/** Reads the rows of the account with these ids (plus `extra` conditions) from a resource table. */
const rowsById = async (
  tx: Tx,
  t: ResourceTable,
  scope: FeedScope,
  ids: readonly string[],
  extra: SQL[] = [],
) => {
  if (!ids.length) return [];
  return tx
    .select()
    .from(t)
    .where(
      and(
        eq(column(t, 'clientAccountId'), scope.clientAccountId),
        sql`${column(t, 'id')} = any(${uuidArray(ids)}::uuid[])`,
        ...extra,
      ),
    );
};

/** Loads the current state of one entity's records; the scope rules of docs/sync-contract.md §1 decide. */
export class FeedRows {
  private readonly ctx: AppContext;
  private readonly tx: Tx;
  private readonly scope: FeedScope;

  constructor(ctx: AppContext, tx: Tx, scope: FeedScope) {
    this.ctx = ctx;
    this.tx = tx;
    this.scope = scope;
  }

  private def(name: string): ResourceDefinition {
    const def = this.ctx.schema.definitions.find((d) => d.name === name);
    if (!def) throw new Error(`no resource ${name}`);
    return def;
  }

  private table(name: string): ResourceTable {
    const t = this.ctx.schema.resourceTables[name];
    if (!t) throw new Error(`no table for ${name}`);
    return t;
  }

  /** Contractors see only their contractor's rows, never hidden ones (server/resources/contractorScope.ts). */
  private contractorConditions(entity: 'product' | 'wmsOrder' | 'wmsDocument'): SQL[] {
    const ctr = this.scope.contractorId;
    return ctr === null ? [] : [contractorRowCondition(this.def(entity), this.table(entity), ctr)];
  }

  async load(entity: SyncEntity, ids: readonly string[]): Promise<InScope> {
    switch (entity) {
      case 'product':
        return this.plain(entity, ids, this.contractorConditions('product'));
      case 'productGroup':
      case 'storageSpace':
      case 'storageSpaceType':
      case 'company':
        return this.plain(entity, ids);
      case 'stock':
        return this.stock(ids);
      case 'wmsOrder':
        return this.orders(ids);
      case 'wmsOrderPosition':
        return this.orderPositions(ids);
      case 'wmsDocument':
        return this.documents(ids);
      case 'wmsDocumentPosition':
        return this.documentPositions(ids);
      case 'logisticsConfig':
        return this.logisticsConfig(ids);
      case 'computerVision':
        return this.faces(ids);
    }
  }

  private async plain(entity: string, ids: readonly string[], extra: SQL[] = []): Promise<InScope> {
    const def = this.def(entity);
    const out: InScope = new Map();
    for (const row of await rowsById(this.tx, this.table(entity), this.scope, ids, extra))
      out.set(String(row.id), toApiRow(def, row));
    return out;
  }

  /**
   * Stock rows in the feed's shape, read without the ORM's row mapping: an initial sync reads 100k of them, and
   * the database formats the timestamps as toISOString() would (UTC, milliseconds).
   */
  private async stock(ids: readonly string[]): Promise<InScope> {
    const out: InScope = new Map();
    if (!ids.length) return out;
    const { stock } = this.ctx.schema.warehouseTables;
    // A stock row is a contractor's exactly when its product is (hidden products' stock included).
    const contractor =
      this.scope.contractorId === null
        ? sql`true`
        : productRowVisible(
            this.table('product'),
            stock.productId,
            this.scope.clientAccountId,
            this.scope.contractorId,
          );
    const rows = rowsOf(
      await this.tx.execute(sql`
        select ${stock.id} as id, ${stock.productId} as "productId", ${stock.locationId} as "locationId",
          ${stock.container} as container, ${stock.serialNumber} as "serialNumber",
          ${stock.prodDate}::text as "prodDate", ${stock.expDate}::text as "expDate",
          ${stock.quantity}::text as quantity, ${stock.reserved}::text as reserved,
          ${stock.contractorId} as "contractorId",
          ${isoText(stock.firstReceiptAt)} as "firstReceiptAt", ${isoText(stock.updatedAt)} as "updatedAt"
        from ${stock}
        where ${stock.clientAccountId} = ${this.scope.clientAccountId}::uuid
          and ${stock.id} = any(${uuidArray(ids)}::uuid[]) and ${contractor}`),
    );
    for (const r of rows) {
      const id = String(r.id);
      out.set(id, {
        id,
        productId: r.productId,
        locationId: r.locationId,
        container: r.container,
        serialNumber: r.serialNumber,
        prodDate: r.prodDate,
        expDate: r.expDate,
        quantity: Number(r.quantity),
        reserved: Number(r.reserved),
        contractorId: r.contractorId,
        firstReceiptAt: r.firstReceiptAt,
        updatedAt: r.updatedAt,
      });
    }
    return out;
  }

  /** The order named by `orderId` (a column) is of this account and on the floor. */
  private onFloor(orderId: AnyColumn): SQL {
    const o = this.table('wmsOrder');
    const statuses = sql.join(
      floorOrderStatuses.map((status) => sql`${status}`),
      sql`, `,
    );
    return sql`${orderId} in (select ${column(o, 'id')} from ${o}
      where ${column(o, 'clientAccountId')} = ${this.scope.clientAccountId}::uuid
        and ${column(o, 'statusCode')} in (${statuses}))`;
  }

  /** Documents in scope (of the table `d`): working copies, and documents of orders on the floor. */
  private documentInScope(d: ResourceTable): SQL {
    return sql`(${column(d, 'statusCode')} = 'workingCopy' or ${this.onFloor(column(d, 'orderId'))})`;
  }

  private async orders(ids: readonly string[]): Promise<InScope> {
    const def = this.def('wmsOrder');
    const out: InScope = new Map();
    const rows = await rowsById(
      this.tx,
      this.table('wmsOrder'),
      this.scope,
      ids,
      this.contractorConditions('wmsOrder'),
    );
    for (const row of rows)
      if (floor.has(String(row.statusCode))) out.set(String(row.id), toApiRow(def, row));
    return out;
  }

  private async orderPositions(ids: readonly string[]): Promise<InScope> {
    const def = this.def('wmsOrderPosition');
    const t = this.table('wmsOrderPosition');
    const out: InScope = new Map();
    const rows = await rowsById(this.tx, t, this.scope, ids, [this.onFloor(column(t, 'orderId'))]);
    for (const row of rows) out.set(String(row.id), toApiRow(def, row));
    return out;
  }

  private async documents(ids: readonly string[]): Promise<InScope> {
    const def = this.def('wmsDocument');
    const t = this.table('wmsDocument');
    const out: InScope = new Map();
    const rows = await rowsById(this.tx, t, this.scope, ids, [
      ...this.contractorConditions('wmsDocument'),
      this.documentInScope(t),
    ]);
    for (const row of rows) out.set(String(row.id), toApiRow(def, row));
    return out;
  }

  /**
   * Positions of documents in scope. Most positions an initial sync meets in the log belong to documents done
   * long ago: which ones are in scope is asked in one statement with their documents, and only those rows are
   * read in full.
   */
  private async documentPositions(ids: readonly string[]): Promise<InScope> {
    const def = this.def('wmsDocumentPosition');
    const out: InScope = new Map();
    if (!ids.length) return out;
    const p = this.table('wmsDocumentPosition');
    const d = this.table('wmsDocument');
    const refs = await this.tx
      .select({ id: column(p, 'id') })
      .from(p)
      .innerJoin(d, eq(column(d, 'id'), column(p, 'documentId')))
      .where(
        and(
          eq(column(p, 'clientAccountId'), this.scope.clientAccountId),
          eq(column(d, 'clientAccountId'), this.scope.clientAccountId),
          sql`${column(p, 'id')} = any(${uuidArray(ids)}::uuid[])`,
          this.documentInScope(d),
        ),
      );
    const wanted = refs.map((r) => String(r.id));
    for (const row of await rowsById(this.tx, p, this.scope, wanted))
      out.set(String(row.id), toApiRow(def, row));
    return out;
  }

  private async logisticsConfig(ids: readonly string[]): Promise<InScope> {
    const out: InScope = new Map();
    // One record per account, its id the account's; contractors never get it (no contractor field).
    if (this.scope.contractorId !== null || !ids.includes(this.scope.clientAccountId)) return out;
    const config = await loadLogisticsConfig(this.tx, this.scope.clientAccountId);
    out.set(this.scope.clientAccountId, { ...config });
    return out;
  }

  /**
   * Enrolled faces reach the company's staff devices only while its terminals recognise faces (switching it off
   * turns them into tombstones; a trigger re-logs them on every switch): whose they are and the descriptors,
   * nothing else of the row.
   */
  private async faces(ids: readonly string[]): Promise<InScope> {
    const out: InScope = new Map();
    if (this.scope.contractorId !== null || !ids.length) return out;
    const config = await loadLogisticsConfig(this.tx, this.scope.clientAccountId);
    if (!config.terminal.faceRecognition) return out;
    for (const row of await rowsById(this.tx, this.table('computerVision'), this.scope, ids))
      out.set(String(row.id), {
        id: String(row.id),
        name: row.name,
        userId: row.userId ?? null,
        personId: row.personId ?? null,
        descriptors: row.descriptors,
        version: row.version,
      });
    return out;
  }
}
