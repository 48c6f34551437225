import { AppError, type FieldError } from '../../domain/errors';
import { validateRecord } from '../../domain/resources/schema';
import { type ResourceDefinition, writableFields } from '../../domain/resources/types';
import { type Row, toApiRow, toDbValues } from '../resources/rows';

/**
 * The column values of a write: the stored record (on edit) with the writable fields sent applied, checked with
 * the definition's field rules. `extra` adds this module's own field errors (checked on the merged values).
 */
export const recordValues = (
  def: ResourceDefinition,
  existing: Row | undefined,
  input: unknown,
  extra: (merged: Row) => FieldError[] = () => [],
): Row => {
  const given = typeof input === 'object' && input !== null ? (input as Row) : {};
  const base = existing ? toApiRow(def, existing) : {};
  const changes: Row = {};
  for (const [name] of writableFields(def)) if (name in given) changes[name] = given[name];
  const merged = { ...base, ...changes };
  const { value, errors } = validateRecord(def, merged);
  const all = [...errors, ...(errors.length ? [] : extra(value))];
  if (all.length) throw new AppError('formHasErrors', { fields: all });
  // Lists are stored as [] (never null): an emptied list is an empty one.
  for (const [name, f] of Object.entries(def.fields))
    if ((f.kind === 'tags' || f.kind === 'enumList') && name in value && value[name] === null)
      value[name] = [];
  return toDbValues(def, value);
};

/** A stored date (Date or ISO text) as a Date, null when none. */
export const dateOf = (v: unknown): Date | null => {
  if (v instanceof Date) return v;
  if (typeof v === 'string' && v !== '') {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
};

export const listOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
