import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import type { LogisticsConfig } from '../../../domain/warehouse/logisticsConfig';
import { documentDraftOf, positionDraftOf } from '../../../domain/warehouse/ruleInputs';
import {
  assertDocumentTransition,
  canDeleteDocument,
  type DocumentStatus,
} from '../../../domain/warehouse/statuses';
import {
  inverseMovements,
  movementsOf,
  type StockMovement,
  stockKeyString,
} from '../../../domain/warehouse/stock';
import type { PositionDraft } from '../../../domain/warehouse/validationInput';
import { BuiltOnce, placeholdersFor, tableRowsOf } from '../../db/builtOnce';
import type { Executor } from '../../db/client';
import type { Row } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import type { UnitOfWork } from '../../unitOfWork';
import { type LoadedProducts, loadProducts } from '../stock/ruleRows';
import { fromDbKey } from '../stock/stockKeys';
import { stockServiceOf } from '../stock/stockService';
import type { DocumentLocks } from './documentLocking';
import { releaseFor } from './documentReservations';
import {
  announce,
  announceStock,
  type DocumentTables,
  type DocumentWithPositions,
  progressOf,
  rowOfAccount,
  statusOf,
  withPositions,
} from './documentTables';
import { checkDocument } from './validationContext';

/** What a save with confirm has read or done already (confirmLocked then neither reads nor runs it again). */
export interface KnownBeforeConfirm {
  readonly positions?: readonly Row[];
  readonly products?: LoadedProducts;
  /** The document's own reservations, when read already. */
  readonly own?: ReadonlyMap<string, number>;
}

/**
 * A document's status changes: confirm (stock moves, with the domain's rules and the ledger), revert (the
 * confirmation's ledger movements negated) and delete (working copies only; their reservation released).
 */
export class DocumentTransitions {
  /** setStatus' statements, built once per shape of their values. */
  private readonly statusStatements = new Map<string, BuiltOnce<string>>();

  constructor(
    private readonly t: DocumentTables,
    private readonly locks: DocumentLocks,
  ) {}

  /**
   * Confirms a working copy: the rules again (with availability), then its movements on the stock. The document
   * is locked with the account's logistics config and its own reservations (lockWithConfig).
   */
  async confirm(unit: UnitOfWork, scope: Scope, id: string): Promise<DocumentWithPositions> {
    const { row, config, own } = await this.locks.lockWithConfig(unit.tx, scope, id);
    return this.confirmLocked(unit, scope, row, config, { own });
  }

  /**
   * Confirms the locked working copy `row`. `known`: what the caller has read or done already — a save with
   * confirm has just written the positions, released any reservation (own = none) and run the rules with
   * availability (products), so none of it is read or run again.
   */
  async confirmLocked(
    unit: UnitOfWork,
    scope: Scope,
    row: Row,
    config: LogisticsConfig,
    known: KnownBeforeConfirm = {},
  ): Promise<DocumentWithPositions> {
    const { tx } = unit;
    const id = String(row.id);
    const status = statusOf(row);
    const refused = assertDocumentTransition(status, 'confirmed');
    if (refused) throw new AppError('statusForbidsChange', { issues: [{ ...refused }] });
    const stock = stockServiceOf(this.t.ctx);
    const positions = known.positions ?? (await this.locks.positionRows(tx, scope.clientAccountId, id));
    const draft = documentDraftOf(row, status);
    const drafts = positions.map(positionDraftOf);
    const own = known.own ?? (await stock.reservationsOf(tx, scope.clientAccountId, id));
    const products =
      known.products ??
      (await checkDocument(this.t.ctx, tx, scope.clientAccountId, config, draft, drafts, {
        availability: true,
        ownReserved: own,
        documentId: id,
      }));
    // The document's status first, the stock last: the stock rows' locks (every receipt of a product into a
    // location takes the same rows) are then held for fewer statements before the unit commits. A refused
    // movement rolls the whole unit back, the status with it.
    const confirmed = await this.setStatus(unit, scope, row, 'confirmed', drafts, positions, {
      executionDate: new Date(),
    });
    // The document's reservation rows go; the stock rows' reserved amounts drop in the movements' statement.
    if (own.size) await stock.dropReservations(tx, scope.clientAccountId, id);
    const changes = await stock.applyMovements(tx, scope.clientAccountId, movementsOf(draft, drafts), {
      documentId: id,
      positionIds: positions.map((p) => String(p.id)),
      kind: 'confirm',
      userId: scope.userId,
      contractorOf: new Map([...products].map(([pid, p]) => [pid, p.contractorId])),
      productLabelOf: new Map([...products].map(([pid, p]) => [pid, p.index])),
      releaseReserved: own,
    });
    announceStock(unit, scope, changes);
    return confirmed;
  }

  /**
   * Reverts a confirmed document: the ledger's movements of its confirmation, negated (exactly what happened,
   * whatever rules a later build has). Refused with stockShortfall when received goods have already left.
   */
  async revert(unit: UnitOfWork, scope: Scope, id: string): Promise<DocumentWithPositions> {
    const { tx } = unit;
    const row = await this.locks.lock(tx, scope, id);
    const refused = assertDocumentTransition(statusOf(row), 'reverted');
    if (refused) throw new AppError('statusForbidsChange', { issues: [{ ...refused }] });
    const positions = await this.locks.positionRows(tx, scope.clientAccountId, id);
    const indexOf = new Map(positions.map((p, i) => [String(p.id), i]));
    const { stockMovement: m } = this.t.ctx.schema.warehouseTables;
    const ledger = await tx
      .select()
      .from(m)
      .where(and(eq(m.clientAccountId, scope.clientAccountId), eq(m.documentId, id), eq(m.kind, 'confirm')))
      .orderBy(asc(m.at), asc(m.id));
    const movements: StockMovement[] = ledger.map((r) => {
      const key = fromDbKey(r);
      return {
        key,
        keyString: stockKeyString(key),
        quantity: r.delta,
        positionIndex: indexOf.get(r.positionId ?? '') ?? 0,
      };
    });
    const products = await loadProducts(
      this.t.ctx,
      tx,
      scope.clientAccountId,
      movements.map((mv) => mv.key.productId),
    );
    const changes = await stockServiceOf(this.t.ctx).applyMovements(
      tx,
      scope.clientAccountId,
      inverseMovements(movements),
      {
        documentId: id,
        positionIds: positions.map((p) => String(p.id)),
        kind: 'revert',
        userId: scope.userId,
        contractorOf: new Map([...products].map(([pid, p]) => [pid, p.contractorId])),
        productLabelOf: new Map([...products].map(([pid, p]) => [pid, p.index])),
      },
    );
    announceStock(unit, scope, changes);
    return this.setStatus(unit, scope, row, 'reverted', positions.map(positionDraftOf), positions);
  }

  /** Deletes a working copy (its reservation is released); confirmed history is reverted, never deleted. */
  async remove(unit: UnitOfWork, scope: Scope, id: string): Promise<void> {
    const { tx } = unit;
    const { docs, dcol, docService } = this.t;
    const row = await this.locks.lock(tx, scope, id);
    if (!canDeleteDocument(statusOf(row))) throw new AppError('statusForbidsDelete');
    await releaseFor(this.t, unit, scope, id);
    const positions = await this.locks.positionRows(tx, scope.clientAccountId, id);
    await tx.delete(docs).where(and(eq(dcol('clientAccountId'), scope.clientAccountId), eq(dcol('id'), id)));
    await docService.log(tx, scope, 'delete', id, row, undefined);
    for (const p of positions) announce(unit, scope, 'wmsDocumentPosition', String(p.id), 'delete');
    announce(unit, scope, 'wmsDocument', id, 'delete');
  }

  /**
   * Deletes the working copies that follow a document (precedingDocumentId). All or nothing: when one of them
   * is already confirmed or reverted, nothing is deleted (statusForbidsDelete).
   */
  async removeByPreceding(unit: UnitOfWork, scope: Scope, precedingId: string): Promise<string[]> {
    const { docs, dcol, docService } = this.t;
    await this.locks.lock(unit.tx, scope, precedingId);
    const rows = await unit.tx
      .select({ id: dcol('id'), statusCode: dcol('statusCode') })
      .from(docs)
      .where(and(docService.scopeCondition(scope), eq(dcol('precedingDocumentId'), precedingId)))
      .orderBy(asc(dcol('id')));
    if (rows.some((r) => !canDeleteDocument(statusOf(r)))) throw new AppError('statusForbidsDelete');
    const ids = rows.map((r) => String(r.id));
    for (const id of ids) await this.remove(unit, scope, id);
    return ids;
  }

  private async setStatus(
    unit: UnitOfWork,
    scope: Scope,
    row: Row,
    status: DocumentStatus,
    drafts: readonly PositionDraft[],
    positions: readonly Row[],
    extra: Row = {},
  ): Promise<DocumentWithPositions> {
    const { ctx, docs, dcol, docService } = this.t;
    const id = String(row.id);
    const changed: Row = {
      statusCode: status,
      ...progressOf(status, drafts),
      ...extra,
      updatedAt: new Date(),
    };
    // The row is locked, so what the update makes of it is known before it runs: its record log entry goes in
    // the same statement (a data-modifying WITH part), one round trip for both.
    const document = placeholdersFor(docs, 'd_', { ...changed, version: sql`${dcol('version')} + 1` });
    const logValues = docService.logValues(scope, 'update', id, row, {
      ...row,
      ...changed,
      version: Number(row.version) + 1,
    });
    const logTable = ctx.schema.resourceTables.recordLog;
    const log = logValues && logTable ? placeholdersFor(logTable, 'g_', logValues) : undefined;
    const key = `${document.shape} ${log?.shape ?? '-'}`;
    let statement = this.statusStatements.get(key);
    if (!statement) {
      // Built once per shape: drizzle's building costs more node time than the statement's round trip.
      statement = new BuiltOnce([], (_v, db) => {
        const update = (on: Pick<Executor, 'update'>) =>
          on.update(docs).set(document.fields).where(rowOfAccount(dcol, 'w_document')).returning();
        return log && logTable?.id
          ? update(
              db.with(
                db
                  .$with('document_logged')
                  .as(db.insert(logTable).values(log.fields).returning({ id: logTable.id })),
              ),
            )
          : update(db);
      });
      this.statusStatements.set(key, statement);
    }
    const [updated] = tableRowsOf(
      docs,
      await statement.rows(unit.tx, {
        ...document.params,
        ...log?.params,
        w_account: scope.clientAccountId,
        w_document: id,
      }),
    );
    if (!updated) throw new AppError('notFoundOrNoPermission');
    announce(unit, scope, 'wmsDocument', id, 'update');
    return withPositions(this.t, updated, positions);
  }
}
