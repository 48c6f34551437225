import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError, type FieldError } from '../../domain/errors';
import { canWrite } from '../../domain/resources/access';
import { dropEmptyWriteOnly, validateRecord } from '../../domain/resources/schema';
import type { ResourceDefinition } from '../../domain/resources/types';
import { isUuid } from '../../domain/rowValues';
import type { ResourceTable } from '../db/resourceTables';
import { deleteFilesOf } from '../files/deleteFilesOf';
import { ResourceService } from '../resources/resourceService';
import { type Row, toApiRow, toDbValues } from '../resources/rows';
import type { Scope } from '../resources/scope';
import type { CatalystUnit } from './unitOfWork';

/** One metal of a catalyst as stored: the metal rate's id and grams per kg of wet catalyst. */
export interface StockContent {
  readonly baseStockId: string;
  readonly gramsPerKg: number;
}

const contentEntry = z
  .object({
    baseStockId: z.uuid().optional(),
    baseStock: z.object({ baseStockId: z.uuid() }).passthrough().optional(),
    gramsPerKg: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z.number().min(0).max(1000),
    ),
  })
  .passthrough();

/** What the handler needs of the module's tables. */
const tablesOf = (unit: CatalystUnit) => {
  const { schema } = unit.ctx;
  const def = schema.definitions.find((d) => d.name === 'catalyst');
  const table = schema.resourceTables.catalyst;
  const metals = schema.resourceTables.companyStockRateRule;
  if (!def || !table || !metals) throw new Error('the catalyst resources are missing');
  return { def, table, metals };
};

const col = (table: ResourceTable, name: string): PgColumn => {
  const c = table[name];
  if (!c) throw new Error(`no column ${name}`);
  return c;
};

/**
 * The metals of `productStockContent` (entries carry `baseStockId` or a nested `baseStock` with it), each a
 * metal rate of the caller's company, each once; stored as `{ baseStockId, gramsPerKg }`.
 */
const parseContent = async (unit: CatalystUnit, scope: Scope, value: unknown): Promise<StockContent[]> => {
  if (value === null || value === undefined) return [];
  const invalid = () =>
    new AppError('formHasErrors', { fields: [{ field: 'productStockContent', rule: 'invalidValue' }] });
  if (!Array.isArray(value) || value.length > 50) throw invalid();
  const out: StockContent[] = [];
  for (const raw of value) {
    const parsed = contentEntry.safeParse(raw);
    if (!parsed.success) throw invalid();
    const id = parsed.data.baseStockId ?? parsed.data.baseStock?.baseStockId;
    if (!id || out.some((c) => c.baseStockId === id)) throw invalid();
    out.push({ baseStockId: id.toLowerCase(), gramsPerKg: parsed.data.gramsPerKg });
  }
  if (out.length) {
    const { metals } = tablesOf(unit);
    const found = await unit.tx
      .select({ id: col(metals, 'id') })
      .from(metals)
      .where(
        and(
          eq(col(metals, 'clientAccountId'), scope.clientAccountId),
          inArray(
            col(metals, 'id'),
            out.map((c) => c.baseStockId),
          ),
        ),
      );
    if (found.length !== out.length) throw invalid();
  }
  return out;
};

/** A reference must point at a row of the same company; anything else is an invalid value. */
const checkRef = async (unit: CatalystUnit, scope: Scope, field: string, resource: string, id: unknown) => {
  if (typeof id !== 'string') return;
  const table = unit.ctx.schema.resourceTables[resource];
  if (!table) throw new Error(`no table ${resource}`);
  const found = await unit.tx
    .select({ id: col(table, 'id') })
    .from(table)
    .where(and(eq(col(table, 'id'), id), eq(col(table, 'clientAccountId'), scope.clientAccountId)))
    .limit(1);
  if (!found.length) throw new AppError('formHasErrors', { fields: [{ field, rule: 'invalidValue' }] });
};

const searchTextOf = (name: unknown, serials: unknown): string =>
  [typeof name === 'string' ? name : '', ...(Array.isArray(serials) ? serials.map(String) : [])]
    .join(' ')
    .toLowerCase();

const assertWrite = (def: ResourceDefinition, scope: Scope) => {
  if (!canWrite(def, scope.claims)) throw new AppError('forbidden');
};

const findForUpdate = async (unit: CatalystUnit, scope: Scope, id: string): Promise<Row> => {
  const { table } = tablesOf(unit);
  if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
  const [row] = await unit.tx
    .select()
    .from(table)
    .where(and(eq(col(table, 'id'), id), eq(col(table, 'clientAccountId'), scope.clientAccountId)))
    .for('update');
  if (!row) throw new AppError('notFoundOrNoPermission');
  return row;
};

/**
 * Saves a catalyst (creates it without `id`, else replaces the fields given): validation by the definition,
 * metals and references within the company, the search text, the record log, a change to announce. The
 * write path of the catalyst screens and of the business-data import.
 */
export const saveCatalyst = async (
  unit: CatalystUnit,
  scope: Scope,
  input: unknown,
  id?: string,
): Promise<Row> => {
  const { def, table } = tablesOf(unit);
  assertWrite(def, scope);
  const existing = id === undefined ? undefined : await findForUpdate(unit, scope, id);
  const given = typeof input === 'object' && input !== null ? (input as Row) : {};
  if (existing && typeof given.version === 'number' && given.version !== existing.version)
    throw new AppError('statusForbidsChange', { status: 409 });
  const base = existing ? toApiRow(def, existing) : {};
  const { value, errors } = validateRecord(def, { ...base, ...dropEmptyWriteOnly(def, given) });
  const fields: FieldError[] = [...errors];
  if (fields.length) throw new AppError('formHasErrors', { fields });
  const values = toDbValues(def, value);
  values.productStockContent = await parseContent(unit, scope, value.productStockContent);
  await checkRef(unit, scope, 'producerId', 'catalystProducer', values.producerId);
  await checkRef(unit, scope, 'catalystGroupId', 'catalystGroup', values.catalystGroupId);
  values.searchText = searchTextOf(values.name, values.serialNumbers);
  const service = new ResourceService(unit.ctx, def);
  let row: Row | undefined;
  if (existing) {
    [row] = await unit.tx
      .update(table)
      .set({ ...values, updatedAt: new Date(), version: sql`${col(table, 'version')} + 1` })
      .where(
        and(
          eq(col(table, 'id'), String(existing.id)),
          eq(col(table, 'clientAccountId'), scope.clientAccountId),
        ),
      )
      .returning();
  } else {
    const newId = isUuid(given.id) ? given.id : undefined;
    [row] = await unit.tx
      .insert(table)
      .values({ ...values, ...(newId ? { id: newId } : {}), clientAccountId: scope.clientAccountId })
      .returning();
  }
  if (!row) throw new AppError('saveFailed');
  const action = existing ? 'update' : 'create';
  await service.log(unit.tx, scope, action, String(row.id), existing, row);
  unit.changes.push({
    clientAccountId: scope.clientAccountId,
    resourceType: 'catalyst',
    id: String(row.id),
    action,
  });
  return toApiRow(def, row);
};

/** Deletes a catalyst with its photos (its cart lines and individual rules go with it). */
export const deleteCatalyst = async (unit: CatalystUnit, scope: Scope, id: string): Promise<void> => {
  const { def, table } = tablesOf(unit);
  assertWrite(def, scope);
  const existing = await findForUpdate(unit, scope, id);
  await deleteFilesOf(unit.tx, scope.clientAccountId, 'catalyst', id);
  await unit.tx
    .delete(table)
    .where(and(eq(col(table, 'id'), id), eq(col(table, 'clientAccountId'), scope.clientAccountId)));
  await new ResourceService(unit.ctx, def).log(unit.tx, scope, 'delete', id, existing, undefined);
  unit.changes.push({
    clientAccountId: scope.clientAccountId,
    resourceType: 'catalyst',
    id,
    action: 'delete',
  });
};
