import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TemplateLines, TemplateValues } from '../../domain/office/templates';
import { type FieldDef, type ResourceDefinition, visibleFields } from '../../domain/resources/types';
import type { AppContext } from '../context';
import { translate } from '../i18n';
import { type Row, titleOf } from '../resources/rows';

/** Lines a template lists at most. */
const maxLines = 500;

const pad = (n: number) => String(n).padStart(2, '0');

/** An option's label in `lng` (the value itself when it has none). */
const option = (lng: string, def: ResourceDefinition, name: string, value: unknown): string => {
  const key = `${def.name}.options.${name}.${String(value)}`;
  const text = translate(lng, 'resources', key);
  return text === key ? String(value) : text;
};

/** A field's value as the app shows it, in `lng` (refs as the referenced record's title). */
const shown = (
  lng: string,
  def: ResourceDefinition,
  name: string,
  f: FieldDef,
  value: unknown,
  titles: ReadonlyMap<string, string>,
): string => {
  if (value === null || value === undefined || value === '') return '';
  switch (f.kind) {
    case 'enum':
      return option(lng, def, name, value);
    case 'enumList':
      return Array.isArray(value) ? value.map((v) => option(lng, def, name, v)).join(', ') : String(value);
    case 'tags':
      return Array.isArray(value) ? value.map(String).join(', ') : String(value);
    case 'ref':
      return titles.get(String(value)) ?? '';
    case 'boolean':
      return translate(lng, 'resources', value === true ? 'generic.yes' : 'generic.no');
    case 'datetime': {
      const d = value instanceof Date ? value : new Date(String(value));
      return Number.isNaN(d.getTime())
        ? ''
        : `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
    }
    case 'json':
      return '';
    default:
      return String(value);
  }
};

/** Titles of the records that `rows` refer to, by id, within the account. */
const refTitles = async (
  ctx: AppContext,
  clientAccountId: string,
  def: ResourceDefinition,
  rows: readonly Row[],
): Promise<Map<string, string>> => {
  const titles = new Map<string, string>();
  const wanted = new Map<string, Set<string>>();
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.kind !== 'ref' || !f.ref) continue;
    for (const row of rows) {
      const v = row[name];
      if (typeof v === 'string') wanted.set(f.ref, (wanted.get(f.ref) ?? new Set()).add(v));
    }
  }
  for (const [target, ids] of wanted) {
    const targetDef = ctx.schema.definitions.find((d) => d.name === target);
    const table = ctx.schema.resourceTables[target];
    if (!targetDef || !table) continue;
    const found = await ctx.db
      .select()
      .from(table)
      .where(
        and(eq(table.clientAccountId as PgColumn, clientAccountId), inArray(table.id as PgColumn, [...ids])),
      );
    for (const r of found) titles.set(String(r.id), titleOf(targetDef, r));
  }
  return titles;
};

/** The resource whose rows are a record's lines: it refers to the record, required, deleted with it. */
const linesOf = (ctx: AppContext, def: ResourceDefinition) => {
  for (const child of ctx.schema.definitions)
    for (const [name, f] of Object.entries(child.fields))
      if (f.kind === 'ref' && f.ref === def.name && f.required && f.onDelete === 'cascade')
        return { child, parentField: name };
  return undefined;
};

const lines = async (
  ctx: AppContext,
  lng: string,
  clientAccountId: string,
  def: ResourceDefinition,
  id: string,
): Promise<TemplateLines | undefined> => {
  const found = linesOf(ctx, def);
  const table = found ? ctx.schema.resourceTables[found.child.name] : undefined;
  if (!found || !table) return undefined;
  const { child, parentField } = found;
  const order = table.lineNo ? [asc(table.lineNo as PgColumn)] : [asc(table.createdAt as PgColumn)];
  const rows = await ctx.db
    .select()
    .from(table)
    .where(
      and(eq(table.clientAccountId as PgColumn, clientAccountId), eq(table[parentField] as PgColumn, id)),
    )
    .orderBy(...order)
    .limit(maxLines);
  const columns = visibleFields(child).filter(([name, f]) => f.list && name !== parentField);
  const titles = await refTitles(ctx, clientAccountId, child, rows);
  return {
    columns: columns.map(([name]) => translate(lng, 'resources', `${child.name}.fields.${name}`)),
    rows: rows.map((r) => columns.map(([name, f]) => shown(lng, child, name, f, r[name], titles))),
  };
};

export interface TemplateRecord {
  readonly def: ResourceDefinition;
  readonly row: Row;
}

/**
 * The placeholder values of a message about `record` (when there is one), in the sender's language: every
 * visible field under its own name (a ref field also under its name without `Id`: `{{contractor}}`),
 * `{{title}}`, `{{lines}}`, and the message's own values.
 */
export const templateValues = async (
  ctx: AppContext,
  clientAccountId: string,
  lng: string,
  record: TemplateRecord | undefined,
  own: {
    readonly recipientName: string;
    readonly userName: string;
    readonly companyName: string;
    readonly link: string;
  },
): Promise<TemplateValues> => {
  const now = new Date();
  const fields: Record<string, string> = {
    'recipient.name': own.recipientName,
    'user.name': own.userName,
    'company.name': own.companyName,
    today: `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}`,
    link: own.link,
  };
  if (!record) return { fields };
  const { def, row } = record;
  const titles = await refTitles(ctx, clientAccountId, def, [row]);
  for (const [name, f] of visibleFields(def)) {
    const value = shown(lng, def, name, f, row[name], titles);
    fields[name] = value;
    if (f.kind === 'ref' && name.endsWith('Id')) fields[name.slice(0, -2)] = value;
  }
  fields.title = titleOf(def, row);
  return { fields, lines: await lines(ctx, lng, clientAccountId, def, String(row.id)) };
};

/** The placeholders offered for a kind of record (the template editor's hints). */
export const placeholderNames = (ctx: AppContext, def: ResourceDefinition | undefined): string[] => {
  const own = ['recipient.name', 'user.name', 'company.name', 'today', 'link'];
  if (!def) return own;
  const names: string[] = ['title'];
  for (const [name, f] of visibleFields(def)) {
    if (f.kind === 'json') continue;
    names.push(name);
    if (f.kind === 'ref' && name.endsWith('Id')) names.push(name.slice(0, -2));
  }
  if (linesOf(ctx, def)) names.push('lines');
  return [...names, ...own];
};
