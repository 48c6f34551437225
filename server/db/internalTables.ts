import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The tenant: one warehouse company (client account) of the service (001 §3 ClientAccount). */
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
  monthlyDocumentLimit: integer('monthly_document_limit').notNull().default(1000),
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

/** Sign-in attempts for rate limiting per user name and per address; old rows are pruned. */
export const signInAttempt = pgTable(
  'sign_in_attempt',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    username: text('username').notNull(),
    address: text('address').notNull(),
    succeeded: boolean('succeeded').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_attempt_user_idx').on(t.username, t.at),
    index('sign_in_attempt_addr_idx').on(t.address, t.at),
  ],
);

export const internalTables = { clientAccount, refreshToken, signInAttempt };
