import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { isUuid, textOf } from '../../../domain/rowValues';
import {
  locationRuleFields,
  locationRulesOf,
  productRuleFields,
  productRulesOf,
} from '../../../domain/warehouse/ruleInputs';
import type { LocationRules, ProductRules } from '../../../domain/warehouse/validationInput';
import type { AppContext } from '../../context';
import { BuiltOnce } from '../../db/builtOnce';
import type { Executor } from '../../db/client';
import { col, tableOf } from '../../db/resourceColumns';
import type { ResourceTable } from '../../db/resourceTables';

/**
 * The server's reads of the rules' inputs: product and location rows of the account, mapped by the domain's
 * mappers (domain/warehouse/ruleInputs.ts) exactly as the terminal maps its replica's rows.
 */

/** Products with the name and unit screens and messages show, by id. */
export type LoadedProducts = Map<string, ProductRules & { name: string; unit: string | null }>;

/** Product columns read for the rules, and what messages show. */
const productColumns = [...productRuleFields, 'name', 'unit'] as const;

/** Products of the account by id, as the rules see them (ids of other accounts are simply absent). */
export const loadProducts = async (
  ctx: AppContext,
  db: Executor,
  accountId: string,
  ids: readonly string[],
): Promise<LoadedProducts> => (await loadRuleRows(ctx, db, accountId, { productIds: ids })).products;

/**
 * Locations of the account with their type's handleStock. `ids` undefined = every location of the account.
 */
export const loadLocations = async (
  ctx: AppContext,
  db: Executor,
  accountId: string,
  ids: readonly string[] | undefined,
): Promise<Map<string, LocationRules>> => {
  const out = new Map<string, LocationRules>();
  if (ids?.length === 0) return out;
  const spaces = tableOf(ctx, 'storageSpace');
  const types = tableOf(ctx, 'storageSpaceType');
  const conditions: SQL[] = [eq(col(spaces, 'clientAccountId'), accountId)];
  if (ids) conditions.push(inArray(col(spaces, 'id'), [...new Set(ids.filter(isUuid))]));
  const fields: Record<string, ReturnType<typeof col>> = { handleStock: col(types, 'handleStock') };
  for (const name of locationRuleFields) fields[name] = col(spaces, name);
  const rows: Record<string, unknown>[] = await db
    .select(fields)
    .from(spaces)
    .leftJoin(types, eq(col(types, 'id'), col(spaces, 'typeId')))
    .where(and(...conditions));
  for (const row of rows) out.set(String(row.id), locationRulesOf(row, row.handleStock));
  return out;
};

/** A json value as drivers hand it over: parsed, or as text. */
const jsonOf = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

const jsonRows = (value: unknown): Record<string, unknown>[] => {
  const rows = jsonOf(value);
  return Array.isArray(rows)
    ? rows.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
    : [];
};

const jsonArrays = (value: unknown): unknown[][] => {
  const rows = jsonOf(value);
  return Array.isArray(rows) ? rows.filter((r): r is unknown[] => Array.isArray(r)) : [];
};

/** `json_build_object('name', column, …)` of a table's columns by field name. */
const jsonObject = (t: ResourceTable, names: readonly string[], extra: SQL[] = []): SQL =>
  sql`json_build_object(${sql.join([...names.map((name) => sql`${keyLiteral(name)}, ${col(t, name)}`), ...extra], sql`, `)})`;

/** A field name as an SQL string literal (names are the code's own identifiers; anything else is a bug). */
const keyLiteral = (name: string): SQL => {
  if (!/^[A-Za-z]+$/.test(name)) throw new Error(`not a field name: ${name}`);
  return sql.raw(`'${name}'`);
};

/**
 * The statement of loadRuleRows for one schema's tables: products and locations of the account by id, and where
 * the wanted containers stand, as json. Raw, as inside a select's fields drizzle leaves columns unqualified,
 * which the join makes ambiguous.
 */
const ruleRowsStatement = (ctx: AppContext) =>
  new BuiltOnce(['accountId', 'productIds', 'locationIds', 'containers'], (v) => {
    const p = tableOf(ctx, 'product');
    const spaces = tableOf(ctx, 'storageSpace');
    const types = tableOf(ctx, 'storageSpaceType');
    const { stock } = ctx.schema.warehouseTables;
    return sql`select
      (select coalesce(json_agg(${jsonObject(p, productColumns)}), '[]'::json) from ${p}
        where ${col(p, 'clientAccountId')} = ${v.accountId}::uuid and ${col(p, 'id')} = any(${v.productIds}::uuid[])
      ) as products,
      (select coalesce(json_agg(${jsonObject(spaces, locationRuleFields, [
        sql`'handleStock', ${col(types, 'handleStock')}`,
      ])}), '[]'::json) from ${spaces} left join ${types} on ${col(types, 'id')} = ${col(spaces, 'typeId')}
        where ${col(spaces, 'clientAccountId')} = ${v.accountId}::uuid and ${col(spaces, 'id')} = any(${v.locationIds}::uuid[])
      ) as locations,
      (select coalesce(json_agg(json_build_array(c.container, c.location_id) order by c.container, c.location_id),
          '[]'::json)
        from (select distinct ${stock.container} as container, ${stock.locationId} as location_id from ${stock}
          where ${stock.clientAccountId} = ${v.accountId}::uuid
            and ${stock.container} in (select jsonb_array_elements_text(${v.containers}::jsonb))) c
      ) as containers`;
  });

/** Built once per schema (its tables are made from the definitions at start). */
const ruleRowsStatements = new WeakMap<AppContext['schema'], ReturnType<typeof ruleRowsStatement>>();

/** What loadRuleRows reads. */
export interface RuleRows {
  readonly products: LoadedProducts;
  readonly locations: Map<string, LocationRules>;
  /** The location each wanted container holds stock in (the first by id when in several). */
  readonly containerLocations: Map<string, string>;
}

/** What loadRuleRows is asked for (ids that are no UUIDs cannot name a row and are left out). */
export interface WantedRules {
  readonly productIds?: readonly string[];
  readonly locationIds?: readonly string[];
  readonly containers?: readonly string[];
}

/**
 * Products and locations of the account by id, as the rules see them, and the locations of containers, read in
 * one statement (every document line needs them).
 */
export const loadRuleRows = async (
  ctx: AppContext,
  db: Executor,
  accountId: string,
  wanted: WantedRules,
): Promise<RuleRows> => {
  const out: RuleRows = { products: new Map(), locations: new Map(), containerLocations: new Map() };
  const productIds = [...new Set(wanted.productIds)].filter(isUuid);
  const locationIds = [...new Set(wanted.locationIds)].filter(isUuid);
  const containers = [...new Set(wanted.containers)];
  if (productIds.length === 0 && locationIds.length === 0 && containers.length === 0) return out;
  let statement = ruleRowsStatements.get(ctx.schema);
  if (!statement) {
    statement = ruleRowsStatement(ctx);
    ruleRowsStatements.set(ctx.schema, statement);
  }
  const [row] = await statement.rows(db, {
    accountId,
    productIds,
    locationIds,
    // As json, not an array: a plan made for one container count fits any (the same plan for every line).
    containers: JSON.stringify(containers),
  });
  for (const r of jsonRows(row?.products))
    out.products.set(String(r.id), {
      ...productRulesOf(r),
      name: String(r.name ?? ''),
      unit: textOf(r.unit),
    });
  for (const r of jsonRows(row?.locations))
    out.locations.set(String(r.id), locationRulesOf(r, r.handleStock));
  for (const [container, locationId] of jsonArrays(row?.containers))
    if (typeof container === 'string' && !out.containerLocations.has(container))
      out.containerLocations.set(container, String(locationId));
  return out;
};

const wantedKinds = ['productIds', 'locationIds', 'containers'] as const;

/**
 * Rule rows read earlier in one unit of work (a push group: server/warehouse/documents/lineMemory.ts says how
 * long they hold): `load` reads only what was never asked, and with a miss also what the unit's later work will
 * ask for (`ahead`, the unit's prefetch hints), so the lines of a group read their products and locations in one
 * statement.
 */
export class RuleRowMemory {
  readonly rows: RuleRows = { products: new Map(), locations: new Map(), containerLocations: new Map() };
  private readonly asked = {
    productIds: new Set<string>(),
    locationIds: new Set<string>(),
    containers: new Set<string>(),
  };

  constructor(private readonly ahead: () => WantedRules) {}

  /** The rows of `wanted`, in maps that may hold more. */
  async load(ctx: AppContext, db: Executor, accountId: string, wanted: WantedRules): Promise<RuleRows> {
    if (!wantedKinds.some((kind) => wanted[kind]?.some((v) => !this.asked[kind].has(v)))) return this.rows;
    const ahead = this.ahead();
    const unasked = (kind: (typeof wantedKinds)[number]) =>
      [...(wanted[kind] ?? []), ...(ahead[kind] ?? [])].filter((v) => !this.asked[kind].has(v));
    const ask = {
      productIds: unasked('productIds'),
      locationIds: unasked('locationIds'),
      containers: unasked('containers'),
    };
    const read = await loadRuleRows(ctx, db, accountId, ask);
    // Asked only once read: what is absent from the rows then is absent.
    for (const kind of wantedKinds) for (const v of ask[kind]) this.asked[kind].add(v);
    for (const [id, p] of read.products) this.rows.products.set(id, p);
    for (const [id, l] of read.locations) this.rows.locations.set(id, l);
    for (const [c, l] of read.containerLocations) this.rows.containerLocations.set(c, l);
    return this.rows;
  }
}
