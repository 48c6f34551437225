import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type CatalogueEntry,
  type ClientCatalyst,
  clientCatalystView,
} from '../../domain/catalyst/clientView';
import { catalogueColumnsOf, priceAt, priceCatalogue } from '../../domain/catalyst/priceCatalogue';
import { type PriceResult, type PricingCatalyst, priceCatalyst } from '../../domain/catalyst/pricing';
import { AppError } from '../../domain/errors';
import type { Executor } from '../db/client';
import { rowsOf } from '../db/rawRows';
import type { PricingSnapshot } from './pricingSnapshot';

const uuid = z.uuid();

/** The as-client list's query: paging, a search over names and serial numbers, producer and group filters. */
export const catalogueQuerySchema = z.object({
  PageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  PageSize: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(100).optional(),
  producerId: uuid.optional(),
  catalystGroupId: uuid.optional(),
  sortDescending: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1'),
});
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

export const parseCatalogueQuery = (raw: unknown): CatalogueQuery => {
  const q = catalogueQuerySchema.safeParse(raw ?? {});
  if (!q.success) throw new AppError('badRequest', { detail: q.error.message });
  return q.data;
};

/** A catalogue row as read for pricing and for the client's view. */
export interface CatalogueRow {
  readonly entry: CatalogueEntry;
  readonly pricing: PricingCatalyst;
  readonly cartQuantity: number | undefined;
}

const fileIdOf = (imageUrl: unknown): string | null =>
  typeof imageUrl === 'string'
    ? (/\/api\/File\/download\/([0-9a-f-]{36})$/i.exec(imageUrl)?.[1] ?? null)
    : null;

const n = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const contentOf = (value: unknown): { metalId: string; gramsPerKg: number }[] => {
  const list = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(list)) return [];
  return list.flatMap((c: { baseStockId?: unknown; gramsPerKg?: unknown }) =>
    typeof c?.baseStockId === 'string'
      ? [{ metalId: c.baseStockId, gramsPerKg: Number(c.gramsPerKg ?? 0) }]
      : [],
  );
};

/** Turns a row of the catalogue statement into what the engine and the view need. */
const rowOf = (r: Record<string, unknown>, symbols: ReadonlyMap<string, string>): CatalogueRow => {
  const content = contentOf(r.product_stock_content);
  const serials = typeof r.serial_numbers === 'string' ? JSON.parse(r.serial_numbers) : r.serial_numbers;
  return {
    entry: {
      id: String(r.id),
      name: String(r.name),
      serialNumbers: Array.isArray(serials) ? serials.map(String) : [],
      producerName: (r.producer_name as string | null) ?? null,
      catalystGroupName: (r.group_name as string | null) ?? null,
      imageFileId: fileIdOf(r.image_url),
      weight: n(r.weight),
      ceramicWeight: n(r.ceramic_weight),
      humidity: n(r.humidity),
      hiddenFromClients: r.hidden_from_clients === true,
      components: content.flatMap((c) => {
        const shortName = symbols.get(c.metalId);
        return shortName ? [{ shortName, gramsPerKg: c.gramsPerKg }] : [];
      }),
    },
    pricing: {
      id: String(r.id),
      producerId: (r.producer_id as string | null) ?? null,
      catalystGroupId: (r.catalyst_group_id as string | null) ?? null,
      weight: n(r.weight),
      ceramicWeight: n(r.ceramic_weight),
      humidity: n(r.humidity),
      processingCost: n(r.processing_cost),
      fixedValue: n(r.fixed_value),
      content,
    },
    cartQuantity:
      r.cart_quantity === undefined || r.cart_quantity === null ? undefined : Number(r.cart_quantity),
  };
};

const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface CatalogueRead {
  readonly clientAccountId: string;
  /** The client whose open cart's quantities are read (only when the group has the cart). */
  readonly cartOf?: string;
  /** Staff may see hidden catalysts ("why this price"); clients never. */
  readonly includeHidden?: boolean;
  readonly ids?: readonly string[];
}

const whereOf = (read: CatalogueRead, query: Partial<CatalogueQuery>): SQL => {
  const parts: SQL[] = [sql`k.client_account_id = ${read.clientAccountId}::uuid`];
  if (!read.includeHidden) parts.push(sql`k.hidden_from_clients = false`);
  if (query.search) parts.push(sql`k.search_text like ${likePattern(query.search)}`);
  if (query.producerId) parts.push(sql`k.producer_id = ${query.producerId}::uuid`);
  if (query.catalystGroupId) parts.push(sql`k.catalyst_group_id = ${query.catalystGroupId}::uuid`);
  if (read.ids) parts.push(sql`k.id = any(${`{${read.ids.join(',')}}`}::uuid[])`);
  return sql.join(parts, sql` and `);
};

/**
 * The statement of a catalogue page (also what the benchmark times as "raw SQL"). The page's ids are picked
 * first, from the catalysts alone in name order (the (account, name, id) index); producer, group and cart are
 * joined to those rows only — joined before the limit, a deep page joined every row it skipped.
 */
export const cataloguePageSql = (
  read: CatalogueRead,
  query: Partial<CatalogueQuery>,
  page?: { limit: number; offset: number },
): SQL => {
  const cart = read.cartOf ? sql`, l.quantity as cart_quantity` : sql``;
  const cartJoin = read.cartOf
    ? sql`left join catalyst_cart_line l on l.catalyst_id = k.id and l.cart_id =
        (select c.id from catalyst_cart c where c.client_user_id = ${read.cartOf}::uuid and c.status = 'open')`
    : sql``;
  const order = query.sortDescending ? sql`k.name desc, k.id desc` : sql`k.name, k.id`;
  const limit = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  return sql`
    select k.id, k.name, k.serial_numbers, k.producer_id, k.catalyst_group_id, k.weight, k.ceramic_weight, k.humidity,
      k.processing_cost, k.fixed_value, k.product_stock_content, k.image_url, k.hidden_from_clients,
      p.name as producer_name, g.name as group_name ${cart}
    from (select k.id from catalyst k where ${whereOf(read, query)} order by ${order} ${limit}) picked
    join catalyst k on k.id = picked.id
    left join catalyst_producer p on p.id = k.producer_id
    left join catalyst_group g on g.id = k.catalyst_group_id
    ${cartJoin}
    order by ${order}`;
};

export const catalogueCountSql = (read: CatalogueRead, query: Partial<CatalogueQuery>): SQL =>
  sql`select count(*)::int as n from catalyst k where ${whereOf(read, query)}`;

/** The same count as a scalar subquery (the as-client list reads it in its pricing snapshot's statement). */
export const catalogueCountExpression = (read: CatalogueRead, query: Partial<CatalogueQuery>): SQL =>
  sql`(${catalogueCountSql(read, query)})`;

const symbolsOf = (snapshot: PricingSnapshot) => new Map(snapshot.metals.map((m) => [m.id, m.shortName]));

/** Rows of the catalogue statement, not yet read for pricing (the rates may still be on their way). */
export type RawCatalogueRows = readonly Record<string, unknown>[];

export const queryCatalogue = async (
  db: Executor,
  read: CatalogueRead,
  query: Partial<CatalogueQuery>,
  page?: { limit: number; offset: number },
): Promise<RawCatalogueRows> => rowsOf(await db.execute(cataloguePageSql(read, query, page)));

/** Raw rows as the engine and the views need them (metal symbols from the snapshot). */
export const catalogueRowsOf = (snapshot: PricingSnapshot, raw: RawCatalogueRows): CatalogueRow[] => {
  const symbols = symbolsOf(snapshot);
  return raw.map((r) => rowOf(r, symbols));
};

/** Reads catalogue rows (a page, or the given ids) for pricing and views. */
export const readCatalogueRows = async (
  db: Executor,
  snapshot: PricingSnapshot,
  read: CatalogueRead,
  query: Partial<CatalogueQuery>,
  page?: { limit: number; offset: number },
): Promise<CatalogueRow[]> => catalogueRowsOf(snapshot, await queryCatalogue(db, read, query, page));

/** The engine on one catalogue row for the snapshot's client (or group). */
export const priceRow = (
  snapshot: PricingSnapshot,
  row: Pick<CatalogueRow, 'pricing'>,
  clientUserId: string | null,
): PriceResult =>
  priceCatalyst({
    catalyst: row.pricing,
    metals: snapshot.metals,
    exchanges: snapshot.exchanges,
    config: snapshot.config,
    group: snapshot.group,
    rules: snapshot.rules,
    clientUserId,
  });

/** The client's view of rows: hidden ones dropped, each field only as the group's flags allow. */
export const viewRows = (
  snapshot: PricingSnapshot,
  rows: readonly CatalogueRow[],
  clientUserId: string | null,
): ClientCatalyst[] => {
  // The page priced at once (domain/catalyst/priceCatalogue.ts: the same prices as priceRow, without breakdowns).
  const prices = snapshot.group.canDisplayPrices
    ? priceCatalogue(
        snapshot,
        snapshot.group,
        snapshot.rules,
        clientUserId,
        catalogueColumnsOf(rows.map((r) => r.pricing)),
      )
    : undefined;
  return rows.flatMap((row, i) => {
    const priced = prices ? { price: priceAt(prices, i), currency: snapshot.config.currency } : undefined;
    const view = clientCatalystView(row.entry, snapshot.group, priced, row.cartQuantity);
    return view ? [view] : [];
  });
};
