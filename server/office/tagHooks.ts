import { sql } from 'drizzle-orm';
import type { ResourceDefinition } from '../../domain/resources/types';
import type { Tx } from '../db/client';
import { snake } from '../db/resourceTables';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';

/** Every (table, column) whose values are tags of the dictionary. */
const tagColumns = (definitions: readonly ResourceDefinition[]) =>
  definitions.flatMap((d) =>
    Object.entries(d.fields)
      .filter(([, f]) => f.kind === 'tags' && f.tagPicker)
      .map(([name]) => ({ table: sql.identifier(snake(d.name)), column: sql.identifier(snake(name)) })),
  );

/** Replaces (or, with `to` null, removes) one tag on every record of the account that carries it. */
const retag = async (
  tx: Tx,
  definitions: readonly ResourceDefinition[],
  clientAccountId: string,
  from: string,
  to: string | null,
) => {
  const needle = JSON.stringify([from]);
  for (const { table, column } of tagColumns(definitions)) {
    const next =
      to === null
        ? sql`${column} - ${from}::text`
        : // In place, once (a record that already had the new name keeps one), order kept.
          sql`(select coalesce(jsonb_agg(x order by o), '[]'::jsonb) from (select case when v = ${from} then ${to}::text else v end as x, min(n) as o from jsonb_array_elements_text(${column}) with ordinality as e(v, n) group by 1) s)`;
    await tx.execute(
      sql`update ${table} set ${column} = ${next} where client_account_id = ${clientAccountId}::uuid and ${column} @> ${needle}::jsonb`,
    );
  }
};

interface TagChange {
  readonly scope: Scope;
  readonly tx: Tx;
  readonly definitions: readonly ResourceDefinition[];
}

/**
 * Tags: a rename renames the tag on every record that carries it; a deleted tag comes off them. Plain functions
 * (the resource hooks table in server/resources/hooks.ts wires them), so this file needs nothing from there.
 */
export const tagHooks = {
  async afterWrite({
    scope,
    row,
    existing,
    tx,
    definitions,
  }: TagChange & { row: Row; existing: Row | undefined }) {
    const before = typeof existing?.name === 'string' ? existing.name : undefined;
    if (before !== undefined && before !== row.name)
      await retag(tx, definitions, scope.clientAccountId, before, String(row.name));
  },
  async beforeDelete({ scope, existing, tx, definitions }: TagChange & { existing: Row }) {
    if (typeof existing.name === 'string')
      await retag(tx, definitions, scope.clientAccountId, existing.name, null);
  },
};
