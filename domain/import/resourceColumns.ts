import type { FieldDef, ResourceDefinition } from '../resources/types';
import type { ImportCellKind, ImportColumn } from './importColumn';

const kindOf = (f: FieldDef): ImportCellKind => {
  switch (f.kind) {
    case 'integer':
      return 'integer';
    case 'decimal':
      return 'decimal';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'tags':
    case 'enumList':
      return 'list';
    default:
      return 'text';
  }
};

/**
 * Import columns for fields of a resource, headed with the fields' own translated names (`resources:<name>.fields.*`):
 * `fields` maps each field to the example value of the template's example row. `noZero` lists numbers that stay
 * empty when left empty (limits where 0 would mean something).
 */
export const resourceColumns = (
  def: ResourceDefinition,
  fields: Readonly<Record<string, string | number | boolean>>,
  noZero: readonly string[] = [],
): ImportColumn[] =>
  Object.entries(fields).map(([key, example]) => {
    const f = def.fields[key];
    if (!f) throw new Error(`${def.name} has no field ${key}`);
    return {
      key,
      kind: kindOf(f),
      label: `resources:${def.name}.fields.${key}`,
      example,
      ...(f.required ? { required: true } : {}),
      ...(noZero.includes(key) ? { emptyIsZero: false } : {}),
    };
  });

/** A column of the import namespace (a name standing for a reference, a quantity…): `imports:columns.<key>`. */
export const importColumn = (
  key: string,
  kind: ImportCellKind,
  example: string | number | boolean,
  required = false,
): ImportColumn => ({
  key,
  kind,
  label: `imports:columns.${key}`,
  example,
  ...(required ? { required } : {}),
});
