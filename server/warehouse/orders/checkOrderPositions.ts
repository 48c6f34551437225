import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { issue, type WarehouseIssue } from '../../../domain/warehouse/issues';
import type { OrderTypeDef } from '../../../domain/warehouse/orderTypes';
import { isPositiveQuantity } from '../../../domain/warehouse/quantity';
import { checkProductionNameNeedsHyphen } from '../../../domain/warehouse/validators/checkProductionNameNeedsHyphen';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { col } from '../../db/resourceColumns';
import type { Row } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import { issueError } from './issueError';
import { orderTablesOf } from './orderTables';
import type { PositionValues } from './parseOrderInput';

/** A production order's position produces goods when it names where they go; otherwise it consumes material. */
export const isProductionOutput = (position: Row): boolean =>
  typeof position.destinationLocationId === 'string' && position.destinationLocationId !== '';

/** The header field a count of this scope needs (VER-P a product, VER-C a contractor, VER-L a location). */
const verificationField = {
  product: 'verifyProductId',
  contractor: 'contractorId',
  location: 'verifyLocationId',
} as const;

/**
 * Order rules checked on save: a count names what it counts; move and production lines have a quantity above 0;
 * a production order's outputs follow the production naming rule (name, index and external id with a hyphen).
 */
export const checkOrderPositions = async (
  ctx: AppContext,
  db: Executor,
  scope: Scope,
  type: OrderTypeDef,
  header: Row,
  positions: readonly PositionValues[],
): Promise<void> => {
  const scopeField =
    type.verificationScope && type.verificationScope !== 'all'
      ? verificationField[type.verificationScope]
      : undefined;
  if (scopeField && (header[scopeField] === null || header[scopeField] === undefined))
    throw new AppError('formHasErrors', { fields: [{ field: scopeField, rule: 'required' }] });
  if (type.group === 'verify') return;

  const issues: WarehouseIssue[] = [];
  positions.forEach((p, positionIndex) => {
    if (!isPositiveQuantity(p.quantity))
      issues.push(issue('quantityNotPositive', { positionIndex, field: 'quantity' }));
  });
  if (type.group === 'production') {
    const outputs = positions.map((p, i) => ({ p, i })).filter(({ p }) => isProductionOutput(p));
    const ids = [...new Set(outputs.map(({ p }) => p.productId))];
    const products = orderTablesOf(ctx).products;
    const rows = ids.length
      ? await db
          .select({
            id: col(products, 'id'),
            name: col(products, 'name'),
            index: col(products, 'index'),
            sapId: col(products, 'sapId'),
          })
          .from(products)
          .where(
            and(
              eq(col(products, 'clientAccountId'), scope.clientAccountId),
              inArray(col(products, 'id'), ids),
            ),
          )
      : [];
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    for (const { p, i } of outputs) {
      const product = byId.get(p.productId);
      if (!product) continue;
      for (const found of checkProductionNameNeedsHyphen({
        name: String(product.name ?? ''),
        index: String(product.index ?? ''),
        sapId: product.sapId === null ? null : String(product.sapId),
      }))
        issues.push({ ...found, positionIndex: i });
    }
  }
  if (issues.length)
    throw issueError(issues.sort((a, b) => (a.positionIndex ?? -1) - (b.positionIndex ?? -1)));
};
