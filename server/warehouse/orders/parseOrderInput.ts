import { z } from 'zod';
import { AppError, type FieldError } from '../../../domain/errors';
import { validateRecord } from '../../../domain/resources/schema';
import { type Row, toApiRow, toDbValues } from '../../resources/rows';
import type { OrderTables } from './orderTables';

/** Positions one order may carry in one request. */
export const maxOrderPositions = 5000;

/** A position as stored, without its order, line number and realised quantity (server-managed). */
export type PositionValues = Row & { productId: string; quantity: number };

export interface OrderInput {
  /** Validated column values of the header (the stored record with the changes applied). */
  readonly header: Row;
  /** undefined = positions not sent (an edit keeps them). */
  readonly positions: PositionValues[] | undefined;
  readonly saveAs: 'workingCopy' | 'production' | undefined;
  readonly generateDocuments: boolean;
  /** Client-chosen id of a new order (offline clients), when it is a UUID. */
  readonly id: string | undefined;
  /** Expected version: the edit is refused when the stored order changed meanwhile. */
  readonly version: number | undefined;
}

const optionsSchema = z.object({
  saveAs: z.enum(['workingCopy', 'production']).optional(),
  generateDocuments: z.boolean().optional(),
  id: z.uuid().optional(),
  version: z.number().int().optional(),
});

// Any valid UUID: positions are validated before their order exists.
const placeholderOrderId = '00000000-0000-4000-8000-000000000000';
const serverManaged = ['orderId', 'lineNo', 'quantityReal'];

/**
 * Checks an order body `{ ...header, positions?, saveAs?, generateDocuments? }` with the field rules of the
 * wmsOrder and wmsOrderPosition definitions. Position errors name `positions.<index>.<field>`.
 */
export const parseOrderInput = (
  tables: OrderTables,
  body: unknown,
  existing: Row | undefined,
): OrderInput => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('badRequest');
  const given = body as Row;
  const options = optionsSchema.safeParse({
    saveAs: given.saveAs ?? undefined,
    generateDocuments: given.generateDocuments ?? undefined,
    id: given.id ?? undefined,
    version: given.version ?? undefined,
  });
  if (!options.success) {
    const fields: FieldError[] = options.error.issues.map((i) => ({
      field: String(i.path[0] ?? ''),
      rule: 'invalidValue',
    }));
    throw new AppError('formHasErrors', { fields });
  }

  const { positions: rawPositions, ...headerInput } = given;
  const base = existing ? toApiRow(tables.orderDef, existing) : {};
  const checked = validateRecord(tables.orderDef, { ...base, ...headerInput });
  const errors: FieldError[] = [...checked.errors];
  // The type is chosen once; another type is a new order (clonetotype).
  if (existing && checked.value.typeCode !== undefined && checked.value.typeCode !== existing.typeCode)
    errors.push({ field: 'typeCode', rule: 'invalidValue' });

  let positions: PositionValues[] | undefined;
  if (rawPositions !== undefined && rawPositions !== null) {
    if (!Array.isArray(rawPositions)) errors.push({ field: 'positions', rule: 'invalidValue' });
    else if (rawPositions.length > maxOrderPositions)
      errors.push({ field: 'positions', rule: 'maxLength', params: { max: maxOrderPositions } });
    else {
      positions = [];
      rawPositions.forEach((raw: unknown, index) => {
        const input = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Row) : {};
        const result = validateRecord(tables.positionDef, { ...input, orderId: placeholderOrderId });
        for (const e of result.errors) errors.push({ ...e, field: `positions.${index}.${e.field}` });
        const values = toDbValues(tables.positionDef, result.value);
        for (const name of serverManaged) delete values[name];
        positions?.push(values as PositionValues);
      });
    }
  }
  if (errors.length) throw new AppError('formHasErrors', { fields: errors });
  return {
    header: toDbValues(tables.orderDef, checked.value),
    positions,
    saveAs: options.data.saveAs,
    generateDocuments: options.data.generateDocuments ?? false,
    id: options.data.id,
    version: options.data.version,
  };
};
