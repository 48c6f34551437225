import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, type FieldError } from '../../../domain/errors';
import { isUuid } from '../../../domain/rowValues';
import { issue } from '../../../domain/warehouse/issues';
import { subtractQuantity } from '../../../domain/warehouse/quantity';
import { stockKeyString } from '../../../domain/warehouse/stock';
import type { AppContext } from '../../context';
import { col, tableOf } from '../../db/resourceColumns';
import type { Scope } from '../../resources/scope';
import type { UnitOfWork } from '../../unitOfWork';
import { type DbStockKey, fromDbKey, toDbKey } from '../stock/stockKeys';
import { stockServiceOf } from '../stock/stockService';
import { maxPositions } from './documentInput';
import { type DocumentWithPositions, documentServiceOf } from './documentService';

const optionalText = z.string().trim().max(100).nullable().optional();
const optionalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .nullable()
  .optional();
export const groupMovementSchema = z.object({
  typeCode: z.enum(['ARL', 'LCR']),
  destinationLocationId: z.uuid(),
  destinationContainer: z.string().trim().max(64).nullable().optional(),
  positions: z
    .array(
      z.object({
        stockId: z.uuid().optional(),
        productId: z.uuid().optional(),
        sourceLocationId: z.uuid().optional(),
        container: optionalText,
        serialNumber: optionalText,
        prodDate: optionalDate,
        expDate: optionalDate,
        /** Absent = everything available at that stock row. */
        quantity: z.number().finite().optional(),
      }),
    )
    .min(1)
    .max(maxPositions),
  confirm: z.boolean().optional(),
});

const formErrors = (error: z.ZodError): AppError =>
  new AppError('formHasErrors', {
    fields: error.issues.map((i) => ({ field: i.path.map(String).join('.'), rule: 'invalidValue' as const })),
  });

/**
 * POST WmsDocumentPosition/groupmovement: a relocation (ARL, or LCR for whole bins) of the chosen stock rows to one
 * destination, made and validated like any document.
 */
export const groupMovement = async (
  ctx: AppContext,
  unit: UnitOfWork,
  scope: Scope,
  body: unknown,
): Promise<DocumentWithPositions> => {
  const { tx } = unit;
  const parsed = groupMovementSchema.safeParse(body ?? {});
  if (!parsed.success) throw formErrors(parsed.error);
  const { stock } = ctx.schema.warehouseTables;
  const stockIds = parsed.data.positions.flatMap((p) => (p.stockId ? [p.stockId] : []));
  const byId = new Map(
    (stockIds.length
      ? await tx
          .select()
          .from(stock)
          .where(and(eq(stock.clientAccountId, scope.clientAccountId), inArray(stock.id, stockIds)))
      : []
    ).map((r) => [r.id, r]),
  );
  const fields: FieldError[] = [];
  const chosen: { key: DbStockKey; quantity: number | undefined }[] = [];
  for (const [index, p] of parsed.data.positions.entries()) {
    const row = p.stockId ? byId.get(p.stockId) : undefined;
    const key = row
      ? toDbKey({ ...row, container: row.container || null, serialNumber: row.serialNumber || null })
      : p.productId && p.sourceLocationId
        ? toDbKey({
            productId: p.productId,
            locationId: p.sourceLocationId,
            container: p.container ?? null,
            serialNumber: p.serialNumber ?? null,
            prodDate: p.prodDate ?? null,
            expDate: p.expDate ?? null,
          })
        : undefined;
    if (!key) {
      fields.push({
        field: `positions.${index}.${p.stockId ? 'stockId' : 'productId'}`,
        rule: 'invalidValue',
      });
      continue;
    }
    chosen.push({ key, quantity: p.quantity });
  }
  if (fields.length) throw new AppError('formHasErrors', { fields });
  // Rows moved whole: what is available at each, read in one query.
  const whole = chosen.filter((c) => c.quantity === undefined).map((c) => stockKeyString(fromDbKey(c.key)));
  const available = await stockServiceOf(ctx).availableFor(tx, scope.clientAccountId, whole);
  const positions = chosen.map(({ key, quantity }) => ({
    productId: key.productId,
    quantity: quantity ?? available.get(stockKeyString(fromDbKey(key))) ?? 0,
    sourceLocationId: key.locationId,
    sourceContainer: key.container || null,
    serialNumber: key.serialNumber || null,
    prodDate: key.prodDate,
    expDate: key.expDate,
  }));
  return documentServiceOf(ctx).create(
    unit,
    scope,
    {
      typeCode: parsed.data.typeCode,
      destinationLocationId: parsed.data.destinationLocationId,
      destinationContainer: parsed.data.destinationContainer ?? null,
      positions,
    },
    { confirm: parsed.data.confirm === true },
  );
};

/**
 * POST WmsDocumentPosition/ReleaseStorageSpace/{id}: empties a location with one confirmed internal release
 * (IOU) of everything available there. Nothing available → stockShortfall.
 */
export const releaseStorageSpace = async (
  ctx: AppContext,
  unit: UnitOfWork,
  scope: Scope,
  locationId: string,
): Promise<DocumentWithPositions> => {
  const { tx } = unit;
  const spaces = tableOf(ctx, 'storageSpace');
  if (!isUuid(locationId)) throw new AppError('notFoundOrNoPermission');
  const [location] = await tx
    .select({ id: col(spaces, 'id'), label: col(spaces, 'label') })
    .from(spaces)
    .where(and(eq(col(spaces, 'clientAccountId'), scope.clientAccountId), eq(col(spaces, 'id'), locationId)));
  if (!location) throw new AppError('notFoundOrNoPermission');
  const { stock } = ctx.schema.warehouseTables;
  const rows = await tx
    .select()
    .from(stock)
    .where(
      and(
        eq(stock.clientAccountId, scope.clientAccountId),
        eq(stock.locationId, locationId),
        sql`${stock.quantity} > ${stock.reserved}`,
      ),
    )
    .orderBy(asc(stock.productId), asc(stock.container), asc(stock.id));
  if (!rows.length)
    throw new AppError('stockShortfall', {
      issues: [
        issue('quantityExceedsAvailable', { params: { location: String(location.label), available: 0 } }),
      ],
    });
  return documentServiceOf(ctx).create(
    unit,
    scope,
    {
      typeCode: 'IOU',
      sourceLocationId: locationId,
      positions: rows.map((r) => ({
        productId: r.productId,
        quantity: subtractQuantity(r.quantity, r.reserved),
        sourceContainer: r.container || null,
        serialNumber: r.serialNumber || null,
        prodDate: r.prodDate,
        expDate: r.expDate,
      })),
    },
    { confirm: true },
  );
};
