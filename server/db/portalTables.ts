import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { clientAccount } from './internalTables';
import type { ResourceTable } from './resourceTables';

const idOf = (tables: Record<string, ResourceTable>, name: string) => {
  const id = tables[name]?.id;
  if (!id) throw new Error(`portal tables need the ${name} resource`);
  return id;
};

/**
 * The contractor portal's basket (one per contractor user, kept on the server so it survives sign-out and
 * another device) and the attempts at opening shared access links (for their rate limit).
 */
export const buildPortalTables = (resourceTables: Record<string, ResourceTable>) => {
  const cartLine = pgTable(
    'cart_line',
    {
      id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
      clientAccountId: uuid('client_account_id')
        .notNull()
        .references(() => clientAccount.id, { onDelete: 'cascade' }),
      userId: uuid('user_id')
        .notNull()
        .references(() => idOf(resourceTables, 'user'), { onDelete: 'cascade' }),
      productId: uuid('product_id')
        .notNull()
        .references(() => idOf(resourceTables, 'product'), { onDelete: 'cascade' }),
      quantity: numeric('quantity', { precision: 18, scale: 6, mode: 'number' }).notNull(),
      createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    },
    (t) => [
      unique('cart_line_user_product_uq').on(t.userId, t.productId),
      index('cart_line_account_user_idx').on(t.clientAccountId, t.userId),
      index('cart_line_product_idx').on(t.productId),
    ],
  );

  /** Failed attempts at a shared link (unknown key or token, ended link), per client address. */
  const sharedAccessAttempt = pgTable(
    'shared_access_attempt',
    {
      id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
      address: text('address').notNull(),
      at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    },
    (t) => [index('shared_access_attempt_address_idx').on(t.address, t.at)],
  );

  return { cartLine, sharedAccessAttempt };
};

export type PortalTables = ReturnType<typeof buildPortalTables>;
