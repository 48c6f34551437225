import { AppError } from '../../../domain/errors';
import { textOf } from '../../../domain/rowValues';
import { documentTypes } from '../../../domain/warehouse/documentTypes';
import { todayOf } from '../../../domain/warehouse/isoDate';
import { issue, type WarehouseIssue } from '../../../domain/warehouse/issues';
import { defaultLogisticsConfig } from '../../../domain/warehouse/logisticsConfig';
import { orderTypes } from '../../../domain/warehouse/orderTypes';
import { isOrderStatus } from '../../../domain/warehouse/statuses';
import { checkOrderNotInProduction } from '../../../domain/warehouse/validators/checkOrderNotInProduction';
import type { AppContext } from '../../context';
import type { Row } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import type { UnitOfWork } from '../../unitOfWork';
import { loadLogisticsConfig } from '../logisticsConfigStore';
import { checkOrderPositions, isProductionOutput } from '../orders/checkOrderPositions';
import { documentHeader, withProductLabels } from '../orders/documentDrafts';
import { type DocumentWithPositions, documentPortOf } from '../orders/documentPort';
import { issueError } from '../orders/issueError';
import { statusPath } from '../orders/orderStatusFlow';
import { OrderStore } from '../orders/orderStore';
import type { PositionValues } from '../orders/parseOrderInput';
import { pickSources } from '../orders/pickSources';
import { progressOf } from '../orders/refreshOrder';

/**
 * A production order accepts production documents only in the production state (domain
 * checkOrderNotInProduction: an OPR order waiting to process or in progress → 422 orderNotInProduction).
 * An order that can never get there again (closed, archived, frozen by ConfirmDocuments) → 409 statusForbidsChange.
 */
export const assertInProduction = (order: Row): void => {
  const statusCode = isOrderStatus(order.statusCode) ? order.statusCode : 'unknown';
  const problems = checkOrderNotInProduction({
    document: {
      typeCode: 'PRO',
      statusCode: 'workingCopy',
      contractorId: null,
      sourceLocationId: null,
      destinationLocationId: null,
      sourceContainer: null,
      destinationContainer: null,
      orderId: String(order.id),
    },
    type: documentTypes.PRO,
    positions: [],
    context: {
      today: todayOf(Date.now()),
      products: new Map(),
      locations: new Map(),
      containerLocations: new Map(),
      rules: defaultLogisticsConfig.rules,
      order: { id: String(order.id), typeCode: String(order.typeCode), statusCode, remaining: new Map() },
    },
  });
  if (problems.length === 0) return;
  if (order.typeCode === 'OPR' && statusPath(statusCode, 'inProgress') === null)
    throw issueError([
      issue('statusForbidsChange', { field: 'statusCode', params: { from: statusCode, to: statusCode } }),
    ]);
  throw issueError(problems);
};

/**
 * Production documents of an OPR order (Production/GenerateDocuments): one PRO document whose lines consume the
 * inputs (positions without a destination: taken from the location named on the position or the order header,
 * else anywhere, FEFO) and receive the outputs (positions with a destination), each for what earlier production
 * documents of the order do not hold yet. Inputs that stock cannot cover → productionNoResources.
 */
export const generateProductionDocuments = async (
  ctx: AppContext,
  unit: UnitOfWork,
  scope: Scope,
  order: Row,
  options: { confirm: boolean },
): Promise<DocumentWithPositions[]> => {
  const { tx } = unit;
  assertInProduction(order);
  const store = new OrderStore(ctx);
  const positions = await store.positionsOf(tx, scope, String(order.id));
  const values: PositionValues[] = positions.map((p) => ({
    ...p,
    productId: String(p.productId),
    quantity: Number(p.quantity),
  }));
  // Products may have been renamed since the order was saved: the naming rule holds at generation too.
  await checkOrderPositions(ctx, tx, scope, orderTypes.OPR, order, values);
  const progress = await progressOf(store, tx, scope, order, positions);
  const lines = positions
    .map((p, index) => ({ p, index, quantity: progress[index]?.toGenerate ?? 0 }))
    .filter((l) => l.quantity > 0);
  if (lines.length === 0) return [];

  const inputs = lines.filter((l) => !isProductionOutput(l.p));
  const config = await loadLogisticsConfig(tx, scope.clientAccountId);
  const picks = await pickSources(
    ctx,
    tx,
    scope,
    inputs.map((l) => ({
      productId: String(l.p.productId),
      quantity: l.quantity,
      sourceLocationId: textOf(l.p.sourceLocationId) ?? textOf(order.sourceLocationId),
      sourceContainer: textOf(l.p.sourceContainer),
      serialNumber: textOf(l.p.serialNumber),
      prodDate: textOf(l.p.prodDate),
      expDate: textOf(l.p.expDate),
    })),
    config,
    todayOf(Date.now()),
  );
  const missing: WarehouseIssue[] = [];
  inputs.forEach((l, k) => {
    const picked = picks[k];
    if (picked && !picked.ok)
      missing.push(
        issue('quantityExceedsAvailable', {
          positionIndex: l.index,
          field: 'quantity',
          params: { product: String(l.p.productId), quantity: picked.quantity, available: picked.available },
        }),
      );
  });
  if (missing.length) {
    const issues = await withProductLabels(ctx, tx, scope, missing);
    throw new AppError('productionNoResources', {
      issues: issues.map((i) => ({ ...i, params: { ...i.params } })),
    });
  }

  const pickOf = new Map(inputs.map((l, k) => [l.index, picks[k]]));
  const documentPositions: Row[] = [];
  for (const l of lines) {
    const common = { productId: l.p.productId, comment: textOf(l.p.comment) };
    const picked = pickOf.get(l.index);
    if (!picked) {
      documentPositions.push({
        ...common,
        quantity: l.quantity,
        destinationLocationId: textOf(l.p.destinationLocationId),
        destinationContainer: textOf(l.p.destinationContainer),
        serialNumber: textOf(l.p.serialNumber),
        prodDate: textOf(l.p.prodDate),
        expDate: textOf(l.p.expDate),
      });
      continue;
    }
    if (picked.ok)
      for (const s of picked.picks)
        documentPositions.push({
          ...common,
          quantity: s.quantity,
          sourceLocationId: s.key.locationId,
          sourceContainer: s.key.container,
          serialNumber: s.key.serialNumber,
          prodDate: s.key.prodDate,
          expDate: s.key.expDate,
        });
  }
  // Every line names its own side, so the header carries no location a line could inherit by mistake.
  const header = {
    ...documentHeader(documentTypes.PRO, order),
    sourceLocationId: null,
    destinationLocationId: null,
    sourceContainer: null,
    destinationContainer: null,
  };
  const document = await documentPortOf(ctx).create(
    unit,
    scope,
    { ...header, positions: documentPositions },
    { confirm: options.confirm, generated: true, orderId: String(order.id) },
  );
  return [document];
};
