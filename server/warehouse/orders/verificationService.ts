import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import { textOf } from '../../../domain/rowValues';
import { documentTypes } from '../../../domain/warehouse/documentTypes';
import { issue } from '../../../domain/warehouse/issues';
import { isOrderTypeCode, orderTypes } from '../../../domain/warehouse/orderTypes';
import {
  canTransition,
  isOrderStatus,
  needsApproval,
  type OrderStatus,
  type VerificationDifference,
  type VerificationLine,
  verificationDifferences,
  verificationStatus,
} from '../../../domain/warehouse/statuses';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { Row } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import type { UnitOfWork } from '../../unitOfWork';
import { loadLogisticsConfig } from '../logisticsConfigStore';
import { documentHeader } from './documentDrafts';
import { type DocumentWithPositions, documentPortOf } from './documentPort';
import { issueError } from './issueError';
import { assertFloorAccess, assertManager } from './orderAccess';
import type { OrderService } from './orderService';
import { statusPath } from './orderStatusFlow';
import type { OrderWithPositions } from './orderStore';
import { isFinishedCount } from './refreshOrder';

export const finishBody = z.object({ generateDocuments: z.boolean() });

/** A counted line as the domain's verification rules read it; the stored position rides along. */
type CountLine = VerificationLine & { readonly row: Row };

export type FinishedCount = OrderWithPositions & {
  readonly documents: DocumentWithPositions[];
  /** The differences exceed the configured limits: stock changes only once a manager approves. */
  readonly approvalRequired: boolean;
};

const statusOf = (order: Row): OrderStatus =>
  isOrderStatus(order.statusCode) ? order.statusCode : 'unknown';

const linesOf = (positions: readonly Row[]): CountLine[] =>
  positions.map((row) => ({
    row,
    expected: Number(row.quantity),
    counted: row.quantityReal === null || row.quantityReal === undefined ? null : Number(row.quantityReal),
  }));

const refuse = (from: OrderStatus, to: OrderStatus) =>
  issueError([issue('statusForbidsChange', { field: 'statusCode', params: { from, to } })]);

/**
 * Stock counts (verification orders VER-A/P/C/L). Finishing turns the counted lines into differences (domain
 * verificationDifferences; an uncounted line counts as nothing found) and, when asked, into correcting documents:
 * surpluses on a verify receipt (SVI), shortages on a verify release (SVO), both confirmed. When the differences
 * need approval (domain needsApproval with the account's threshold), stock waits for a manager's approve.
 */
export class VerificationService {
  private readonly ctx: AppContext;
  private readonly orders: OrderService;

  constructor(ctx: AppContext, orders: OrderService) {
    this.ctx = ctx;
    this.orders = orders;
  }

  private get store() {
    return this.orders.store;
  }

  private async loadCount(tx: Tx, scope: Scope, id: string) {
    const order = await this.store.findOrder(tx, scope, id, true);
    const type = isOrderTypeCode(order.typeCode) ? orderTypes[order.typeCode] : undefined;
    if (type?.group !== 'verify')
      throw new AppError('badRequest', { fields: [{ field: 'typeCode', rule: 'invalidValue' }] });
    const positions = await this.store.positionsOf(tx, scope, id);
    return { order, positions };
  }

  /** Moves the order along allowed steps to a realisation status. */
  private async moveTo(tx: Tx, scope: Scope, order: Row, to: OrderStatus, values: Row): Promise<Row> {
    const from = statusOf(order);
    if (statusPath(from, to) === null) throw refuse(from, to);
    return this.store.updateOrder(tx, scope, String(order.id), { ...values, statusCode: to });
  }

  /** SVI for the surpluses and SVO for the shortages, confirmed: stock becomes what was counted. */
  private async correct(
    unit: UnitOfWork,
    scope: Scope,
    order: Row,
    differences: readonly VerificationDifference<CountLine>[],
  ): Promise<DocumentWithPositions[]> {
    const documents: DocumentWithPositions[] = [];
    const port = documentPortOf(this.ctx);
    const surplus = differences.filter((d) => d.difference > 0);
    const shortage = differences.filter((d) => d.difference < 0);
    const batch = (p: Row) => ({
      productId: p.productId,
      serialNumber: textOf(p.serialNumber),
      prodDate: textOf(p.prodDate),
      expDate: textOf(p.expDate),
    });
    // Counts name their place on each line; the header carries none a line could inherit.
    const header = (code: 'SVI' | 'SVO') => ({
      ...documentHeader(documentTypes[code], order),
      sourceLocationId: null,
      destinationLocationId: null,
      sourceContainer: null,
      destinationContainer: null,
    });
    const options = { confirm: true, generated: true, orderId: String(order.id) };
    if (surplus.length)
      documents.push(
        await port.create(
          unit,
          scope,
          {
            ...header('SVI'),
            positions: surplus.map((d) => ({
              ...batch(d.position.row),
              quantity: d.difference,
              destinationLocationId: textOf(d.position.row.sourceLocationId),
              destinationContainer: textOf(d.position.row.sourceContainer),
            })),
          },
          options,
        ),
      );
    if (shortage.length)
      documents.push(
        await port.create(
          unit,
          scope,
          {
            ...header('SVO'),
            positions: shortage.map((d) => ({
              ...batch(d.position.row),
              quantity: -d.difference,
              sourceLocationId: textOf(d.position.row.sourceLocationId),
              sourceContainer: textOf(d.position.row.sourceContainer),
            })),
          },
          options,
        ),
      );
    return documents;
  }

  /** POST WmsOrder/{id}/verify/finish { generateDocuments }, in the caller's unit of work. */
  async finish(unit: UnitOfWork, scope: Scope, id: string, body: unknown): Promise<FinishedCount> {
    assertFloorAccess(scope);
    const parsed = finishBody.safeParse(body ?? {});
    if (!parsed.success)
      throw new AppError('formHasErrors', { fields: [{ field: 'generateDocuments', rule: 'required' }] });
    const { tx } = unit;
    const { order, positions } = await this.loadCount(tx, scope, id);
    const from = statusOf(order);
    // A count is finished once, from the floor (waiting, counting or reopened); not in preparation nor closed.
    if (isFinishedCount(order) || !(from === 'inProgress' || canTransition(from, 'inProgress')))
      throw refuse(from, 'doneConfirmed');
    const lines = linesOf(positions);
    const differences = verificationDifferences(lines, true);
    const config = await loadLogisticsConfig(tx, scope.clientAccountId);
    const approvalRequired =
      parsed.data.generateDocuments &&
      differences.length > 0 &&
      needsApproval(differences, config.rules.verificationApproval);
    const documents =
      parsed.data.generateDocuments && !approvalRequired
        ? await this.correct(unit, scope, order, differences)
        : [];
    const updated = await this.moveTo(
      tx,
      scope,
      order,
      approvalRequired ? 'doneUnconfirmed' : 'doneConfirmed',
      {
        verificationStatus: verificationStatus(lines, true),
        realisationStarted: true,
        positionsDone: lines.filter((l) => l.counted !== null).length,
      },
    );
    await this.store.t.orderService.log(tx, scope, 'update', id, order, updated);
    unit.publish(this.store.t.orderService.changeOf(scope, id, 'update'));
    return { ...this.store.toApi(updated, positions), documents, approvalRequired };
  }

  /**
   * POST WmsOrder/{id}/verify/approve: a power user accepts a finished count held for approval; its correcting
   * documents are created and confirmed now, and who approved when is recorded.
   */
  async approve(scope: Scope, id: string): Promise<FinishedCount> {
    this.store.t.orderService.assertWrite(scope);
    assertManager(scope);
    const saved = await this.orders.write(async (unit) => {
      const { tx } = unit;
      const { order, positions } = await this.loadCount(tx, scope, id);
      const from = statusOf(order);
      // Held for approval = finished with differences, documents asked for, nothing approved yet.
      if (!isFinishedCount(order) || from !== 'doneUnconfirmed' || order.approvedAt)
        throw refuse(from, 'doneConfirmed');
      const differences = verificationDifferences(linesOf(positions), true);
      const documents = await this.correct(unit, scope, order, differences);
      const updated = await this.moveTo(tx, scope, order, 'doneConfirmed', {
        approvedById: scope.userId,
        approvedAt: new Date(),
      });
      await this.store.t.orderService.log(tx, scope, 'update', id, order, updated);
      return { ...this.store.toApi(updated, positions), documents, approvalRequired: false };
    });
    this.store.t.orderService.publish(scope, id, 'update');
    return saved;
  }
}
