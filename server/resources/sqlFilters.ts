import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../domain/errors';
import { isStorableText } from '../../domain/input/storableText';
import { isCalendarDate, numberBounds, parseMoment } from '../../domain/resources/bounds';
import type { Filter } from '../../domain/resources/query';
import type { FieldKind, ResourceDefinition } from '../../domain/resources/types';
import { isUuid } from '../../domain/rowValues';
import type { ResourceTable } from '../db/resourceTables';

const bad = (field: string) =>
  new AppError('invalidFilter', { fields: [{ field, rule: 'invalidValue' }], detail: field });

const kindOf = (def: ResourceDefinition, field: string): FieldKind => {
  if (field === 'id') return 'ref';
  if (field === 'createdAt' || field === 'updatedAt') return 'datetime';
  return def.fields[field]?.kind ?? 'string';
};

/**
 * A filter value as a typed SQL parameter: parsed into the field's type and checked against what the column
 * holds (numbers within the field's bounds, real calendar days, times within years 1–9999, storable text), so
 * nothing reaches SQL that the database would refuse. Anything else is a 400 naming the field.
 */
const param = (kind: FieldKind, field: string, v: unknown, bounds: { min: number; max: number }): SQL => {
  if (v === undefined) throw bad(field);
  switch (kind) {
    case 'integer':
    case 'decimal': {
      const n = typeof v === 'number' ? v : Number(v);
      if (v === '' || v === null || typeof v === 'boolean' || !Number.isFinite(n)) throw bad(field);
      if (n < bounds.min || n > bounds.max) throw bad(field);
      if (kind === 'integer' && !Number.isInteger(n)) throw bad(field);
      return sql`${n}`;
    }
    case 'boolean':
      if (v === true || v === 'true') return sql`true`;
      if (v === false || v === 'false') return sql`false`;
      throw bad(field);
    case 'date':
      if (typeof v !== 'string' || !isCalendarDate(v)) throw bad(field);
      return sql`${v}::date`;
    case 'datetime': {
      const t = parseMoment(v);
      if (!t) throw bad(field);
      return sql`${t.toISOString()}::timestamptz`;
    }
    case 'ref':
      if (!isUuid(v)) throw bad(field);
      return sql`${v}::uuid`;
    default:
      if (v === null || typeof v === 'object' || !isStorableText(String(v))) throw bad(field);
      return sql`${String(v)}`;
  }
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One WHERE condition per filter, built only from the resource's own columns. */
export const filterCondition = (def: ResourceDefinition, table: ResourceTable, f: Filter): SQL => {
  const col = table[f.field] as PgColumn | undefined;
  if (!col) throw bad(f.field);
  const kind = kindOf(def, f.field);
  // Filters compare: only what the column holds bounds them, not the field's own entry rules.
  const bounds = numberBounds({ kind });
  if (f.operator === 'isNull')
    return kind === 'enumList' || kind === 'tags' ? sql`jsonb_array_length(${col}) = 0` : sql`${col} is null`;
  if (f.operator === 'notNull')
    return kind === 'enumList' || kind === 'tags'
      ? sql`jsonb_array_length(${col}) > 0`
      : sql`${col} is not null`;
  if (kind === 'enumList' || kind === 'tags') {
    const values = Array.isArray(f.value) ? f.value : [f.value];
    if (values.some((v) => typeof v !== 'string' || !isStorableText(v))) throw bad(f.field);
    const contains = sql`${col} @> ${JSON.stringify(values)}::jsonb`;
    if (f.operator === 'eq' || f.operator === 'contains' || f.operator === 'in') return contains;
    if (f.operator === 'neq') return sql`not (${contains})`;
    throw bad(f.field);
  }
  switch (f.operator) {
    case 'eq':
      return f.value === null ? sql`${col} is null` : sql`${col} = ${param(kind, f.field, f.value, bounds)}`;
    case 'neq':
      return f.value === null
        ? sql`${col} is not null`
        : sql`${col} is distinct from ${param(kind, f.field, f.value, bounds)}`;
    case 'gt':
      return sql`${col} > ${param(kind, f.field, f.value, bounds)}`;
    case 'gte':
      return sql`${col} >= ${param(kind, f.field, f.value, bounds)}`;
    case 'lt':
      return sql`${col} < ${param(kind, f.field, f.value, bounds)}`;
    case 'lte':
      return sql`${col} <= ${param(kind, f.field, f.value, bounds)}`;
    case 'contains':
    case 'startsWith': {
      if (typeof f.value !== 'string' && typeof f.value !== 'number') throw bad(f.field);
      if (typeof f.value === 'string' && !isStorableText(f.value)) throw bad(f.field);
      const text = likeEscape(String(f.value));
      const pattern = f.operator === 'contains' ? `%${text}%` : `${text}%`;
      return sql`${col}::text ilike ${pattern}`;
    }
    case 'in': {
      const values = Array.isArray(f.value) ? f.value : [];
      if (values.length === 0) return sql`false`;
      return sql`${col} in (${sql.join(
        values.map((v) => param(kind, f.field, v, bounds)),
        sql`, `,
      )})`;
    }
  }
};
