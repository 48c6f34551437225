import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { textOf } from '../../domain/rowValues';
import {
  type SellOfferAction,
  sellOfferCloseReasons,
  sellOfferRefusal,
  sellOfferTarget,
  validityProblem,
} from '../../domain/sellOffers/sellOfferRules';
import { issue } from '../../domain/warehouse/issues';
import { logisticsConfigSchema } from '../../domain/warehouse/logisticsConfig';
import { addQuantities } from '../../domain/warehouse/quantity';
import { stockKey, stockKeyString } from '../../domain/warehouse/stock';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { clientAccount } from '../db/internalTables';
import { type Row, toApiRow } from '../resources/rows';
import type { Scope } from '../resources/scope';
import { dateOf } from '../shipping/recordInput';
import { runWork, type Work } from '../shipping/unitOfWork';
import { OrderService } from '../warehouse/orders/orderService';
import { pickSources } from '../warehouse/orders/pickSources';
import { type KeyDemand, stockServiceOf } from '../warehouse/stock/stockService';

/** The stock key a keyed offer position reserves. */
const keyOf = (p: Row): string =>
  stockKeyString(
    stockKey({
      productId: String(p.productId),
      locationId: String(p.sourceLocationId),
      container: textOf(p.sourceContainer),
      serialNumber: textOf(p.serialNumber),
      prodDate: textOf(p.prodDate),
      expDate: textOf(p.expDate),
    }),
  );

/** What an offered sell offer holds in stock: its positions' quantities per key. */
const heldBy = (positions: readonly Row[]): Map<string, number> => {
  const held = new Map<string, number>();
  for (const p of positions) {
    const key = keyOf(p);
    held.set(key, addQuantities(held.get(key) ?? 0, Number(p.quantity)));
  }
  return held;
};

/**
 * Sell offers (order type OSO; domain/sellOffers/sellOfferRules.ts): sending reserves the goods (each position
 * is tied to the stock it takes, FEFO), accepting turns the offer into a release order in the same transaction,
 * rejecting or expiring gives the goods back. Written through the order module's public functions.
 */
export class SellOfferService {
  private readonly orders: OrderService;

  constructor(private readonly ctx: AppContext) {
    this.orders = new OrderService(ctx);
  }

  private get t() {
    return this.orders.store.t;
  }

  private async offer(tx: Tx, scope: Scope, id: string): Promise<Row> {
    const order = await this.orders.store.findOrder(tx, scope, id, true);
    if (order.typeCode !== 'OSO')
      throw new AppError('badRequest', { fields: [{ field: 'typeCode', rule: 'invalidValue' }] });
    return order;
  }

  private refuse(order: Row, action: SellOfferAction, now: Date) {
    const refusal = sellOfferRefusal(order.statusCode, action, dateOf(order.validUntil), now);
    if (refusal) throw new AppError(refusal);
  }

  private async setStatus(work: Work, scope: Scope, order: Row, values: Row, bySystem = false): Promise<Row> {
    const id = String(order.id);
    const updated = await this.orders.store.updateOrder(work.tx, scope, id, values);
    const log = this.t.orderService.logValues(scope, 'update', id, order, updated);
    const recordLog = this.ctx.schema.resourceTables.recordLog;
    // The server's own change (expiry) is logged without a user.
    if (log && recordLog) await work.tx.insert(recordLog).values(bySystem ? { ...log, userId: null } : log);
    work.changes.push({
      clientAccountId: scope.clientAccountId,
      resourceType: 'wmsOrder',
      id,
      action: 'update',
    });
    return updated;
  }

  private async result(work: Work, scope: Scope, id: string) {
    const order = await this.orders.store.findOrder(work.tx, scope, id);
    const positions = await this.orders.store.positionsOf(work.tx, scope, id);
    return this.orders.store.toApi(order, positions);
  }

  /**
   * POST WmsOrder/{id}/offer/send: a draft with a future validity is offered. Each position is tied to the stock it
   * takes (FEFO, within what the position names) — split when it takes from several — and its quantity reserved
   * until the offer closes.
   */
  async send(work: Work, scope: Scope, id: string) {
    this.t.orderService.assertWrite(scope);
    const order = await this.offer(work.tx, scope, id);
    this.refuse(order, 'send', work.now);
    const problem = validityProblem(dateOf(order.validUntil), work.now);
    if (problem) throw new AppError('formHasErrors', { fields: [problem] });
    const positions = await this.orders.store.positionsOf(work.tx, scope, id);
    if (!positions.length)
      throw new AppError('formHasErrors', { fields: [{ field: 'positions', rule: 'required' }] });
    const [account] = await work.tx
      .select({ config: clientAccount.logisticsConfig })
      .from(clientAccount)
      .where(eq(clientAccount.id, scope.clientAccountId));
    const picks = await pickSources(
      this.ctx,
      work.tx,
      scope,
      positions.map((p) => ({
        productId: String(p.productId),
        quantity: Number(p.quantity),
        sourceLocationId: textOf(p.sourceLocationId) ?? textOf(order.sourceLocationId),
        sourceContainer: textOf(p.sourceContainer),
        serialNumber: textOf(p.serialNumber),
        prodDate: textOf(p.prodDate),
        expDate: textOf(p.expDate),
      })),
      logisticsConfigSchema.safeParse(account?.config ?? {}).data ?? logisticsConfigSchema.parse({}),
      work.now.toISOString().slice(0, 10),
    );
    const issues = picks.flatMap((r, positionIndex) =>
      r.ok
        ? []
        : [
            issue('quantityExceedsAvailable', {
              positionIndex,
              field: 'quantity',
              params: { quantity: r.quantity, available: r.available },
            }),
          ],
    );
    if (issues.length) throw new AppError('stockShortfall', { issues });
    const keyed = positions.flatMap((p, i) => {
      const result = picks[i];
      if (!result?.ok) return [];
      return result.picks.map((pick) => ({
        productId: pick.key.productId,
        quantity: pick.quantity,
        sourceLocationId: pick.key.locationId,
        sourceContainer: pick.key.container,
        serialNumber: pick.key.serialNumber,
        prodDate: pick.key.prodDate,
        expDate: pick.key.expDate,
        comment: textOf(p.comment),
      }));
    });
    const demands = new Map<string, KeyDemand>();
    keyed.forEach((p, positionIndex) => {
      const key = keyOf(p);
      const known = demands.get(key);
      demands.set(key, {
        quantity: addQuantities(known?.quantity ?? 0, p.quantity),
        positionIndex: known?.positionIndex ?? positionIndex,
      });
    });
    const { changes } = await stockServiceOf(this.ctx).holdKeys(work.tx, scope.clientAccountId, demands);
    for (const c of changes)
      work.changes.push({
        clientAccountId: scope.clientAccountId,
        resourceType: 'stock',
        id: c.id,
        action: c.action,
      });
    await this.orders.store.replacePositions(work.tx, scope, id, keyed);
    await this.setStatus(work, scope, order, {
      statusCode: sellOfferTarget.send,
      positionsCount: keyed.length,
    });
    return this.result(work, scope, id);
  }

  /** Frees what an offered sell offer holds. */
  private async free(work: Work, scope: Scope, id: string) {
    const positions = await this.orders.store.positionsOf(work.tx, scope, id);
    const changes = await stockServiceOf(this.ctx).freeKeys(
      work.tx,
      scope.clientAccountId,
      heldBy(positions),
    );
    for (const c of changes)
      work.changes.push({
        clientAccountId: scope.clientAccountId,
        resourceType: 'stock',
        id: c.id,
        action: c.action,
      });
  }

  /**
   * POST WmsOrder/{id}/offer/accept: the contractor took the offer (within its validity). In one transaction the
   * reservation is freed, a release order (OOU) is made from the offer's positions — the very stock reserved —
   * and the offer closes fully.
   */
  async accept(work: Work, scope: Scope, id: string) {
    this.t.orderService.assertWrite(scope);
    const order = await this.offer(work.tx, scope, id);
    this.refuse(order, 'accept', work.now);
    await this.free(work, scope, id);
    const release = await this.orders.cloneIn(work.tx, scope, id, 'OOU');
    work.changes.push({
      clientAccountId: scope.clientAccountId,
      resourceType: 'wmsOrder',
      id: String(release.id),
      action: 'create',
    });
    await this.setStatus(work, scope, order, { statusCode: sellOfferTarget.accept });
    return { offer: await this.result(work, scope, id), releaseOrder: release };
  }

  /** POST WmsOrder/{id}/offer/reject: the contractor declined (or the offer is withdrawn); goods freed. */
  async reject(work: Work, scope: Scope, id: string) {
    this.t.orderService.assertWrite(scope);
    const order = await this.offer(work.tx, scope, id);
    this.refuse(order, 'reject', work.now);
    await this.free(work, scope, id);
    await this.setStatus(work, scope, order, {
      statusCode: sellOfferTarget.reject,
      closedManuallyReason: sellOfferCloseReasons.reject,
    });
    return this.result(work, scope, id);
  }

  /**
   * Closes every offered sell offer whose validity has passed at `now` (all accounts), freeing its goods. Rows
   * another process is closing are skipped (SKIP LOCKED); each offer is its own small transaction.
   */
  async expireDue(now: Date, limit = 100): Promise<number> {
    const o = this.t.orders;
    const c = (name: string) => {
      const col = o[name];
      if (!col) throw new Error(`no column ${name}`);
      return col;
    };
    const due = await this.ctx.db
      .select({ id: c('id'), clientAccountId: c('clientAccountId') })
      .from(o)
      .where(and(eq(c('typeCode'), 'OSO'), eq(c('statusCode'), 'pending'), lte(c('validUntil'), now)))
      .orderBy(asc(c('validUntil')))
      .limit(limit);
    let closed = 0;
    for (const row of due) {
      const done = await runWork(this.ctx, now, async (work) => {
        const locked = await work.tx.execute(
          sql`select id from wms_order where id = ${String(row.id)}::uuid and status_code = 'pending' for update skip locked`,
        );
        if (!(locked as { rows?: unknown[] }).rows?.length) return false;
        const scope = systemScope(String(row.clientAccountId));
        const order = await this.orders.store.findOrder(work.tx, scope, String(row.id));
        if (sellOfferRefusal(order.statusCode, 'expire', dateOf(order.validUntil), now)) return false;
        await this.free(work, scope, String(row.id));
        await this.setStatus(
          work,
          scope,
          order,
          { statusCode: sellOfferTarget.expire, closedManuallyReason: sellOfferCloseReasons.expire },
          true,
        );
        return true;
      });
      if (done) closed++;
    }
    return closed;
  }

  /** GET WmsOrder/Offers/Sell/{id}: an offer with its positions (as reserved once sent). */
  async get(scope: Scope, id: string) {
    this.t.orderService.assertRead(scope);
    const order = await this.orders.store.findOrder(this.ctx.db, scope, id);
    if (order.typeCode !== 'OSO') throw new AppError('notFoundOrNoPermission');
    const positions = await this.orders.store.positionsOf(this.ctx.db, scope, id);
    return {
      ...toApiRow(this.t.orderDef, order),
      positions: positions.map((p) => toApiRow(this.t.positionDef, p)),
    };
  }
}

/** The server itself closing expired offers: recorded in the log as the system, with no user. */
const systemScope = (clientAccountId: string): Scope => ({
  clientAccountId,
  contractorId: null,
  userId: 'system',
  userName: 'system',
  claims: {
    sub: 'system',
    acc: clientAccountId,
    ctr: null,
    name: 'system',
    lng: 'en-us',
    IsSuperUser: true,
    IsPowerUser: true,
    LogisticsEnabled: true,
    TerminalEnabled: false,
    ShippingEnabled: false,
    ContractorPortalEnabled: false,
    TransportEnabled: false,
    CatalystAdminEnabled: false,
    FaceDatabaseEnabled: false,
    exp: 0,
  },
});
