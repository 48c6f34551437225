import { AppError } from '../../domain/errors';

/** The credentials an adapter works with: the shop's address, the consumer key and the opened secret. */
export interface ShopConnection {
  readonly baseUrl: string;
  readonly key: string;
  readonly secret: string;
}

/** A shop's product as Aisle imports it (weight in the shop's unit, kilograms by default). */
export interface ShopProduct {
  readonly externalId: string;
  readonly sku: string;
  readonly name: string;
  readonly description: string;
  readonly ean: string | null;
  readonly weight: number | null;
  readonly categories: readonly string[];
  readonly imageUrl: string | null;
  /** The shop's modification time (UTC, ISO 8601). */
  readonly modifiedAt: string;
}

/** One page of products and how many pages there are (the X-WP-TotalPages header). */
export interface ShopPage {
  readonly products: readonly ShopProduct[];
  readonly page: number;
  readonly totalPages: number;
  readonly total: number;
}

export type FetchLike = (
  url: string,
  init: { headers: Record<string, string>; signal?: AbortSignal },
) => Promise<Response>;

/** How often one request is tried when the connection fails (not when the shop answers with an error). */
const fetchAttempts = 3;

/** Products per request (WooCommerce allows at most 100). */
export const wooPageSize = 100;

interface WooProduct {
  readonly id: number;
  readonly name?: string;
  readonly sku?: string;
  readonly description?: string;
  readonly short_description?: string;
  readonly weight?: string;
  readonly global_unique_id?: string;
  readonly date_modified_gmt?: string | null;
  readonly date_modified?: string | null;
  readonly categories?: readonly { readonly id: number; readonly name: string }[];
  readonly images?: readonly { readonly src?: string }[];
  readonly meta_data?: readonly { readonly key: string; readonly value: unknown }[];
}

/** Meta keys the common EAN plugins use, for shops older than WooCommerce 9.2's global_unique_id. */
const eanMetaKeys = ['_ean', 'ean', '_wpm_gtin_code', '_alg_ean', '_global_unique_id', 'gtin'];

const plainText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** WooCommerce REST v3 product JSON → what Aisle imports. */
export const fromWooProduct = (p: WooProduct): ShopProduct => {
  const meta = p.meta_data?.find(
    (m) => eanMetaKeys.includes(m.key) && typeof m.value === 'string' && m.value,
  );
  const ean = (p.global_unique_id || (meta?.value as string | undefined) || '').trim();
  const weight = Number.parseFloat(p.weight ?? '');
  const modified = p.date_modified_gmt ?? p.date_modified ?? '1970-01-01T00:00:00';
  return {
    externalId: String(p.id),
    sku: (p.sku ?? '').trim(),
    name: (p.name ?? '').trim() || `#${p.id}`,
    description: plainText(p.short_description || p.description || '').slice(0, 5000),
    ean: ean || null,
    weight: Number.isFinite(weight) && weight >= 0 ? weight : null,
    categories: (p.categories ?? []).map((c) => c.name.trim()).filter(Boolean),
    imageUrl: p.images?.[0]?.src ?? null,
    // date_modified_gmt has no zone designator: it is UTC.
    modifiedAt: new Date(/[zZ]|[+-]\d\d:\d\d$/.test(modified) ? modified : `${modified}Z`).toISOString(),
  };
};

/** The service's answer travels as the message's value (a field error of the code's own rule). */
const failed = (reason: string) =>
  new AppError('externalServiceFailed', {
    fields: [{ field: 'baseUrl', rule: 'externalServiceFailed', params: { reason } }],
    detail: reason,
  });

/**
 * WooCommerce REST API v3 (`/wp-json/wc/v3/`): authenticated with the consumer key and secret by HTTP Basic
 * (WooCommerce accepts it over HTTPS; plain HTTP would need OAuth 1.0a signatures, so shops must use HTTPS).
 */
export class WooCommerceAdapter {
  constructor(
    private readonly connection: ShopConnection,
    private readonly fetchFn: FetchLike = fetch,
  ) {}

  private url(path: string, query: Record<string, string>): string {
    const base = this.connection.baseUrl.replace(/\/+$/, '');
    return `${base}/wp-json/wc/v3/${path}?${new URLSearchParams(query).toString()}`;
  }

  private async get(path: string, query: Record<string, string>): Promise<Response> {
    const auth = Buffer.from(`${this.connection.key}:${this.connection.secret}`).toString('base64');
    let res: Response | undefined;
    // A GET may be repeated: a shop (or its proxy) closes idle kept-alive connections, and the next request on
    // one of them fails without having reached the shop.
    for (let attempt = 1; !res; attempt += 1) {
      try {
        res = await this.fetchFn(this.url(path, query), {
          headers: { authorization: `Basic ${auth}`, accept: 'application/json' },
          signal: AbortSignal.timeout(60_000),
        });
      } catch (error) {
        if (attempt >= fetchAttempts) throw failed(error instanceof Error ? error.message : String(error));
      }
    }
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
      throw failed(`HTTP ${res.status}${body?.code ? ` ${body.code}` : ''}`);
    }
    return res;
  }

  /** One authenticated request: the keys work and may read products. */
  async verify(): Promise<void> {
    await this.get('products', { per_page: '1' });
  }

  /** One page of products changed after `modifiedAfter` (all when undefined), oldest change first. */
  async productsPage(page: number, modifiedAfter: string | undefined): Promise<ShopPage> {
    const query: Record<string, string> = {
      page: String(page),
      per_page: String(wooPageSize),
      orderby: 'id',
      order: 'asc',
    };
    if (modifiedAfter) {
      query.modified_after = modifiedAfter;
      query.dates_are_gmt = 'true';
    }
    const res = await this.get('products', query);
    const body: unknown = await res.json().catch(() => null);
    if (!Array.isArray(body)) throw failed('not a product list');
    const totalPages = Number(res.headers.get('x-wp-totalpages') ?? '1');
    const total = Number(res.headers.get('x-wp-total') ?? String(body.length));
    return {
      products: (body as WooProduct[]).filter((p) => typeof p?.id === 'number').map(fromWooProduct),
      page,
      totalPages: Number.isFinite(totalPages) ? totalPages : 1,
      total: Number.isFinite(total) ? total : body.length,
    };
  }
}
