import { and, asc, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError, type FieldError } from '../../../domain/errors';
import type { ResourceDefinition } from '../../../domain/resources/types';
import { isUuid, numberOf, textOf } from '../../../domain/rowValues';
import { type DocumentTypeCode, documentTypeOf } from '../../../domain/warehouse/documentTypes';
import { issue, type WarehouseIssue } from '../../../domain/warehouse/issues';
import type { LogisticsConfig } from '../../../domain/warehouse/logisticsConfig';
import { addQuantities, roundQuantity } from '../../../domain/warehouse/quantity';
import { refusalOf } from '../../../domain/warehouse/refusal';
import { documentDraftOf, positionDraftFields, positionDraftOf } from '../../../domain/warehouse/ruleInputs';
import {
  assertDocumentTransition,
  canDeleteDocument,
  canEditDocument,
  type DocumentStatus,
  isDocumentStatus,
} from '../../../domain/warehouse/statuses';
import {
  inverseMovements,
  movementsOf,
  type StockMovement,
  stockKeyString,
} from '../../../domain/warehouse/stock';
import { validateDocument } from '../../../domain/warehouse/validateDocument';
import type { DocumentDraft, PositionDraft } from '../../../domain/warehouse/validationInput';
import { checkPositionsNotEditable } from '../../../domain/warehouse/validators/checkPositionsNotEditable';
import type { AppContext, DataChange } from '../../context';
import { PreparedOnce, placeholdersFor, placeholderText } from '../../db/builtOnce';
import type { Executor, Tx } from '../../db/client';
import { clientAccount } from '../../db/internalTables';
import { definitionOf, tableOf } from '../../db/resourceColumns';
import type { ResourceTable } from '../../db/resourceTables';
import { fromDatabaseError } from '../../http/dbErrors';
import { ResourceService } from '../../resources/resourceService';
import { type Row, toApiRow, toDbValues } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import { publishChange } from '../../sync/pushGroup';
import { loadLogisticsConfig, storedLogisticsConfig } from '../logisticsConfigStore';
import { type LoadedProducts, loadProducts } from '../stock/ruleRows';
import { fromDbKey } from '../stock/stockKeys';
import { type KeyDemand, type StockChange, stockServiceOf } from '../stock/stockService';
import { type PositionValues, parseDocumentInput, parseLineInput, samePositions } from './documentInput';
import {
  assignDocumentNumber,
  collision,
  isWorkingCopyNumber,
  numberTaken,
  offlineNumberTaken,
  provisionalOf,
} from './documentNumbering';
import { type LineDraft, type LineMemory, type LockedDocument, lineMemoryOf } from './lineMemory';
import { type ContextOptions, loadValidationContext } from './validationContext';

/** The line columns the rules read (positionDraftOf), with the line's id and number. */
const lineDraftColumns = ['id', 'lineNo', ...positionDraftFields] as const;

/** Names of what lockWithConfig reads next to the document's columns (no column is named so). */
const lockedRead = {
  snapshotVersion: '__snapshotVersion',
  config: '__config',
  reserved: '__reserved',
  lines: '__lines',
} as const;

/** A transaction's statements with the document's update (and its record_log entry) attached. */
type WithDocumentUpdate = ReturnType<Executor['with']>;

/** How a line change stores the line (changeLines): one statement with the document's update, built once per key. */
interface LineWrite {
  /** The kind of write and the shape of its values: one statement per key. */
  readonly key: string;
  /** The values of its placeholders (placeholdersFor); `w_account` and `w_document` are there too. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The line's statement on `db`, with placeholders only (it is built the first time only). */
  build(db: WithDocumentUpdate): { execute(values?: Record<string, unknown>): Promise<Row[]> };
  /** Publishes the line's change (before the document's). */
  announce(rows: readonly Row[]): void;
  /** The document's lines after the write, from the rows it returned. */
  lines(rows: readonly Row[]): LineDraft[];
}

/** A working copy locked for a change of its lines, with the push group's memory it came from or goes to. */
type LockedForLines = LockedDocument & { readonly memory: LineMemory | undefined };

/** Lines from lineDraftsJson: each a json array of lineDraftColumns' values, in that order. */
const lineDraftsFromJson = (value: unknown): LineDraft[] => {
  const rows: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((cells: unknown) => {
    if (!Array.isArray(cells)) return [];
    return [lineDraftOf(Object.fromEntries(lineDraftColumns.map((name, i) => [name, cells[i] ?? null])))];
  });
};

/** A line as the rules see it, from its row (or lineDraftColumns' values). */
const lineDraftOf = (row: Row): LineDraft => ({
  ...positionDraftOf(row),
  id: String(row.id),
  lineNo: Number(row.lineNo) || 0,
});

/** A document as every document call returns it: the wmsDocument row plus its positions in line order. */
export type DocumentWithPositions = Row & { readonly positions: Row[] };

export interface CreateOptions {
  /** Save it confirmed: stock moves in the same transaction. Also read from the input's `confirm`. */
  readonly confirm?: boolean;
  /** Made by a module (orders, verification): its positions cannot be edited by hand afterwards. */
  readonly generated?: boolean;
  /** Links the document to this order (overrides the input's orderId). */
  readonly orderId?: string;
}

export interface UpdateOptions {
  readonly confirm?: boolean;
  /** The generating module itself rewrites the positions of a generated document. */
  readonly generated?: boolean;
}

// Header references the domain rules do not look up themselves (locations and products they do).
const checkedRefs = ['contractorId', 'orderId', 'precedingDocumentId', 'responsibleUserId'] as const;

/** Rule issues → one error, as domain refusalOf says (the terminal refuses offline with the same). */
const throwIssues = (issues: readonly WarehouseIssue[]): void => {
  if (!issues.length) return;
  const refusal = refusalOf(issues);
  throw new AppError(refusal.code, { issues: refusal.issues });
};

const statusOf = (row: Row): DocumentStatus => {
  const s = row.statusCode;
  return isDocumentStatus(s) ? s : 'workingCopy';
};

/** Progress counters kept on the document: what is confirmed and what still waits. */
const progressOf = (status: DocumentStatus, positions: readonly PositionDraft[]): Row => {
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

/**
 * Warehouse documents: create, edit, confirm, revert and delete, each in the caller's transaction, with the
 * domain rules (validateDocument, statuses, movementsOf) and the stock ledger. Callers check access; the service
 * scopes every row to the caller's account. Change events go out after commit when the transaction was opened
 * with `transaction()`, at once otherwise.
 */
export class DocumentService {
  private readonly ctx: AppContext;
  private readonly docDef: ResourceDefinition;
  private readonly posDef: ResourceDefinition;
  private readonly docs: ResourceTable;
  private readonly positions: ResourceTable;
  private readonly docService: ResourceService;
  private readonly pending = new WeakMap<Tx, DataChange[]>();
  private readonly lockStatements = new Map<boolean, PreparedOnce<'accountId' | 'id', Row[]>>();
  private readonly lineStatements = new Map<string, PreparedOnce<string, Row[]>>();

  constructor(ctx: AppContext) {
    this.ctx = ctx;
    this.docDef = definitionOf(ctx, 'wmsDocument');
    this.posDef = definitionOf(ctx, 'wmsDocumentPosition');
    this.docs = tableOf(ctx, 'wmsDocument');
    this.positions = tableOf(ctx, 'wmsDocumentPosition');
    this.docService = new ResourceService(ctx, this.docDef);
  }

  private dcol(name: string) {
    const c = this.docs[name];
    if (!c) throw new Error(`no column ${name}`);
    return c;
  }

  /** The row of the account by id, for statements built once: the account is `w_account`, the id `idName`. */
  private rowOfAccount(column: (name: string) => PgColumn, idName: string): SQL | undefined {
    return and(
      eq(column('clientAccountId'), sql.placeholder('w_account')),
      eq(column('id'), sql.placeholder(idName)),
    );
  }

  private pcol(name: string) {
    const c = this.positions[name];
    if (!c) throw new Error(`no column ${name}`);
    return c;
  }

  /** Runs `fn` in one transaction and publishes the change events of the service calls in it after commit. */
  async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const queued: DataChange[] = [];
    const result = await this.ctx.db.transaction(async (tx) => {
      this.pending.set(tx, queued);
      return fn(tx);
    });
    for (const change of queued) publishChange(this.ctx, change);
    return result;
  }

  private emit(tx: Tx, scope: Scope, resourceType: string, id: string, action: DataChange['action']) {
    const change: DataChange = { clientAccountId: scope.clientAccountId, resourceType, id, action };
    const queue = this.pending.get(tx);
    if (queue) queue.push(change);
    else publishChange(this.ctx, change);
  }

  private emitStock(tx: Tx, scope: Scope, changes: readonly StockChange[]) {
    for (const c of changes) this.emit(tx, scope, 'stock', c.id, c.action);
  }

  /** The document row, locked for the rest of the transaction; another account's is not found. */
  private async lock(tx: Tx, scope: Scope, id: string): Promise<Row> {
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    const [row] = await tx
      .select()
      .from(this.docs)
      .where(and(this.docService.scopeCondition(scope), eq(this.dcol('id'), id)))
      .for('update');
    if (!row) throw new AppError('notFoundOrNoPermission');
    return row;
  }

  /**
   * The document locked (as lock()) with the account's config, the document's own reservations and, with
   * `lines`, its lines as the rules see them — in the locking statement itself when that is safe. The
   * statement reads them from the snapshot it started with; if it had to wait for the lock, the holder's
   * commit is not in that snapshot. Every change of a document's lines or reservations also raises its version
   * (under this lock), so a locked version that differs from the snapshot's own reading of it says exactly
   * that: then they are read again in a statement of their own, which sees the holder's commit.
   */
  private async lockWithConfig(tx: Tx, scope: Scope, id: string, lines = false): Promise<LockedDocument> {
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    // Every line change of the terminal locks this way: built once (a contractor's scope adds its own terms).
    const [found] =
      scope.contractorId === null
        ? await this.lockStatement(lines).execute(tx, { accountId: scope.clientAccountId, id })
        : await this.lockSelect(tx, scope, id, lines);
    if (!found) throw new AppError('notFoundOrNoPermission');
    const {
      [lockedRead.snapshotVersion]: snapshotVersion,
      [lockedRead.config]: config,
      [lockedRead.reserved]: reserved,
      [lockedRead.lines]: drafts,
      ...row
    }: Row = found;
    if (Number(snapshotVersion) === Number(row.version))
      return this.lockedDocument(row, config, reserved, drafts);
    // Waited for another transaction's change of this document: read after it.
    const [again] = await tx
      .select(this.lockedReadFields(scope, sql`${String(row.id)}::uuid`, lines))
      .from(clientAccount)
      .where(eq(clientAccount.id, scope.clientAccountId));
    return this.lockedDocument(
      row,
      again?.[lockedRead.config],
      again?.[lockedRead.reserved],
      again?.[lockedRead.lines],
    );
  }

  /** The locking select of lockWithConfig. */
  private lockSelect(
    db: Executor,
    scope: Pick<Scope, 'clientAccountId' | 'contractorId'>,
    id: string | Placeholder,
    lines: boolean,
  ) {
    // Qualified: drizzle writes the columns of a one-table select without their table.
    const lockedId = sql`${this.docs}.${sql.identifier(this.dcol('id').name)}`;
    return db
      .select({
        ...getTableColumns(this.docs),
        [lockedRead.snapshotVersion]: sql<unknown>`(select snap.version from ${this.docs} as snap
          where snap.id = ${lockedId})`,
        ...this.lockedReadFields(scope, lockedId, lines),
      })
      .from(this.docs)
      .where(and(this.docService.scopeCondition(scope), eq(this.dcol('id'), id)))
      .for('update');
  }

  /** lockSelect of an account's own users (no contractor), built once per `lines`. */
  private lockStatement(lines: boolean): PreparedOnce<'accountId' | 'id', Row[]> {
    let statement = this.lockStatements.get(lines);
    if (!statement) {
      statement = new PreparedOnce(['accountId', 'id'], (db, v) =>
        this.lockSelect(
          db,
          { clientAccountId: placeholderText(v.accountId), contractorId: null },
          v.id,
          lines,
        ),
      );
      this.lockStatements.set(lines, statement);
    }
    return statement;
  }

  /** What a document change reads with the lock: the account's config, the document's reservations and lines. */
  private lockedReadFields(scope: Pick<Scope, 'clientAccountId'>, documentId: SQL, lines: boolean) {
    const stock = stockServiceOf(this.ctx);
    return {
      [lockedRead.config]: sql<unknown>`(select ${clientAccount.logisticsConfig} from ${clientAccount}
        where ${clientAccount.id} = ${scope.clientAccountId}::uuid)`,
      [lockedRead.reserved]: stock.reservationsJson(scope.clientAccountId, documentId),
      [lockedRead.lines]: lines ? this.lineDraftsJson(scope.clientAccountId, documentId) : sql<unknown>`null`,
    };
  }

  private lockedDocument(row: Row, config: unknown, reserved: unknown, lines: unknown): LockedDocument {
    return {
      row,
      config: storedLogisticsConfig(config),
      own: stockServiceOf(this.ctx).reservationsFromJson(reserved),
      lines: lineDraftsFromJson(lines),
    };
  }

  /** The document's lines (lineDraftColumns) as one json array in line order, read by lineDraftsFromJson. */
  private lineDraftsJson(accountId: string, documentId: SQL): SQL<unknown> {
    const cells = sql.join(
      lineDraftColumns.map((name) =>
        name === 'prodDate' || name === 'expDate' ? sql`${this.pcol(name)}::text` : sql`${this.pcol(name)}`,
      ),
      sql`, `,
    );
    return sql`(select coalesce(json_agg(json_build_array(${cells}) order by ${this.pcol('lineNo')}), '[]'::json)
      from ${this.positions} where ${this.pcol('clientAccountId')} = ${accountId}::uuid
        and ${this.pcol('documentId')} = ${documentId})`;
  }

  private async positionRows(db: Executor, accountId: string, documentId: string): Promise<Row[]> {
    return db
      .select()
      .from(this.positions)
      .where(and(eq(this.pcol('clientAccountId'), accountId), eq(this.pcol('documentId'), documentId)))
      .orderBy(asc(this.pcol('lineNo')));
  }

  /** Whether a row with this id exists in any account (ids are global: a client's id must be new). */
  private async exists(tx: Tx, table: ResourceTable, id: string): Promise<boolean> {
    const idCol = table.id;
    if (!idCol) throw new Error('table without id');
    return (await tx.select({ id: idCol }).from(table).where(eq(idCol, id)).limit(1)).length > 0;
  }

  private withPositions(row: Row, positions: readonly Row[]): DocumentWithPositions {
    return { ...toApiRow(this.docDef, row), positions: positions.map((p) => toApiRow(this.posDef, p)) };
  }

  /** The document with its positions; another account's (or, for contractors, another contractor's) is 404. */
  async get(db: Executor, scope: Scope, id: string): Promise<DocumentWithPositions> {
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    const [row] = await db
      .select()
      .from(this.docs)
      .where(and(this.docService.scopeCondition(scope), eq(this.dcol('id'), id)));
    if (!row) throw new AppError('notFoundOrNoPermission');
    return this.withPositions(row, await this.positionRows(db, scope.clientAccountId, id));
  }

  /** References the rules do not check must point into the caller's account (as in the generic resources). */
  private async checkRefs(tx: Tx, scope: Scope, header: Row): Promise<void> {
    const fields: FieldError[] = [];
    for (const name of checkedRefs) {
      const value = header[name];
      const target = this.docDef.fields[name]?.ref;
      if (typeof value !== 'string' || !target) continue;
      const t = tableOf(this.ctx, target);
      const idCol = t.id;
      const accountCol = t.clientAccountId;
      if (!idCol || !accountCol) continue;
      const found = await tx
        .select({ id: idCol })
        .from(t)
        .where(and(eq(idCol, value), eq(accountCol, scope.clientAccountId)))
        .limit(1);
      if (!found.length) fields.push({ field: name, rule: 'invalidValue' });
    }
    if (fields.length) throw new AppError('formHasErrors', { fields });
  }

  private async precedingNumber(tx: Tx, scope: Scope, header: Row): Promise<string | null> {
    const id = textOf(header.precedingDocumentId);
    if (!id) return null;
    const [row] = await tx
      .select({ n: this.dcol('documentNumber') })
      .from(this.docs)
      .where(and(eq(this.dcol('id'), id), eq(this.dcol('clientAccountId'), scope.clientAccountId)));
    return textOf(row?.n);
  }

  private async validate(
    tx: Tx,
    scope: Scope,
    config: LogisticsConfig,
    draft: DocumentDraft,
    drafts: readonly PositionDraft[],
    opts: ContextOptions,
  ): Promise<LoadedProducts> {
    const { context, products } = await loadValidationContext(
      this.ctx,
      tx,
      scope.clientAccountId,
      config,
      draft,
      drafts,
      opts,
    );
    throwIssues(validateDocument(draft, drafts, context));
    return products;
  }

  private async insertPositions(
    tx: Tx,
    scope: Scope,
    documentId: string,
    positions: readonly PositionValues[],
  ): Promise<Row[]> {
    if (!positions.length) return [];
    const values = positions.map((p, index) => {
      const unitPrice = numberOf(p.unitPrice);
      return {
        ...toDbValues(this.posDef, p),
        ...(typeof p.id === 'string' ? { id: p.id } : {}),
        clientAccountId: scope.clientAccountId,
        documentId,
        lineNo: index + 1,
        quantity: roundQuantity(p.quantity),
        value: unitPrice === null ? null : roundQuantity(p.quantity * unitPrice),
      };
    });
    const rows = await tx.insert(this.positions).values(values).returning();
    for (const r of rows) this.emit(tx, scope, 'wmsDocumentPosition', String(r.id), 'create');
    return rows.sort((a, b) => Number(a.lineNo) - Number(b.lineNo));
  }

  private async reserve(
    tx: Tx,
    scope: Scope,
    documentId: string,
    draft: DocumentDraft,
    drafts: readonly PositionDraft[],
    products: LoadedProducts,
  ): Promise<void> {
    const demands = new Map<string, KeyDemand>();
    for (const m of movementsOf(draft, drafts)) {
      if (m.quantity >= 0) continue;
      const seen = demands.get(m.keyString);
      demands.set(m.keyString, {
        quantity: addQuantities(seen?.quantity ?? 0, -m.quantity),
        positionIndex: seen?.positionIndex ?? m.positionIndex,
      });
    }
    const labels = new Map([...products].map(([id, p]) => [id, p.index]));
    const changes = await stockServiceOf(this.ctx).reserve(
      tx,
      scope.clientAccountId,
      documentId,
      demands,
      labels,
    );
    this.emitStock(tx, scope, changes);
  }

  /** Inserts the header; a number taken meanwhile by a concurrent save is the same 406 as one taken before. */
  private async insertDocument(tx: Tx, values: Row): Promise<Row> {
    try {
      const [row] = await tx.insert(this.docs).values(values).returning();
      if (!row) throw new AppError('saveFailed');
      return row;
    } catch (err) {
      const mapped = err instanceof AppError ? err : fromDatabaseError(err);
      if (
        mapped?.code === 'uniqueConflict' &&
        mapped.fields?.some((f) => f.field === 'documentNumber' || f.field === 'offlineNumber')
      )
        throw collision();
      throw mapped ?? err;
    }
  }

  /**
   * A new document with its final number (a client's own when free, else the scheme's next; working-copy
   * numbers are replaced). Validated by the domain rules; saved as a working copy (reserving its stock when
   * working copies count in stock) or, with `confirm`, confirmed in the same transaction.
   */
  async create(
    tx: Tx,
    scope: Scope,
    input: unknown,
    opts: CreateOptions = {},
  ): Promise<DocumentWithPositions> {
    const parsed = parseDocumentInput(input, undefined);
    const memory = lineMemoryOf(scope);
    const header: Row = { ...parsed.header, ...(opts.orderId ? { orderId: opts.orderId } : {}) };
    const typeCode = String(header.typeCode) as DocumentTypeCode;
    const type = documentTypeOf(typeCode);
    if (!type) throw new AppError('documentTypeMissing');
    const positions = parsed.positions ?? [];
    await this.checkRefs(tx, scope, header);
    const config = await loadLogisticsConfig(tx, scope.clientAccountId);
    const confirm = opts.confirm === true || parsed.confirm;
    const reserving = config.workingCopiesCountInStock && !confirm;
    const draft = documentDraftOf(header, 'workingCopy');
    const drafts = positions.map(positionDraftOf);
    // A client's id is kept; one already in use (a create sent twice) is a conflict, never a number collision.
    if (parsed.id && (await this.exists(tx, this.docs, parsed.id)))
      throw new AppError('uniqueConflict', { fields: [{ field: 'id', rule: 'uniqueConflict' }] });
    const offlineNumber = provisionalOf(config, typeCode, textOf(header.documentNumber));
    if (offlineNumber && (await offlineNumberTaken(this.ctx, tx, scope.clientAccountId, offlineNumber)))
      throw collision();
    // Saved confirmed: the rules run once, with availability, before anything is written.
    const products = await this.validate(tx, scope, config, draft, drafts, {
      availability: reserving || confirm,
      ...(memory ? { memory } : {}),
    });
    const documentNumber = await assignDocumentNumber(
      this.ctx,
      tx,
      scope.clientAccountId,
      config,
      typeCode,
      textOf(header.documentNumber),
    );
    const row = await this.insertDocument(tx, {
      ...toDbValues(this.docDef, header),
      ...(parsed.id ? { id: parsed.id } : {}),
      clientAccountId: scope.clientAccountId,
      documentNumber,
      offlineNumber,
      statusCode: 'workingCopy',
      generated: opts.generated === true || type.generated,
      precedingDocumentNumber: await this.precedingNumber(tx, scope, header),
      executionDate: null,
      systemComments: null,
      ...progressOf('workingCopy', drafts),
    });
    const id = String(row.id);
    const positionRows = await this.insertPositions(tx, scope, id, positions);
    if (reserving) await this.reserve(tx, scope, id, draft, drafts, products);
    await this.docService.log(tx, scope, 'create', id, undefined, row);
    this.emit(tx, scope, 'wmsDocument', id, 'create');
    // New in this transaction, so as good as locked: the group's next line of it needs no lock of its own.
    if (memory && !reserving && !confirm)
      memory.remember(id, { row, config, own: new Map(), lines: positionRows.map(lineDraftOf) });
    if (confirm)
      return this.confirmLocked(tx, scope, row, config, {
        positions: positionRows,
        products,
        own: new Map(),
      });
    return this.withPositions(row, positionRows);
  }

  /**
   * Edits a working copy: the body's header fields replace the stored ones; `positions`, when given, replace
   * all positions (generated documents: refused unless they move the same goods, or opts.generated).
   */
  async update(
    tx: Tx,
    scope: Scope,
    id: string,
    input: unknown,
    opts: UpdateOptions = {},
  ): Promise<DocumentWithPositions> {
    const row = await this.lock(tx, scope, id);
    const status = statusOf(row);
    if (!canEditDocument(status))
      throw new AppError('statusForbidsChange', {
        issues: [issue('notWorkingCopy', { field: 'statusCode', params: { status } })],
      });
    const parsed = parseDocumentInput(input, toApiRow(this.docDef, row));
    if (parsed.version !== undefined && parsed.version !== row.version)
      throw new AppError('statusForbidsChange', { detail: 'version mismatch' });
    const header = parsed.header;
    if (header.typeCode !== row.typeCode)
      throw new AppError('formHasErrors', { fields: [{ field: 'typeCode', rule: 'invalidValue' }] });
    const stored = await this.positionRows(tx, scope.clientAccountId, id);
    const storedDrafts = stored.map(positionDraftOf);
    const drafts = parsed.positions ? parsed.positions.map(positionDraftOf) : storedDrafts;
    if (parsed.positions && !opts.generated && !samePositions(storedDrafts, drafts)) {
      const typeCode = String(row.typeCode);
      const locked = checkPositionsNotEditable({ typeCode });
      if (locked.length === 0 && row.generated === true)
        locked.push(issue('positionsNotEditable', { params: { typeCode } }));
      if (locked.length) throw new AppError('statusForbidsChange', { issues: locked.map((i) => ({ ...i })) });
    }
    await this.checkRefs(tx, scope, header);
    const config = await loadLogisticsConfig(tx, scope.clientAccountId);
    const confirm = opts.confirm === true || parsed.confirm;
    const reserving = config.workingCopiesCountInStock && !confirm;
    // The old reservation goes first, so the edited document is checked against what is free without it.
    this.emitStock(
      tx,
      scope,
      await stockServiceOf(this.ctx).releaseReservations(tx, scope.clientAccountId, id),
    );
    const draft = documentDraftOf(header, status);
    const products = await this.validate(tx, scope, config, draft, drafts, {
      availability: reserving || confirm,
      documentId: id,
    });

    let documentNumber = String(row.documentNumber ?? '');
    let offlineNumber = textOf(row.offlineNumber);
    const wanted = textOf(header.documentNumber);
    if (wanted && wanted !== documentNumber) {
      const typeCode = String(row.typeCode) as DocumentTypeCode;
      const scheme = config.numbering[typeCode];
      const provisional = scheme
        ? isWorkingCopyNumber({ ...scheme, workingCopyPrefix: config.workingCopyPrefix }, wanted)
        : false;
      if (!provisional) {
        if (await numberTaken(this.ctx, tx, scope.clientAccountId, wanted, id)) throw collision();
        documentNumber = wanted;
      } else if (wanted !== offlineNumber) {
        // Its own provisional number sent again is no collision; another document's is.
        if (await offlineNumberTaken(this.ctx, tx, scope.clientAccountId, wanted, id)) throw collision();
        offlineNumber ??= wanted;
      }
    }

    let positionRows = stored;
    if (parsed.positions) {
      await tx
        .delete(this.positions)
        .where(and(eq(this.pcol('clientAccountId'), scope.clientAccountId), eq(this.pcol('documentId'), id)));
      for (const p of stored) this.emit(tx, scope, 'wmsDocumentPosition', String(p.id), 'delete');
      positionRows = await this.insertPositions(tx, scope, id, parsed.positions);
    }
    const [updated] = await tx
      .update(this.docs)
      .set({
        ...toDbValues(this.docDef, header),
        documentNumber,
        offlineNumber,
        precedingDocumentNumber: await this.precedingNumber(tx, scope, header),
        ...progressOf(status, drafts),
        updatedAt: new Date(),
        version: sql`${this.dcol('version')} + 1`,
      })
      .where(and(eq(this.dcol('clientAccountId'), scope.clientAccountId), eq(this.dcol('id'), id)))
      .returning();
    if (!updated) throw new AppError('notFoundOrNoPermission');
    if (reserving) await this.reserve(tx, scope, id, draft, drafts, products);
    await this.docService.log(tx, scope, 'update', id, row, updated);
    this.emit(tx, scope, 'wmsDocument', id, 'update');
    if (confirm)
      return this.confirmLocked(tx, scope, updated, config, {
        positions: positionRows,
        products,
        own: new Map(),
      });
    return this.withPositions(updated, positionRows);
  }

  // ---- Document lines (docs/sync-contract.md, "Document lines"): one line at a time, through its document ----

  /** The line row of the account (any document of it); another account's is not found. */
  private async lineRow(tx: Tx, scope: Scope, id: string): Promise<Row> {
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    const [row] = await tx
      .select()
      .from(this.positions)
      .where(and(eq(this.pcol('clientAccountId'), scope.clientAccountId), eq(this.pcol('id'), id)));
    if (!row) throw new AppError('notFoundOrNoPermission');
    return row;
  }

  /**
   * The line's document, locked, when its lines may be edited by hand: a working copy (else 409
   * statusForbidsChange with notWorkingCopy) whose positions are not generated (else positionsNotEditable).
   */
  private async lockForLines(
    tx: Tx,
    scope: Scope,
    documentId: string,
    memory: LineMemory | undefined,
  ): Promise<LockedForLines> {
    // Locked earlier in the same push group: as its last change left it.
    const locked =
      memory?.documents.get(documentId) ?? (await this.lockWithConfig(tx, scope, documentId, true));
    const { row } = locked;
    const status = statusOf(row);
    if (!canEditDocument(status))
      throw new AppError('statusForbidsChange', {
        issues: [issue('notWorkingCopy', { field: 'statusCode', params: { status } })],
      });
    const typeCode = String(row.typeCode);
    const issues = checkPositionsNotEditable({ typeCode });
    if (issues.length === 0 && row.generated === true)
      issues.push(issue('positionsNotEditable', { params: { typeCode } }));
    if (issues.length) throw new AppError('statusForbidsChange', { issues: issues.map((i) => ({ ...i })) });
    return { ...locked, memory };
  }

  /**
   * One line change of a locked working copy: the document's rules run on all its lines as they will be
   * (`drafts`), with availability when working copies count in stock; then `write` stores the line, the
   * counters follow, and the document's reservation is made again for the new lines. A removal skips the
   * rules (`check: false`): taking a line away cannot break one, and must stay possible when another line
   * no longer passes (a product locked since) or the last line goes.
   */
  private async changeLines(
    tx: Tx,
    scope: Scope,
    { row, config, own, memory }: LockedForLines,
    drafts: readonly PositionDraft[],
    write: LineWrite,
    check = true,
  ): Promise<Row[]> {
    const id = String(row.id);
    const reserving = config.workingCopiesCountInStock;
    // The old reservation goes first, so the lines are checked against what is free without it.
    this.emitStock(
      tx,
      scope,
      await stockServiceOf(this.ctx).releaseReservations(tx, scope.clientAccountId, id, own),
    );
    const draft = documentDraftOf(row, 'workingCopy');
    const products = check
      ? await this.validate(tx, scope, config, draft, drafts, {
          availability: reserving,
          documentId: id,
          ...(memory ? { memory } : {}),
        })
      : await loadProducts(
          this.ctx,
          tx,
          scope.clientAccountId,
          drafts.map((d) => d.productId),
        );
    // The row is locked, so what the update makes of it is known without reading it back.
    const changed = { ...progressOf('workingCopy', drafts), updatedAt: new Date() };
    const updated: Row = { ...row, ...changed, version: Number(row.version) + 1 };
    const document = placeholdersFor(this.docs, 'd_', {
      ...changed,
      version: sql`${this.dcol('version')} + 1`,
    });
    const logValues = this.docService.logValues(scope, 'update', id, row, updated);
    const logTable = this.ctx.schema.resourceTables.recordLog;
    const log = logValues && logTable ? placeholdersFor(logTable, 'g_', logValues) : undefined;
    const key = `${write.key} ${document.shape} ${log?.shape ?? '-'}`;
    let statement = this.lineStatements.get(key);
    if (!statement) {
      // Built once per shape: drizzle's building costs more node time than the statement's round trip.
      statement = new PreparedOnce([], (db) => {
        const updating = db.$with('document_updated').as(
          db
            .update(this.docs)
            .set(document.fields)
            .where(this.rowOfAccount(this.dcol.bind(this), 'w_document'))
            .returning({ id: this.dcol('id') }),
        );
        // Data-modifying WITH parts run once with the line's own statement: three writes, one round trip.
        return write.build(
          log && logTable?.id
            ? db.with(
                updating,
                db
                  .$with('document_logged')
                  .as(db.insert(logTable).values(log.fields).returning({ id: logTable.id })),
              )
            : db.with(updating),
        );
      });
      this.lineStatements.set(key, statement);
    }
    const result = await statement.execute(tx, {
      ...document.params,
      ...log?.params,
      ...write.params,
      w_account: scope.clientAccountId,
      w_document: id,
    });
    write.announce(result);
    if (reserving) await this.reserve(tx, scope, id, draft, drafts, products);
    this.emit(tx, scope, 'wmsDocument', id, 'update');
    // Not when reserving: its reservations were made again by statements of their own, and the memory goes.
    if (memory && !reserving) memory.remember(id, { row: updated, config, own, lines: write.lines(result) });
    return result;
  }

  /** Column values of a line (its value follows quantity × unit price). */
  private lineValues(values: PositionValues): Row {
    const unitPrice = numberOf(values.unitPrice);
    const { id: _id, ...fields } = values;
    return {
      ...toDbValues(this.posDef, fields),
      quantity: roundQuantity(values.quantity),
      value: unitPrice === null ? null : roundQuantity(values.quantity * unitPrice),
    };
  }

  /** POST WmsDocumentPosition: a new last line of a working copy (the client's id kept) → the line. */
  async addLine(tx: Tx, scope: Scope, input: unknown): Promise<Row> {
    const parsed = parseLineInput(input, undefined);
    const locked = await this.lockForLines(tx, scope, parsed.documentId, lineMemoryOf(scope));
    const documentId = String(locked.row.id);
    const lineNo = locked.lines.reduce((max, p) => Math.max(max, p.lineNo), 0) + 1;
    const drafts = [...locked.lines, positionDraftOf(parsed.values)];
    // A reused line id (ids are global) is refused by the primary key: 409 uniqueConflict on `id`.
    const line = placeholdersFor(this.positions, 'l_', {
      ...this.lineValues(parsed.values),
      ...(parsed.id ? { id: parsed.id } : {}),
      clientAccountId: scope.clientAccountId,
      documentId,
      lineNo,
    });
    const [row] = await this.changeLines(tx, scope, locked, drafts, {
      key: `add ${line.shape}`,
      params: line.params,
      build: (db) => db.insert(this.positions).values(line.fields).returning(),
      announce: (rows) => {
        for (const r of rows) this.emit(tx, scope, 'wmsDocumentPosition', String(r.id), 'create');
      },
      lines: (rows) => [...locked.lines, ...rows.map(lineDraftOf)],
    });
    if (!row) throw new AppError('saveFailed');
    return toApiRow(this.posDef, row);
  }

  /** An existing line with its document locked for lines (lockForLines), and the push group's memory. */
  private async lockLine(tx: Tx, scope: Scope, id: string) {
    // Taken before the first statement: any statement after the group's last settle ends the memory.
    const memory = lineMemoryOf(scope);
    const current = await this.lineRow(tx, scope, id);
    const remembered = memory?.documents.has(String(current.documentId)) === true;
    const locked = await this.lockForLines(tx, scope, String(current.documentId), memory);
    // Read again under the document's lock (unless it was locked before): a concurrent edit has finished by now.
    const existing = remembered ? current : await this.lineRow(tx, scope, id);
    return { locked, existing };
  }

  /** PUT WmsDocumentPosition/{id}: the body's fields replace the line's (partial allowed) → the line. */
  async updateLine(tx: Tx, scope: Scope, id: string, input: unknown): Promise<Row> {
    const { locked, existing } = await this.lockLine(tx, scope, id);
    const parsed = parseLineInput(input, toApiRow(this.posDef, existing));
    const drafts = locked.lines.map((p) => (p.id === existing.id ? positionDraftOf(parsed.values) : p));
    const values = placeholdersFor(this.positions, 'l_', {
      ...this.lineValues(parsed.values),
      updatedAt: new Date(),
      version: sql`${this.pcol('version')} + 1`,
    });
    const [line] = await this.changeLines(tx, scope, locked, drafts, {
      key: `update ${values.shape}`,
      params: { ...values.params, w_line: id },
      build: (db) =>
        db
          .update(this.positions)
          .set(values.fields)
          .where(this.rowOfAccount(this.pcol.bind(this), 'w_line'))
          .returning(),
      announce: (rows) => {
        if (rows.length) this.emit(tx, scope, 'wmsDocumentPosition', id, 'update');
      },
      lines: (rows) => locked.lines.map((p) => (p.id === id && rows[0] ? lineDraftOf(rows[0]) : p)),
    });
    if (!line) throw new AppError('notFoundOrNoPermission');
    return toApiRow(this.posDef, line);
  }

  /** DELETE WmsDocumentPosition/{id}: the line leaves its working copy (the others keep their numbers). */
  async removeLine(tx: Tx, scope: Scope, id: string): Promise<void> {
    const { locked, existing } = await this.lockLine(tx, scope, id);
    const drafts = locked.lines.filter((p) => p.id !== existing.id);
    await this.changeLines(
      tx,
      scope,
      locked,
      drafts,
      {
        key: 'remove',
        params: { w_line: id },
        build: (db) =>
          db
            .delete(this.positions)
            .where(this.rowOfAccount(this.pcol.bind(this), 'w_line'))
            .returning({ id: this.pcol('id') }),
        announce: () => this.emit(tx, scope, 'wmsDocumentPosition', id, 'delete'),
        lines: () => drafts,
      },
      false,
    );
  }

  /**
   * Confirms a working copy: the rules again (with availability), then its movements on the stock. The document
   * is locked with the account's logistics config and its own reservations (lockWithConfig).
   */
  async confirm(tx: Tx, scope: Scope, id: string): Promise<DocumentWithPositions> {
    const { row, config, own } = await this.lockWithConfig(tx, scope, id);
    return this.confirmLocked(tx, scope, row, config, { own });
  }

  /**
   * Confirms the locked working copy `row`. `known`: what the caller has read or done already — a save with
   * confirm has just written the positions, released any reservation (own = none) and run the rules with
   * availability (products), so none of it is read or run again.
   */
  private async confirmLocked(
    tx: Tx,
    scope: Scope,
    row: Row,
    config: LogisticsConfig,
    known: {
      readonly positions?: readonly Row[];
      readonly products?: LoadedProducts;
      /** The document's own reservations, when read already. */
      readonly own?: ReadonlyMap<string, number>;
    } = {},
  ): Promise<DocumentWithPositions> {
    const id = String(row.id);
    const status = statusOf(row);
    const refused = assertDocumentTransition(status, 'confirmed');
    if (refused) throw new AppError('statusForbidsChange', { issues: [{ ...refused }] });
    const stock = stockServiceOf(this.ctx);
    const positions = known.positions ?? (await this.positionRows(tx, scope.clientAccountId, id));
    const draft = documentDraftOf(row, status);
    const drafts = positions.map(positionDraftOf);
    const own = known.own ?? (await stock.reservationsOf(tx, scope.clientAccountId, id));
    const products =
      known.products ??
      (await this.validate(tx, scope, config, draft, drafts, {
        availability: true,
        ownReserved: own,
        documentId: id,
      }));
    const changes = await stock.applyMovements(tx, scope.clientAccountId, movementsOf(draft, drafts), {
      documentId: id,
      positionIds: positions.map((p) => String(p.id)),
      kind: 'confirm',
      userId: scope.userId,
      contractorOf: new Map([...products].map(([pid, p]) => [pid, p.contractorId])),
      productLabelOf: new Map([...products].map(([pid, p]) => [pid, p.index])),
      releaseReserved: own,
    });
    if (own.size) await stock.dropReservations(tx, scope.clientAccountId, id);
    this.emitStock(tx, scope, changes);
    return this.setStatus(tx, scope, row, 'confirmed', drafts, positions, { executionDate: new Date() });
  }

  private async setStatus(
    tx: Tx,
    scope: Scope,
    row: Row,
    status: DocumentStatus,
    drafts: readonly PositionDraft[],
    positions: readonly Row[],
    extra: Row = {},
  ): Promise<DocumentWithPositions> {
    const id = String(row.id);
    const [updated] = await tx
      .update(this.docs)
      .set({
        statusCode: status,
        ...progressOf(status, drafts),
        ...extra,
        updatedAt: new Date(),
        version: sql`${this.dcol('version')} + 1`,
      })
      .where(and(eq(this.dcol('clientAccountId'), scope.clientAccountId), eq(this.dcol('id'), id)))
      .returning();
    if (!updated) throw new AppError('notFoundOrNoPermission');
    await this.docService.log(tx, scope, 'update', id, row, updated);
    this.emit(tx, scope, 'wmsDocument', id, 'update');
    return this.withPositions(updated, positions);
  }

  /**
   * Reverts a confirmed document: the ledger's movements of its confirmation, negated (exactly what happened,
   * whatever rules a later build has). Refused with stockShortfall when received goods have already left.
   */
  async revert(tx: Tx, scope: Scope, id: string): Promise<DocumentWithPositions> {
    const row = await this.lock(tx, scope, id);
    const refused = assertDocumentTransition(statusOf(row), 'reverted');
    if (refused) throw new AppError('statusForbidsChange', { issues: [{ ...refused }] });
    const positions = await this.positionRows(tx, scope.clientAccountId, id);
    const indexOf = new Map(positions.map((p, i) => [String(p.id), i]));
    const { stockMovement: m } = this.ctx.schema.warehouseTables;
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
    const products = await this.productLabels(tx, scope, movements);
    const changes = await stockServiceOf(this.ctx).applyMovements(
      tx,
      scope.clientAccountId,
      inverseMovements(movements),
      {
        documentId: id,
        positionIds: positions.map((p) => String(p.id)),
        kind: 'revert',
        userId: scope.userId,
        contractorOf: products.contractorOf,
        productLabelOf: products.labels,
      },
    );
    this.emitStock(tx, scope, changes);
    return this.setStatus(tx, scope, row, 'reverted', positions.map(positionDraftOf), positions);
  }

  private async productLabels(tx: Tx, scope: Scope, movements: readonly StockMovement[]) {
    const products = await loadProducts(
      this.ctx,
      tx,
      scope.clientAccountId,
      movements.map((mv) => mv.key.productId),
    );
    return {
      labels: new Map([...products].map(([id, p]) => [id, p.index])),
      contractorOf: new Map([...products].map(([id, p]) => [id, p.contractorId])),
    };
  }

  /** Deletes a working copy (its reservation is released); confirmed history is reverted, never deleted. */
  async remove(tx: Tx, scope: Scope, id: string): Promise<void> {
    const row = await this.lock(tx, scope, id);
    if (!canDeleteDocument(statusOf(row))) throw new AppError('statusForbidsDelete');
    this.emitStock(
      tx,
      scope,
      await stockServiceOf(this.ctx).releaseReservations(tx, scope.clientAccountId, id),
    );
    const positions = await this.positionRows(tx, scope.clientAccountId, id);
    await tx
      .delete(this.docs)
      .where(and(eq(this.dcol('clientAccountId'), scope.clientAccountId), eq(this.dcol('id'), id)));
    await this.docService.log(tx, scope, 'delete', id, row, undefined);
    for (const p of positions) this.emit(tx, scope, 'wmsDocumentPosition', String(p.id), 'delete');
    this.emit(tx, scope, 'wmsDocument', id, 'delete');
  }

  /**
   * Deletes the working copies that follow a document (precedingDocumentId). All or nothing: when one of them
   * is already confirmed or reverted, nothing is deleted (statusForbidsDelete).
   */
  async removeByPreceding(tx: Tx, scope: Scope, precedingId: string): Promise<string[]> {
    await this.lock(tx, scope, precedingId);
    const rows = await tx
      .select({ id: this.dcol('id'), statusCode: this.dcol('statusCode') })
      .from(this.docs)
      .where(and(this.docService.scopeCondition(scope), eq(this.dcol('precedingDocumentId'), precedingId)))
      .orderBy(asc(this.dcol('id')));
    if (rows.some((r) => !canDeleteDocument(statusOf(r)))) throw new AppError('statusForbidsDelete');
    const ids = rows.map((r) => String(r.id));
    for (const id of ids) await this.remove(tx, scope, id);
    return ids;
  }
}

const services = new WeakMap<AppContext, DocumentService>();

/** The document service of an app (one per context): what the orders module and the routes call. */
export const documentServiceOf = (ctx: AppContext): DocumentService => {
  let service = services.get(ctx);
  if (!service) {
    service = new DocumentService(ctx);
    services.set(ctx, service);
  }
  return service;
};
