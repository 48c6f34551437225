import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { v7 } from 'uuid';
import { gtinCheckDigit } from '../../domain/barcodes/gtin';
import { hashPassword } from '../auth/password';
import type { Db, Tx } from '../db/client';
import { clientAccount, productBarcode } from '../db/internalTables';
import type { Schema } from '../db/schema';
import { barcodeKey } from '../warehouse/records/productBarcodes';
import { canSkipTriggers, deleteAccount } from './deleteAccount';
import { demoRandom } from './demoRandom';

/** What to generate: stock-holding bins, products and stock rows in one account. */
export interface LargeDataOptions {
  /** Account name; an account of that name must not exist yet (see `replace`). */
  readonly accountName: string;
  readonly products: number;
  /** Stock-holding locations (bins); warehouses, zones and racks above them come on top. */
  readonly locations: number;
  readonly stock: number;
  /** Stock rows per transaction. */
  readonly batchSize?: number;
  /** Positions per generated receipt document. */
  readonly positionsPerDocument?: number;
  /** Deletes an existing account of that name (with everything in it) first. */
  readonly replace?: boolean;
  /** Sign-in of the account's super user (user names are unique server-wide); derived from the name if absent. */
  readonly username?: string;
  readonly password?: string;
  readonly seed?: number;
  /** Every n-th product is the contractor's (default 10; 1 = all of them, as the portal's benchmark wants). */
  readonly contractorEvery?: number;
  readonly log?: (line: string) => void;
}

export interface LargeDataResult {
  readonly accountId: string;
  readonly userId: string;
  readonly username: string;
  readonly contractorId: string;
  readonly products: number;
  readonly locations: number;
  readonly stockRows: number;
  readonly documents: number;
  readonly seconds: number;
}

/**
 * Product attributes as pure functions of the product's ordinal, so the SQL that generates stock rows
 * (below) gives every row exactly what its product requires. Groups: 0 beverages, 1 dairy, 2 frozen,
 * 3 electronics, 4 hardware, 5 pharmacy, 6 household.
 */
const groupNames = ['Beverages', 'Dairy', 'Frozen', 'Electronics', 'Hardware', 'Pharmacy', 'Household'];
const groupOf = (n: number) => n % 7;
const isLot = (n: number) => groupOf(n) === 5;
const isSerial = (n: number) => groupOf(n) === 3 && Math.floor(n / 7) % 2 === 0;
const isExpiring = (n: number) => [0, 1, 2, 5].includes(groupOf(n));
/** Whether product n is the contractor's: every `every`-th one, starting with the second. */
const isContractors = (n: number, every: number) => n % every === 1 % every;
// The same rules in SQL over the ordinal `p`.
const sqlLot = 'p % 7 = 5';
const sqlSerial = '(p % 7 = 3 and (p / 7) % 2 = 0)';
const sqlExpiring = 'p % 7 in (0, 1, 2, 5)';

const nouns = [
  'Cable',
  'Bottle',
  'Box',
  'Filter',
  'Lamp',
  'Valve',
  'Sensor',
  'Juice',
  'Soap',
  'Tape',
  'Drill',
];
const adjectives = ['Blue', 'Large', 'Small', 'Premium', 'Eco', 'Pro', 'Classic', 'Fresh', 'Heavy', 'Mini'];

const ean13 = (n: number): string => {
  const body = `20${String(n).padStart(10, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
};

/** A random prefix for ids made in SQL as prefix + 12 hex digits of the row ordinal: unique and ascending. */
const idPrefix = (): string => {
  const hex = randomBytes(10).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-`;
};

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** A stride coprime with `n`, so ordinal k → (start + k·stride) mod n visits n distinct values. */
const strideFor = (n: number): number => {
  for (const candidate of [104_729, 7_919, 6_007, 1_009, 101, 7, 1])
    if (gcd(candidate, n) === 1) return candidate;
  return 1;
};

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

const tableOf = (schema: Schema, name: string) => {
  const t = schema.resourceTables[name];
  if (!t) throw new Error(`no table for ${name}`);
  return t;
};

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'bench';

/** Bin labels W<w>-<zone><rack>-<bin>: 5 zones per warehouse, 40 bins per rack, up to 5,000 bins a warehouse. */
interface LocationPlan {
  readonly rows: Record<string, unknown>[];
  /** Ids of the stock-holding bins in ordinal order. */
  readonly bins: string[];
}

const planLocations = (
  accountId: string,
  count: number,
  types: { warehouse: string; zone: string; rack: string; bin: string },
): LocationPlan => {
  const rows: Record<string, unknown>[] = [];
  const bins: string[] = [];
  const perWarehouse = 5000;
  const zones = ['A', 'B', 'C', 'D', 'E'];
  const warehouses = Math.max(1, Math.ceil(count / perWarehouse));
  let pickup = 0;
  for (let w = 0; w < warehouses; w++) {
    const inWarehouse = Math.min(perWarehouse, count - w * perWarehouse);
    const warehouseId = v7();
    rows.push({ id: warehouseId, clientAccountId: accountId, label: `W${w + 1}`, typeId: types.warehouse });
    const perZone = Math.ceil(inWarehouse / zones.length);
    for (let z = 0; z < zones.length; z++) {
      const inZone = Math.min(perZone, inWarehouse - z * perZone);
      if (inZone <= 0) break;
      const zone = zones[z]!;
      const cooled = zone === 'E';
      const zoneId = v7();
      rows.push({
        id: zoneId,
        clientAccountId: accountId,
        label: `W${w + 1}-${zone}`,
        parentId: warehouseId,
        typeId: types.zone,
        cooled,
        temperature: cooled ? 4 : 18,
      });
      for (let r = 0; r * 40 < inZone; r++) {
        const rackId = v7();
        const rackLabel = `W${w + 1}-${zone}${String(r + 1).padStart(3, '0')}`;
        rows.push({
          id: rackId,
          clientAccountId: accountId,
          label: rackLabel,
          parentId: zoneId,
          typeId: types.rack,
        });
        for (let b = 0; b < 40 && r * 40 + b < inZone; b++) {
          const id = v7();
          bins.push(id);
          rows.push({
            id,
            clientAccountId: accountId,
            label: `${rackLabel}-${String(b + 1).padStart(2, '0')}`,
            parentId: rackId,
            typeId: types.bin,
            capacityKg: b % 8 === 0 ? 1500 : 800,
            temperature: cooled ? 4 : 18,
            cooled,
            pickupOrder: ++pickup,
            lockedIn: pickup % 997 === 0,
            lockedOut: pickup % 1999 === 0,
          });
        }
      }
    }
  }
  return { rows, bins };
};

/**
 * Makes a large data set for benchmarks in one new account: location types and a location tree, product groups,
 * products with barcodes, a contractor, a super user, and stock rows — each received by a confirmed receipt
 * document (DIN) whose positions and ledger rows are written with it, so stock = Σ ledger as after real receipts.
 * Products and locations go in as multi-row inserts; stock, positions and ledger rows are computed by the
 * database from the row ordinal (generate_series), one statement and one transaction per batch.
 */
export const generateLargeData = async (
  db: Db,
  schema: Schema,
  opts: LargeDataOptions,
): Promise<LargeDataResult> => {
  const started = performance.now();
  const log = opts.log ?? (() => undefined);
  const batchSize = opts.batchSize ?? 50_000;
  const perDocument = opts.positionsPerDocument ?? 1000;
  const { products: productCount, locations: binCount, stock: stockCount } = opts;
  if (productCount < 1 || binCount < 1 || stockCount < 0)
    throw new Error('products and locations must be ≥ 1');
  if (stockCount > productCount * binCount)
    throw new Error(`at most products × locations = ${productCount * binCount} stock rows`);
  if (batchSize % perDocument !== 0)
    throw new Error('the batch size must be a multiple of positionsPerDocument');
  const rnd = demoRandom(opts.seed ?? 20_260_101);
  const contractorEvery = Math.max(1, Math.floor(opts.contractorEvery ?? 10));
  const username = opts.username ?? `${slug(opts.accountName)}-admin`;
  const password = opts.password ?? 'bench1234';

  const existing = await db
    .select({ id: clientAccount.id })
    .from(clientAccount)
    .where(eq(clientAccount.name, opts.accountName));
  if (existing.length && !opts.replace)
    throw new Error(`account "${opts.accountName}" exists: pass replace (--replace) to delete it first`);
  for (const row of existing) {
    log(`deleting the existing account "${opts.accountName}"`);
    await deleteAccount(db, row.id);
  }

  const users = tableOf(schema, 'user');
  const companies = tableOf(schema, 'company');
  const types = tableOf(schema, 'storageSpaceType');
  const spaces = tableOf(schema, 'storageSpace');
  const groups = tableOf(schema, 'productGroup');
  const products = tableOf(schema, 'product');

  const passwordHash = await hashPassword(password);
  const setup = await db.transaction(async (tx) => {
    const [account] = await tx
      .insert(clientAccount)
      .values({ name: opts.accountName, appTitle: `Aisle — ${opts.accountName}` })
      .returning({ id: clientAccount.id });
    if (!account) throw new Error('could not create the account');
    const accountId = account.id;
    const [user] = await tx
      .insert(users)
      .values({
        clientAccountId: accountId,
        username,
        email: `${username}@bench.aisle`,
        visibleName: `${opts.accountName} admin`,
        passwordHash,
        isActivated: true,
        createdDate: new Date(),
        isSuperUser: true,
        isPowerUser: true,
        logisticsEnabled: true,
        terminalEnabled: true,
      })
      .returning();
    const [contractor] = await tx
      .insert(companies)
      .values({ clientAccountId: accountId, shortName: 'BIGCUSTOMER', roles: ['contractor'] })
      .returning();
    if (!user || !contractor) throw new Error('could not create the user and contractor');
    const typeRows = await tx
      .insert(types)
      .values(
        [
          ['WAREHOUSE', false],
          ['ZONE', false],
          ['RACK', false],
          ['BIN', true],
        ].map(([code, handleStock]) => ({ clientAccountId: accountId, code, handleStock })),
      )
      .returning();
    const typeId = (code: string) => String(typeRows.find((t) => t.code === code)?.id);
    const groupRows = await tx
      .insert(groups)
      .values(groupNames.map((name) => ({ clientAccountId: accountId, name })))
      .returning();
    return {
      accountId,
      userId: String(user.id),
      contractorId: String(contractor.id),
      types: {
        warehouse: typeId('WAREHOUSE'),
        zone: typeId('ZONE'),
        rack: typeId('RACK'),
        bin: typeId('BIN'),
      },
      groupIds: groupNames.map((name) => String(groupRows.find((g) => g.name === name)?.id)),
    };
  });
  const { accountId, contractorId } = setup;
  log(`account "${opts.accountName}" ${accountId}, sign in as ${username} / ${password}`);

  const plan = planLocations(accountId, binCount, setup.types);
  for (const batch of chunks(plan.rows, 2000)) await db.insert(spaces).values(batch);
  log(`${plan.rows.length} locations (${plan.bins.length} bins) in ${seconds(started)} s`);

  const productIds: string[] = [];
  for (let from = 0; from < productCount; from += 2000) {
    const rows: Record<string, unknown>[] = [];
    const barcodes: { clientAccountId: string; barcode: string; productId: string }[] = [];
    for (let n = from; n < Math.min(productCount, from + 2000); n++) {
      const id = v7();
      productIds.push(id);
      const group = groupOf(n);
      const cooled = group === 1 || group === 2;
      const barcode = ean13(n + 1);
      barcodes.push({ clientAccountId: accountId, barcode: barcodeKey(barcode), productId: id });
      rows.push({
        id,
        clientAccountId: accountId,
        index: `P${String(n + 1).padStart(6, '0')}`,
        name: `${rnd.pick(adjectives)} ${rnd.pick(nouns)} ${groupNames[group]} ${n + 1}`,
        barcodes: [barcode],
        mainGroupId: setup.groupIds[group],
        unit: rnd.chance(0.15) ? 'kg' : 'pcs',
        weight: Math.round(rnd.next() * 2000) / 100 + 0.1,
        contractorId: isContractors(n, contractorEvery) ? contractorId : null,
        minTemperature: cooled ? (group === 2 ? -25 : 2) : null,
        maxTemperature: cooled ? (group === 2 ? -15 : 8) : null,
        warningStock: 50,
        criticalStock: 10,
        cashValue: Math.round(rnd.next() * 20_000) / 100,
        requiredExpDate: isExpiring(n),
        visibleExpDate: isExpiring(n),
        visibleProdDate: isLot(n),
        requiredSerial: isSerial(n) || isLot(n),
        visibleSerial: isSerial(n) || isLot(n),
        lockIn: n % 997 === 996,
        lockOut: n % 991 === 990,
        fragile: group === 3,
      });
    }
    await db.transaction(async (tx) => {
      await tx.insert(products).values(rows);
      await tx.insert(productBarcode).values(barcodes);
    });
  }
  log(`${productCount} products in ${seconds(started)} s`);

  const ids = {
    document: idPrefix(),
    position: idPrefix(),
    stock: idPrefix(),
    movement: idPrefix(),
  };
  const productArray = `{${productIds.join(',')}}`;
  const binArray = `{${plan.bins.join(',')}}`;
  const stride = strideFor(binCount);
  // The rows reference only ids made above, so their foreign-key triggers can stay off while they go in
  // (as pg_restore --disable-triggers does); that needs a superuser, else the checks simply run.
  const skipChecks = await canSkipTriggers(db);
  if (!skipChecks) log('not a superuser: foreign keys are checked row by row (slower)');
  const stockStarted = performance.now();
  for (let from = 0; from < stockCount; from += batchSize) {
    const to = Math.min(stockCount, from + batchSize);
    await db.transaction(async (tx) => {
      if (skipChecks) await tx.execute(sql`set local session_replication_role = replica`);
      await insertStockBatch(tx, {
        accountId,
        userId: setup.userId,
        contractorId,
        contractorEvery,
        productArray,
        binArray,
        productCount,
        binCount,
        stride,
        perDocument,
        ids,
        from,
        to,
      });
    });
    const rate = Math.round(to / ((performance.now() - stockStarted) / 1000));
    log(
      `stock rows ${to.toLocaleString('en')} / ${stockCount.toLocaleString('en')} (${rate.toLocaleString('en')}/s)`,
    );
  }
  // Fresh statistics (and, on PostgreSQL, the visibility map index-only scans rely on).
  await db.execute(sql`vacuum analyze`);
  log(`done in ${seconds(started)} s`);
  return {
    accountId,
    userId: setup.userId,
    username,
    contractorId,
    products: productCount,
    locations: plan.rows.length,
    stockRows: stockCount,
    documents: Math.ceil(stockCount / perDocument),
    seconds: Number(seconds(started)),
  };
};

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

interface StockBatch {
  readonly accountId: string;
  readonly userId: string;
  readonly contractorId: string;
  readonly contractorEvery: number;
  readonly productArray: string;
  readonly binArray: string;
  readonly productCount: number;
  readonly binCount: number;
  readonly stride: number;
  readonly perDocument: number;
  readonly ids: { document: string; position: string; stock: string; movement: string };
  readonly from: number;
  readonly to: number;
}

/**
 * Stock rows [from, to) with their receipt documents, positions and ledger rows in one statement. Row i is
 * product p = i mod P at bin (p·7919 + ⌊i / P⌋·stride) mod L: a product's rows lie at distinct bins, so keys
 * never collide. Every fifth row sits on the bin's pallet, serial-tracked goods come one per serial number,
 * lots and expiry dates (≈3 % already expired, many close) follow the product's rules.
 */
const insertStockBatch = async (tx: Tx, b: StockBatch): Promise<void> => {
  const uuidOf = (prefix: string, ordinal: string) =>
    sql.raw(`('${prefix}' || lpad(to_hex(${ordinal}), 12, '0'))::uuid`);
  await tx.execute(sql`
    with arr as materialized (
      select ${b.productArray}::uuid[] as products, ${b.binArray}::uuid[] as bins
    ),
    r as materialized (
      select i, p, i / ${b.perDocument}::bigint as d, (i % ${b.perDocument}::bigint)::int + 1 as line,
        arr.products[p + 1] as product_id,
        arr.bins[bin + 1] as location_id,
        case when i % 5 = 0 then 'PAL' || lpad((bin + 1)::text, 6, '0') else '' end as container,
        case when ${sql.raw(sqlSerial)} then 'SN' || lpad(i::text, 10, '0')
             when ${sql.raw(sqlLot)} then 'LOT' || lpad(((i * 31) % 500)::text, 4, '0')
             else '' end as serial_number,
        case when ${sql.raw(sqlLot)} then current_date + ((i * 7919) % 720 - 20)::int - 720 end as prod_date,
        case when ${sql.raw(sqlExpiring)} then current_date + ((i * 7919) % 720 - 20)::int end as exp_date,
        case when ${sql.raw(sqlSerial)} then 1 else 1 + (i * 2654435761) % 499 end::numeric as quantity,
        case when p % ${b.contractorEvery}::bigint = ${1 % b.contractorEvery}::bigint then ${b.contractorId}::uuid end as contractor_id,
        now() - make_interval(days => (i % 400)::int, secs => (i % 86400)::int) as at
      from arr cross join (
        select i, p, (p * 7919 + (i / ${b.productCount}::bigint) * ${b.stride}::bigint) % ${b.binCount}::bigint as bin
        from (select i, i % ${b.productCount}::bigint as p
              from generate_series(${b.from}::bigint, ${b.to - 1}::bigint) as g(i)) s0) s
    ),
    docs as (
      insert into wms_document (id, client_account_id, created_at, updated_at, document_number, type_code,
        status_code, execution_date, comment, generated, confirmed_positions, unconfirmed_positions,
        confirmed_quantity, unconfirmed_quantity, responsible_user_id)
      select ${uuidOf(b.ids.document, 'd')}, ${b.accountId}::uuid, min(at), min(at),
        'GEN-DIN-' || lpad(d::text, 7, '0'), 'DIN', 'confirmed', min(at), 'generated for benchmarks', false,
        count(*), 0, sum(quantity), 0, ${b.userId}::uuid
      from r group by d
      returning id
    ),
    positions as (
      insert into wms_document_position (id, client_account_id, created_at, updated_at, document_id, line_no,
        product_id, quantity, destination_location_id, destination_container, serial_number, prod_date, exp_date)
      select ${uuidOf(b.ids.position, 'i')}, ${b.accountId}::uuid, at, at, ${uuidOf(b.ids.document, 'd')}, line,
        product_id, quantity, location_id, nullif(container, ''), nullif(serial_number, ''), prod_date, exp_date
      from r
      returning id
    ),
    stock_rows as (
      insert into stock (id, client_account_id, product_id, location_id, container, serial_number, prod_date,
        exp_date, quantity, reserved, contractor_id, first_receipt_at, updated_at)
      select ${uuidOf(b.ids.stock, 'i')}, ${b.accountId}::uuid, product_id, location_id, container, serial_number,
        prod_date, exp_date, quantity, 0, contractor_id, at, at
      from r
      returning id
    ),
    ledger as (
      insert into stock_movement (id, client_account_id, document_id, position_id, product_id, location_id,
        container, serial_number, prod_date, exp_date, delta, kind, user_id, at)
      select ${uuidOf(b.ids.movement, 'i')}, ${b.accountId}::uuid, ${uuidOf(b.ids.document, 'd')},
        ${uuidOf(b.ids.position, 'i')}, product_id, location_id, container, serial_number, prod_date, exp_date,
        quantity, 'confirm', ${b.userId}::uuid, at
      from r
      returning id
    )
    select (select count(*) from docs) as documents, (select count(*) from positions) as positions,
      (select count(*) from stock_rows) as stock, (select count(*) from ledger) as ledger`);
};
