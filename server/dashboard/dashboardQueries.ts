import { type SQL, sql } from 'drizzle-orm';
import type { DashboardFigures, FleetDevice } from '../../domain/dashboard';
import { documentTypes } from '../../domain/warehouse/documentTypes';
import { roundQuantity, subtractQuantity } from '../../domain/warehouse/quantity';
import type { AppContext } from '../context';
import { dashboardTables } from '../db/dashboardTables';
import { rowsOf } from '../db/rawRows';
import { syncDevice } from '../db/syncTables';

/** Orders still on someone's desk or the floor (not done, closed or archived). */
const openOrderStatuses = ['workingCopy', 'pending', 'waitingToProcess', 'inProgress', 'doneUnconfirmed'];

const codesOfKind = (kind: 'receipt' | 'release'): string[] =>
  Object.values(documentTypes)
    .filter((t) => t.kind === kind)
    .map((t) => t.code);

const list = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
/** A numeric column (text from PostgreSQL's numeric) as a quantity. */
const quantityOf = (v: unknown): number => (v === null || v === undefined ? 0 : roundQuantity(Number(v)));
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const iso = (v: unknown): string | null =>
  v instanceof Date ? v.toISOString() : typeof v === 'string' && v !== '' ? new Date(v).toISOString() : null;

/** How many entries of a top list the dashboard shows. */
const top = 5;

/**
 * The supervisor's figures of one company (docs/decisions.md, "Dashboard"): open orders by status, documents
 * confirmed since `todayFrom`, products under their warning or critical stock, goods expiring within their
 * product's minimal expiry days, working copies left unfinished, and the terminal fleet.
 */
export class DashboardQueries {
  constructor(private readonly ctx: AppContext) {}

  private table(name: string) {
    const table = this.ctx.schema.resourceTables[name];
    if (!table) throw new Error(`the ${name} table is missing`);
    return table;
  }

  async figures(clientAccountId: string, todayFrom: Date, now: Date): Promise<DashboardFigures> {
    const [orders, today, low, expiring, copies, fleet] = await Promise.all([
      this.ordersByStatus(clientAccountId),
      this.confirmedSince(clientAccountId, todayFrom),
      this.lowStock(clientAccountId),
      this.expiring(clientAccountId, now),
      this.workingCopies(clientAccountId),
      this.fleet(clientAccountId, now),
    ]);
    return { ordersByStatus: orders, today, lowStock: low, expiring, workingCopies: copies, fleet };
  }

  private async ordersByStatus(account: string): Promise<DashboardFigures['ordersByStatus']> {
    const orders = this.table('wmsOrder');
    const rows = rowsOf(
      await this.ctx.db.execute(sql`
        select status_code, count(*)::int as n from ${orders}
        where client_account_id = ${account} and status_code in (${list(openOrderStatuses)})
        group by status_code`),
    );
    const counts = new Map(rows.map((r) => [text(r.status_code), num(r.n)]));
    return openOrderStatuses.map((statusCode) => ({ statusCode, count: counts.get(statusCode) ?? 0 }));
  }

  private async confirmedSince(account: string, from: Date): Promise<DashboardFigures['today']> {
    const documents = this.table('wmsDocument');
    const count = async (kind: 'receipt' | 'release') => {
      const [row] = rowsOf(
        await this.ctx.db.execute(sql`
          select count(*)::int as n from ${documents}
          where client_account_id = ${account} and status_code = 'confirmed'
            and execution_date >= ${from.toISOString()} and type_code in (${list(codesOfKind(kind))})`),
      );
      return num(row?.n);
    };
    const [receipts, releases] = await Promise.all([count('receipt'), count('release')]);
    return { receipts, releases };
  }

  private async lowStock(account: string): Promise<DashboardFigures['lowStock']> {
    const products = this.table('product');
    const { stock } = this.ctx.schema.warehouseTables;
    const rows = rowsOf(
      await this.ctx.db.execute(sql`
        with levels as (
          select p.id, p."index", p."name", p.warning_stock, p.critical_stock,
                 coalesce(sum(s.quantity - s.reserved), 0) as available
          from ${products} p left join ${stock} s on s.product_id = p.id and s.client_account_id = ${account}
          where p.client_account_id = ${account} and (p.warning_stock is not null or p.critical_stock is not null)
          group by p.id
        )
        select id, "index", "name", warning_stock::text, critical_stock::text, available::text,
               (critical_stock is not null and available <= critical_stock) as critical
        from levels
        where (warning_stock is not null and available <= warning_stock)
           or (critical_stock is not null and available <= critical_stock)
        order by critical desc, available - coalesce(critical_stock, warning_stock) asc, "index"`),
    );
    const items = rows.map((r) => ({
      productId: text(r.id),
      index: text(r.index),
      name: text(r.name),
      available: quantityOf(r.available),
      warningStock: r.warning_stock === null ? null : quantityOf(r.warning_stock),
      criticalStock: r.critical_stock === null ? null : quantityOf(r.critical_stock),
      level: r.critical === true ? ('critical' as const) : ('warning' as const),
    }));
    return {
      warning: items.filter((i) => i.level === 'warning').length,
      critical: items.filter((i) => i.level === 'critical').length,
      items: items.slice(0, top),
    };
  }

  private async expiring(account: string, now: Date): Promise<DashboardFigures['expiring']> {
    const products = this.table('product');
    const spaces = this.table('storageSpace');
    const { stock } = this.ctx.schema.warehouseTables;
    const today = now.toISOString().slice(0, 10);
    const rows = rowsOf(
      await this.ctx.db.execute(sql`
        select s.product_id, p."index", p."name", l."label", s.exp_date::text as exp_date,
               s.quantity::text as quantity, s.reserved::text as reserved
        from ${stock} s join ${products} p on p.id = s.product_id join ${spaces} l on l.id = s.location_id
        where s.client_account_id = ${account} and s.exp_date is not null and s.quantity > 0
          and s.exp_date <= ${today}::date + coalesce(p.minimal_exp_days, 0)
        order by s.exp_date, p."index", l."label"`),
    );
    return {
      count: rows.length,
      items: rows.slice(0, top).map((r) => ({
        productId: text(r.product_id),
        index: text(r.index),
        name: text(r.name),
        locationLabel: text(r.label),
        expDate: text(r.exp_date),
        quantity: subtractQuantity(quantityOf(r.quantity), quantityOf(r.reserved)),
      })),
    };
  }

  private async workingCopies(account: string): Promise<DashboardFigures['workingCopies']> {
    const documents = this.table('wmsDocument');
    const [count, oldest] = await Promise.all([
      this.ctx.db.execute(sql`
        select count(*)::int as n from ${documents}
        where client_account_id = ${account} and status_code = 'workingCopy'`),
      this.ctx.db.execute(sql`
        select id, document_number, type_code, updated_at from ${documents}
        where client_account_id = ${account} and status_code = 'workingCopy'
        order by updated_at limit ${top}`),
    ]);
    return {
      count: num(rowsOf(count)[0]?.n),
      oldest: rowsOf(oldest).map((r) => ({
        id: text(r.id),
        number: text(r.document_number),
        typeCode: text(r.type_code),
        updatedAt: iso(r.updated_at) ?? '',
      })),
    };
  }

  private async fleet(account: string, now: Date): Promise<FleetDevice[]> {
    const users = this.table('user');
    const { terminalStatus } = dashboardTables;
    const rows = rowsOf(
      await this.ctx.db.execute(sql`
        with devices as (
          select device_id, user_id, last_seen_at, null::timestamptz as reported_at, null::int as pending,
                 null::int as rejected, null::timestamptz as last_sync_at
          from ${syncDevice} where client_account_id = ${account}
          union all
          select device_id, user_id, null, reported_at, pending, rejected, last_sync_at
          from ${terminalStatus} where client_account_id = ${account}
        )
        select d.device_id, (array_agg(d.user_id order by coalesce(d.reported_at, d.last_seen_at) desc))[1] as user_id,
               max(d.last_seen_at) as last_seen_at, max(d.reported_at) as reported_at,
               max(d.pending) as pending, max(d.rejected) as rejected, max(d.last_sync_at) as last_sync_at
        from devices d group by d.device_id`),
    );
    const ids = [...new Set(rows.map((r) => text(r.user_id)).filter((id) => id !== ''))];
    const names = new Map<string, string>();
    if (ids.length)
      for (const u of rowsOf(
        await this.ctx.db.execute(sql`
          select id, username, visible_name from ${users}
          where client_account_id = ${account} and id in (${list(ids)})`),
      ))
        names.set(text(u.id), text(u.visible_name) || text(u.username));
    return rows
      .map((r) => {
        const lastSyncAt = iso(r.last_sync_at);
        const lastSeen = [iso(r.reported_at), iso(r.last_seen_at)]
          .filter((v): v is string => v !== null)
          .sort();
        return {
          deviceId: text(r.device_id),
          userName: names.get(text(r.user_id)) ?? '',
          lastSeenAt: lastSeen.at(-1) ?? null,
          lastSyncAt,
          pending: r.pending === null ? null : num(r.pending),
          rejected: r.rejected === null ? null : num(r.rejected),
          replicaAgeMs: lastSyncAt ? Math.max(0, now.getTime() - Date.parse(lastSyncAt)) : null,
        };
      })
      .sort(
        (a, b) =>
          (b.lastSeenAt ?? '').localeCompare(a.lastSeenAt ?? '') || a.deviceId.localeCompare(b.deviceId),
      );
  }
}
