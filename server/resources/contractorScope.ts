import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { contractorProductFields } from '../../domain/portal/contractorVisibility';
import type { ResourceDefinition } from '../../domain/resources/types';
import type { ResourceTable } from '../db/resourceTables';

/**
 * What a contractor may read, by any path — the generic resource API, the change feed, the inventory views and
 * their exports, the portal calls and shared links (docs/decisions.md "Tenancy and roles"). One rule, in SQL:
 *
 * - a row with a contractor field is the contractor's when that field is the contractor; a resource whose rows
 *   can be hidden from the portal (the product's `hideFromPortal`) hides them even then;
 * - a row that names a product (stock, order and basket lines) is visible exactly when that product is.
 *
 * domain/portal/contractorVisibility.ts is the same rule for rows already in memory. Every condition below
 * belongs to one account: callers add the account condition of the table they read.
 */

const column = (t: ResourceTable, name: string): AnyColumn => {
  const c = t[name];
  if (!c) throw new Error(`no column ${name}`);
  return c;
};

/**
 * The contractor condition of a resource's rows: their contractor field is the contractor and, where rows can be
 * hidden from the portal, they are not. A resource without a contractor field shows a contractor nothing.
 */
export const contractorRowCondition = (
  def: ResourceDefinition,
  table: ResourceTable,
  contractorId: string,
): SQL => {
  const field = def.contractorField;
  if (!field) return sql`false`;
  const own = sql`${column(table, field)} = ${contractorId}::uuid`;
  const hidden = def.contractorHiddenField;
  return hidden ? sql`(${own} and ${column(table, hidden)} = false)` : own;
};

/** A product row (of the product table as named in the query) visible to the contractor. */
export const productVisible = (product: ResourceTable, contractorId: string): SQL =>
  sql`(${column(product, contractorProductFields.contractor)} = ${contractorId}::uuid
    and ${column(product, contractorProductFields.hidden)} = false)`;

/** The ids of the account's products the contractor may see, as a subquery. */
export const visibleProductIds = (
  product: ResourceTable,
  clientAccountId: string,
  contractorId: string,
): SQL =>
  sql`(select ${column(product, 'id')} from ${product}
    where ${column(product, 'clientAccountId')} = ${clientAccountId}::uuid and ${productVisible(product, contractorId)})`;

/** Rows naming a product in `productId` (stock, order lines, basket lines): visible when their product is. */
export const productRowVisible = (
  product: ResourceTable,
  productId: AnyColumn | SQL,
  clientAccountId: string,
  contractorId: string,
): SQL => sql`${productId} in ${visibleProductIds(product, clientAccountId, contractorId)}`;
