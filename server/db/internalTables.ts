import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** The tenant: one warehouse company (client account) of the service (docs/glossary.md, "Client account"). */
export const clientAccount = pgTable('client_account', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  invoiceName: text('invoice_name'),
  taxId: text('tax_id'),
  address1: text('address1'),
  address2: text('address2'),
  invoiceEmail: text('invoice_email'),
  subscriptionType: text('subscription_type').notNull().default('light'),
  subscriptionCode: text('subscription_code'),
  /** Documents a month the subscription includes; null: no limit (docs/decisions.md, "The monthly document limit"). */
  monthlyDocumentLimit: integer('monthly_document_limit'),
  extraDocumentPrice: numeric('extra_document_price', { precision: 12, scale: 4, mode: 'number' })
    .notNull()
    .default(0.05),
  extraBudget: numeric('extra_budget', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
  theme: text('theme').notNull().default('default'),
  windowAnimations: boolean('window_animations').notNull().default(true),
  appTitle: text('app_title'),
  registrationBlocked: boolean('registration_blocked').notNull().default(false),
  logisticsConfig: jsonb('logistics_config').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

/**
 * Documents each company created in each calendar month (UTC, `YYYY-MM`), counted against its monthly limit
 * (server/warehouse/documents/documentAllowance.ts): incremented by the creating transaction as its last step, so the row
 * lock decides which of two concurrent creations at the last allowed document wins. Only companies with a limit
 * are counted; a month's row starts from the documents the company already created that month.
 */
export const accountDocumentMonth = pgTable(
  'account_document_month',
  {
    clientAccountId: uuid('client_account_id')
      .notNull()
      .references(() => clientAccount.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    documents: integer('documents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientAccountId, t.month] })],
);

/** Refresh tokens: stored hashed; a family shares one sign-in, reuse of a rotated token revokes it. */
export const refreshToken = pgTable(
  'refresh_token',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id').notNull(),
    clientAccountId: uuid('client_account_id')
      .notNull()
      .references(() => clientAccount.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_token_family_idx').on(t.familyId), index('refresh_token_user_idx').on(t.userId)],
);

/**
 * Rate-limit counts (server/http/rateLimiter.ts): per bucket (kind of call and what is counted: address or
 * target) and key, the times of the calls still inside the window — at most the limit of them, so a row stays
 * small however hard it is hammered. Rows of keys not seen for a day are pruned.
 */
export const rateLimitHit = pgTable(
  'rate_limit_hit',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    hits: timestamp('hits', { withTimezone: true, mode: 'date' }).array().notNull(),
    allowed: boolean('allowed').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index('rate_limit_hit_last_idx').on(t.lastAt)],
);

// ---- Warehouse records: barcodes, files, location maps (server/warehouse/records, server/files) ----

/**
 * The id column of a resource table (built from its definition at run time), declared here only so that
 * internal tables can carry real foreign keys to it: the migration gets ON DELETE CASCADE, and rows of
 * a deleted record go with it.
 */
const resourceIds = (name: string) => pgTable(name, { id: uuid('id').primaryKey() });
const productIds = resourceIds('product');
const fileInfoIds = resourceIds('file_info');
const storageSpaceIds = resourceIds('storage_space');

/** Raw bytes (bytea): node-postgres returns a Buffer, PGlite a Uint8Array; both come out as a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Every barcode of every product, one row each, so that the database itself keeps a barcode unique within
 * an account (two products can never share one, even when saved at the same moment). Maintained by the
 * product hook in the product's transaction; `barcode` is the comparison key (GTINs as GTIN-14).
 */
export const productBarcode = pgTable(
  'product_barcode',
  {
    clientAccountId: uuid('client_account_id')
      .notNull()
      .references(() => clientAccount.id, { onDelete: 'cascade' }),
    barcode: text('barcode').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => productIds.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'product_barcode_pk', columns: [t.clientAccountId, t.barcode] }),
    index('product_barcode_product_idx').on(t.productId),
  ],
);

/**
 * The bytes of an uploaded file (FileInfo holds its name, type and size). In the database, so that every
 * API node on one PostgreSQL serves the same files.
 */
export const fileData = pgTable('file_data', {
  fileInfoId: uuid('file_info_id')
    .primaryKey()
    .references(() => fileInfoIds.id, { onDelete: 'cascade' }),
  clientAccountId: uuid('client_account_id')
    .notNull()
    .references(() => clientAccount.id, { onDelete: 'cascade' }),
  data: bytes('data').notNull(),
});

/**
 * The map schema of a location: an SVG drawing placed between two corner points (StorageSpace/{id}/schema,
 * docs/warehouse-api.md).
 */
export const locationSchema = pgTable('location_schema', {
  storageSpaceId: uuid('storage_space_id')
    .primaryKey()
    .references(() => storageSpaceIds.id, { onDelete: 'cascade' }),
  clientAccountId: uuid('client_account_id')
    .notNull()
    .references(() => clientAccount.id, { onDelete: 'cascade' }),
  svg: text('svg'),
  bounds: jsonb('bounds').$type<MapBounds>().notNull(),
  dimensions: jsonb('dimensions').$type<MapDimensions>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

export interface MapBounds {
  readonly southWestX: number;
  readonly southWestY: number;
  readonly northEastX: number;
  readonly northEastY: number;
}
export interface MapDimensions {
  readonly x?: number | null;
  readonly y?: number | null;
  readonly z?: number | null;
}

export const internalTables = {
  clientAccount,
  accountDocumentMonth,
  refreshToken,
  rateLimitHit,
  productBarcode,
  fileData,
  locationSchema,
};
