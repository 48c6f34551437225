import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError, type FieldError } from '../../domain/errors';
import { canRead, canWrite } from '../../domain/resources/access';
import type { Page, PageQuery } from '../../domain/resources/query';
import { dropEmptyWriteOnly, validateRecord } from '../../domain/resources/schema';
import type { ResourceDefinition } from '../../domain/resources/types';
import { isUuid } from '../../domain/rowValues';
import type { AppContext, DataChange } from '../context';
import type { Executor, Tx } from '../db/client';
import type { ResourceTable } from '../db/resourceTables';
import { fromDatabaseError } from '../http/dbErrors';
import { removeAttachedTo } from '../office/attachedTo';
import { contractorRowCondition } from './contractorScope';
import { resourceHooks } from './hooks';
import { type Row, titleOf, toApiRow, toDbValues } from './rows';
import type { Scope } from './scope';
import { filterCondition } from './sqlFilters';

/**
 * Every CRUD operation, written once against resource metadata: tenancy and contractor
 * scoping, validation, hooks, the record change log and change events.
 */
export class ResourceService {
  readonly def: ResourceDefinition;
  private readonly table: ResourceTable;
  private readonly ctx: AppContext;

  constructor(ctx: AppContext, def: ResourceDefinition) {
    const table = ctx.schema.resourceTables[def.name];
    if (!table) throw new Error(`no table for ${def.name}`);
    this.ctx = ctx;
    this.def = def;
    this.table = table;
  }

  private get secretsKey(): string {
    return this.ctx.config.office.secretsKey;
  }

  private col(name: string): PgColumn {
    const c = this.table[name] as PgColumn | undefined;
    if (!c) throw new AppError('badRequest', { detail: name });
    return c;
  }

  /** Tenant (and contractor) condition every query carries. */
  scopeCondition(scope: Pick<Scope, 'clientAccountId' | 'contractorId'>): SQL {
    const parts: SQL[] = [sql`${this.col('clientAccountId')} = ${scope.clientAccountId}::uuid`];
    // Contractors see only rows of their contractor, never hidden ones; without such a field they see nothing.
    if (scope.contractorId !== null)
      parts.push(contractorRowCondition(this.def, this.table, scope.contractorId));
    return and(...parts) as SQL;
  }

  assertRead(scope: Scope): void {
    if (!canRead(this.def, scope.claims)) throw new AppError('forbidden');
  }

  /** A resource's rule to run before any read (sharedAccess marks the links whose time is up). */
  private async beforeRead(scope: Scope): Promise<void> {
    const hook = resourceHooks[this.def.name]?.beforeRead;
    if (hook) await hook({ scope, table: this.table, db: this.ctx.db, now: new Date(this.ctx.clock.now()) });
  }

  assertWrite(scope: Scope): void {
    if (!canWrite(this.def, scope.claims)) throw new AppError('forbidden');
  }

  private where(scope: Scope, query: Pick<PageQuery, 'filters'>): SQL {
    const conditions = [
      this.scopeCondition(scope),
      ...query.filters.map((f) => filterCondition(this.def, this.table, f)),
    ];
    return and(...conditions) as SQL;
  }

  private orderBy(query: Pick<PageQuery, 'sortColumn' | 'sortDescending'>): SQL[] {
    const order: SQL[] = [];
    if (query.sortColumn) {
      const c = this.col(query.sortColumn);
      order.push(query.sortDescending ? sql`${desc(c)} nulls last` : sql`${asc(c)} nulls last`);
    }
    order.push(asc(this.col('id')));
    return order;
  }

  async list(scope: Scope, query: PageQuery): Promise<Page<Row>> {
    this.assertRead(scope);
    await this.beforeRead(scope);
    const where = this.where(scope, query);
    const [rows, count] = await Promise.all([
      this.ctx.db
        .select()
        .from(this.table)
        .where(where)
        .orderBy(...this.orderBy(query))
        .limit(query.pageSize)
        .offset((query.pageNumber - 1) * query.pageSize),
      this.ctx.db.select({ n: sql<number>`count(*)::int` }).from(this.table).where(where),
    ]);
    return { results: rows.map((r) => toApiRow(this.def, r)), allFilteredRowCount: Number(count[0]?.n ?? 0) };
  }

  /** All matching rows (no paging) for export, capped. */
  async all(scope: Scope, query: Omit<PageQuery, 'pageNumber' | 'pageSize'>, cap = 100_000): Promise<Row[]> {
    this.assertRead(scope);
    await this.beforeRead(scope);
    const rows = await this.ctx.db
      .select()
      .from(this.table)
      .where(this.where(scope, query))
      .orderBy(...this.orderBy(query))
      .limit(cap);
    return rows.map((r) => toApiRow(this.def, r));
  }

  private async findRaw(db: Executor, scope: Scope, id: string, forUpdate = false): Promise<Row> {
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    const q = db
      .select()
      .from(this.table)
      .where(and(this.scopeCondition(scope), eq(this.col('id'), id)));
    const rows = forUpdate ? await q.for('update') : await q;
    const row = rows[0];
    if (!row) throw new AppError('notFoundOrNoPermission');
    return row;
  }

  async get(scope: Scope, id: string): Promise<Row> {
    this.assertRead(scope);
    await this.beforeRead(scope);
    return toApiRow(this.def, await this.findRaw(this.ctx.db, scope, id));
  }

  async select(scope: Scope, search: string, limit: number): Promise<{ id: string; title: string }[]> {
    this.assertRead(scope);
    await this.beforeRead(scope);
    const title = this.col(this.def.titleField);
    const conditions = [this.scopeCondition(scope)];
    if (search)
      conditions.push(sql`${title}::text ilike ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
    const rows = await this.ctx.db
      .select({ id: this.col('id'), title })
      .from(this.table)
      .where(and(...conditions))
      .orderBy(asc(title))
      .limit(limit);
    return rows.map((r) => ({ id: String(r.id), title: r.title === null ? '' : String(r.title) }));
  }

  private validate(input: unknown, existing: Row | undefined): Row {
    // Edits may send only what changes: validate the stored record with the changes applied.
    const base = existing ? toApiRow(this.def, existing) : {};
    const given = typeof input === 'object' && input !== null ? (input as Row) : {};
    const changes = existing ? dropEmptyWriteOnly(this.def, given) : given;
    const { value, errors } = validateRecord(this.def, { ...base, ...changes });
    if (errors.length) throw new AppError('formHasErrors', { fields: errors });
    // A write-only value (password) not sent on edit stays as stored.
    if (existing)
      for (const [name, f] of Object.entries(this.def.fields))
        if (f.writeOnly && !(name in changes)) delete value[name];
    return toDbValues(this.def, value);
  }

  private async checkRefs(tx: Tx, scope: Scope, values: Row): Promise<void> {
    // A reference must point at a row of the same account; anything else is not found.
    for (const [name, f] of Object.entries(this.def.fields)) {
      const v = values[name];
      if (f.kind !== 'ref' || typeof v !== 'string') continue;
      const target = this.ctx.schema.resourceTables[f.ref ?? ''];
      if (!target?.id || !target.clientAccountId) continue;
      const found = await tx
        .select({ id: target.id })
        .from(target)
        .where(and(eq(target.id, v), eq(target.clientAccountId, scope.clientAccountId)))
        .limit(1);
      if (!found.length)
        throw new AppError('formHasErrors', { fields: [{ field: name, rule: 'invalidValue' }] });
    }
  }

  /** Names the taken fields' own rules (usernameExist, emailExist); one such rule becomes the error code. */
  private uniqueFields(err: AppError): AppError {
    if (err.code !== 'uniqueConflict' || !err.fields) return err;
    const fields: FieldError[] = err.fields.map((f) => ({
      ...f,
      rule: this.def.fields[f.field]?.uniqueRule ?? 'uniqueConflict',
    }));
    const rules = new Set(fields.map((f) => f.rule));
    const [only] = rules;
    return new AppError(rules.size === 1 && only ? only : 'uniqueConflict', { fields });
  }

  private async write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.ctx.db.transaction(fn);
    } catch (err) {
      const mapped = err instanceof AppError ? err : fromDatabaseError(err);
      throw mapped ? this.uniqueFields(mapped) : err;
    }
  }

  /** Writes the record change log in the caller's transaction (area modules log their own writes). */
  async log(...change: Parameters<ResourceService['logStatement']>) {
    const statement = this.logStatement(...change);
    if (statement) await statement;
  }

  /** The record_log insert of a change, not run yet (to go with another statement); none for the log itself. */
  logStatement(
    tx: Tx,
    scope: Scope,
    action: 'create' | 'update' | 'delete',
    id: string,
    oldRow?: Row,
    newRow?: Row,
  ) {
    const table = this.ctx.schema.resourceTables.recordLog;
    const values = this.logValues(scope, action, id, oldRow, newRow);
    return table && values ? tx.insert(table).values(values) : undefined;
  }

  /** The record_log row of a change (see logStatement); none for the log itself. */
  logValues(
    scope: Scope,
    action: 'create' | 'update' | 'delete',
    id: string,
    oldRow?: Row,
    newRow?: Row,
  ): Row | undefined {
    if (!this.ctx.schema.resourceTables.recordLog || this.def.name === 'recordLog') return undefined;
    return {
      clientAccountId: scope.clientAccountId,
      resourceType: this.def.name,
      resourceId: id,
      resourceTitle: titleOf(this.def, newRow ?? oldRow ?? {}),
      action,
      oldObject: oldRow ? toApiRow(this.def, oldRow) : null,
      newObject: newRow ? toApiRow(this.def, newRow) : null,
      userId: scope.userId,
      userName: scope.userName,
    };
  }

  /** The change notice of a record of this resource (a unit of work publishes it when it commits). */
  changeOf(scope: Scope, id: string, action: DataChange['action']): DataChange {
    return { clientAccountId: scope.clientAccountId, resourceType: this.def.name, id, action };
  }

  /** Announces a committed change (live connection, sync). */
  publish(scope: Scope, id: string, action: DataChange['action']) {
    this.ctx.changes.next(this.changeOf(scope, id, action));
  }

  async create(scope: Scope, input: unknown): Promise<Row> {
    this.assertWrite(scope);
    const values = this.validate(input, undefined);
    const row = await this.write(async (tx) => {
      await this.checkRefs(tx, scope, values);
      const hook = resourceHooks[this.def.name]?.beforeWrite;
      const stored = hook
        ? await hook({ def: this.def, scope, values, existing: undefined, tx, secretsKey: this.secretsKey })
        : values;
      const id = isUuid((input as Row | null)?.id) ? String((input as Row).id) : undefined;
      const [created] = await tx
        .insert(this.table)
        .values({ ...stored, ...(id ? { id } : {}), clientAccountId: scope.clientAccountId })
        .returning();
      if (!created) throw new AppError('saveFailed');
      await resourceHooks[this.def.name]?.afterWrite?.({
        scope,
        row: created,
        existing: undefined,
        tx,
        definitions: this.ctx.schema.definitions,
      });
      await this.log(tx, scope, 'create', String(created.id), undefined, created);
      return created;
    });
    this.publish(scope, String(row.id), 'create');
    return toApiRow(this.def, row);
  }

  async update(scope: Scope, id: string, input: unknown): Promise<Row> {
    this.assertWrite(scope);
    if (this.def.noEdit) throw new AppError('statusForbidsChange');
    const row = await this.write(async (tx) => {
      const existing = await this.findRaw(tx, scope, id, true);
      const expected = (input as Row | null)?.version;
      if (typeof expected === 'number' && expected !== existing.version)
        throw new AppError('statusForbidsChange', { status: 409 });
      const values = this.validate(input, existing);
      await this.checkRefs(tx, scope, values);
      const hook = resourceHooks[this.def.name]?.beforeWrite;
      const stored = hook
        ? await hook({ def: this.def, scope, values, existing, tx, secretsKey: this.secretsKey })
        : values;
      const [updated] = await tx
        .update(this.table)
        .set({ ...stored, updatedAt: new Date(), version: sql`${this.col('version')} + 1` })
        .where(and(this.scopeCondition(scope), eq(this.col('id'), id)))
        .returning();
      if (!updated) throw new AppError('notFoundOrNoPermission');
      await resourceHooks[this.def.name]?.afterWrite?.({
        scope,
        row: updated,
        existing,
        tx,
        definitions: this.ctx.schema.definitions,
      });
      await this.log(tx, scope, 'update', id, existing, updated);
      return updated;
    });
    this.publish(scope, id, 'update');
    return toApiRow(this.def, row);
  }

  async remove(scope: Scope, id: string): Promise<void> {
    this.assertWrite(scope);
    await this.write(async (tx) => {
      const existing = await this.findRaw(tx, scope, id, true);
      await resourceHooks[this.def.name]?.beforeDelete?.({
        scope,
        existing,
        tx,
        definitions: this.ctx.schema.definitions,
      });
      // Files and discussions of the record go with it.
      await removeAttachedTo(tx, scope.clientAccountId, this.def.name, id);
      await tx.delete(this.table).where(and(this.scopeCondition(scope), eq(this.col('id'), id)));
      await this.log(tx, scope, 'delete', id, existing, undefined);
    });
    this.publish(scope, id, 'delete');
  }
}
