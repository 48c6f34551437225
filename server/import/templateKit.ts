import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../domain/errors';
import type { CellValue, ImportProblem } from '../../domain/import/importColumn';
import { validateRecord } from '../../domain/resources/schema';
import type { ResourceDefinition } from '../../domain/resources/types';
import type { Tx } from '../db/client';
import type { ResourceTable } from '../db/resourceTables';
import { fromDatabaseError } from '../http/dbErrors';
import { ResourceService } from '../resources/resourceService';
import { type Row, toApiRow, toDbValues } from '../resources/rows';
import type { BatchOutcome, ImportRow, ImportWork } from './importTemplate';

/** A record a row asks for: values in the resource's API shape (references already turned into ids). */
export interface PlannedRecord {
  readonly line: number;
  readonly input: Row;
  /** The id a new record gets (when rows of the same file refer to it before it is written). */
  readonly id?: string;
}

/** A planned record after validation: column values, and the stored record it updates (if any). */
export interface CheckedRecord {
  readonly line: number;
  readonly values: Row;
  readonly existingId: string | undefined;
  readonly newId?: string;
}

export interface SaveRecordsOptions {
  readonly def: ResourceDefinition;
  /** A field unique per account that finds the stored record to update; without it every row is a new record. */
  readonly keyField?: string;
  /** The file's column behind a field, for problems (default: the field's own name). */
  readonly columnOf?: Readonly<Record<string, string>>;
  /** Keys seen in earlier rows of this import → their line (the later row of a repeated key is refused). */
  readonly seen?: Map<string, number>;
  /** Further checks of validated records (e.g. barcodes taken by other products): problems of rows to refuse. */
  readonly check?: (work: ImportWork, records: readonly CheckedRecord[]) => Promise<ImportProblem[]>;
  /** Rows kept beside the records (e.g. product barcodes), written with them. */
  readonly afterWrite?: (work: ImportWork, written: readonly { line: number; row: Row }[]) => Promise<void>;
}

export const tableOf = (work: Pick<ImportWork, 'ctx'>, name: string): ResourceTable => {
  const table = work.ctx.schema.resourceTables[name];
  if (!table) throw new Error(`no table for ${name}`);
  return table;
};

export const columnOf = (table: ResourceTable, name: string): PgColumn => {
  const c = table[name] as PgColumn | undefined;
  if (!c) throw new Error(`no column ${name}`);
  return c;
};

export const definitionOf = (work: Pick<ImportWork, 'ctx'>, name: string): ResourceDefinition => {
  const def = work.ctx.schema.definitions.find((d) => d.name === name);
  if (!def) throw new Error(`no resource ${name}`);
  return def;
};

const chunk = <T>(list: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/**
 * Ids of the account's records whose `field` equals one of `values`, compared case-insensitively (names in a
 * file rarely match the stored case exactly). The first stored record of a name wins.
 */
export const idsByName = async (
  work: ImportWork,
  resource: string,
  field: string,
  values: Iterable<string>,
): Promise<Map<string, string>> => {
  const wanted = [...new Set([...values].map((v) => v.trim().toLowerCase()).filter((v) => v !== ''))];
  const found = new Map<string, string>();
  if (!wanted.length) return found;
  const table = tableOf(work, resource);
  const column = columnOf(table, field);
  for (const part of chunk(wanted, 5000)) {
    const rows = await work.tx
      .select({ id: columnOf(table, 'id'), name: column })
      .from(table)
      .where(
        and(
          eq(columnOf(table, 'clientAccountId'), work.scope.clientAccountId),
          inArray(sql`lower(${column})`, part),
        ),
      )
      .orderBy(columnOf(table, 'createdAt'));
    for (const r of rows) {
      const key = String(r.name).toLowerCase();
      if (!found.has(key)) found.set(key, String(r.id));
    }
  }
  return found;
};

/**
 * Ids of records found by name (case-insensitively) or, when missing, made from the name alone with the
 * resource's own rules (a group named in a product file is made with it). `known` carries the names of earlier
 * batches. A name the resource refuses (too long…) is left out of the result.
 */
export const namedRecords = async (
  work: ImportWork,
  options: {
    readonly resource: string;
    readonly field: string;
    readonly names: readonly string[];
    readonly known: Map<string, string>;
    /** Other fields of a record made here. */
    readonly defaults?: Row;
  },
): Promise<Map<string, string>> => {
  const { known } = options;
  const missing = new Map<string, string>();
  for (const name of options.names) {
    const key = name.trim().toLowerCase();
    // The first spelling of a name in the file is the one a new record gets.
    if (key !== '' && !known.has(key) && !missing.has(key)) missing.set(key, name.trim());
  }
  if (!missing.size) return known;
  for (const [key, id] of await idsByName(work, options.resource, options.field, missing.values())) {
    known.set(key, id);
    missing.delete(key);
  }
  const def = definitionOf(work, options.resource);
  const planned: PlannedRecord[] = [];
  for (const name of missing.values())
    planned.push({ line: 0, input: { ...options.defaults, [options.field]: name } });
  const made = await saveRecords(work, planned, { def });
  for (const { record } of made.saved)
    known.set(String(record[options.field]).toLowerCase(), String(record.id));
  return known;
};

/**
 * `{ [field]: value }` when the file has `column`, else nothing: a column the file lacks leaves the stored value
 * of a record it updates as it was (a new record takes the field's default).
 */
export const ifGiven = (
  values: Readonly<Record<string, unknown>>,
  column: string,
  field: string,
  value: unknown,
): Row => (column in values ? { [field]: value } : {});

/** Text of a cell (null when empty). */
export const textOf = (value: CellValue | undefined): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** Rows planned as records, and the rows refused while planning them. */
export interface Plan {
  readonly planned: PlannedRecord[];
  readonly problems: ImportProblem[];
}

/**
 * Plans each row with the company its `column` names by short name (`companyId`, null when the cell is empty);
 * a row naming a company that is not found is refused.
 */
export const planWithCompany = async (
  work: ImportWork,
  rows: readonly ImportRow[],
  column = 'companyShortName',
): Promise<Plan> => {
  const companies = await idsByName(
    work,
    'company',
    'shortName',
    rows.flatMap((r) => textOf(r.values[column]) ?? []),
  );
  const plan: Plan = { planned: [], problems: [] };
  for (const row of rows) {
    const { [column]: cell, ...fields } = row.values;
    const company = textOf(cell);
    const companyId = company ? companies.get(company.toLowerCase()) : null;
    if (company && !companyId) plan.problems.push(notFound(row.line, column, company));
    else
      plan.planned.push({
        line: row.line,
        input: { ...fields, ...ifGiven(row.values, column, 'companyId', companyId) },
      });
  }
  return plan;
};

/** Saves a plan's records (saveRecords) and reports the plan's refused rows with the save's. */
export const savePlan = async (
  work: ImportWork,
  plan: Plan,
  options: SaveRecordsOptions,
): Promise<BatchOutcome> => {
  const outcome = await saveRecords(work, plan.planned, options);
  return { saved: outcome.saved, problems: [...plan.problems, ...outcome.problems] };
};

/** A row refused because a name it refers to is not found. */
export const notFound = (line: number, column: string, value: string): ImportProblem => ({
  line,
  column,
  code: 'importReferenceNotFound',
  params: { value },
});

/** The problems of a refused write, on the columns it names (else on the row). */
const problemsOfError = (
  line: number,
  err: AppError,
  columnFor: (field: string) => string | undefined,
): ImportProblem[] => {
  const named = (err.fields ?? []).map((f) => ({
    line,
    column: columnFor(f.field),
    code: f.rule,
    ...(f.params ? { params: f.params } : {}),
  }));
  return named.length ? named : [{ line, code: err.code }];
};

/**
 * Runs `write` for all items in a savepoint; when the database refuses (a unique key taken meanwhile…), each item
 * again in its own savepoint, so only the refused ones are left out. Returns the refused items with their error.
 */
export const writeEachOnFailure = async <T>(
  tx: Tx,
  items: readonly T[],
  write: (tx: Tx, items: readonly T[]) => Promise<void>,
): Promise<{ item: T; error: AppError }[]> => {
  if (!items.length) return [];
  try {
    await tx.transaction((sp) => write(sp as unknown as Tx, items));
    return [];
  } catch (err) {
    if (!(err instanceof AppError) && !fromDatabaseError(err)) throw err;
    if (items.length === 1) {
      const only = items[0] as T;
      return [{ item: only, error: err instanceof AppError ? err : (fromDatabaseError(err) as AppError) }];
    }
  }
  const refused: { item: T; error: AppError }[] = [];
  for (const item of items) refused.push(...(await writeEachOnFailure(tx, [item], write)));
  return refused;
};

/**
 * Validates and saves the records one batch of rows asks for, with the resource's own rules (the same zod schema
 * as the API), in multi-row statements, with the record change log. A row whose key (keyField) is stored already
 * updates that record: only the fields the file gives change. Fields the template does not have keep their
 * stored value (or the field's default on a new record).
 */
export const saveRecords = async (
  work: ImportWork,
  planned: readonly PlannedRecord[],
  options: SaveRecordsOptions,
): Promise<BatchOutcome> => {
  const { def, keyField } = options;
  const table = tableOf(work, def.name);
  const column = (field: string) => options.columnOf?.[field] ?? field;
  const problems: ImportProblem[] = [];
  let checked: CheckedRecord[] = [];
  for (const p of planned) {
    const { value, errors } = validateRecord(def, p.input);
    if (errors.length) {
      for (const e of errors)
        problems.push({
          line: p.line,
          column: column(e.field),
          code: e.rule,
          ...(e.params ? { params: e.params } : {}),
        });
      continue;
    }
    const given = Object.fromEntries(Object.entries(value).filter(([k]) => k in p.input));
    checked.push({
      line: p.line,
      values: toDbValues(def, given),
      existingId: undefined,
      ...(p.id ? { newId: p.id } : {}),
    });
  }

  if (keyField) {
    const unique: CheckedRecord[] = [];
    for (const c of checked) {
      const key = String(c.values[keyField] ?? '');
      const first = options.seen?.get(key);
      if (first !== undefined) {
        problems.push({
          line: c.line,
          column: column(keyField),
          code: 'importDuplicateRow',
          params: { line: first },
        });
        continue;
      }
      options.seen?.set(key, c.line);
      unique.push(c);
    }
    const keyColumn = columnOf(table, keyField);
    const stored = new Map<string, string>();
    for (const part of chunk(
      unique.map((c) => String(c.values[keyField])),
      5000,
    )) {
      if (!part.length) continue;
      const rows = await work.tx
        .select({ id: columnOf(table, 'id'), key: keyColumn })
        .from(table)
        .where(
          and(eq(columnOf(table, 'clientAccountId'), work.scope.clientAccountId), inArray(keyColumn, part)),
        );
      for (const r of rows) stored.set(String(r.key), String(r.id));
    }
    checked = unique.map((c) => ({ ...c, existingId: stored.get(String(c.values[keyField])) }));
  }

  if (options.check) {
    const refused = await options.check(work, checked);
    problems.push(...refused);
    const lines = new Set(refused.map((r) => r.line));
    checked = checked.filter((c) => !lines.has(c.line));
  }

  const service = new ResourceService(work.ctx, def);
  const log = work.ctx.schema.resourceTables.recordLog;
  const saved: { line: number; record: Row }[] = [];
  const write = async (tx: Tx, records: readonly CheckedRecord[]) => {
    const written: { line: number; row: Row; old?: Row }[] = [];
    const fresh = records.filter((r) => !r.existingId);
    if (fresh.length) {
      const rows = await tx
        .insert(table)
        .values(
          fresh.map((r) => ({
            // An empty field that has a default takes it, as a new record made in a form would.
            ...Object.fromEntries(
              Object.entries(r.values).filter(([k, v]) => v !== null || def.fields[k]?.default === undefined),
            ),
            ...(r.newId ? { id: r.newId } : {}),
            clientAccountId: work.scope.clientAccountId,
          })),
        )
        .returning();
      rows.forEach((row, i) => {
        written.push({ line: (fresh[i] as CheckedRecord).line, row });
      });
    }
    for (const r of records) {
      if (!r.existingId) continue;
      const id = r.existingId;
      const [old] = await tx
        .select()
        .from(table)
        .where(and(service.scopeCondition(work.scope), eq(columnOf(table, 'id'), id)))
        .for('update');
      const [row] = await tx
        .update(table)
        .set({ ...r.values, updatedAt: new Date(), version: sql`${columnOf(table, 'version')} + 1` })
        .where(and(service.scopeCondition(work.scope), eq(columnOf(table, 'id'), id)))
        .returning();
      if (!row) throw new AppError('notFoundOrNoPermission');
      written.push({ line: r.line, row, old });
    }
    await options.afterWrite?.({ ...work, tx }, written);
    if (log) {
      const entries = written.flatMap((w) => {
        const entry = service.logValues(
          work.scope,
          w.old ? 'update' : 'create',
          String(w.row.id),
          w.old,
          w.row,
        );
        return entry ? [entry] : [];
      });
      for (const part of chunk(entries, 500)) await tx.insert(log).values(part);
    }
    written.sort((a, b) => a.line - b.line);
    for (const w of written) saved.push({ line: w.line, record: toApiRow(def, w.row) });
  };
  const refused = await writeEachOnFailure(work.tx, checked, write);
  for (const { item, error } of refused) problems.push(...problemsOfError(item.line, error, column));

  const first = saved[0];
  if (first)
    work.changes.push({
      clientAccountId: work.scope.clientAccountId,
      resourceType: def.name,
      id: String(first.record.id),
      action: 'create',
    });
  saved.sort((a, b) => a.line - b.line);
  return { saved, problems };
};
