import type { CellValue, ImportColumn, ImportProblem } from '../../domain/import/importColumn';
import type { AppContext, DataChange } from '../context';
import type { Tx } from '../db/client';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';

/** A data row of the file, read by the template's columns (see domain/import/importColumn.ts). */
export interface ImportRow {
  readonly line: number;
  readonly values: Readonly<Record<string, CellValue>>;
}

/** What a batch did: the records saved (API rows, in file order) and the rows it refused, with why. */
export interface BatchOutcome {
  readonly saved: readonly { readonly line: number; readonly record: Row }[];
  readonly problems: readonly ImportProblem[];
  /** Saved rows that lack something (a photo that could not be fetched…): reported, the row is kept. */
  readonly warnings?: readonly ImportProblem[];
}

/** The unit of work of an import: its transaction, who imports, and the change notices sent after commit. */
export interface ImportWork {
  readonly ctx: AppContext;
  readonly tx: Tx;
  readonly scope: Scope;
  /** Change notices (live connection, sync); published only if the import commits. */
  readonly changes: DataChange[];
}

export interface ImportBatchArgs<S> extends ImportWork {
  readonly rows: readonly ImportRow[];
  /** The template's own state for this import (names already created, keys already seen…). */
  readonly state: S;
}

/**
 * An import template: the required structure of a file (columns) and how one batch of its rows is saved. A batch
 * saves what it can and names every row it refuses; the runner (importRunner.ts) decides whether the import keeps
 * anything (all or nothing, skip bad rows, preview).
 *
 * Adding a template is one file in server/import/templates/ exporting `defineImportTemplate({...})`.
 */
export interface ImportTemplate<S = unknown> {
  /** The template's name in URLs (`POST /api/Import/<key>`) and in `GET config/importtemplate`. */
  readonly key: string;
  /** Place in the list of templates (smaller first). */
  readonly order: number;
  /** Translation key (`namespace:key`) of the template's name. */
  readonly title: string;
  readonly columns: readonly ImportColumn[];
  /** Rows per batch (default 500). */
  readonly batchSize?: number;
  /** Whether the caller may import with this template. */
  allowed(scope: Scope, ctx: AppContext): boolean;
  /** The state a new import starts with. */
  start(work: ImportWork): S | Promise<S>;
  importBatch(args: ImportBatchArgs<S>): Promise<BatchOutcome>;
}

export interface DefinedImportTemplate<S = unknown> extends ImportTemplate<S> {
  readonly kind: 'importTemplate';
}

export const defineImportTemplate = <S>(template: ImportTemplate<S>): DefinedImportTemplate<S> => ({
  ...template,
  kind: 'importTemplate',
});

export const isImportTemplate = (value: unknown): value is DefinedImportTemplate =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'importTemplate';
