import { AppError } from '../../../domain/errors';
import { textOf } from '../../../domain/rowValues';
import { documentTypes } from '../../../domain/warehouse/documentTypes';
import { todayOf } from '../../../domain/warehouse/isoDate';
import { issue, type WarehouseIssue } from '../../../domain/warehouse/issues';
import { isOrderTypeCode, orderTypes } from '../../../domain/warehouse/orderTypes';
import { canTransition, isOrderStatus } from '../../../domain/warehouse/statuses';
import type { AppContext } from '../../context';
import type { Row } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import type { UnitOfWork } from '../../unitOfWork';
import { loadLogisticsConfig } from '../logisticsConfigStore';
import { generateProductionDocuments } from '../production/generateProductionDocuments';
import { documentHeader, documentPosition, withProductLabels } from './documentDrafts';
import { type DocumentWithPositions, documentPortOf } from './documentPort';
import { issueError } from './issueError';
import { OrderStore } from './orderStore';
import { pickSources } from './pickSources';
import { progressOf } from './refreshOrder';

export type GeneratedDocument = DocumentWithPositions;

/**
 * The documents of an order for what it still lacks (GET WmsOrder/{id}/GenerateDocuments, save with
 * generateDocuments): one document of the type the order type generates, a line per position for its target
 * (the recorded quantity, else the ordered one) less what the order's documents already hold. Releases and
 * picks take their goods from stock by FEFO, within the source the line or the order names (else anywhere), and
 * each document line carries the batch attributes of the stock it releases. A sell offer generates nothing
 * (documentTypeMissing); counts finish through verify/finish; production orders get production documents.
 */
export const generateOrderDocuments = async (
  ctx: AppContext,
  unit: UnitOfWork,
  scope: Scope,
  order: Row,
  positions: readonly Row[],
  options: { confirm: boolean },
): Promise<GeneratedDocument[]> => {
  const { tx } = unit;
  const orderType = isOrderTypeCode(order.typeCode) ? orderTypes[order.typeCode] : undefined;
  if (!orderType || orderType.generates.length === 0) throw new AppError('documentTypeMissing');
  if (orderType.group === 'verify')
    throw new AppError('badRequest', { fields: [{ field: 'typeCode', rule: 'invalidValue' }] });
  if (orderType.group === 'production') return generateProductionDocuments(ctx, unit, scope, order, options);

  const status = isOrderStatus(order.statusCode) ? order.statusCode : 'unknown';
  // Documents realise an order: only one handed to the floor (or done and reopened by more documents).
  if (status !== 'inProgress' && !canTransition(status, 'inProgress'))
    throw issueError([
      issue('statusForbidsChange', { field: 'statusCode', params: { from: status, to: 'inProgress' } }),
    ]);

  const [generated] = orderType.generates;
  if (!generated) throw new AppError('documentTypeMissing');
  const type = documentTypes[generated];
  const store = new OrderStore(ctx);
  const progress = await progressOf(store, tx, scope, order, positions);
  const lines = positions
    .map((p, index) => ({ p, index, quantity: progress[index]?.toGenerate ?? 0 }))
    .filter((l) => l.quantity > 0);
  if (lines.length === 0) return [];

  // A release or a pick takes goods out of stock: every line is matched to the stock it actually takes (FEFO),
  // within the location (and bin) the line or the header names, else anywhere. The document line then carries
  // that stock's lot, expiry, production date, serial and bin, split over several keys when one is not enough.
  const sourcing = type.sourceLocation === 'required';
  const sourced = sourcing ? lines : [];
  const config = await loadLogisticsConfig(tx, scope.clientAccountId);
  const picks = await pickSources(
    ctx,
    tx,
    scope,
    sourced.map((l) => ({
      productId: String(l.p.productId),
      quantity: l.quantity,
      sourceLocationId: textOf(l.p.sourceLocationId) ?? textOf(order.sourceLocationId),
      sourceContainer: textOf(l.p.sourceContainer) ?? textOf(order.sourceContainer),
      serialNumber: textOf(l.p.serialNumber),
      prodDate: textOf(l.p.prodDate),
      expDate: textOf(l.p.expDate),
    })),
    config,
    todayOf(Date.now()),
  );
  const issues: WarehouseIssue[] = [];
  const pickOf = new Map(sourced.map((l, k) => [l.index, picks[k]]));
  const documentPositions: Row[] = [];
  for (const l of lines) {
    const base = documentPosition(type, l.p, l.quantity);
    const picked = pickOf.get(l.index);
    if (!picked) {
      documentPositions.push(base);
      continue;
    }
    if (!picked.ok) {
      // Goods are there but the warehouse rules keep them (a lock, expired or short-dated goods): the line goes
      // as ordered, so the document's own rules say exactly why it cannot be released.
      if (picked.held && (textOf(l.p.sourceLocationId) ?? textOf(order.sourceLocationId)))
        documentPositions.push(base);
      else
        issues.push(
          issue('quantityExceedsAvailable', {
            positionIndex: l.index,
            field: 'quantity',
            params: {
              product: String(l.p.productId),
              quantity: picked.quantity,
              available: picked.available,
            },
          }),
        );
      continue;
    }
    for (const s of picked.picks)
      documentPositions.push({
        ...base,
        quantity: s.quantity,
        sourceLocationId: s.key.locationId,
        sourceContainer: s.key.container,
        serialNumber: s.key.serialNumber,
        prodDate: s.key.prodDate,
        expDate: s.key.expDate,
      });
  }
  if (issues.length) throw issueError(await withProductLabels(ctx, tx, scope, issues));
  const document = await documentPortOf(ctx).create(
    unit,
    scope,
    { ...documentHeader(type, order), positions: documentPositions },
    { confirm: options.confirm, generated: true, orderId: String(order.id) },
  );
  return [document];
};
