import { and, eq, lte, sql } from 'drizzle-orm';
import type { ResourceHooks } from '../resources/hooks';
import { column } from './sharedLinkRows';

/**
 * Before any read of the links: those whose time is up are marked as no longer available, so the stored flag
 * the lists filter and sort on is true when read (ending by use or withdrawal is written when it happens).
 */
export const sharedAccessHooks: ResourceHooks = {
  async beforeRead({ scope, table, db, now }) {
    await db
      .update(table)
      .set({ isAvailable: false, endReason: sql`coalesce(${column(table, 'endReason')}, 'expired')` })
      .where(
        and(
          eq(column(table, 'clientAccountId'), scope.clientAccountId),
          eq(column(table, 'isAvailable'), true),
          lte(column(table, 'expiresAt'), now),
        ),
      );
  },
};
