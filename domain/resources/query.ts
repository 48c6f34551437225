import { z } from 'zod';
import { AppError } from '../errors';
import { queryableFields, type ResourceDefinition } from './types';

export const filterOperators = [
  'eq',
  'neq',
  'contains',
  'startsWith',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'isNull',
  'notNull',
] as const;
export type FilterOperator = (typeof filterOperators)[number];

const scalar = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);
export const filterSchema = z.object({
  field: z.string().max(100),
  operator: z.enum(filterOperators).default('eq'),
  value: z.union([scalar, z.array(scalar).max(1000)]).optional(),
});
export type Filter = z.infer<typeof filterSchema>;

export interface PageQuery {
  readonly pageNumber: number;
  readonly pageSize: number;
  readonly sortColumn: string | undefined;
  readonly sortDescending: boolean;
  readonly filters: Filter[];
}

export interface Page<T> {
  readonly results: T[];
  readonly allFilteredRowCount: number;
}

const pageQuerySchema = z.object({
  PageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  PageSize: z.coerce.number().int().min(1).max(1000).default(25),
  sortColumn: z.string().max(100).optional(),
  sortDescending: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1'),
  BasicFiltersSerialized: z.string().max(20_000).optional(),
});

/**
 * Parses the paged-list query (docs/api.md, "Generic resources") and checks every filter and sort column
 * against the resource's own fields, so nothing unknown ever reaches SQL.
 */
export const parsePageQuery = (def: ResourceDefinition, raw: Record<string, unknown>): PageQuery => {
  const q = pageQuerySchema.safeParse(raw);
  if (!q.success) throw new AppError('badRequest', { detail: q.error.message });
  const allowed = new Set(queryableFields(def));
  let filters: Filter[] = [];
  if (q.data.BasicFiltersSerialized) {
    let json: unknown;
    try {
      json = JSON.parse(q.data.BasicFiltersSerialized);
    } catch {
      throw new AppError('invalidFilter', { detail: 'BasicFiltersSerialized is not JSON' });
    }
    const parsed = z.array(filterSchema).max(50).safeParse(json);
    if (!parsed.success) throw new AppError('invalidFilter', { detail: parsed.error.message });
    filters = parsed.data;
  }
  for (const f of filters) {
    if (!allowed.has(f.field))
      throw new AppError('invalidFilter', {
        fields: [{ field: f.field, rule: 'invalidValue' }],
        detail: f.field,
      });
    if (f.operator === 'in' && !Array.isArray(f.value))
      throw new AppError('invalidFilter', { detail: f.field });
    if (f.operator !== 'in' && Array.isArray(f.value))
      throw new AppError('invalidFilter', { detail: f.field });
  }
  const sortColumn = q.data.sortColumn || undefined;
  if (sortColumn !== undefined && (!allowed.has(sortColumn) || def.fields[sortColumn]?.noSort))
    throw new AppError('invalidSort', {
      fields: [{ field: sortColumn, rule: 'invalidValue' }],
      detail: sortColumn,
    });
  return {
    pageNumber: q.data.PageNumber,
    pageSize: q.data.PageSize,
    sortColumn: sortColumn ?? def.defaultSort?.column,
    sortDescending: sortColumn ? q.data.sortDescending : (def.defaultSort?.descending ?? false),
    filters,
  };
};
