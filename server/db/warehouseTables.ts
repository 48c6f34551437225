import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { clientAccount } from './internalTables';
import type { ResourceTable } from './resourceTables';

/** numeric(18,6): quantities keep 6 decimals exactly (domain/warehouse/quantity.ts rounds to the same). */
const quantity = (name: string) => numeric(name, { precision: 18, scale: 6, mode: 'number' });

const tableOf = (tables: Record<string, ResourceTable>, name: string): ResourceTable => {
  const t = tables[name];
  if (!t) throw new Error(`warehouse tables need the ${name} resource`);
  return t;
};

const idOf = (t: ResourceTable) => {
  const id = t.id;
  if (!id) throw new Error('resource table without id');
  return id;
};

/**
 * The stock ledger: current stock per key, the movement log it is the sum of, reservations held by working
 * copies, and the document number counters. Built from the resource tables so they can carry foreign keys.
 */
export const buildWarehouseTables = (resourceTables: Record<string, ResourceTable>) => {
  const product = tableOf(resourceTables, 'product');
  const storageSpace = tableOf(resourceTables, 'storageSpace');
  const wmsDocument = tableOf(resourceTables, 'wmsDocument');
  const wmsDocumentPosition = tableOf(resourceTables, 'wmsDocumentPosition');

  const account = () =>
    uuid('client_account_id')
      .notNull()
      .references(() => clientAccount.id, { onDelete: 'cascade' });
  // Stock and history keep their product and location: deleting either is refused (foreignKeyConflict).
  // 'no action' (checked at the end of the statement) rather than 'restrict', so that deleting a whole account
  // still cascades through products, locations and stock together.
  const productRef = () =>
    uuid('product_id')
      .notNull()
      .references(() => idOf(product), { onDelete: 'no action' });
  const locationRef = () =>
    uuid('location_id')
      .notNull()
      .references(() => idOf(storageSpace), { onDelete: 'no action' });

  /** Current stock: one row per (product, location, bin, serial, prodDate, expDate); rows at 0 are deleted. */
  const stock = pgTable(
    'stock',
    {
      id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
      clientAccountId: account(),
      productId: productRef(),
      locationId: locationRef(),
      // '' = no bin / no serial, so the key has no NULL there and the unique key stays simple.
      container: text('container').notNull().default(''),
      serialNumber: text('serial_number').notNull().default(''),
      prodDate: date('prod_date', { mode: 'string' }),
      expDate: date('exp_date', { mode: 'string' }),
      quantity: quantity('quantity').notNull(),
      reserved: quantity('reserved').notNull().default(0),
      /** The product's contractor when the row last moved (denormalised for contractor filters and sums). */
      contractorId: uuid('contractor_id'),
      firstReceiptAt: timestamp('first_receipt_at', { withTimezone: true, mode: 'date' })
        .notNull()
        .defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    },
    (t) => [
      unique('stock_key_uq')
        .on(t.clientAccountId, t.productId, t.locationId, t.container, t.serialNumber, t.prodDate, t.expDate)
        .nullsNotDistinct(),
      check('stock_quantity_ck', sql`${t.quantity} >= 0`),
      check('stock_reserved_ck', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.quantity}`),
      // stock_key_uq serves (account, product …); these serve the location, bin and expiry views.
      index('stock_account_location_idx').on(t.clientAccountId, t.locationId),
      index('stock_account_container_idx').on(t.clientAccountId, t.container),
      index('stock_account_exp_idx').on(t.clientAccountId, t.expDate),
      index('stock_account_contractor_idx').on(t.clientAccountId, t.contractorId),
    ],
  );

  /** The ledger: every change of stock, signed; stock = Σ delta per key. */
  const stockMovement = pgTable(
    'stock_movement',
    {
      id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
      clientAccountId: account(),
      documentId: uuid('document_id')
        .notNull()
        .references(() => idOf(wmsDocument), { onDelete: 'no action' }),
      positionId: uuid('position_id').references(() => idOf(wmsDocumentPosition), { onDelete: 'no action' }),
      productId: productRef(),
      locationId: locationRef(),
      container: text('container').notNull().default(''),
      serialNumber: text('serial_number').notNull().default(''),
      prodDate: date('prod_date', { mode: 'string' }),
      expDate: date('exp_date', { mode: 'string' }),
      delta: quantity('delta').notNull(),
      kind: text('kind', { enum: ['confirm', 'revert'] }).notNull(),
      userId: uuid('user_id'),
      at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    },
    (t) => [
      index('stock_movement_document_idx').on(t.clientAccountId, t.documentId),
      index('stock_movement_product_idx').on(t.clientAccountId, t.productId, t.at),
      index('stock_movement_position_idx').on(t.positionId),
    ],
  );

  /** What each working copy reserves (workingCopiesCountInStock), so releasing it is exact. */
  const stockReservation = pgTable(
    'stock_reservation',
    {
      id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
      clientAccountId: account(),
      documentId: uuid('document_id')
        .notNull()
        .references(() => idOf(wmsDocument), { onDelete: 'cascade' }),
      productId: productRef(),
      locationId: locationRef(),
      container: text('container').notNull().default(''),
      serialNumber: text('serial_number').notNull().default(''),
      prodDate: date('prod_date', { mode: 'string' }),
      expDate: date('exp_date', { mode: 'string' }),
      quantity: quantity('quantity').notNull(),
    },
    (t) => [
      index('stock_reservation_document_idx').on(t.clientAccountId, t.documentId),
      check('stock_reservation_quantity_ck', sql`${t.quantity} > 0`),
    ],
  );

  /** Document number counters, one per account, type and period (numbering scheme's reset). */
  const documentCounter = pgTable(
    'document_counter',
    {
      clientAccountId: account(),
      typeCode: text('type_code').notNull(),
      period: text('period').notNull(),
      lastValue: integer('last_value').notNull(),
    },
    (t) => [primaryKey({ columns: [t.clientAccountId, t.typeCode, t.period] })],
  );

  return { stock, stockMovement, stockReservation, documentCounter };
};

export type WarehouseTables = ReturnType<typeof buildWarehouseTables>;
