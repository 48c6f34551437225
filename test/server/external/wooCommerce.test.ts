import { describe, expect, it } from 'vitest';
import { productIndexOf } from '../../../server/external/productImport';
import { type FetchLike, fromWooProduct, WooCommerceAdapter } from '../../../server/external/wooCommerce';
import { aWooProduct } from '../../support/wooCommerceServer';

const connection = { baseUrl: 'https://shop.example/', key: 'ck_1', secret: 'cs_1' };

describe('WooCommerce adapter', () => {
  it('maps a product: SKU, plain-text description, EAN from global_unique_id or an EAN plugin, weight, GMT date', () => {
    const p = fromWooProduct(
      aWooProduct(7, {
        sku: ' AB_7 ',
        weight: '0.25',
        global_unique_id: '',
        meta_data: [{ id: 1, key: '_wpm_gtin_code', value: '5901234123457' }],
        short_description: '<p>Red &amp; blue&nbsp;<em>mug</em></p>',
        date_modified_gmt: '2026-03-04T05:06:07',
      }),
    );
    expect(p).toMatchObject({
      externalId: '7',
      sku: 'AB_7',
      ean: '5901234123457',
      weight: 0.25,
      description: 'Red & blue mug',
      categories: ['Garden'],
      modifiedAt: '2026-03-04T05:06:07.000Z',
    });
    expect(fromWooProduct(aWooProduct(8, { global_unique_id: '4006381333931' })).ean).toBe('4006381333931');
    expect(fromWooProduct(aWooProduct(9, { weight: '' })).weight).toBeNull();
    expect(productIndexOf(p)).toBe('AB-7');
    expect(productIndexOf({ sku: '', externalId: '12' })).toBe('WC-12');
  });

  it('asks with Basic auth and paging, repeats a request whose connection failed, reports HTTP errors', async () => {
    const calls: { url: string; auth: string | undefined }[] = [];
    let failures = 1;
    const fetchFn: FetchLike = async (url, init) => {
      calls.push({ url, auth: init.headers.authorization });
      if (failures-- > 0) throw new TypeError('fetch failed');
      return new Response(JSON.stringify([aWooProduct(1)]), {
        headers: { 'X-WP-Total': '101', 'X-WP-TotalPages': '2' },
      });
    };
    const page = await new WooCommerceAdapter(connection, fetchFn).productsPage(
      2,
      '2026-01-01T00:00:00.000Z',
    );
    expect(page).toMatchObject({ page: 2, totalPages: 2, total: 101 });
    expect(page.products.map((p) => p.sku)).toEqual(['SKU-1']);
    expect(calls).toHaveLength(2);
    const url = new URL(calls[1]?.url ?? '');
    expect(url.pathname).toBe('/wp-json/wc/v3/products');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      page: '2',
      per_page: '100',
      modified_after: '2026-01-01T00:00:00.000Z',
      dates_are_gmt: 'true',
    });
    expect(calls[1]?.auth).toBe(`Basic ${Buffer.from('ck_1:cs_1').toString('base64')}`);

    const refused: FetchLike = async () =>
      new Response(JSON.stringify({ code: 'woocommerce_rest_cannot_view' }), { status: 401 });
    await expect(new WooCommerceAdapter(connection, refused).verify()).rejects.toMatchObject({
      code: 'externalServiceFailed',
      message: 'HTTP 401 woocommerce_rest_cannot_view',
    });
    const down: FetchLike = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(new WooCommerceAdapter(connection, down).verify()).rejects.toMatchObject({
      code: 'externalServiceFailed',
    });
  });
});
