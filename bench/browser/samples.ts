import type { BenchDatabase } from '../support/benchDatabases';
import type { ScanSample } from './protocol';

/** A scan of a stock row's product: its EAN-13, a GS1-128 element string (GTIN, expiry, lot/serial) or its index. */
const codeOf = (
  form: ScanSample['form'],
  row: { index: string; ean: string; expDate: string | null; serial: string | null },
): string => {
  if (form === 'ean13') return row.ean;
  if (form === 'index') return row.index.toLowerCase();
  const expiry = row.expDate
    ? `17${row.expDate.slice(2, 4)}${row.expDate.slice(5, 7)}${row.expDate.slice(8, 10)}`
    : '';
  // One variable-length element, last, so no group separator is needed.
  const tail = row.serial ? (row.serial.startsWith('LOT') ? `10${row.serial}` : `21${row.serial}`) : '';
  return `]C101${`0${row.ean}`}${expiry}${tail}`;
};

const forms: readonly ScanSample['form'][] = ['ean13', 'gs1', 'index'];

/**
 * Stock rows a release line can take for sure, in a fixed pseudo-random order: the warehouse's own goods (no
 * contractor), product and bin not locked for release, not expiring within 60 days, at least 2 available (the
 * engine's drain and the plain loop each take one). Each comes with the code a picker would scan.
 */
export const pickSamples = async (
  bench: BenchDatabase,
  accountId: string,
  count: number,
): Promise<ScanSample[]> => {
  const rows = await bench.raw.query(
    `select s.product_id, s.location_id, s.serial_number, s.exp_date::text as exp_date, p.index,
            p.barcodes ->> 0 as ean
       from stock s
       join product p on p.id = s.product_id
       join storage_space l on l.id = s.location_id
      where s.client_account_id = $1
        and s.contractor_id is null and p.contractor_id is null
        and p.lock_out is not true and l.locked_out is not true
        and (s.exp_date is null or s.exp_date > current_date + 60)
        and s.quantity - s.reserved >= 2
      order by md5(s.id::text)
      limit $2`,
    [accountId, count],
  );
  if (rows.length < count) throw new Error(`only ${rows.length} of ${count} usable stock rows`);
  return rows.map((r, i) => {
    const form = forms[i % forms.length] ?? 'ean13';
    return {
      form,
      code: codeOf(form, {
        index: String(r.index),
        ean: String(r.ean),
        expDate: r.exp_date === null ? null : String(r.exp_date),
        serial: r.serial_number === null || r.serial_number === '' ? null : String(r.serial_number),
      }),
      productId: String(r.product_id),
      locationId: String(r.location_id),
    };
  });
};
