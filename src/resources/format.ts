import type { FieldDef, ResourceDefinition } from '../../domain/resources/types';

const pad = (n: number): string => String(n).padStart(2, '0');

const parseDate = (value: unknown): Date | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return undefined;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/** The spec's default date-time format `YYYY-MM-DD HH:mm`, in local time. */
export const formatDateTime = (value: unknown): string => {
  const d = parseDate(value);
  if (!d) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** A date-only value `YYYY-MM-DD` (kept as is: date fields carry no time zone). */
export const formatDate = (value: unknown): string => {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  const d = parseDate(value);
  return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
};

/** Translates an i18n key with optional interpolation values. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface FormatContext {
  readonly t: Translate;
  /** Titles of referenced rows by id. */
  readonly refTitles?: ReadonlyMap<string, string>;
}

const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** The display value a row may carry for a ref field (`<field>Title`, or `contractorName` for `contractorId`). */
export const refDisplayValue = (
  row: Readonly<Record<string, unknown>>,
  field: string,
): string | undefined => {
  const base = field.endsWith('Id') ? field.slice(0, -2) : field;
  for (const key of [`${field}Title`, `${base}Title`, `${base}Name`]) {
    if (key === field) continue;
    const v = row[key];
    if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
};

const enumLabel = (def: ResourceDefinition, field: string, value: string, t: Translate): string =>
  t(`resources:${def.name}.options.${field}.${value}`, { defaultValue: value });

const numberText = (f: FieldDef, value: unknown): string => {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  return f.kind === 'integer' ? String(Math.trunc(n)) : String(n);
};

/**
 * A field value as plain text (table cells of the print view, preview, export-like contexts).
 * Booleans become ✓ / ✗, dates `YYYY-MM-DD HH:mm`, enums their translated labels,
 * refs the referenced row's title when known.
 */
export const formatValue = (
  def: ResourceDefinition,
  field: string,
  row: Readonly<Record<string, unknown>>,
  ctx: FormatContext,
): string => {
  const f = def.fields[field];
  const value = row[field];
  if (field === 'createdAt' || field === 'updatedAt') return formatDateTime(value);
  if (!f) return isBlank(value) ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (f.kind === 'boolean') return value === true ? '✓' : value === false ? '✗' : '';
  if (isBlank(value)) return '';
  switch (f.kind) {
    case 'datetime':
      return formatDateTime(value);
    case 'date':
      return formatDate(value);
    case 'enum':
      return enumLabel(def, field, String(value), ctx.t);
    case 'enumList':
      return (Array.isArray(value) ? value : [value])
        .map((v) => enumLabel(def, field, String(v), ctx.t))
        .join(', ');
    case 'tags':
      return (Array.isArray(value) ? value : [value]).map(String).join(', ');
    case 'integer':
    case 'decimal':
      return numberText(f, value);
    case 'ref':
      return refDisplayValue(row, field) ?? ctx.refTitles?.get(String(value)) ?? String(value);
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    case 'password':
      return '';
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
};

/** Ids of referenced rows a page needs titles for, by target resource name (rows carrying a title are skipped). */
export const refIdsToResolve = (
  def: ResourceDefinition,
  fields: readonly string[],
  rows: readonly Readonly<Record<string, unknown>>[],
): Map<string, Set<string>> => {
  const out = new Map<string, Set<string>>();
  for (const field of fields) {
    const f = def.fields[field];
    if (f?.kind !== 'ref' || !f.ref) continue;
    for (const row of rows) {
      const v = row[field];
      if (typeof v !== 'string' || v === '' || refDisplayValue(row, field) !== undefined) continue;
      const set = out.get(f.ref) ?? new Set<string>();
      set.add(v);
      out.set(f.ref, set);
    }
  }
  return out;
};
