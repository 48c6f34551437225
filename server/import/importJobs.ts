import { and, asc, count, desc, eq } from 'drizzle-orm';
import { AppError, errorCodes } from '../../domain/errors';
import type { ImportProblem } from '../../domain/import/importColumn';
import type {
  ImportJobView,
  ImportMode,
  ImportNotice,
  ImportProblemView,
  ImportStatus,
} from '../../domain/import/importJob';
import { isUuid } from '../../domain/rowValues';
import type { AppContext } from '../context';
import { writeSystemLog } from '../http/systemLog';
import { translate } from '../i18n';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';
import { type ImportProgress, type PreparedImport, runImport } from './importRunner';
import { importJob, importProblem } from './importTables';
import type { DefinedImportTemplate } from './importTemplate';

type JobRow = typeof importJob.$inferSelect;

/** The text of a code: the error catalogue's, or a warehouse rule's (opening stock refused by a document rule). */
export const noticeOf = (
  lng: string | undefined,
  code: string,
  params?: Readonly<Record<string, string | number>>,
): ImportNotice => ({
  code,
  ...(params ? { params } : {}),
  message: (errorCodes as readonly string[]).includes(code)
    ? translate(lng, 'errors', code, { ...params })
    : translate(lng, 'warehouse', `issues.${code}`, { ...params }),
});

/** An import running in this process: what it has done so far and whether it was asked to stop. */
interface RunningImport {
  row: JobRow;
  cancel: boolean;
  readonly finished: Promise<void>;
}

export interface StartImport {
  readonly scope: Scope;
  readonly template: DefinedImportTemplate;
  readonly prepared: PreparedImport;
  readonly mode: ImportMode;
  readonly fileName: string | null;
  readonly bytesTotal: number;
  /** Frees the uploaded file once the import has ended. */
  readonly dispose: () => Promise<void>;
}

/**
 * Imports of this process and their records in import_job: started in the background, followed by any process
 * (on PostgreSQL each batch's progress is written to the job row, and a cancel asked of another process reaches
 * the running one through it), with their problems kept in import_problem for the list and the report.
 */
export class ImportJobs {
  private readonly running = new Map<string, RunningImport>();
  private readonly ctx: AppContext;
  private readonly templates: readonly DefinedImportTemplate[];

  constructor(ctx: AppContext, templates: readonly DefinedImportTemplate[]) {
    this.ctx = ctx;
    this.templates = templates;
  }

  /** Progress goes to the job row while running only where another connection can write it (PostgreSQL). */
  private get sharesProgress(): boolean {
    return this.ctx.database.kind === 'postgres';
  }

  async start(start: StartImport): Promise<{ id: string; finished: Promise<void> }> {
    const { scope, template, prepared, mode } = start;
    const [row] = await this.ctx.db
      .insert(importJob)
      .values({
        clientAccountId: scope.clientAccountId,
        userId: scope.userId,
        template: template.key,
        fileName: start.fileName,
        mode,
        bytesTotal: start.bytesTotal,
        warnings: prepared.header.unknown.map((column) => ({
          code: 'importUnknownColumn',
          params: { column },
        })),
      })
      .returning();
    if (!row) throw new AppError('saveFailed');
    let running: RunningImport | undefined;
    const update = async (changes: Partial<JobRow>, write: boolean) => {
      if (running) running.row = { ...running.row, ...changes };
      if (write) await this.ctx.db.update(importJob).set(changes).where(eq(importJob.id, row.id));
    };
    const work = async () => {
      // Let the request that started the import answer first.
      await new Promise<void>((resolve) => setImmediate(resolve));
      try {
        const result = await runImport({
          ctx: this.ctx,
          scope,
          template,
          prepared,
          mode,
          onProgress: (p: ImportProgress) => update({ ...p }, this.sharesProgress),
          cancelled: async () => {
            if (running?.cancel) return true;
            if (!this.sharesProgress) return false;
            const [job] = await this.ctx.db
              .select({ cancel: importJob.cancelRequested })
              .from(importJob)
              .where(eq(importJob.id, row.id));
            return (job?.cancel ?? 0) > 0;
          },
        });
        await this.saveProblems(row.id, result.problems);
        const status: ImportStatus = result.cancelled ? 'cancelled' : 'done';
        const refused = !result.kept && !result.cancelled && mode === 'allOrNothing';
        await update(
          {
            status: refused ? 'failed' : status,
            rowsRead: result.rowsRead,
            rowsImported: result.kept || mode === 'preview' ? result.rowsImported : 0,
            rowsSkipped: result.rowsSkipped,
            problemCount: result.problemCount,
            bytesRead: start.bytesTotal,
            sample: result.sample.map((r: Row) => ({ ...r })),
            warnings: [
              ...(row.warnings ?? []),
              ...result.warnings.map((w) => ({ code: w.code, params: { ...w.params, line: w.line } })),
            ],
            ...(refused
              ? { errorCode: 'importHasProblems', errorParams: { count: result.rowsSkipped } }
              : {}),
            finishedAt: new Date(),
          },
          true,
        );
      } catch (err) {
        const known = err instanceof AppError;
        if (!known)
          await writeSystemLog(this.ctx, undefined, {
            level: 'error',
            message: `import failed: ${err instanceof Error ? err.message : String(err)}`,
            exception: err instanceof Error ? err.stack : undefined,
            source: `Import/${template.key}`,
          });
        const params = known ? err.fields?.find((f) => f.rule === err.code)?.params : undefined;
        await update(
          {
            status: 'failed',
            rowsImported: 0,
            errorCode: known ? err.code : 'somethingWentWrong',
            errorParams: params ? { ...params } : null,
            finishedAt: new Date(),
          },
          true,
        );
      } finally {
        await start.dispose();
        this.running.delete(row.id);
      }
    };
    const finished = work();
    running = { row, cancel: false, finished };
    this.running.set(row.id, running);
    return { id: row.id, finished };
  }

  private async saveProblems(jobId: string, problems: readonly ImportProblem[]): Promise<void> {
    for (let i = 0; i < problems.length; i += 1000)
      await this.ctx.db.insert(importProblem).values(
        problems.slice(i, i + 1000).map((p, k) => ({
          jobId,
          seq: i + k,
          line: p.line,
          column: p.column ?? null,
          code: p.code,
          params: p.params ? { ...p.params } : null,
        })),
      );
  }

  private templateOf(key: string): DefinedImportTemplate | undefined {
    return this.templates.find((t) => t.key === key);
  }

  /** The job row, if it is the caller's account's and the caller may use its template; else not found. */
  private async find(scope: Scope, id: string): Promise<JobRow> {
    const live = this.running.get(id);
    let row: JobRow | undefined = live?.row;
    if (!row && isUuid(id)) [row] = await this.ctx.db.select().from(importJob).where(eq(importJob.id, id));
    const template = row ? this.templateOf(row.template) : undefined;
    if (!row || row.clientAccountId !== scope.clientAccountId || !template?.allowed(scope, this.ctx))
      throw new AppError('notFoundOrNoPermission');
    return row;
  }

  async view(scope: Scope, id: string, lng: string | undefined): Promise<ImportJobView> {
    return this.viewOf(await this.find(scope, id), lng);
  }

  /** The account's latest imports whose template the caller may use, newest first (running ones as they are now). */
  async recent(scope: Scope, lng: string | undefined, limit = 20): Promise<ImportJobView[]> {
    const rows = await this.ctx.db
      .select()
      .from(importJob)
      .where(eq(importJob.clientAccountId, scope.clientAccountId))
      .orderBy(desc(importJob.createdAt))
      .limit(limit);
    return rows
      .filter((r) => this.templateOf(r.template)?.allowed(scope, this.ctx))
      .map((r) => this.viewOf(this.running.get(r.id)?.row ?? r, lng));
  }

  private viewOf(row: JobRow, lng: string | undefined): ImportJobView {
    return {
      id: row.id,
      template: row.template,
      fileName: row.fileName,
      mode: row.mode as ImportMode,
      status: row.status as ImportStatus,
      rowsRead: row.rowsRead,
      rowsImported: row.rowsImported,
      rowsSkipped: row.rowsSkipped,
      problemCount: row.problemCount,
      progress:
        row.status !== 'running' ? 1 : row.bytesTotal > 0 ? Math.min(1, row.bytesRead / row.bytesTotal) : 0,
      warnings: (row.warnings ?? []).map((w) => noticeOf(lng, w.code, w.params)),
      sample: row.sample ?? [],
      error: row.errorCode ? noticeOf(lng, row.errorCode, row.errorParams ?? undefined) : null,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    };
  }

  /** Waits for an import of this process to end (POST with wait=true). */
  async finished(id: string): Promise<void> {
    await this.running.get(id)?.finished;
  }

  /** Asks a running import to stop after its current batch; nothing of it is kept. */
  async cancel(scope: Scope, id: string): Promise<void> {
    const row = await this.find(scope, id);
    if (row.status !== 'running') throw new AppError('statusForbidsChange');
    const live = this.running.get(id);
    if (live) live.cancel = true;
    else await this.ctx.db.update(importJob).set({ cancelRequested: 1 }).where(eq(importJob.id, id));
  }

  /** A page of the import's problems in line order, with the column's header and the message translated. */
  async problems(
    scope: Scope,
    id: string,
    page: { readonly pageNumber: number; readonly pageSize: number },
    lng: string | undefined,
  ): Promise<{ results: ImportProblemView[]; allFilteredRowCount: number }> {
    const row = await this.find(scope, id);
    const where = eq(importProblem.jobId, id);
    const [rows, total] = await Promise.all([
      this.ctx.db
        .select()
        .from(importProblem)
        .where(where)
        .orderBy(asc(importProblem.line), asc(importProblem.seq))
        .limit(page.pageSize)
        .offset((page.pageNumber - 1) * page.pageSize),
      this.ctx.db.select({ n: count() }).from(importProblem).where(and(where)),
    ]);
    const headers = this.headers(row.template, lng);
    return {
      results: rows.map((p) => ({
        line: p.line,
        column: p.column,
        columnHeader: p.column ? (headers.get(p.column) ?? p.column) : null,
        ...noticeOf(lng, p.code, p.params ?? undefined),
      })),
      allFilteredRowCount: Number(total[0]?.n ?? 0),
    };
  }

  /** Every problem of an import, in line order, read in pages (the report is written as it is read). */
  async *allProblems(scope: Scope, id: string, lng: string | undefined): AsyncGenerator<ImportProblemView> {
    await this.find(scope, id);
    for (let pageNumber = 1; ; pageNumber++) {
      const page = await this.problems(scope, id, { pageNumber, pageSize: 1000 }, lng);
      yield* page.results;
      if (page.results.length < 1000) return;
    }
  }

  /** Column key → header in the caller's language. */
  headers(templateKey: string, lng: string | undefined): Map<string, string> {
    const template = this.templateOf(templateKey);
    return new Map(
      (template?.columns ?? []).map((c) => {
        const [ns, key] = c.label.split(':') as [string, string];
        return [c.key, translate(lng, ns, key)];
      }),
    );
  }

  /** On server close: running imports stop after their batch (nothing of them is kept); waits for them. */
  async close(): Promise<void> {
    for (const job of this.running.values()) job.cancel = true;
    await Promise.allSettled([...this.running.values()].map((j) => j.finished));
  }
}
