import { and, eq, sql } from 'drizzle-orm';
import type { DocumentTerms } from '../../../domain/account/usage';
import { AppError, type FieldError } from '../../../domain/errors';
import { isUuid, numberOf, textOf } from '../../../domain/rowValues';
import { type DocumentTypeCode, documentTypeOf } from '../../../domain/warehouse/documentTypes';
import { issue } from '../../../domain/warehouse/issues';
import { roundQuantity } from '../../../domain/warehouse/quantity';
import { documentDraftOf, positionDraftOf } from '../../../domain/warehouse/ruleInputs';
import { canEditDocument } from '../../../domain/warehouse/statuses';
import { checkPositionsNotEditable } from '../../../domain/warehouse/validators/checkPositionsNotEditable';
import { BuiltOnce } from '../../db/builtOnce';
import type { Executor, Tx } from '../../db/client';
import { clientAccount } from '../../db/internalTables';
import { tableOf } from '../../db/resourceColumns';
import { fromDatabaseError } from '../../http/dbErrors';
import { type Row, toApiRow, toDbValues } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import type { UnitOfWork } from '../../unitOfWork';
import { loadLogisticsConfig, storedLogisticsConfig } from '../logisticsConfigStore';
import { countNewDocument } from './documentAllowance';
import { type PositionValues, parseDocumentInput, samePositions } from './documentInput';
import type { DocumentLocks } from './documentLocking';
import { lineDraftOf } from './documentLocking';
import {
  assignDocumentNumber,
  collision,
  counterKeyOf,
  isWorkingCopyNumber,
  numberTaken,
  offlineNumberTaken,
  type PendingNumber,
  pendingDocumentNumber,
  provisionalOf,
  settleDocumentNumber,
  takesCounterNumber,
} from './documentNumbering';
import { releaseFor, reserveFor } from './documentReservations';
import {
  announce,
  type DocumentTables,
  type DocumentWithPositions,
  progressOf,
  statusOf,
  withPositions,
} from './documentTables';
import type { DocumentTransitions } from './documentTransitions';
import { lineMemoryOf } from './lineMemory';
import { checkDocument } from './validationContext';

/** The company's document terms as the opening read gives them (numeric columns may come back as text). */
const termsOf = (value: unknown): DocumentTerms => {
  const t = (value ?? {}) as { limit?: unknown; price?: unknown; budget?: unknown };
  return {
    limit: t.limit === null || t.limit === undefined ? null : Number(t.limit),
    extraDocumentPrice: Number(t.price ?? 0),
    extraBudget: Number(t.budget ?? 0),
  };
};

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

/**
 * Saving documents with all their positions: a new one (numbered; a working copy, or confirmed in the same
 * unit) and edits of a working copy. The domain's rules run on the document as saved.
 */
export class DocumentSave {
  /** openingReads' statement, built on first use. */
  private opening: BuiltOnce<'accountId' | 'id' | 'number'> | undefined;

  constructor(
    private readonly t: DocumentTables,
    private readonly locks: DocumentLocks,
    private readonly transitions: DocumentTransitions,
  ) {}

  /** The document with its positions; another account's (or, for contractors, another contractor's) is 404. */
  async get(db: Executor, scope: Scope, id: string): Promise<DocumentWithPositions> {
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    const [row] = await db
      .select()
      .from(this.t.docs)
      .where(and(this.t.docService.scopeCondition(scope), eq(this.t.dcol('id'), id)));
    if (!row) throw new AppError('notFoundOrNoPermission');
    return withPositions(this.t, row, await this.locks.positionRows(db, scope.clientAccountId, id));
  }

  /**
   * A new document with its final number (a client's own when free, else the scheme's next; working-copy
   * numbers are replaced). Validated by the domain rules; saved as a working copy (reserving its stock when
   * working copies count in stock) or, with `confirm`, confirmed in the same unit.
   */
  async create(
    unit: UnitOfWork,
    scope: Scope,
    input: unknown,
    opts: CreateOptions = {},
  ): Promise<DocumentWithPositions> {
    const { ctx, docDef, docService } = this.t;
    const { tx } = unit;
    const parsed = parseDocumentInput(input, undefined);
    const memory = lineMemoryOf(unit, scope);
    const header: Row = { ...parsed.header, ...(opts.orderId ? { orderId: opts.orderId } : {}) };
    const typeCode = String(header.typeCode) as DocumentTypeCode;
    const type = documentTypeOf(typeCode);
    if (!type) throw new AppError('documentTypeMissing');
    const positions = parsed.positions ?? [];
    await this.checkRefs(tx, scope, header);
    const proposed = textOf(header.documentNumber)?.trim() ?? '';
    const opening = await this.openingReads(tx, scope, parsed.id, proposed);
    const { config } = opening;
    const confirm = opts.confirm === true || parsed.confirm;
    const reserving = config.workingCopiesCountInStock && !confirm;
    const draft = documentDraftOf(header, 'workingCopy');
    const drafts = positions.map(positionDraftOf);
    // A client's id is kept; one already in use (a create sent twice) is a conflict, never a number collision.
    if (opening.idTaken)
      throw new AppError('uniqueConflict', { fields: [{ field: 'id', rule: 'uniqueConflict' }] });
    const offlineNumber = provisionalOf(config, typeCode, textOf(header.documentNumber));
    // provisionalOf answers the proposed number itself (trimmed) when it is a working-copy number.
    if (offlineNumber && opening.numberTaken) throw collision();
    // Saved confirmed: the rules run once, with availability, before anything is written.
    const products = await checkDocument(ctx, tx, scope.clientAccountId, config, draft, drafts, {
      availability: reserving || confirm,
      ...(memory ? { memory } : {}),
    });
    // A number from the counter is taken at the end of the unit of work (settleNumber): the counter's row lock
    // then serialises only the last moment of concurrent saves of the type, not their lines and stock.
    const counted = takesCounterNumber(config, typeCode, textOf(header.documentNumber));
    const documentNumber = counted
      ? pendingDocumentNumber()
      : await assignDocumentNumber(
          ctx,
          tx,
          scope.clientAccountId,
          config,
          typeCode,
          textOf(header.documentNumber),
        );
    const row = await this.insertDocument(tx, {
      ...toDbValues(docDef, header),
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
    const positionRows = await this.insertPositions(unit, scope, id, positions);
    if (reserving) await reserveFor(this.t, unit, scope, id, draft, drafts, products);
    await docService.log(tx, scope, 'create', id, undefined, row);
    announce(unit, scope, 'wmsDocument', id, 'create');
    // New in this unit, so as good as locked: the unit's next line of it needs no lock of its own.
    if (memory && !reserving && !confirm)
      memory.remember(id, { row, config, own: new Map(), lines: positionRows.map(lineDraftOf) });
    const saved = confirm
      ? await this.transitions.confirmLocked(unit, scope, row, config, {
          positions: positionRows,
          products,
          own: new Map(),
        })
      : withPositions(this.t, row, positionRows);
    await this.countAgainstLimit(unit, scope.clientAccountId, opening.terms);
    if (!counted) return saved;
    return this.settleNumber(unit, saved, {
      accountId: scope.clientAccountId,
      typeCode,
      config,
      documentId: id,
      pending: documentNumber,
    });
  }

  /**
   * Counts the new document against the company's monthly limit (documentAllowance.ts) as a last step of its unit
   * of work, before its number: the end of a shared unit (where a refusal rolls the group back and its calls run
   * again one by one, so the refusal is the creating call's own), else right now.
   */
  private async countAgainstLimit(unit: UnitOfWork, accountId: string, terms: DocumentTerms): Promise<void> {
    if (terms.limit === null) return;
    const now = this.t.ctx.clock.now();
    if (!unit.shared) return countNewDocument(unit.tx, accountId, terms, now);
    // The account's id sorts before its counters' keys (`account type`): the month row first, in every unit.
    unit.atEnd(accountId, async () => {
      await countNewDocument(unit.tx, accountId, terms, now);
      return undefined;
    });
  }

  /**
   * The final number of a document saved with a pending one, taken as the last step of its unit of work: the
   * end of a shared unit (a push group, whose opener puts the final number into its calls' answers), else right
   * now, the save being the last thing its own unit does.
   */
  private async settleNumber(
    unit: UnitOfWork,
    saved: DocumentWithPositions,
    pending: PendingNumber,
  ): Promise<DocumentWithPositions> {
    if (unit.shared) {
      unit.atEnd(counterKeyOf(pending), async () => {
        const to = await settleDocumentNumber(this.t.ctx, unit.tx, pending);
        return to === undefined ? undefined : { from: pending.pending, to };
      });
      return saved;
    }
    const documentNumber = await settleDocumentNumber(this.t.ctx, unit.tx, pending);
    return { ...saved, documentNumber };
  }

  /**
   * Edits a working copy: the body's header fields replace the stored ones; `positions`, when given, replace
   * all positions (generated documents: refused unless they move the same goods, or opts.generated).
   */
  async update(
    unit: UnitOfWork,
    scope: Scope,
    id: string,
    input: unknown,
    opts: UpdateOptions = {},
  ): Promise<DocumentWithPositions> {
    const { ctx, docDef, docs, dcol, positions, pcol, docService } = this.t;
    const { tx } = unit;
    const row = await this.locks.lock(tx, scope, id);
    const status = statusOf(row);
    if (!canEditDocument(status))
      throw new AppError('statusForbidsChange', {
        issues: [issue('notWorkingCopy', { field: 'statusCode', params: { status } })],
      });
    const parsed = parseDocumentInput(input, toApiRow(docDef, row));
    if (parsed.version !== undefined && parsed.version !== row.version)
      throw new AppError('statusForbidsChange', { detail: 'version mismatch' });
    const header = parsed.header;
    if (header.typeCode !== row.typeCode)
      throw new AppError('formHasErrors', { fields: [{ field: 'typeCode', rule: 'invalidValue' }] });
    const stored = await this.locks.positionRows(tx, scope.clientAccountId, id);
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
    await releaseFor(this.t, unit, scope, id);
    const draft = documentDraftOf(header, status);
    const products = await checkDocument(ctx, tx, scope.clientAccountId, config, draft, drafts, {
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
        if (await numberTaken(ctx, tx, scope.clientAccountId, wanted, id)) throw collision();
        documentNumber = wanted;
      } else if (wanted !== offlineNumber) {
        // Its own provisional number sent again is no collision; another document's is.
        if (await offlineNumberTaken(ctx, tx, scope.clientAccountId, wanted, id)) throw collision();
        offlineNumber ??= wanted;
      }
    }

    let positionRows = stored;
    if (parsed.positions) {
      await tx
        .delete(positions)
        .where(and(eq(pcol('clientAccountId'), scope.clientAccountId), eq(pcol('documentId'), id)));
      for (const p of stored) announce(unit, scope, 'wmsDocumentPosition', String(p.id), 'delete');
      positionRows = await this.insertPositions(unit, scope, id, parsed.positions);
    }
    const [updated] = await tx
      .update(docs)
      .set({
        ...toDbValues(docDef, header),
        documentNumber,
        offlineNumber,
        precedingDocumentNumber: await this.precedingNumber(tx, scope, header),
        ...progressOf(status, drafts),
        updatedAt: new Date(),
        version: sql`${dcol('version')} + 1`,
      })
      .where(and(eq(dcol('clientAccountId'), scope.clientAccountId), eq(dcol('id'), id)))
      .returning();
    if (!updated) throw new AppError('notFoundOrNoPermission');
    if (reserving) await reserveFor(this.t, unit, scope, id, draft, drafts, products);
    await docService.log(tx, scope, 'update', id, row, updated);
    announce(unit, scope, 'wmsDocument', id, 'update');
    if (confirm)
      return this.transitions.confirmLocked(unit, scope, updated, config, {
        positions: positionRows,
        products,
        own: new Map(),
      });
    return withPositions(this.t, updated, positionRows);
  }

  /**
   * What a new document's checks read first, in one statement: the account's logistics config, whether a
   * document with the client's id exists in any account (ids are global: a client's id must be new), and whether
   * another document of the account carries the proposed number as its offlineNumber (a working-copy number
   * proposed again is a 406 collision; whether it is one depends on the config, so it is read either way).
   */
  private async openingReads(tx: Tx, scope: Scope, id: string | undefined, proposed: string) {
    this.opening ??= new BuiltOnce(['accountId', 'id', 'number'], (v) => {
      const { docs, dcol } = this.t;
      return sql`select
        (select ${clientAccount.logisticsConfig} from ${clientAccount} where ${clientAccount.id} = ${v.accountId}::uuid)
          as config,
        (select json_build_object('limit', ${clientAccount.monthlyDocumentLimit},
            'price', ${clientAccount.extraDocumentPrice}, 'budget', ${clientAccount.extraBudget})
          from ${clientAccount} where ${clientAccount.id} = ${v.accountId}::uuid) as terms,
        exists(select 1 from ${docs} where ${dcol('id')} = ${v.id}::uuid) as id_taken,
        exists(select 1 from ${docs} where ${dcol('clientAccountId')} = ${v.accountId}::uuid
          and ${dcol('offlineNumber')} = ${v.number}::text) as number_taken`;
    });
    const [row] = await this.opening.rows(tx, {
      accountId: scope.clientAccountId,
      id: id ?? null,
      number: proposed === '' ? null : proposed,
    });
    return {
      config: storedLogisticsConfig(row?.config),
      terms: termsOf(row?.terms),
      idTaken: row?.id_taken === true,
      numberTaken: row?.number_taken === true,
    };
  }

  /** References the rules do not check must point into the caller's account (as in the generic resources). */
  private async checkRefs(tx: Tx, scope: Scope, header: Row): Promise<void> {
    const fields: FieldError[] = [];
    for (const name of checkedRefs) {
      const value = header[name];
      const target = this.t.docDef.fields[name]?.ref;
      if (typeof value !== 'string' || !target) continue;
      const t = tableOf(this.t.ctx, target);
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
    const { docs, dcol } = this.t;
    const [row] = await tx
      .select({ n: dcol('documentNumber') })
      .from(docs)
      .where(and(eq(dcol('id'), id), eq(dcol('clientAccountId'), scope.clientAccountId)));
    return textOf(row?.n);
  }

  private async insertPositions(
    unit: UnitOfWork,
    scope: Scope,
    documentId: string,
    positions: readonly PositionValues[],
  ): Promise<Row[]> {
    if (!positions.length) return [];
    const values = positions.map((p, index) => {
      const unitPrice = numberOf(p.unitPrice);
      return {
        ...toDbValues(this.t.posDef, p),
        ...(typeof p.id === 'string' ? { id: p.id } : {}),
        clientAccountId: scope.clientAccountId,
        documentId,
        lineNo: index + 1,
        quantity: roundQuantity(p.quantity),
        value: unitPrice === null ? null : roundQuantity(p.quantity * unitPrice),
      };
    });
    const rows = await unit.tx.insert(this.t.positions).values(values).returning();
    for (const r of rows) announce(unit, scope, 'wmsDocumentPosition', String(r.id), 'create');
    return rows.sort((a, b) => Number(a.lineNo) - Number(b.lineNo));
  }

  /** Inserts the header; a number taken meanwhile by a concurrent save is the same 406 as one taken before. */
  private async insertDocument(tx: Tx, values: Row): Promise<Row> {
    try {
      const [row] = await tx.insert(this.t.docs).values(values).returning();
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
}
