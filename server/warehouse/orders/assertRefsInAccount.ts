import { and, eq, inArray } from 'drizzle-orm';
import { AppError, type FieldError } from '../../../domain/errors';
import type { ResourceDefinition } from '../../../domain/resources/types';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { col } from '../../db/resourceColumns';
import type { Row } from '../../resources/rows';
import type { Scope } from '../../resources/scope';

/**
 * Every reference of the given records must point at a row of the caller's account; anything else is
 * reported as an invalid value of that field (`prefix` + field name), like the generic service does.
 * One query per referenced table, whatever the number of records.
 */
export const assertRefsInAccount = async (
  ctx: AppContext,
  db: Executor,
  scope: Scope,
  def: ResourceDefinition,
  records: readonly { readonly values: Row; readonly prefix: string }[],
): Promise<void> => {
  const wanted = new Map<string, Set<string>>();
  for (const { values } of records)
    for (const [name, f] of Object.entries(def.fields)) {
      const v = values[name];
      if (f.kind !== 'ref' || typeof v !== 'string' || !f.ref) continue;
      wanted.set(f.ref, (wanted.get(f.ref) ?? new Set()).add(v));
    }
  const found = new Map<string, Set<string>>();
  for (const [ref, ids] of wanted) {
    const target = ctx.schema.resourceTables[ref];
    if (!target) continue;
    const rows = await db
      .select({ id: col(target, 'id') })
      .from(target)
      .where(
        and(eq(col(target, 'clientAccountId'), scope.clientAccountId), inArray(col(target, 'id'), [...ids])),
      );
    found.set(ref, new Set(rows.map((r) => String(r.id))));
  }
  const fields: FieldError[] = [];
  for (const { values, prefix } of records)
    for (const [name, f] of Object.entries(def.fields)) {
      const v = values[name];
      if (f.kind !== 'ref' || typeof v !== 'string' || !f.ref) continue;
      if (!found.get(f.ref)?.has(v)) fields.push({ field: `${prefix}${name}`, rule: 'invalidValue' });
    }
  if (fields.length) throw new AppError('formHasErrors', { fields });
};
