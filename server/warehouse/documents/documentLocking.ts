import { and, asc, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { isUuid } from '../../../domain/rowValues';
import type { LogisticsConfig } from '../../../domain/warehouse/logisticsConfig';
import { positionDraftFields, positionDraftOf } from '../../../domain/warehouse/ruleInputs';
import type { PositionDraft } from '../../../domain/warehouse/validationInput';
import { BuiltOnce, placeholderText, tableRowsOf } from '../../db/builtOnce';
import type { Executor, Tx } from '../../db/client';
import { clientAccount } from '../../db/internalTables';
import type { Row } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import { storedLogisticsConfig } from '../logisticsConfigStore';
import { stockServiceOf } from '../stock/stockService';
import type { DocumentTables } from './documentTables';

/** A document line as the rules see it, with its id and number. */
export type LineDraft = PositionDraft & { readonly id: string; readonly lineNo: number };

/** A working copy locked for a change, with what every change of it needs. */
export interface LockedDocument {
  readonly row: Row;
  readonly config: LogisticsConfig;
  /** Its own reservations per stock key. */
  readonly own: ReadonlyMap<string, number>;
  /** Its lines as the rules see them, in line order (read for line changes only, else empty). */
  readonly lines: readonly LineDraft[];
}

/** The line columns the rules read (positionDraftOf), with the line's id and number. */
const lineDraftColumns = ['id', 'lineNo', ...positionDraftFields] as const;

/** A line as the rules see it, from its row (or lineDraftColumns' values). */
export const lineDraftOf = (row: Row): LineDraft => ({
  ...positionDraftOf(row),
  id: String(row.id),
  lineNo: Number(row.lineNo) || 0,
});

/** Lines from lineDraftsJson: each a json array of lineDraftColumns' values, in that order. */
const lineDraftsFromJson = (value: unknown): LineDraft[] => {
  const rows: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((cells: unknown) => {
    if (!Array.isArray(cells)) return [];
    return [lineDraftOf(Object.fromEntries(lineDraftColumns.map((name, i) => [name, cells[i] ?? null])))];
  });
};

/** Names of what lockWithConfig reads next to the document's columns (no column is named so). */
const lockedRead = {
  snapshotVersion: '__snapshotVersion',
  config: '__config',
  reserved: '__reserved',
  lines: '__lines',
} as const;

/**
 * Documents locked for a change (SELECT … FOR UPDATE in the unit's transaction), with what a change reads
 * along: the account's logistics config, the document's own reservations and its lines. Another account's
 * document (or another contractor's) is not found.
 */
export class DocumentLocks {
  private readonly statements = new Map<boolean, BuiltOnce<'accountId' | 'id'>>();
  private positionsStatement: BuiltOnce<'accountId' | 'documentId'> | undefined;

  constructor(private readonly t: DocumentTables) {}

  /** The document row, locked for the rest of the transaction. */
  async lock(tx: Tx, scope: Scope, id: string): Promise<Row> {
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    const [row] = await tx
      .select()
      .from(this.t.docs)
      .where(and(this.t.docService.scopeCondition(scope), eq(this.t.dcol('id'), id)))
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
  async lockWithConfig(tx: Tx, scope: Scope, id: string, lines = false): Promise<LockedDocument> {
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    // Every line change of the terminal locks this way: built once (a contractor's scope adds its own terms).
    const [found] =
      scope.contractorId === null
        ? tableRowsOf(
            this.t.docs,
            await this.lockStatement(lines).rows(tx, { accountId: scope.clientAccountId, id }),
          )
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

  /** The document's positions in line order (built once: every confirmation reads them). */
  async positionRows(db: Executor, accountId: string, documentId: string): Promise<Row[]> {
    const { positions, pcol } = this.t;
    this.positionsStatement ??= new BuiltOnce(['accountId', 'documentId'], (v, on) =>
      on
        .select()
        .from(positions)
        .where(and(eq(pcol('clientAccountId'), v.accountId), eq(pcol('documentId'), v.documentId)))
        .orderBy(asc(pcol('lineNo'))),
    );
    return tableRowsOf(positions, await this.positionsStatement.rows(db, { accountId, documentId }));
  }

  /** The locking select of lockWithConfig. */
  private lockSelect(
    db: Executor,
    scope: Pick<Scope, 'clientAccountId' | 'contractorId'>,
    id: string | Placeholder,
    lines: boolean,
  ) {
    const { docs, dcol } = this.t;
    // Qualified: drizzle writes the columns of a one-table select without their table.
    const lockedId = sql`${docs}.${sql.identifier(dcol('id').name)}`;
    return db
      .select({
        ...getTableColumns(docs),
        [lockedRead.snapshotVersion]: sql<unknown>`(select snap.version from ${docs} as snap
          where snap.id = ${lockedId})`.as(lockedRead.snapshotVersion),
        ...this.lockedReadFields(scope, lockedId, lines),
      })
      .from(docs)
      .where(and(this.t.docService.scopeCondition(scope), eq(dcol('id'), id)))
      .for('update');
  }

  /** lockSelect of an account's own users (no contractor), built once per `lines`. */
  private lockStatement(lines: boolean): BuiltOnce<'accountId' | 'id'> {
    let statement = this.statements.get(lines);
    if (!statement) {
      statement = new BuiltOnce(['accountId', 'id'], (v, db) =>
        this.lockSelect(
          db,
          { clientAccountId: placeholderText(v.accountId), contractorId: null },
          v.id,
          lines,
        ),
      );
      this.statements.set(lines, statement);
    }
    return statement;
  }

  /**
   * What a document change reads with the lock: the account's config, the document's reservations and lines
   * (named in the statement: the built-once lock reads them by name from the driver's rows).
   */
  private lockedReadFields(scope: Pick<Scope, 'clientAccountId'>, documentId: SQL, lines: boolean) {
    const stock = stockServiceOf(this.t.ctx);
    return {
      [lockedRead.config]: sql<unknown>`(select ${clientAccount.logisticsConfig} from ${clientAccount}
        where ${clientAccount.id} = ${scope.clientAccountId}::uuid)`.as(lockedRead.config),
      [lockedRead.reserved]: stock
        .reservationsJson(scope.clientAccountId, documentId)
        .as(lockedRead.reserved),
      [lockedRead.lines]: (lines
        ? this.lineDraftsJson(scope.clientAccountId, documentId)
        : sql<unknown>`null`
      ).as(lockedRead.lines),
    };
  }

  private lockedDocument(row: Row, config: unknown, reserved: unknown, lines: unknown): LockedDocument {
    return {
      row,
      config: storedLogisticsConfig(config),
      own: stockServiceOf(this.t.ctx).reservationsFromJson(reserved),
      lines: lineDraftsFromJson(lines),
    };
  }

  /** The document's lines (lineDraftColumns) as one json array in line order, read by lineDraftsFromJson. */
  private lineDraftsJson(accountId: string, documentId: SQL): SQL<unknown> {
    const { positions, pcol } = this.t;
    const cells = sql.join(
      lineDraftColumns.map((name) =>
        name === 'prodDate' || name === 'expDate' ? sql`${pcol(name)}::text` : sql`${pcol(name)}`,
      ),
      sql`, `,
    );
    return sql`(select coalesce(json_agg(json_build_array(${cells}) order by ${pcol('lineNo')}), '[]'::json)
      from ${positions} where ${pcol('clientAccountId')} = ${accountId}::uuid
        and ${pcol('documentId')} = ${documentId})`;
  }
}
