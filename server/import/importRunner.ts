import { AppError } from '../../domain/errors';
import {
  type HeaderMatch,
  type ImportProblem,
  isBlankRow,
  matchHeaders,
  readRow,
} from '../../domain/import/importColumn';
import type { ImportMode } from '../../domain/import/importJob';
import { languages } from '../../domain/languages';
import type { AppContext, DataChange } from '../context';
import { translate } from '../i18n';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';
import type { RowSource, SourceRow } from './fileSource';
import type { DefinedImportTemplate, ImportRow } from './importTemplate';

/** Rows kept as the preview's sample. */
export const sampleSize = 10;
/** Problems kept for the report; further ones are only counted (a file of nothing but errors stays bounded). */
export const maxKeptProblems = 100_000;
/** Warnings kept on the job row (they are listed with it). */
export const maxKeptWarnings = 1_000;

const defaultBatchSize = 500;

/** Every name a column goes by: its label in each language (a file made in any language reads). */
export const columnNames = (template: DefinedImportTemplate): Map<string, string[]> => {
  const names = new Map<string, string[]>();
  for (const column of template.columns) {
    const [ns, key] = column.label.split(':') as [string, string];
    names.set(
      column.key,
      languages.map((lng) => translate(lng, ns, key)),
    );
  }
  return names;
};

/** A file whose header row is read and matched: the rest of its rows wait in `rest`. */
export interface PreparedImport {
  readonly header: HeaderMatch;
  readonly first: SourceRow;
  readonly rest: AsyncIterator<SourceRow>;
  readonly source: RowSource;
}

/**
 * Reads the header row and the first data row, so a file without data (importFileEmpty), without a required
 * column (importColumnMissing) or unreadable from its start is refused before any job starts.
 */
export const prepareImport = async (
  template: DefinedImportTemplate,
  source: RowSource,
  lng: string | undefined,
): Promise<PreparedImport> => {
  const rows = source.rows[Symbol.asyncIterator]();
  const nextFilled = async (): Promise<SourceRow | undefined> => {
    for (;;) {
      const next = await rows.next();
      if (next.done) return undefined;
      if (!isBlankRow(next.value.cells)) return next.value;
    }
  };
  const headerRow = await nextFilled();
  if (!headerRow) throw new AppError('importFileEmpty');
  const header = matchHeaders(headerRow.cells, template.columns, columnNames(template));
  if (header.missing.length) {
    const [ns, key] = (template.columns.find((c) => c.key === header.missing[0])?.label ?? '').split(':');
    throw new AppError('importColumnMissing', {
      fields: header.missing.map((column) => ({
        field: column,
        rule: 'importColumnMissing' as const,
        params: { column: column === header.missing[0] && ns && key ? translate(lng, ns, key) : column },
      })),
    });
  }
  const first = await nextFilled();
  if (!first) throw new AppError('importFileEmpty');
  return { header, first, rest: rows, source };
};

/** What a running import reports after each batch. */
export interface ImportProgress {
  readonly rowsRead: number;
  readonly rowsImported: number;
  readonly rowsSkipped: number;
  readonly problemCount: number;
  readonly bytesRead: number;
}

export interface ImportResult extends ImportProgress {
  /** True when the import's rows are kept (committed). */
  readonly kept: boolean;
  readonly cancelled: boolean;
  readonly problems: readonly ImportProblem[];
  /** Warnings of rows that were saved (BatchOutcome.warnings), at most maxKeptWarnings. */
  readonly warnings: readonly ImportProblem[];
  readonly sample: readonly Row[];
}

export interface RunOptions {
  readonly ctx: AppContext;
  readonly scope: Scope;
  readonly template: DefinedImportTemplate;
  readonly prepared: PreparedImport;
  readonly mode: ImportMode;
  /** Called after each batch. */
  readonly onProgress: (progress: ImportProgress) => void | Promise<void>;
  /** Asked before each batch; true stops the import (nothing is kept). */
  readonly cancelled: () => boolean | Promise<boolean>;
}

/** Ends the import's transaction without keeping anything (a preview, a refused file, a cancel). */
class RollBack extends Error {}

/**
 * Runs an import in one transaction: rows are read as a stream, in batches the template saves (each batch saves
 * what it can and names the rows it refuses), so memory holds one batch whatever the file's size. At the end the
 * transaction commits only for `skipBadRows`, or for `allOrNothing` when no row was refused; a preview and a
 * cancelled import never keep anything. Change notices go out after commit.
 */
export const runImport = async (options: RunOptions): Promise<ImportResult> => {
  const { ctx, scope, template, prepared, mode } = options;
  const problems: ImportProblem[] = [];
  const warnings: ImportProblem[] = [];
  const sample: Row[] = [];
  const skippedLines = new Set<number>();
  let problemCount = 0;
  let rowsRead = 0;
  let rowsImported = 0;
  let rowsSkipped = 0;
  let cancelled = false;
  const changes: DataChange[] = [];
  const batchSize = template.batchSize ?? defaultBatchSize;

  const note = (found: readonly ImportProblem[]) => {
    problemCount += found.length;
    for (const p of found) {
      if (problems.length < maxKeptProblems) problems.push(p);
      skippedLines.add(p.line);
    }
  };
  const progress = (): ImportProgress => ({
    rowsRead,
    rowsImported,
    rowsSkipped,
    problemCount,
    bytesRead: prepared.source.bytesRead(),
  });

  let kept = false;
  try {
    await ctx.db.transaction(async (tx) => {
      const work = { ctx, tx, scope, changes };
      const state = await template.start(work);
      let batch: ImportRow[] = [];
      const flush = async () => {
        if (!batch.length) return;
        const outcome = await template.importBatch({ ...work, rows: batch, state });
        note(outcome.problems);
        for (const w of outcome.warnings ?? [])
          if (!skippedLines.has(w.line) && warnings.length < maxKeptWarnings) warnings.push(w);
        const saved = new Set<number>();
        for (const s of outcome.saved) {
          if (!skippedLines.has(s.line)) saved.add(s.line);
          if (sample.length < sampleSize) sample.push(s.record);
        }
        rowsImported += saved.size;
        rowsSkipped += skippedLines.size;
        // Lines seen in this batch are done; the set only needs lines of batches to come.
        skippedLines.clear();
        batch = [];
        await options.onProgress(progress());
      };
      let next: SourceRow | undefined = prepared.first;
      while (next) {
        if (!isBlankRow(next.cells)) {
          rowsRead += 1;
          const read = readRow(next.line, next.cells, template.columns, prepared.header.positions);
          if (read.problems) {
            note(read.problems);
            rowsSkipped += 1;
            skippedLines.delete(next.line);
          } else batch.push({ line: next.line, values: read.values });
          if (batch.length >= batchSize) {
            if (await options.cancelled()) {
              cancelled = true;
              throw new RollBack();
            }
            await flush();
          }
        }
        const step = await prepared.rest.next();
        next = step.done ? undefined : step.value;
      }
      if (await options.cancelled()) {
        cancelled = true;
        throw new RollBack();
      }
      await flush();
      if (mode === 'preview' || (mode === 'allOrNothing' && problemCount > 0)) throw new RollBack();
      kept = true;
    });
  } catch (err) {
    if (!(err instanceof RollBack)) throw err;
  }
  if (kept) for (const change of changes) ctx.changes.next(change);
  return { ...progress(), kept, cancelled, problems, warnings, sample };
};
