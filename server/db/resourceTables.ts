import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  type IndexBuilder,
  index,
  integer,
  jsonb,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FieldDef, ResourceDefinition } from '../../domain/resources/types';
import { clientAccount } from './internalTables';

/** A table built at run time from a definition: columns are only known by name. */
export type ResourceTable = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: Record<string, PgColumn>;
  dialect: 'pg';
}>;

export const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const column = (name: string, f: FieldDef, target: () => ResourceTable | undefined): PgColumnBuilderBase => {
  const col = snake(name);
  switch (f.kind) {
    case 'integer': {
      const c = integer(col);
      return f.required ? c.notNull() : typeof f.default === 'number' ? c.default(f.default) : c;
    }
    case 'decimal': {
      const c = doublePrecision(col);
      return f.required ? c.notNull() : typeof f.default === 'number' ? c.default(f.default) : c;
    }
    case 'boolean':
      return boolean(col)
        .notNull()
        .default(f.default === true);
    case 'date':
      return date(col, { mode: 'string' });
    case 'datetime':
      return timestamp(col, { withTimezone: true, mode: 'date' });
    case 'enumList':
    case 'tags':
      return jsonb(col).$type<string[]>().notNull().default([]);
    case 'json':
      return jsonb(col);
    case 'ref': {
      const onDelete =
        f.onDelete === 'setNull' ? 'set null' : f.onDelete === 'cascade' ? 'cascade' : 'restrict';
      const c = uuid(col).references(
        () => {
          const t = target();
          if (!t?.id) throw new Error(`unknown table for ${name}`);
          return t.id;
        },
        { onDelete },
      );
      return f.required ? c.notNull() : c;
    }
    default: {
      const c = text(col);
      if (f.required && !f.writeOnly) return c.notNull();
      return typeof f.default === 'string' ? c.default(f.default) : c;
    }
  }
};

/**
 * Builds one Drizzle table per resource definition: system columns (id, tenant, timestamps,
 * version) plus one column per field, unique indexes scoped to the account or global, and
 * foreign keys that refuse deleting a referenced row unless the field says otherwise.
 */
export const buildResourceTables = (defs: readonly ResourceDefinition[]): Record<string, ResourceTable> => {
  const tables: Record<string, ResourceTable> = {};
  for (const def of defs) {
    const columns: Record<string, PgColumnBuilderBase> = {
      id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
      clientAccountId: def.tenantOptional
        ? uuid('client_account_id').references(() => clientAccount.id, { onDelete: 'cascade' })
        : uuid('client_account_id')
            .notNull()
            .references(() => clientAccount.id, { onDelete: 'cascade' }),
      createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
      version: integer('version').notNull().default(1),
    };
    for (const [name, f] of Object.entries(def.fields))
      if (!f.virtual) columns[name] = column(name, f, () => tables[f.ref ?? '']);
    const tableName = snake(def.name);
    const table = pgTable(tableName, columns, (t) => {
      const account = t.clientAccountId!;
      const extra: IndexBuilder[] = [index(`${tableName}_account_idx`).on(account, t.createdAt!)];
      for (const [name, f] of Object.entries(def.fields)) {
        const col = t[name];
        if (!col) continue;
        if (f.unique === 'global') extra.push(uniqueIndex(`${tableName}_${snake(name)}_uq`).on(col));
        else if (f.unique === 'account')
          extra.push(uniqueIndex(`${tableName}_${snake(name)}_uq`).on(account, col));
        else if (f.kind === 'ref') extra.push(index(`${tableName}_${snake(name)}_idx`).on(col));
      }
      return extra;
    }) as unknown as ResourceTable;
    tables[def.name] = table;
  }
  return tables;
};
