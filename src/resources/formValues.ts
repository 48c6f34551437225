import type { FieldError } from '../../domain/errors';
import { type ValidationResult, validateRecord } from '../../domain/resources/schema';
import { type FieldDef, type ResourceDefinition, writableFields } from '../../domain/resources/types';

/** What a form input holds: text for text-like and number inputs, booleans, string lists, or null. */
export type FormValue = string | boolean | string[] | null;
export type FormValues = Record<string, FormValue>;
export type FormMode = 'add' | 'edit';

/** Fields the form shows: writable and not hidden from forms. */
export const formFields = (def: ResourceDefinition): [string, FieldDef][] =>
  writableFields(def).filter(([, f]) => !f.hiddenInForm);

const pad = (n: number): string => String(n).padStart(2, '0');

/** An ISO instant as the value of an `<input type="datetime-local">` (local time, minutes). */
export const isoToLocalInput = (value: unknown): string => {
  if (typeof value !== 'string' || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The value of an `<input type="datetime-local">` as an ISO instant (undefined when not a date). */
export const localInputToIso = (value: string): string | undefined => {
  if (value.trim() === '') return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};

const initialValue = (f: FieldDef, value: unknown, mode: FormMode): FormValue => {
  const absent = value === undefined || value === null;
  const source = absent && mode === 'add' ? f.default : value;
  switch (f.kind) {
    case 'boolean':
      return source === true || source === 'true';
    case 'enumList':
    case 'tags':
      return Array.isArray(source) ? source.map(String) : [];
    case 'password':
      return '';
    case 'datetime':
      return isoToLocalInput(source);
    case 'date':
      return typeof source === 'string' ? source.slice(0, 10) : '';
    case 'enum':
    case 'ref':
      return source === undefined || source === null || source === '' ? null : String(source);
    case 'json':
      return source === undefined || source === null ? '' : JSON.stringify(source, null, 2);
    default:
      return source === undefined || source === null ? '' : String(source);
  }
};

/** The form's starting values: defaults for a new record, the row's values when editing. */
export const toFormValues = (
  def: ResourceDefinition,
  row: Readonly<Record<string, unknown>> | undefined,
  mode: FormMode,
): FormValues => {
  const values: FormValues = {};
  for (const [name, f] of formFields(def)) values[name] = initialValue(f, row?.[name], mode);
  return values;
};

const payloadValue = (f: FieldDef, value: FormValue | undefined): unknown => {
  if (value === undefined || value === null) return null;
  switch (f.kind) {
    case 'boolean':
      return value === true;
    case 'enumList':
    case 'tags':
      return Array.isArray(value) ? value : [];
    case 'integer':
    case 'decimal': {
      if (typeof value !== 'string') return value;
      const text = value.trim().replace(',', '.');
      if (text === '') return null;
      const n = Number(text);
      return Number.isFinite(n) ? n : value;
    }
    case 'datetime':
      return typeof value === 'string'
        ? value.trim() === ''
          ? null
          : (localInputToIso(value) ?? value)
        : value;
    case 'json': {
      if (typeof value !== 'string' || value.trim() === '') return null;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    }
    default:
      return typeof value === 'string' && value.trim() === '' ? null : value;
  }
};

/**
 * The write payload of the form. On edit an empty write-only field (password) means
 * "unchanged" and is left out.
 */
export const toPayload = (
  def: ResourceDefinition,
  values: FormValues,
  mode: FormMode,
): Record<string, unknown> => {
  const payload: Record<string, unknown> = {};
  for (const [name, f] of formFields(def)) {
    const value = values[name];
    if (mode === 'edit' && f.writeOnly && (value === undefined || value === null || value === '')) continue;
    payload[name] = payloadValue(f, value);
  }
  return payload;
};

/** Validates the payload with the server's rules (domain/resources/schema.ts). */
export const validatePayload = (
  def: ResourceDefinition,
  payload: Record<string, unknown>,
): ValidationResult => validateRecord(def, payload);

/** Field errors by field name (first error per field wins). */
export const errorsByField = (errors: readonly FieldError[]): Record<string, FieldError> => {
  const out: Record<string, FieldError> = {};
  for (const e of errors) if (!out[e.field]) out[e.field] = e;
  return out;
};
