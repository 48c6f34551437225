import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import { sellOfferGuard } from '../../../domain/sellOffers/sellOfferRules';
import { issue } from '../../../domain/warehouse/issues';
import { isOrderTypeCode, type OrderTypeDef, orderTypes } from '../../../domain/warehouse/orderTypes';
import { quantityBoundError, roundQuantity } from '../../../domain/warehouse/quantity';
import { positionDraftFields } from '../../../domain/warehouse/ruleInputs';
import {
  assertTransition,
  canDeleteOrder,
  canTransition,
  editableOrderStatuses,
  isOrderStatus,
  type OrderStatus,
} from '../../../domain/warehouse/statuses';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { col } from '../../db/resourceColumns';
import { fromDatabaseError } from '../../http/dbErrors';
import { type Row, toApiRow } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import { runInUnit, type UnitOfWork } from '../../unitOfWork';
import { assertRefsInAccount } from './assertRefsInAccount';
import { checkOrderPositions } from './checkOrderPositions';
import { issueError } from './issueError';
import { assertFloorAccess } from './orderAccess';
import { type GeneratedDocument, generateOrderDocuments } from './orderDocuments';
import { OrderStore, type OrderWithPositions } from './orderStore';
import type { OrderTables } from './orderTables';
import { type OrderInput, type PositionValues, parseOrderInput } from './parseOrderInput';
import { isFinishedCount, refreshOrder } from './refreshOrder';
import { stockForCount } from './stockForCount';

/** An order as saved, with the documents the save generated (when it was asked to). */
export type SavedOrder = OrderWithPositions & { documents?: GeneratedDocument[] };

export const statusBody = z.object({
  statusCode: z.string().max(50),
  closedManuallyReason: z.string().max(1000).nullable().optional(),
});

const statusOf = (order: Row): OrderStatus =>
  isOrderStatus(order.statusCode) ? order.statusCode : 'unknown';
const typeOf = (order: Row): OrderTypeDef | undefined =>
  isOrderTypeCode(order.typeCode) ? orderTypes[order.typeCode] : undefined;

const positionValuesOf = (rows: readonly Row[]): PositionValues[] =>
  rows.map((r) => ({ ...r, productId: String(r.productId), quantity: Number(r.quantity) }));

/** Header fields a copy takes over from its original (status, number, counts and approvals start afresh). */
const copiedHeader = [
  'contractorId',
  'assignedUserId',
  'priority',
  'sourceLocationId',
  'destinationLocationId',
  'sourceContainer',
  'destinationContainer',
  'plannedDate',
  'deliveryDate',
  'comment',
] as const;

/** Position fields a copy takes over (its realised quantity starts empty). */
const copiedPosition = [...positionDraftFields, 'comment'] as const;

/**
 * Warehouse orders (docs/warehouse-api.md, "Orders"): saving with positions in one transaction, numbering,
 * status changes through the domain's transition table, copies into another type, quantities recorded by the
 * terminal, and documents generated from the order (stock changes only through documents).
 */
export class OrderService {
  private readonly ctx: AppContext;
  readonly store: OrderStore;
  private readonly t: OrderTables;

  constructor(ctx: AppContext) {
    this.ctx = ctx;
    this.store = new OrderStore(ctx);
    this.t = this.store.t;
  }

  /** One unit of work (its change notices go out after commit); database constraint failures become catalogue errors. */
  async write<T>(fn: (unit: UnitOfWork) => Promise<T>): Promise<T> {
    try {
      return await runInUnit(this.ctx, fn);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw fromDatabaseError(err) ?? err;
    }
  }

  private async checkRefs(tx: Tx, scope: Scope, header: Row, positions: readonly PositionValues[]) {
    await assertRefsInAccount(this.ctx, tx, scope, this.t.orderDef, [{ values: header, prefix: '' }]);
    await assertRefsInAccount(
      this.ctx,
      tx,
      scope,
      this.t.positionDef,
      positions.map((values, i) => ({ values, prefix: `positions.${i}.` })),
    );
  }

  /** Positions to store: a count's come from current stock ("generated on save"), the others as sent. */
  private async positionsFor(
    tx: Tx,
    scope: Scope,
    type: OrderTypeDef,
    header: Row,
    given: readonly PositionValues[] | undefined,
  ): Promise<PositionValues[] | undefined> {
    await checkOrderPositions(
      this.ctx,
      tx,
      scope,
      type,
      header,
      type.group === 'verify' ? [] : (given ?? []),
    );
    if (type.group === 'verify' && type.verificationScope)
      return stockForCount(this.ctx, tx, scope, type.verificationScope, header);
    return given ? [...given] : undefined;
  }

  /** The status a save leads to: saving as production (or with documents) hands the order to the floor. */
  private savedStatus(current: OrderStatus, input: OrderInput, type: OrderTypeDef, positionCount: number) {
    const toProduction = input.saveAs === 'production' || input.generateDocuments;
    if (!toProduction) return current;
    if (type.group !== 'verify' && positionCount === 0)
      throw new AppError('formHasErrors', { fields: [{ field: 'positions', rule: 'required' }] });
    if (current === 'waitingToProcess') return current;
    const problem = assertTransition(current, 'waitingToProcess');
    if (problem) throw issueError([problem]);
    return 'waitingToProcess';
  }

  private async result(
    tx: Tx,
    scope: Scope,
    id: string,
    documents?: GeneratedDocument[],
  ): Promise<SavedOrder> {
    const order = await this.store.findOrder(tx, scope, id);
    const positions = await this.store.positionsOf(tx, scope, id);
    return { ...this.store.toApi(order, positions), ...(documents ? { documents } : {}) };
  }

  async create(scope: Scope, body: unknown): Promise<SavedOrder> {
    this.t.orderService.assertWrite(scope);
    const input = parseOrderInput(this.t, body, undefined);
    const type = typeOf(input.header);
    if (!type) throw new AppError('formHasErrors', { fields: [{ field: 'typeCode', rule: 'required' }] });
    const saved = await this.write(async (unit) => {
      const { tx } = unit;
      await this.checkRefs(tx, scope, input.header, input.positions ?? []);
      const positions = (await this.positionsFor(tx, scope, type, input.header, input.positions)) ?? [];
      const { order } = await this.store.createWithPositions(tx, scope, {
        typeCode: type.code,
        header: {
          ...input.header,
          ...(input.id ? { id: input.id } : {}),
          verificationStatus: type.group === 'verify' ? 'notStarted' : null,
        },
        statusCode: this.savedStatus('workingCopy', input, type, positions.length),
        positions,
      });
      const id = String(order.id);
      const documents = input.generateDocuments ? await this.generateIn(unit, scope, id, true) : undefined;
      return this.result(tx, scope, id, documents);
    });
    this.t.orderService.publish(scope, String(saved.id), 'create');
    return saved;
  }

  async update(scope: Scope, id: string, body: unknown): Promise<SavedOrder> {
    this.t.orderService.assertWrite(scope);
    const saved = await this.write(async (unit) => {
      const { tx } = unit;
      const existing = await this.store.findOrder(tx, scope, id, true);
      const input = parseOrderInput(this.t, body, existing);
      if (input.version !== undefined && input.version !== existing.version)
        throw new AppError('statusForbidsChange');
      const current = statusOf(existing);
      sellOfferGuard(existing.typeCode, current, 'edit');
      if (!editableOrderStatuses.includes(current))
        throw issueError([
          issue('statusForbidsChange', { field: 'statusCode', params: { from: current, to: current } }),
        ]);
      const type = typeOf(existing);
      if (!type) throw new AppError('statusForbidsChange');
      await this.checkRefs(tx, scope, input.header, input.positions ?? []);
      const given = input.positions ?? positionValuesOf(await this.store.positionsOf(tx, scope, id));
      const positions = (await this.positionsFor(tx, scope, type, input.header, given)) ?? given;
      const statusCode = this.savedStatus(current, input, type, positions.length);
      const updated = await this.store.updateOrder(tx, scope, id, {
        ...input.header,
        statusCode,
        positionsCount: positions.length,
        ...(type.group === 'verify' ? { verificationStatus: 'notStarted' } : {}),
      });
      if (input.positions !== undefined || type.group === 'verify')
        await this.store.replacePositions(tx, scope, id, positions);
      await this.t.orderService.log(tx, scope, 'update', id, existing, updated);
      const documents = input.generateDocuments ? await this.generateIn(unit, scope, id, true) : undefined;
      return this.result(tx, scope, id, documents);
    });
    this.t.orderService.publish(scope, id, 'update');
    return saved;
  }

  /** Only orders still in preparation are deleted; later ones are closed manually (statusForbidsDelete). */
  async remove(scope: Scope, id: string): Promise<void> {
    this.t.orderService.assertWrite(scope);
    await this.write(async (unit) => {
      const { tx } = unit;
      const existing = await this.store.findOrder(tx, scope, id, true);
      sellOfferGuard(existing.typeCode, statusOf(existing), 'edit');
      if (!canDeleteOrder(statusOf(existing))) throw new AppError('statusForbidsDelete');
      await tx
        .delete(this.t.orders)
        .where(and(this.t.orderService.scopeCondition(scope), eq(col(this.t.orders, 'id'), id)));
      await this.t.orderService.log(tx, scope, 'delete', id, existing, undefined);
    });
    this.t.orderService.publish(scope, id, 'delete');
  }

  /** POST {id}/status: any change the domain's table allows (revert only before realisation began). */
  async changeStatus(scope: Scope, id: string, body: unknown): Promise<OrderWithPositions> {
    this.t.orderService.assertWrite(scope);
    const parsed = statusBody.safeParse(body ?? {});
    if (!parsed.success || !isOrderStatus(parsed.data.statusCode))
      throw new AppError('formHasErrors', { fields: [{ field: 'statusCode', rule: 'invalidValue' }] });
    const to = parsed.data.statusCode;
    const reason = parsed.data.closedManuallyReason?.trim() || null;
    const saved = await this.write(async (unit) => {
      const { tx } = unit;
      const existing = await this.store.findOrder(tx, scope, id, true);
      sellOfferGuard(existing.typeCode, statusOf(existing), to === 'archived' ? 'archive' : 'status');
      const problem = assertTransition(statusOf(existing), to, {
        reason,
        realisationStarted: existing.realisationStarted === true,
      });
      if (problem?.code === 'closeReasonRequired')
        throw new AppError('formHasErrors', {
          fields: [{ field: 'closedManuallyReason', rule: 'required' }],
          issues: [{ ...problem }],
        });
      if (problem) throw issueError([problem]);
      const updated = await this.store.updateOrder(tx, scope, id, {
        statusCode: to,
        ...(to === 'closedManually' ? { closedManuallyReason: reason } : {}),
      });
      await this.t.orderService.log(tx, scope, 'update', id, existing, updated);
      return this.result(tx, scope, id);
    });
    this.t.orderService.publish(scope, id, 'update');
    return saved;
  }

  /**
   * GET {id}/clonetotype/{type}: a new working-copy order of another type with the header and positions of
   * this one (a sell offer becomes a release order, …). Counts are made from stock, never copied.
   */
  async cloneToType(scope: Scope, id: string, typeCode: string): Promise<OrderWithPositions> {
    const saved = await this.write((unit) => this.cloneIn(unit.tx, scope, id, typeCode));
    this.t.orderService.publish(scope, String(saved.id), 'create');
    return saved;
  }

  /** The copy of cloneToType inside the caller's transaction (a sell offer accepted becomes a release order). */
  async cloneIn(tx: Tx, scope: Scope, id: string, typeCode: string): Promise<OrderWithPositions> {
    this.t.orderService.assertWrite(scope);
    const target = isOrderTypeCode(typeCode) ? orderTypes[typeCode] : undefined;
    if (!target || target.group === 'verify')
      throw new AppError('badRequest', { fields: [{ field: 'type', rule: 'invalidValue' }] });
    const source = await this.store.findOrder(tx, scope, id);
    const sourceType = typeOf(source);
    if (!sourceType || sourceType.group === 'verify')
      throw new AppError('badRequest', { fields: [{ field: 'typeCode', rule: 'invalidValue' }] });
    const header: Row = { typeCode: target.code, sourceType: sourceType.code, sourceOrderId: id };
    for (const name of copiedHeader) header[name] = source[name] ?? null;
    const positions: PositionValues[] = (await this.store.positionsOf(tx, scope, id)).map((p) => {
      const values: Row = {};
      for (const name of copiedPosition) values[name] = p[name] ?? null;
      return { ...values, productId: String(p.productId), quantity: Number(p.quantity) };
    });
    await checkOrderPositions(this.ctx, tx, scope, target, header, positions);
    const { order } = await this.store.createWithPositions(tx, scope, {
      typeCode: target.code,
      header,
      statusCode: 'workingCopy',
      positions,
    });
    return this.result(tx, scope, String(order.id));
  }

  /**
   * PATCH WmsOrderPosition/{id}/QuantityReal: the terminal records what was picked, received or counted. Only
   * while the order may be (or is) in progress; the order becomes inProgress and its counts are kept up to date.
   */
  async recordQuantity(
    unit: UnitOfWork,
    scope: Scope,
    positionId: string,
    raw: unknown,
  ): Promise<{ position: Row; order: Row }> {
    assertFloorAccess(scope);
    const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
    if (text === '')
      throw new AppError('formHasErrors', { fields: [{ field: 'quantityReal', rule: 'required' }] });
    const value = Number(text);
    if (!Number.isFinite(value))
      throw new AppError('formHasErrors', { fields: [{ field: 'quantityReal', rule: 'invalidValue' }] });
    const tooLarge = quantityBoundError('quantityReal', value);
    if (tooLarge) throw new AppError('formHasErrors', { fields: [tooLarge] });
    if (value < 0)
      throw new AppError('formHasErrors', {
        fields: [{ field: 'quantityReal', rule: 'minValue', params: { min: 0 } }],
      });
    const { tx } = unit;
    const { position, order } = await this.store.findPosition(tx, scope, positionId, true);
    const orderId = String(order.id);
    const current = statusOf(order);
    sellOfferGuard(order.typeCode, current, 'status');
    // Counting may go on in any status that can move (back) to inProgress; a finished count is closed.
    const open = current === 'inProgress' || canTransition(current, 'inProgress');
    if (!open || isFinishedCount(order))
      throw issueError([
        issue('statusForbidsChange', { field: 'statusCode', params: { from: current, to: 'inProgress' } }),
      ]);
    const updated = await this.store.updatePosition(tx, scope, positionId, {
      quantityReal: roundQuantity(value),
    });
    await this.t.positionService.log(tx, scope, 'update', positionId, position, updated);
    if (current !== 'inProgress') {
      await this.store.updateOrder(tx, scope, orderId, {
        statusCode: 'inProgress',
        realisationStarted: true,
      });
    }
    const refreshed = await refreshOrder(this.ctx, tx, scope, orderId);
    unit.publish(this.t.positionService.changeOf(scope, positionId, 'update'));
    unit.publish(this.t.orderService.changeOf(scope, orderId, 'update'));
    return {
      position: toApiRow(this.t.positionDef, updated),
      order: toApiRow(this.t.orderDef, refreshed),
    };
  }

  /** Generates the order's documents in the caller's unit of work and brings the order up to date. */
  async generateIn(
    unit: UnitOfWork,
    scope: Scope,
    id: string,
    confirm: boolean,
  ): Promise<GeneratedDocument[]> {
    const order = await this.store.findOrder(unit.tx, scope, id, true);
    const positions = await this.store.positionsOf(unit.tx, scope, id);
    const documents = await generateOrderDocuments(this.ctx, unit, scope, order, positions, { confirm });
    await refreshOrder(this.ctx, unit.tx, scope, id);
    return documents;
  }

  /**
   * GET {id}/GenerateDocuments: documents for what the order still lacks (confirmed unless `confirm` is false),
   * in the caller's unit of work.
   */
  async generateDocuments(unit: UnitOfWork, scope: Scope, id: string, confirm: boolean): Promise<SavedOrder> {
    assertFloorAccess(scope);
    const documents = await this.generateIn(unit, scope, id, confirm);
    const saved = await this.result(unit.tx, scope, id, documents);
    unit.publish(this.t.orderService.changeOf(scope, id, 'update'));
    return saved;
  }
}
