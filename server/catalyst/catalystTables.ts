import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clientAccount } from '../db/internalTables';

/**
 * The catalyst module's own tables, next to the resource tables its definitions make (catalyst, producers,
 * groups, rates, client groups and accounts, individual rules). Foreign keys to resource tables go through
 * id-only declarations of them, so the migration cascades deletes.
 */
const resourceIds = (name: string) => pgTable(name, { id: uuid('id').primaryKey() });
const catalystIds = resourceIds('catalyst');
const clientUserIds = resourceIds('catalyst_client_user');
const userGroupIds = resourceIds('catalyst_user_group');

const account = () =>
  uuid('client_account_id')
    .notNull()
    .references(() => clientAccount.id, { onDelete: 'cascade' });
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** ClientRecyclingConfig: one row per company (no id); defaults apply until it is first saved. */
export const catalystConfig = pgTable('catalyst_config', {
  clientAccountId: uuid('client_account_id')
    .primaryKey()
    .references(() => clientAccount.id, { onDelete: 'cascade' }),
  currency: text('currency').notNull().default('EUR'),
  priceUnit: text('price_unit').notNull().default('g'),
  roundingDecimals: integer('rounding_decimals').notNull().default(2),
  roundingMode: text('rounding_mode').notNull().default('nearest'),
  refiningChargePerKg: doublePrecision('refining_charge_per_kg').notNull().default(0),
  defaultUserGroupId: uuid('default_user_group_id').references(() => userGroupIds.id, {
    onDelete: 'set null',
  }),
  phaseNoticeMinutes: integer('phase_notice_minutes').notNull().default(30),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

/**
 * Every quote of a metal rate or an exchange rate, for the history charts: the market price and what the
 * company's rule made of it then (effective rate per gram, or the company's exchange price).
 */
export const catalystRateQuote = pgTable(
  'catalyst_rate_quote',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    clientAccountId: account(),
    rateKind: text('rate_kind').notNull(),
    rateId: uuid('rate_id').notNull(),
    price: doublePrecision('price').notNull(),
    companyPrice: doublePrecision('company_price'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    createdAt: created(),
  },
  (t) => [index('catalyst_rate_quote_rate_idx').on(t.clientAccountId, t.rateId, t.at)],
);

/**
 * A device a client account signed in on: its refresh token (hashed) lives here, so freeing the device ends
 * that sign-in. The group's device limit counts these rows.
 */
export const catalystClientDevice = pgTable(
  'catalyst_client_device',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    clientAccountId: account(),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => clientUserIds.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name'),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    createdAt: created(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('catalyst_client_device_uq').on(t.clientUserId, t.deviceId),
    uniqueIndex('catalyst_client_device_token_uq').on(t.refreshTokenHash),
  ],
);

/** A client's cart: at most one open per client; submitted carts keep their priced lines. */
export const catalystCart = pgTable(
  'catalyst_cart',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    clientAccountId: account(),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => clientUserIds.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('open'),
    lineCount: integer('line_count').notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
    total: doublePrecision('total'),
    currency: text('currency'),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('catalyst_cart_open_uq').on(t.clientUserId).where(sql`status = 'open'`),
    index('catalyst_cart_account_idx').on(t.clientAccountId, t.createdAt),
  ],
);

/** A catalyst in a cart; the price is set when the cart is submitted. */
export const catalystCartLine = pgTable(
  'catalyst_cart_line',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => catalystCart.id, { onDelete: 'cascade' }),
    catalystId: uuid('catalyst_id')
      .notNull()
      .references(() => catalystIds.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    price: doublePrecision('price'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'catalyst_cart_line_pk', columns: [t.cartId, t.catalystId] })],
);

/** Calls of client accounts per day and kind, for the usage statistics (7 days). */
export const catalystUsage = pgTable(
  'catalyst_usage',
  {
    clientAccountId: account(),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => clientUserIds.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'catalyst_usage_pk', columns: [t.clientUserId, t.day, t.kind] }),
    index('catalyst_usage_account_idx').on(t.clientAccountId, t.day),
  ],
);

/**
 * The scheduler's jobs: one per rate with update hours, due at its next slot (a quote to fetch or a phase
 * to move). A process claims a due job with FOR UPDATE SKIP LOCKED and a lease (`lockedUntil`), so one run
 * happens across all server processes and a job of a process that died is taken over when its lease ends.
 */
export const catalystJob = pgTable(
  'catalyst_job',
  {
    rateId: uuid('rate_id').primaryKey(),
    clientAccountId: account(),
    rateKind: text('rate_kind').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  },
  (t) => [index('catalyst_job_due_idx').on(t.runAt)],
);

export const catalystTables = {
  catalystConfig,
  catalystRateQuote,
  catalystClientDevice,
  catalystCart,
  catalystCartLine,
  catalystUsage,
  catalystJob,
};
