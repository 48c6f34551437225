import { basename } from 'node:path';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import type { RawCell } from '../../domain/import/importColumn';
import { importOptionsSchema } from '../../domain/import/importJob';
import { type AppContext, requestLanguage } from '../context';
import { translate } from '../i18n';
import { csvEscape } from '../resources/exportFile';
import { type Scope, scopeOf } from '../resources/scope';
import { maxImportBytes, openRows, type RowSource, type SpooledFile, spoolToFile } from './fileSource';
import { ImportJobs } from './importJobs';
import { prepareImport } from './importRunner';
import type { DefinedImportTemplate } from './importTemplate';
import { templateFile, templateView } from './templateFile';
import { loadImportTemplates } from './templateRegistry';

type TemplateParams = { template: string };
type IdParams = { id: string };

/** Room for a multipart envelope around a file of the largest size. */
const multipartSlack = 64 * 1024;

/** File types posted as the body itself (a script's `curl --data-binary @file.csv`). */
const fileTypes = [
  'text/csv',
  'text/plain',
  'text/tab-separated-values',
  'application/csv',
  'application/octet-stream',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

export const pageSchema = z.object({
  PageNumber: z.coerce.number().int().min(1).default(1),
  PageSize: z.coerce.number().int().min(1).max(1000).default(100),
});

export const templateQuery = z.object({
  template: z.string().max(100).optional(),
  format: z.enum(['csv', 'xlsx']).optional(),
});

/** Rows posted as JSON (an array of objects keyed by column name or header) read like a file's rows. */
const jsonRows = (body: unknown): RowSource => {
  if (!Array.isArray(body) || body.some((r) => typeof r !== 'object' || r === null || Array.isArray(r)))
    throw new AppError('badRequest', { detail: 'rows must be an array of objects' });
  const records = body as Record<string, unknown>[];
  const header: string[] = [];
  const known = new Set<string>();
  for (const r of records)
    for (const key of Object.keys(r))
      if (!known.has(key)) {
        known.add(key);
        header.push(key);
      }
  const cell = (v: unknown): RawCell =>
    v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
      ? v
      : Array.isArray(v)
        ? v.map(String).join('|')
        : String(v);
  let read = 0;
  async function* rows() {
    yield { line: 1, cells: header };
    for (const [i, r] of records.entries()) {
      read = i + 1;
      yield { line: i + 2, cells: header.map((k) => cell(r[k])) };
    }
  }
  return { rows: rows(), bytesRead: () => read };
};

/** Content-Length over the limit is refused before a byte of the body is read. */
const refuseLargeBody = (request: FastifyRequest): void => {
  const length = Number(request.headers['content-length'] ?? 0);
  const multipartBody = /^multipart\//i.test(request.headers['content-type'] ?? '');
  if (length > maxImportBytes + (multipartBody ? multipartSlack : 0)) throw new AppError('fileTooBig');
};

const cleanName = (name: string | undefined): string | null => {
  const base = basename((name ?? '').replace(/\\/g, '/')).trim();
  return base ? base.slice(0, 255) : null;
};

/**
 * Business-data import (docs/api.md, "Import"): the templates (`GET config/importtemplate`, also as a CSV or XLSX
 * to fill in), `POST Import/<template>` with a file (multipart field `file`, or the file as the body) or rows as
 * JSON, and the import's progress, cancel, problems and report. Every import is a job in import_job.
 */
export const registerImport = async (app: FastifyInstance, ctx: AppContext): Promise<void> => {
  const templates = await loadImportTemplates();
  const jobs = new ImportJobs(ctx, templates);
  app.addHook('onClose', async () => jobs.close());

  const templateFor = (scope: Scope, key: string): DefinedImportTemplate => {
    const template = templates.find((t) => t.key.toLowerCase() === key.toLowerCase());
    if (!template) throw new AppError('notFoundOrNoPermission');
    if (!template.allowed(scope, ctx)) throw new AppError('forbidden');
    return template;
  };

  app.get('/api/config/importtemplate', async (request, reply) => {
    const scope = scopeOf(request);
    const q = templateQuery.safeParse(request.query);
    if (!q.success) throw new AppError('badRequest');
    const lng = requestLanguage(request);
    if (!q.data.template)
      return {
        results: templates.filter((t) => t.allowed(scope, ctx)).map((t) => templateView(t, lng)),
      };
    const template = templateFor(scope, q.data.template);
    if (!q.data.format) return templateView(template, lng);
    const file = await templateFile(template, q.data.format, lng);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.body);
  });

  app.register(async (scoped) => {
    await scoped.register(multipart, {
      limits: { fileSize: maxImportBytes, files: 1, fields: 10, parts: 12 },
    });
    // A posted file is kept as a stream: it is written to disk as it arrives, never whole in memory.
    scoped.addContentTypeParser(fileTypes, (_request, payload, done) => done(null, payload));

    scoped.post<{ Params: TemplateParams }>(
      '/api/Import/:template',
      { onRequest: async (request) => refuseLargeBody(request), bodyLimit: maxImportBytes },
      async (request, reply) => {
        const scope = scopeOf(request);
        const template = templateFor(scope, request.params.template);
        const options = importOptionsSchema.safeParse(request.query ?? {});
        if (!options.success)
          throw new AppError('badRequest', { fields: [{ field: 'mode', rule: 'invalidValue' }] });
        const lng = requestLanguage(request);
        let file: SpooledFile | undefined;
        let source: RowSource;
        let bytesTotal: number;
        let fileName = cleanName(options.data.fileName);
        try {
          if (request.isMultipart()) {
            const part = await request.file();
            if (part?.fieldname !== 'file')
              throw new AppError('formHasErrors', { fields: [{ field: 'file', rule: 'required' }] });
            fileName = cleanName(part.filename) ?? fileName;
            file = await spoolToFile(part.file, fileName);
            if (part.file.truncated) throw new AppError('fileTooBig');
          } else if (request.body && typeof (request.body as Readable).pipe === 'function') {
            file = await spoolToFile(request.body as Readable, fileName);
          }
          if (file) {
            source = await openRows(file);
            bytesTotal = file.size;
          } else {
            const rows = jsonRows(request.body);
            source = rows;
            bytesTotal = Array.isArray(request.body) ? request.body.length : 0;
          }
          const prepared = await prepareImport(template, source, lng);
          const spooled = file;
          const started = await jobs.start({
            scope,
            template,
            prepared,
            mode: options.data.mode,
            fileName,
            bytesTotal,
            dispose: async () => spooled?.dispose(),
          });
          file = undefined;
          if (options.data.wait) {
            await started.finished;
            return reply.status(200).send(await jobs.view(scope, started.id, lng));
          }
          return reply
            .status(202)
            .header('location', `/api/Import/jobs/${started.id}`)
            .send(await jobs.view(scope, started.id, lng));
        } catch (err) {
          const code = (err as { code?: unknown }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('fileTooBig');
          throw err;
        } finally {
          await file?.dispose();
        }
      },
    );
  });

  app.get('/api/Import/jobs', async (request) => ({
    results: await jobs.recent(scopeOf(request), requestLanguage(request)),
  }));

  app.get<{ Params: IdParams }>('/api/Import/jobs/:id', async (request) =>
    jobs.view(scopeOf(request), request.params.id, requestLanguage(request)),
  );

  app.post<{ Params: IdParams }>('/api/Import/jobs/:id/cancel', async (request) => {
    const scope = scopeOf(request);
    await jobs.cancel(scope, request.params.id);
    return jobs.view(scope, request.params.id, requestLanguage(request));
  });

  app.get<{ Params: IdParams }>('/api/Import/jobs/:id/problems', async (request) => {
    const page = pageSchema.safeParse(request.query ?? {});
    if (!page.success) throw new AppError('badRequest');
    return jobs.problems(
      scopeOf(request),
      request.params.id,
      { pageNumber: page.data.PageNumber, pageSize: page.data.PageSize },
      requestLanguage(request),
    );
  });

  // The report of an import's problems as CSV (line, column, code, message), written as it is read.
  app.get<{ Params: IdParams }>('/api/Import/jobs/:id/report', async (request, reply) => {
    const scope = scopeOf(request);
    const lng = requestLanguage(request);
    const job = await jobs.view(scope, request.params.id, lng);
    const heading = ['line', 'column', 'code', 'message'].map((k) =>
      translate(lng, 'imports', `report.${k}`),
    );
    async function* lines() {
      yield `\uFEFF${heading.map(csvEscape).join(',')}\r\n`;
      for await (const p of jobs.allProblems(scope, job.id, lng))
        yield `${[p.line, p.columnHeader ?? '', p.code, p.message].map(csvEscape).join(',')}\r\n`;
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="import-${job.template}-${job.id.slice(0, 8)}.csv"`,
      )
      .send(Readable.from(lines()));
  });
};
