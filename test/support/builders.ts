import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { validateRecord } from '../../domain/resources/schema';
import {
  type FieldDef,
  type ResourceDefinition,
  systemFields,
  writableFields,
} from '../../domain/resources/types';
import { signAccessToken } from '../../server/auth/accessToken';
import { claimsOf } from '../../server/auth/claimsOf';
import { hashPassword } from '../../server/auth/password';
import type { AppContext } from '../../server/context';
import { clientAccount } from '../../server/db/internalTables';
import { type Row, toDbValues } from '../../server/resources/rows';
import type { Scope } from '../../server/resources/scope';
import { runInUnit } from '../../server/unitOfWork';
import { documentServiceOf } from '../../server/warehouse/documents/documentService';
import { replaceProductBarcodes } from '../../server/warehouse/records/productBarcodes';

/** Test data builders: one system for every server test. */
export const testPassword = 'Secret-pass-1';
let passwordHash: Promise<string> | undefined;
const hashed = () => {
  passwordHash ??= hashPassword(testPassword);
  return passwordHash;
};

export const anAccount = async (
  ctx: AppContext,
  name = `Account ${randomUUID().slice(0, 8)}`,
): Promise<string> => {
  const [row] = await ctx.db.insert(clientAccount).values({ name }).returning({ id: clientAccount.id });
  if (!row) throw new Error('no account');
  return row.id;
};

export interface TestUser {
  readonly row: Row;
  readonly token: string;
  readonly headers: { authorization: string };
}

/** A signed-in user of an account (password `testPassword`) with an access token ready to use. */
export const aUser = async (
  ctx: AppContext,
  clientAccountId: string,
  overrides: Row = {},
): Promise<TestUser> => {
  const table = ctx.schema.resourceTables.user;
  if (!table) throw new Error('no user table');
  const suffix = randomUUID().slice(0, 8);
  const [row] = await ctx.db
    .insert(table)
    .values({
      clientAccountId,
      username: `user-${suffix}`,
      email: `user-${suffix}@example.com`,
      visibleName: `User ${suffix}`,
      passwordHash: await hashed(),
      isActivated: true,
      createdDate: new Date(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no user');
  const { token } = await signAccessToken(
    claimsOf(row),
    ctx.config.jwtSecret,
    ctx.config.accessTokenSeconds,
    ctx.clock.now(),
  );
  return { row, token, headers: { authorization: `Bearer ${token}` } };
};

export const aSuperUser = (ctx: AppContext, clientAccountId: string, overrides: Row = {}) =>
  aUser(ctx, clientAccountId, {
    isSuperUser: true,
    isPowerUser: true,
    logisticsEnabled: true,
    terminalEnabled: true,
    ...overrides,
  });

export const aPowerUser = (ctx: AppContext, clientAccountId: string, overrides: Row = {}) =>
  aUser(ctx, clientAccountId, { isPowerUser: true, logisticsEnabled: true, ...overrides });

/** A contractor company of the account and a portal user linked to it. */
export const aContractorUser = async (
  ctx: AppContext,
  clientAccountId: string,
): Promise<TestUser & { contractorId: string }> => {
  const companies = ctx.schema.resourceTables.company;
  if (!companies) throw new Error('no company table');
  const [company] = await ctx.db
    .insert(companies)
    .values({ clientAccountId, shortName: `CTR-${randomUUID().slice(0, 8)}`, roles: ['contractor'] })
    .returning();
  if (!company) throw new Error('no company');
  const user = await aUser(ctx, clientAccountId, { contractorId: company.id, contractorPortalEnabled: true });
  return { ...user, contractorId: String(company.id) };
};

const isSystemField = (name: string) => (systemFields as readonly string[]).includes(name);

/** The registered definition of a resource (tests iterate `ctx.schema.definitions`). */
export const definitionOf = (ctx: AppContext, name: string): ResourceDefinition => {
  const def = ctx.schema.definitions.find((d) => d.name === name);
  if (!def) throw new Error(`no resource ${name}`);
  return def;
};

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A random text of letters and digits, fitted to the field's length bounds. */
const randomText = (f: FieldDef, wanted = 12): string => {
  const length = Math.max(f.minLength ?? 1, Math.min(wanted, f.maxLength ?? wanted));
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[(bytes[i] ?? 0) % (i === 0 ? 26 : alphabet.length)];
  return out;
};

const clamp = (n: number, f: FieldDef) => Math.min(Math.max(n, f.min ?? n), f.max ?? n);

/**
 * A valid value of one field as the API accepts it (unique fields get random values).
 * Ref fields are not handled here: validPayloadFor creates the referenced rows.
 */
export const validValueFor = (f: FieldDef): unknown => {
  switch (f.kind) {
    case 'string':
    case 'text':
      return randomText(f);
    case 'email':
      return `${randomText({ kind: 'string' }, 10)}@example.com`;
    case 'phone':
      return '+48 600 100 200';
    case 'url':
      return `https://example.com/${randomText({ kind: 'string' }, 8)}`;
    case 'password':
      return testPassword;
    case 'integer':
      return clamp(7, f);
    case 'decimal':
      return clamp(12.5, f);
    case 'boolean':
      return f.default !== true;
    case 'date':
      return '2024-05-17';
    case 'datetime':
      return '2024-05-17T10:20:30.000Z';
    case 'enum':
      return f.options?.[1] ?? f.options?.[0];
    case 'enumList':
      // Every option: a made-up company is contractor, supplier and carrier at once, so any link to it holds.
      return [...(f.options ?? [])];
    case 'tags':
      // Both random: some tag lists must be unique within the account (product barcodes).
      return [randomText({ kind: 'string' }, 8), randomText({ kind: 'string' }, 6)];
    case 'json':
      return { answer: 42, list: [1, 'two'] };
    case 'color':
      return '#12ab34';
    case 'ref':
      return undefined;
  }
};

const userLinks = new Set(['contractorId', 'carrierId']);
const letters = (n: number) => Array.from(randomBytes(n), (b) => String.fromCharCode(65 + (b % 26))).join('');

/** Values some resources need beyond their field metadata (a rule of their module checks them). */
const moduleRules: Readonly<Record<string, () => Row>> = {
  // An exchange pair names two currencies.
  companyCurrencyRateRule: () => ({ pairName: `A${letters(2)}/B${letters(2)}`, updateHours: ['08:00'] }),
  // Update hours are times of day.
  companyStockRateRule: () => ({ updateHours: ['08:00', '16:00'] }),
  // One default layout per kind: a second default would take the mark from the first (a write to a row the
  // generic walks do not expect); the default itself has its own test (test/server/print/defaultLayout.test.ts).
  printLayout: () => ({ isDefault: false }),
};

/**
 * A valid write payload of a resource, built from its field metadata: every writable field gets a
 * value of its kind; ref fields point at rows created first in the same account, unless `refs`
 * names the row to use.
 */
export const validPayloadFor = async (
  ctx: AppContext,
  def: ResourceDefinition,
  clientAccountId: string,
  refs: Readonly<Record<string, string>> = {},
): Promise<Row> => {
  const payload: Row = moduleRules[def.name]?.() ?? {};
  for (const [name, f] of writableFields(def)) {
    if (name in payload) continue;
    if (f.kind !== 'ref') {
      payload[name] = validValueFor(f);
      continue;
    }
    const given = refs[name];
    // A user belongs to a contractor, to a carrier or to neither (never both): links only when asked for.
    if (def.name === 'user' && userLinks.has(name) && !given) continue;
    if (given) payload[name] = given;
    else if (f.ref !== def.name) {
      const target = await aRecord(ctx, definitionOf(ctx, f.ref ?? ''), clientAccountId);
      payload[name] = target.id;
    }
    // A reference to the same resource stays empty: it would need a row of its own first.
  }
  return payload;
};

/**
 * A stored row of any resource in an account, inserted directly (no API, no record log): writable
 * fields from validPayloadFor (normalised like the API does), server-written fields with values of
 * their kind. Users are made by aUser.
 */
export const aRecord = async (
  ctx: AppContext,
  def: ResourceDefinition,
  clientAccountId: string,
  overrides: Row = {},
): Promise<Row> => {
  const payload = await validPayloadFor(ctx, def, clientAccountId);
  if (def.name === 'user') {
    const { password: _password, ...fields } = { ...payload, ...overrides };
    // A user linked to a contractor is a contractor user; keep made-up users plain staff.
    return (await aUser(ctx, clientAccountId, { ...fields, contractorId: overrides.contractorId ?? null }))
      .row;
  }
  const checked = validateRecord(def, payload);
  if (checked.errors.length)
    throw new Error(`invalid payload for ${def.name}: ${JSON.stringify(checked.errors)}`);
  const values: Row = { ...checked.value };
  for (const [name, f] of Object.entries(def.fields)) {
    if (!f.readOnly || f.internal || f.virtual) continue;
    if (f.kind === 'ref') {
      const target = f.ref === 'user' ? (await aUser(ctx, clientAccountId)).row : undefined;
      values[name] = target?.id ?? null;
    } else values[name] = validValueFor(f);
  }
  const table = ctx.schema.resourceTables[def.name];
  if (!table) throw new Error(`no table for ${def.name}`);
  const [row] = await ctx.db
    .insert(table)
    .values({
      clientAccountId,
      ...toDbValues(def, { ...values, ...overrides }),
      // System columns (id, clientAccountId, createdAt…) may be overridden too.
      ...Object.fromEntries(Object.entries(overrides).filter(([k]) => isSystemField(k))),
    })
    .returning();
  if (!row) throw new Error(`no ${def.name}`);
  await afterDirectInsert(ctx, def, row);
  return row;
};

/** A company e-mail account (SMTP settings) of the account; `overrides` set any field. */
export const anEmailAccount = async (
  ctx: AppContext,
  clientAccountId: string,
  overrides: Row = {},
): Promise<Row> => {
  const table = ctx.schema.resourceTables.emailAccount;
  if (!table) throw new Error('no emailAccount table');
  const [row] = await ctx.db
    .insert(table)
    .values({
      clientAccountId,
      sender: 'Warehouse <office@example.com>',
      smtpServer: '127.0.0.1',
      port: 25,
      secure: false,
      isDefault: true,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no email account');
  return row;
};

// ---------------------------------------------------------------------------------------------------------
// orders: products, locations, stock and orders for the warehouse order, count and production tests
// ---------------------------------------------------------------------------------------------------------

/** The tenancy scope of a test user, as the server builds it from the user's token. */
export const orderScopeOf = (user: TestUser): Scope => {
  const claims = { ...claimsOf(user.row), exp: Math.floor(Date.now() / 1000) + 600 };
  return {
    clientAccountId: claims.acc,
    contractorId: claims.ctr,
    userId: claims.sub,
    userName: claims.name,
    claims,
  };
};

/** A product without locks or required batch attributes (index and name with a hyphen); `overrides` set any field. */
export const anOrderProduct = async (
  ctx: AppContext,
  clientAccountId: string,
  overrides: Row = {},
): Promise<Row> => {
  const table = ctx.schema.resourceTables.product;
  if (!table) throw new Error('no product table');
  const suffix = randomUUID().slice(0, 8).toUpperCase();
  const [row] = await ctx.db
    .insert(table)
    .values({ clientAccountId, index: `P-${suffix}`, name: `Product-${suffix}`, unit: 'pcs', ...overrides })
    .returning();
  if (!row) throw new Error('no product');
  return row;
};

/** A storage location without a type (so it holds stock) and without locks; `overrides` set any field. */
export const anOrderLocation = async (
  ctx: AppContext,
  clientAccountId: string,
  overrides: Row = {},
): Promise<Row> => {
  const table = ctx.schema.resourceTables.storageSpace;
  if (!table) throw new Error('no storageSpace table');
  const [row] = await ctx.db
    .insert(table)
    .values({ clientAccountId, label: `L-${randomUUID().slice(0, 8).toUpperCase()}`, ...overrides })
    .returning();
  if (!row) throw new Error('no location');
  return row;
};

/** Goods received through a confirmed direct receipt (DIN): stock exists only through documents. */
export const receiveOrderStock = async (
  ctx: AppContext,
  user: TestUser,
  lines: readonly {
    productId: string;
    locationId: string;
    quantity: number;
    container?: string;
    serialNumber?: string;
    expDate?: string;
  }[],
): Promise<Row> => {
  const service = documentServiceOf(ctx);
  return runInUnit(ctx, (unit) =>
    service.create(
      unit,
      orderScopeOf(user),
      {
        typeCode: 'DIN',
        positions: lines.map((l) => ({
          productId: l.productId,
          quantity: l.quantity,
          destinationLocationId: l.locationId,
          destinationContainer: l.container ?? null,
          serialNumber: l.serialNumber ?? null,
          expDate: l.expDate ?? null,
        })),
      },
      { confirm: true },
    ),
  );
};

/** Quantity on hand of a product (at one location when given), summed over the stock rows. */
export const stockQuantityOf = async (
  ctx: AppContext,
  clientAccountId: string,
  productId: string,
  locationId?: string,
): Promise<number> => {
  const { stock } = ctx.schema.warehouseTables;
  const rows = await ctx.db
    .select({ quantity: stock.quantity, locationId: stock.locationId })
    .from(stock)
    .where(and(eq(stock.clientAccountId, clientAccountId), eq(stock.productId, productId)));
  return rows
    .filter((r) => !locationId || r.locationId === locationId)
    .reduce((sum, r) => Math.round((sum + Number(r.quantity)) * 1e6) / 1e6, 0);
};

/**
 * An order row with positions inserted directly (no API, no numbering): for tenancy tests and for statuses
 * the API reaches only through a long way round.
 */
export const anOrderRow = async (
  ctx: AppContext,
  clientAccountId: string,
  overrides: Row = {},
  positions: readonly Row[] = [],
): Promise<Row> => {
  const orders = ctx.schema.resourceTables.wmsOrder;
  const lines = ctx.schema.resourceTables.wmsOrderPosition;
  if (!orders || !lines) throw new Error('no order tables');
  const [order] = await ctx.db
    .insert(orders)
    .values({
      clientAccountId,
      orderNumber: `T-${randomUUID().slice(0, 12)}`,
      typeCode: 'OOU',
      statusCode: 'workingCopy',
      positionsCount: positions.length,
      positionsDone: 0,
      ...overrides,
    })
    .returning();
  if (!order) throw new Error('no order');
  if (positions.length)
    await ctx.db
      .insert(lines)
      .values(positions.map((p, i) => ({ clientAccountId, orderId: order.id, lineNo: i + 1, ...p })));
  return order;
};

// ---- Warehouse records: products, locations, files (test/server/warehouse/records) ----

/**
 * Rows the resource hooks keep beside a record, written for rows inserted directly too, so test data
 * holds the same invariants as data saved through the API (a product's barcodes in product_barcode).
 */
const afterDirectInsert = async (ctx: AppContext, def: ResourceDefinition, row: Row): Promise<void> => {
  if (def.name === 'product')
    await replaceProductBarcodes(
      ctx.db,
      String(row.clientAccountId),
      String(row.id),
      Array.isArray(row.barcodes) ? row.barcodes.map(String) : [],
    );
};

/** A product of the account (inserted directly, barcodes registered); `overrides` set any field. */
export const aProduct = (ctx: AppContext, clientAccountId: string, overrides: Row = {}): Promise<Row> =>
  aRecord(ctx, definitionOf(ctx, 'product'), clientAccountId, {
    defaultLocationId: null,
    contractorId: null,
    mainGroupId: null,
    ...overrides,
  });

/** A location type of the account; holds stock unless `handleStock: false`. */
export const aLocationType = (ctx: AppContext, clientAccountId: string, overrides: Row = {}): Promise<Row> =>
  aRecord(ctx, definitionOf(ctx, 'storageSpaceType'), clientAccountId, {
    parentTypeId: null,
    handleStock: true,
    ...overrides,
  });

/** A location of the account, top level unless `parentId` is given, without a type unless `typeId` is. */
export const aLocation = (ctx: AppContext, clientAccountId: string, overrides: Row = {}): Promise<Row> =>
  aRecord(ctx, definitionOf(ctx, 'storageSpace'), clientAccountId, {
    parentId: null,
    typeId: null,
    ...overrides,
  });

/** A multipart/form-data body with files under one field name, for `app.inject` (File/upload). */
export const multipartBody = (
  field: string,
  files: readonly { readonly fileName: string; readonly contentType: string; readonly data: Buffer }[],
): { payload: Buffer; headers: { 'content-type': string } } => {
  const boundary = `----aisle-test-${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.fileName}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** The smallest valid PNG (1×1 pixel), for image uploads. */
export const tinyPng = (): Buffer =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

// ---------------------------------------------------------------------------------------------------------
// warehouse: documents and stock (test/server/warehouse/documents, test/server/warehouse/stock)
// ---------------------------------------------------------------------------------------------------------

/** Product fields that keep the document rules quiet (aProduct fills booleans with `true`). */
const plainProduct: Row = {
  lockIn: false,
  lockOut: false,
  lockRelocate: false,
  requiredProdDate: false,
  requiredExpDate: false,
  requiredSerial: false,
  minTemperature: null,
  maxTemperature: null,
  minimalExpDays: null,
  hideFromPortal: false,
};

/** A product no rule objects to (no locks, nothing required, no temperature range); `overrides` set any field. */
export const aStockProduct = (ctx: AppContext, clientAccountId: string, overrides: Row = {}): Promise<Row> =>
  aProduct(ctx, clientAccountId, { ...plainProduct, ...overrides });

/** A location that holds stock and has no locks, temperature or capacity; `overrides` set any field. */
export const aStockLocation = (ctx: AppContext, clientAccountId: string, overrides: Row = {}): Promise<Row> =>
  aLocation(ctx, clientAccountId, {
    lockedIn: false,
    lockedOut: false,
    temperature: null,
    capacityKg: null,
    pickupOrder: null,
    ...overrides,
  });

/** A document made through the DocumentService (as POST /api/WmsDocument does), in its own transaction. */
export const aDocument = (
  ctx: AppContext,
  user: TestUser,
  input: Row,
  options: { confirm?: boolean; generated?: boolean; orderId?: string } = {},
): Promise<Row & { positions: Row[] }> => {
  const service = documentServiceOf(ctx);
  return runInUnit(ctx, (unit) => service.create(unit, orderScopeOf(user), input, options));
};

/** Receives goods with a confirmed direct receipt (DIN) into one location; returns the document. */
export const receiveStock = (
  ctx: AppContext,
  user: TestUser,
  locationId: string,
  lines: readonly Row[],
): Promise<Row & { positions: Row[] }> =>
  aDocument(
    ctx,
    user,
    { typeCode: 'DIN', destinationLocationId: locationId, positions: lines },
    { confirm: true },
  );

/** The stock rows of an account (optionally of one product), oldest key first. */
export const stockRowsOf = async (ctx: AppContext, clientAccountId: string, productId?: string) => {
  const { stock } = ctx.schema.warehouseTables;
  const rows = await ctx.db
    .select()
    .from(stock)
    .where(
      productId
        ? and(eq(stock.clientAccountId, clientAccountId), eq(stock.productId, productId))
        : eq(stock.clientAccountId, clientAccountId),
    );
  return rows.sort(
    (a, b) => a.firstReceiptAt.getTime() - b.firstReceiptAt.getTime() || (a.id < b.id ? -1 : 1),
  );
};

/** Sets an account's logistics config (jsonb as stored; parsed with defaults by the server). */
export const setLogisticsConfig = async (
  ctx: AppContext,
  clientAccountId: string,
  config: Row,
): Promise<void> => {
  await ctx.db
    .update(clientAccount)
    .set({ logisticsConfig: config })
    .where(eq(clientAccount.id, clientAccountId));
};

/**
 * A fresh account whose working copies count in stock (they reserve), with a super user, one stock location
 * and one product of which `onHand` units lie there.
 */
export const aReservingWarehouse = async (ctx: AppContext, onHand: number) => {
  const account = await anAccount(ctx);
  const boss = await aSuperUser(ctx, account);
  await setLogisticsConfig(ctx, account, { workingCopiesCountInStock: true });
  const loc = await aStockLocation(ctx, account);
  const prod = await aStockProduct(ctx, account);
  await receiveStock(ctx, boss, String(loc.id), [{ productId: prod.id, quantity: onHand }]);
  return { account, boss, loc, prod };
};

/**
 * Closes the PostgreSQL pool's idle connections and waits until they are gone (no-op on PGlite). pg-pool's
 * end() does not wait for its clients to disconnect, so a test that opened many connections calls this before
 * closing the app: dropping the database would otherwise terminate connections still closing.
 */
export const drainPool = async (ctx: AppContext): Promise<void> => {
  const pool = ctx.database.pool;
  if (!pool) return;
  const count = pool.idleCount;
  if (count === 0) return;
  const clients = await Promise.all(Array.from({ length: count }, () => pool.connect()));
  const gone = new Promise<void>((resolve) => {
    let removed = 0;
    const onRemove = () => {
      removed += 1;
      if (removed < clients.length) return;
      pool.off('remove', onRemove);
      resolve();
    };
    pool.on('remove', onRemove);
  });
  for (const client of clients) client.release(true);
  await gone;
};
