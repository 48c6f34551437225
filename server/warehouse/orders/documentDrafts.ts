import { textOf } from '../../../domain/rowValues';
import type { DocumentTypeDef } from '../../../domain/warehouse/documentTypes';
import type { WarehouseIssue } from '../../../domain/warehouse/issues';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { Row } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import { loadProducts } from '../stock/ruleRows';

/** Issues name products by index, as the domain's messages do. */
export const withProductLabels = async (
  ctx: AppContext,
  tx: Tx,
  scope: Scope,
  issues: readonly WarehouseIssue[],
): Promise<WarehouseIssue[]> => {
  const ids = issues.map((i) => i.params?.product).filter((v): v is string => typeof v === 'string');
  const products = await loadProducts(ctx, tx, scope.clientAccountId, ids);
  return issues.map((i) => {
    const id = i.params?.product;
    const product = typeof id === 'string' ? products.get(id) : undefined;
    return product && i.params ? { ...i, params: { ...i.params, product: product.index } } : i;
  });
};

/** A document position from an order position, without the sides the document type forbids. */
export const documentPosition = (type: DocumentTypeDef, p: Row, quantity: number): Row => ({
  productId: p.productId,
  quantity,
  sourceLocationId: type.sourceLocation === 'forbidden' ? null : textOf(p.sourceLocationId),
  destinationLocationId: type.destinationLocation === 'forbidden' ? null : textOf(p.destinationLocationId),
  sourceContainer: type.sourceContainer === 'forbidden' ? null : textOf(p.sourceContainer),
  destinationContainer: type.destinationContainer === 'forbidden' ? null : textOf(p.destinationContainer),
  serialNumber: textOf(p.serialNumber),
  prodDate: textOf(p.prodDate),
  expDate: textOf(p.expDate),
  comment: textOf(p.comment),
});

/** The header a generated document takes from its order. */
export const documentHeader = (type: DocumentTypeDef, order: Row): Row => ({
  typeCode: type.code,
  contractorId: type.internal ? null : textOf(order.contractorId),
  sourceLocationId: type.sourceLocation === 'forbidden' ? null : textOf(order.sourceLocationId),
  destinationLocationId:
    type.destinationLocation === 'forbidden' ? null : textOf(order.destinationLocationId),
  sourceContainer: type.sourceContainer === 'forbidden' ? null : textOf(order.sourceContainer),
  destinationContainer: type.destinationContainer === 'forbidden' ? null : textOf(order.destinationContainer),
  plannedDate:
    order.plannedDate instanceof Date ? order.plannedDate.toISOString() : (order.plannedDate ?? null),
  priority: order.priority ?? 'normal',
  comment: textOf(order.comment),
});
