import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { isUuid, numberOf } from '../../../domain/rowValues';
import { issue } from '../../../domain/warehouse/issues';
import { roundQuantity } from '../../../domain/warehouse/quantity';
import { documentDraftOf, positionDraftOf } from '../../../domain/warehouse/ruleInputs';
import { canEditDocument } from '../../../domain/warehouse/statuses';
import type { PositionDraft } from '../../../domain/warehouse/validationInput';
import { checkPositionsNotEditable } from '../../../domain/warehouse/validators/checkPositionsNotEditable';
import { BuiltOnce, placeholdersFor, tableRowsOf } from '../../db/builtOnce';
import type { Executor, Tx } from '../../db/client';
import { type Row, toApiRow, toDbValues } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import type { UnitOfWork } from '../../unitOfWork';
import { loadProducts } from '../stock/ruleRows';
import { type PositionValues, parseLineInput } from './documentInput';
import { type DocumentLocks, type LineDraft, type LockedDocument, lineDraftOf } from './documentLocking';
import { releaseFor, reserveFor } from './documentReservations';
import { announce, type DocumentTables, progressOf, rowOfAccount, statusOf } from './documentTables';
import { type LineMemory, lineMemoryOf } from './lineMemory';
import { checkDocument } from './validationContext';

/** A transaction's statements with the document's update (and its record_log entry) attached. */
type WithDocumentUpdate = ReturnType<Executor['with']>;

/** How a line change stores the line (changeLines): one statement with the document's update, built once per key. */
interface LineWrite {
  /** The kind of write and the shape of its values: one statement per key. */
  readonly key: string;
  /** The values of its placeholders (placeholdersFor); `w_account` and `w_document` are there too. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The line's statement on `db`, with placeholders only (it is built the first time only), returning line columns. */
  build(db: WithDocumentUpdate): SQLWrapper;
  /** Publishes the line's change (before the document's). */
  announce(rows: readonly Row[]): void;
  /** The document's lines after the write, from the rows it returned. */
  lines(rows: readonly Row[]): LineDraft[];
}

/** A working copy locked for a change of its lines, with the unit's line memory it came from or goes to. */
type LockedForLines = LockedDocument & { readonly memory: LineMemory | undefined };

/**
 * Document lines (docs/sync-contract.md, "Document lines"): one line at a time, through its document. Each
 * change locks the document (or finds it in the unit's line memory), runs the document's rules on all its lines
 * as they will be, and stores the line with the document's counters and record log in one statement.
 */
export class DocumentLines {
  private readonly statements = new Map<string, BuiltOnce<string>>();

  constructor(
    private readonly t: DocumentTables,
    private readonly locks: DocumentLocks,
  ) {}

  /** POST WmsDocumentPosition: a new last line of a working copy (the client's id kept) → the line. */
  async add(unit: UnitOfWork, scope: Scope, input: unknown): Promise<Row> {
    const parsed = parseLineInput(input, undefined);
    const locked = await this.lockForLines(unit.tx, scope, parsed.documentId, lineMemoryOf(unit, scope));
    const documentId = String(locked.row.id);
    const lineNo = locked.lines.reduce((max, p) => Math.max(max, p.lineNo), 0) + 1;
    const drafts = [...locked.lines, positionDraftOf(parsed.values)];
    // A reused line id (ids are global) is refused by the primary key: 409 uniqueConflict on `id`.
    const line = placeholdersFor(this.t.positions, 'l_', {
      ...this.lineValues(parsed.values),
      ...(parsed.id ? { id: parsed.id } : {}),
      clientAccountId: scope.clientAccountId,
      documentId,
      lineNo,
    });
    const [row] = await this.changeLines(unit, scope, locked, drafts, {
      key: `add ${line.shape}`,
      params: line.params,
      build: (db) => db.insert(this.t.positions).values(line.fields).returning(),
      announce: (rows) => {
        for (const r of rows) announce(unit, scope, 'wmsDocumentPosition', String(r.id), 'create');
      },
      lines: (rows) => [...locked.lines, ...rows.map(lineDraftOf)],
    });
    if (!row) throw new AppError('saveFailed');
    return toApiRow(this.t.posDef, row);
  }

  /** PUT WmsDocumentPosition/{id}: the body's fields replace the line's (partial allowed) → the line. */
  async update(unit: UnitOfWork, scope: Scope, id: string, input: unknown): Promise<Row> {
    const { locked, existing } = await this.lockLine(unit, scope, id);
    const parsed = parseLineInput(input, toApiRow(this.t.posDef, existing));
    const drafts = locked.lines.map((p) => (p.id === existing.id ? positionDraftOf(parsed.values) : p));
    const values = placeholdersFor(this.t.positions, 'l_', {
      ...this.lineValues(parsed.values),
      updatedAt: new Date(),
      version: sql`${this.t.pcol('version')} + 1`,
    });
    const [line] = await this.changeLines(unit, scope, locked, drafts, {
      key: `update ${values.shape}`,
      params: { ...values.params, w_line: id },
      build: (db) =>
        db.update(this.t.positions).set(values.fields).where(rowOfAccount(this.t.pcol, 'w_line')).returning(),
      announce: (rows) => {
        if (rows.length) announce(unit, scope, 'wmsDocumentPosition', id, 'update');
      },
      lines: (rows) => locked.lines.map((p) => (p.id === id && rows[0] ? lineDraftOf(rows[0]) : p)),
    });
    if (!line) throw new AppError('notFoundOrNoPermission');
    return toApiRow(this.t.posDef, line);
  }

  /** DELETE WmsDocumentPosition/{id}: the line leaves its working copy (the others keep their numbers). */
  async remove(unit: UnitOfWork, scope: Scope, id: string): Promise<void> {
    const { locked, existing } = await this.lockLine(unit, scope, id);
    const drafts = locked.lines.filter((p) => p.id !== existing.id);
    await this.changeLines(
      unit,
      scope,
      locked,
      drafts,
      {
        key: 'remove',
        params: { w_line: id },
        build: (db) =>
          db
            .delete(this.t.positions)
            .where(rowOfAccount(this.t.pcol, 'w_line'))
            .returning({ id: this.t.pcol('id') }),
        announce: () => announce(unit, scope, 'wmsDocumentPosition', id, 'delete'),
        lines: () => drafts,
      },
      false,
    );
  }

  /** The line row of the account (any document of it); another account's is not found. */
  private async lineRow(tx: Tx, scope: Scope, id: string): Promise<Row> {
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    const { positions, pcol } = this.t;
    const [row] = await tx
      .select()
      .from(positions)
      .where(and(eq(pcol('clientAccountId'), scope.clientAccountId), eq(pcol('id'), id)));
    if (!row) throw new AppError('notFoundOrNoPermission');
    return row;
  }

  /** An existing line with its document locked for lines (lockForLines), and the unit's line memory. */
  private async lockLine(unit: UnitOfWork, scope: Scope, id: string) {
    // Taken before the call's first statement.
    const memory = lineMemoryOf(unit, scope);
    const current = await this.lineRow(unit.tx, scope, id);
    const remembered = memory?.documents.has(String(current.documentId)) === true;
    const locked = await this.lockForLines(unit.tx, scope, String(current.documentId), memory);
    // Read again under the document's lock (unless it was locked before): a concurrent edit has finished by now.
    const existing = remembered ? current : await this.lineRow(unit.tx, scope, id);
    return { locked, existing };
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
    // Locked by an earlier call of the same unit: as its last change left it.
    const locked =
      memory?.documents.get(documentId) ?? (await this.locks.lockWithConfig(tx, scope, documentId, true));
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
    unit: UnitOfWork,
    scope: Scope,
    { row, config, own, memory }: LockedForLines,
    drafts: readonly PositionDraft[],
    write: LineWrite,
    check = true,
  ): Promise<Row[]> {
    const { ctx, docs, dcol, docService } = this.t;
    const { tx } = unit;
    const id = String(row.id);
    const reserving = config.workingCopiesCountInStock;
    // The old reservation goes first, so the lines are checked against what is free without it.
    await releaseFor(this.t, unit, scope, id, own);
    const draft = documentDraftOf(row, 'workingCopy');
    const products = check
      ? await checkDocument(ctx, tx, scope.clientAccountId, config, draft, drafts, {
          availability: reserving,
          documentId: id,
          ...(memory ? { memory } : {}),
        })
      : await loadProducts(
          ctx,
          tx,
          scope.clientAccountId,
          drafts.map((d) => d.productId),
        );
    // The row is locked, so what the update makes of it is known without reading it back.
    const changed = { ...progressOf('workingCopy', drafts), updatedAt: new Date() };
    const updated: Row = { ...row, ...changed, version: Number(row.version) + 1 };
    const document = placeholdersFor(docs, 'd_', { ...changed, version: sql`${dcol('version')} + 1` });
    const logValues = docService.logValues(scope, 'update', id, row, updated);
    const logTable = ctx.schema.resourceTables.recordLog;
    const log = logValues && logTable ? placeholdersFor(logTable, 'g_', logValues) : undefined;
    const key = `${write.key} ${document.shape} ${log?.shape ?? '-'}`;
    let statement = this.statements.get(key);
    if (!statement) {
      // Built once per shape: drizzle's building costs more node time than the statement's round trip.
      statement = new BuiltOnce([], (_v, db) => {
        const updating = db.$with('document_updated').as(
          db
            .update(docs)
            .set(document.fields)
            .where(rowOfAccount(dcol, 'w_document'))
            .returning({ id: dcol('id') }),
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
      this.statements.set(key, statement);
    }
    const result = tableRowsOf(
      this.t.positions,
      await statement.rows(tx, {
        ...document.params,
        ...log?.params,
        ...write.params,
        w_account: scope.clientAccountId,
        w_document: id,
      }),
    );
    write.announce(result);
    if (reserving) await reserveFor(this.t, unit, scope, id, draft, drafts, products);
    announce(unit, scope, 'wmsDocument', id, 'update');
    // Not when reserving: its reservations were made again by statements of their own, and the memory goes.
    if (memory && !reserving) memory.remember(id, { row: updated, config, own, lines: write.lines(result) });
    return result;
  }

  /** Column values of a line (its value follows quantity × unit price). */
  private lineValues(values: PositionValues): Row {
    const unitPrice = numberOf(values.unitPrice);
    const { id: _id, ...fields } = values;
    return {
      ...toDbValues(this.t.posDef, fields),
      quantity: roundQuantity(values.quantity),
      value: unitPrice === null ? null : roundQuantity(values.quantity * unitPrice),
    };
  }
}
