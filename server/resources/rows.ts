import { type ResourceDefinition, visibleFields } from '../../domain/resources/types';

export type Row = Record<string, unknown>;

const iso = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : v);

/** Visible field names per definition: a list or a feed page shapes thousands of rows of one definition. */
const visibleNames = new WeakMap<ResourceDefinition, readonly string[]>();
const visibleNamesOf = (def: ResourceDefinition): readonly string[] => {
  let names = visibleNames.get(def);
  if (!names) {
    names = visibleFields(def).map(([name]) => name);
    visibleNames.set(def, names);
  }
  return names;
};

/** The API shape of a row: system fields plus visible fields, dates as ISO strings. */
export const toApiRow = (def: ResourceDefinition, row: Row): Row => {
  const out: Row = {
    id: row.id,
    clientAccountId: row.clientAccountId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    version: row.version,
  };
  for (const name of visibleNamesOf(def)) out[name] = iso(row[name] ?? null);
  return out;
};

/** Turns validated API values into column values (datetimes become Dates). */
export const toDbValues = (def: ResourceDefinition, values: Row): Row => {
  const out: Row = {};
  for (const [name, value] of Object.entries(values)) {
    const f = def.fields[name];
    if (!f) continue;
    out[name] = f.kind === 'datetime' && typeof value === 'string' ? new Date(value) : value;
  }
  return out;
};

export const titleOf = (def: ResourceDefinition, row: Row): string => {
  const v = row[def.titleField];
  return v === null || v === undefined ? String(row.id ?? '') : String(v);
};
