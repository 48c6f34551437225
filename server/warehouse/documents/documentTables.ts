import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceDefinition } from '../../../domain/resources/types';
import { addQuantities } from '../../../domain/warehouse/quantity';
import { type DocumentStatus, isDocumentStatus } from '../../../domain/warehouse/statuses';
import type { PositionDraft } from '../../../domain/warehouse/validationInput';
import type { AppContext, DataChange } from '../../context';
import { col, definitionOf, tableOf } from '../../db/resourceColumns';
import type { ResourceTable } from '../../db/resourceTables';
import { ResourceService } from '../../resources/resourceService';
import { type Row, toApiRow } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import type { UnitOfWork } from '../../unitOfWork';
import type { StockChange } from '../stock/stockService';

/** A document as every document call returns it: the wmsDocument row plus its positions in line order. */
export type DocumentWithPositions = Row & { readonly positions: Row[] };

/**
 * What every part of the documents module works with (locking, lines, lifecycle, reservations): the definitions
 * and tables of documents and positions, and the generic resource service (tenancy, record log). One per app.
 */
export interface DocumentTables {
  readonly ctx: AppContext;
  readonly docDef: ResourceDefinition;
  readonly posDef: ResourceDefinition;
  readonly docs: ResourceTable;
  readonly positions: ResourceTable;
  readonly docService: ResourceService;
  /** A document column by field name. */
  dcol(name: string): PgColumn;
  /** A position column by field name. */
  pcol(name: string): PgColumn;
}

const cache = new WeakMap<AppContext, DocumentTables>();

export const documentTablesOf = (ctx: AppContext): DocumentTables => {
  const known = cache.get(ctx);
  if (known) return known;
  const docs = tableOf(ctx, 'wmsDocument');
  const positions = tableOf(ctx, 'wmsDocumentPosition');
  const docDef = definitionOf(ctx, 'wmsDocument');
  const tables: DocumentTables = {
    ctx,
    docDef,
    posDef: definitionOf(ctx, 'wmsDocumentPosition'),
    docs,
    positions,
    docService: new ResourceService(ctx, docDef),
    dcol: (name) => col(docs, name),
    pcol: (name) => col(positions, name),
  };
  cache.set(ctx, tables);
  return tables;
};

/** The row of the account by id, for statements built once: the account is `w_account`, the id `idName`. */
export const rowOfAccount = (column: (name: string) => PgColumn, idName: string): SQL | undefined =>
  and(eq(column('clientAccountId'), sql.placeholder('w_account')), eq(column('id'), sql.placeholder(idName)));

/** A document's status (a row without a known one reads as a working copy). */
export const statusOf = (row: Row): DocumentStatus => {
  const s = row.statusCode;
  return isDocumentStatus(s) ? s : 'workingCopy';
};

/** Progress counters kept on the document: what is confirmed and what still waits. */
export const progressOf = (status: DocumentStatus, positions: readonly PositionDraft[]): Row => {
  const count = positions.length;
  const total = addQuantities(...positions.map((p) => p.quantity));
  if (status === 'workingCopy')
    return {
      confirmedPositions: 0,
      unconfirmedPositions: count,
      confirmedQuantity: 0,
      unconfirmedQuantity: total,
    };
  if (status === 'confirmed')
    return {
      confirmedPositions: count,
      unconfirmedPositions: 0,
      confirmedQuantity: total,
      unconfirmedQuantity: 0,
    };
  // A reverted document has nothing confirmed and nothing left to do.
  return { confirmedPositions: 0, unconfirmedPositions: 0, confirmedQuantity: 0, unconfirmedQuantity: 0 };
};

/** A change of a record of the module, published when the unit commits. */
export const announce = (
  unit: UnitOfWork,
  scope: Scope,
  resourceType: string,
  id: string,
  action: DataChange['action'],
): void => unit.publish({ clientAccountId: scope.clientAccountId, resourceType, id, action });

/** Stock rows a document's statement changed. */
export const announceStock = (unit: UnitOfWork, scope: Scope, changes: readonly StockChange[]): void => {
  for (const c of changes) announce(unit, scope, 'stock', c.id, c.action);
};

/** The document with its positions in the API's shape. */
export const withPositions = (
  t: DocumentTables,
  row: Row,
  positions: readonly Row[],
): DocumentWithPositions => ({
  ...toApiRow(t.docDef, row),
  positions: positions.map((p) => toApiRow(t.posDef, p)),
});
