import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A product as WooCommerce REST API v3 returns it (the fields Aisle reads, as the API documents them). */
export interface WooProductJson {
  readonly id: number;
  readonly name: string;
  readonly sku: string;
  readonly weight: string;
  readonly global_unique_id?: string;
  readonly description?: string;
  readonly short_description?: string;
  readonly date_modified_gmt: string;
  readonly categories: { id: number; name: string; slug: string }[];
  readonly images: { id: number; src: string }[];
  readonly meta_data?: { id: number; key: string; value: unknown }[];
}

export interface WooCommerceServer {
  readonly baseUrl: string;
  readonly key: string;
  readonly secret: string;
  /** The shop's catalogue; tests change it between imports. */
  readonly products: WooProductJson[];
  /** Every /products request's query, in order. */
  readonly requests: URLSearchParams[];
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
};

/**
 * A local shop speaking WooCommerce REST API v3 for GET /wp-json/wc/v3/products: HTTP Basic with the consumer
 * key and secret (401 woocommerce_rest_cannot_view otherwise), `page`/`per_page` (at most 100) with the
 * X-WP-Total and X-WP-TotalPages headers, `modified_after` (with `dates_are_gmt`), ordered by `orderby`/`order`.
 */
export const startWooCommerceServer = async (products: WooProductJson[]): Promise<WooCommerceServer> => {
  const key = 'ck_0123456789abcdef0123456789abcdef01234567';
  const secret = 'cs_76543210fedcba9876543210fedcba9876543210';
  const requests: URLSearchParams[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://shop.local');
    if (url.pathname !== '/wp-json/wc/v3/products' || req.method !== 'GET')
      return json(res, 404, { code: 'rest_no_route', message: 'No route was found', data: { status: 404 } });
    const expected = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return json(res, 401, {
        code: 'woocommerce_rest_cannot_view',
        message: 'Sorry, you cannot list resources.',
        data: { status: 401 },
      });
    const q = url.searchParams;
    requests.push(q);
    const perPage = Number(q.get('per_page') ?? '10');
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
      return json(res, 400, {
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): per_page',
        data: { status: 400 },
      });
    const page = Number(q.get('page') ?? '1');
    const after = q.get('modified_after');
    let list = [...products];
    if (after) {
      // dates_are_gmt=true: the date is UTC; WooCommerce compares with the products' GMT modification date.
      const since = new Date(
        q.get('dates_are_gmt') === 'true' && !after.endsWith('Z') ? `${after}Z` : after,
      ).getTime();
      list = list.filter((p) => new Date(`${p.date_modified_gmt}Z`).getTime() > since);
    }
    if (q.get('orderby') === 'id') list.sort((a, b) => a.id - b.id);
    if (q.get('order') === 'desc') list.reverse();
    const total = list.length;
    const totalPages = Math.ceil(total / perPage);
    json(res, 200, list.slice((page - 1) * perPage, page * perPage), {
      'X-WP-Total': String(total),
      'X-WP-TotalPages': String(totalPages),
    });
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    key,
    secret,
    products,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A shop product with WooCommerce's JSON shape. */
export const aWooProduct = (id: number, overrides: Partial<WooProductJson> = {}): WooProductJson => ({
  id,
  name: `Shop product ${id}`,
  sku: `SKU-${id}`,
  weight: '1.5',
  description: `<p>Long description of ${id}</p>`,
  short_description: `<p>Product <strong>${id}</strong></p>`,
  date_modified_gmt: '2026-01-01T10:00:00',
  categories: [{ id: 15, name: 'Garden', slug: 'garden' }],
  images: [{ id: 7, src: `https://shop.example/wp-content/uploads/${id}.jpg` }],
  meta_data: [],
  ...overrides,
});
