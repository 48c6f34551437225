import { basename } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { maxFileMbCeiling } from '../../domain/office/officeSettings';
import type { AppContext } from '../context';
import { OfficeSettingsService } from '../office/officeSettingsService';
import type { Row } from '../resources/rows';
import { scopeOf } from '../resources/scope';
import { checkContent } from './contentCheck';
import { FileStore, type NewFile } from './fileStore';
import { authFromQuery } from './queryToken';
import { xlsxToPdf } from './xlsxToPdf';

/** Files one upload may carry. */
export const maxFilesPerUpload = 20;

export const refQuery = z.object({
  refResourceType: z.string().trim().min(1).max(100),
  refResourceId: z.string().trim().min(1).max(100),
});
type IdParams = { id: string };

export const downloadQuery = z.object({
  overrideResourceId: z.string().trim().min(1).max(100).optional(),
  convertXlsxToPdf: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  access_token: z.string().optional(),
});

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An XLSX attachment converted to PDF (any other type cannot be: 400). */
const asPdf = async (file: { info: Row; data: Buffer }): Promise<{ info: Row; data: Buffer }> => {
  if (file.info.contentType !== xlsxType)
    throw new AppError('badRequest', { fields: [{ field: 'convertXlsxToPdf', rule: 'invalidValue' }] });
  const name = String(file.info.fileName).replace(/\.xlsx$/i, '');
  return {
    info: { ...file.info, contentType: 'application/pdf', fileName: `${name}.pdf` },
    data: await xlsxToPdf(file.data, name),
  };
};

/** A file name without folders or control characters, at most 255 characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const unsafeInFileName = /[\u0000-\u001f\u007f"]/g;

const cleanFileName = (name: string | undefined): string => {
  const base = basename((name ?? '').replace(/\\/g, '/'))
    .replace(unsafeInFileName, '')
    .trim();
  return (base || 'file').slice(0, 255);
};

/** Content-Disposition with a plain fallback name and the exact one (RFC 6266 / 5987). */
export const disposition = (kind: 'inline' | 'attachment', fileName: string): string => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};

/** @fastify/multipart's own errors, as catalogue errors (a too-big file names the company's limit). */
const fromMultipartError = (err: unknown, field: string, maxMb: number): unknown => {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('fileTooBigForCompany', {
      fields: [{ field, rule: 'fileTooBigForCompany', params: { max: maxMb } }],
    });
  if (code === 'FST_FILES_LIMIT')
    return new AppError('formHasErrors', {
      fields: [{ field, rule: 'maxValue', params: { max: maxFilesPerUpload } }],
    });
  if (typeof code === 'string' && code.startsWith('FST_'))
    return new AppError('badRequest', { detail: code });
  if (err instanceof Error && /multipart|boundary|unexpected end/i.test(err.message))
    return new AppError('badRequest', { detail: err.message });
  return err;
};

/**
 * Files: POST File/upload (multipart, field `images` for a record's pictures or `files` for any allowed
 * attachment; checked by content, at most the company's size limit), GET File/list, GET File/download/{id}
 * (bearer or ?access_token= for <img> tags; `overrideResourceId`, `convertXlsxToPdf`), DELETE File/delete/{id}.
 */
export const registerFileRoutes = async (app: FastifyInstance, ctx: AppContext): Promise<void> => {
  // The ceiling of every company's limit; each upload is held to its company's own (office settings).
  await app.register(multipart, {
    limits: {
      fileSize: maxFileMbCeiling * 1024 * 1024,
      files: maxFilesPerUpload,
      fields: 20,
      parts: 40,
      fieldSize: 10_000,
    },
  });
  const store = new FileStore(ctx);
  const settings = new OfficeSettingsService(ctx);

  const refOf = (query: unknown) => {
    const q = refQuery.safeParse(query);
    if (!q.success)
      throw new AppError('badRequest', {
        fields: q.error.issues.map((i) => ({
          field: String(i.path[0] ?? ''),
          rule: 'invalidValue' as const,
        })),
      });
    return q.data;
  };

  app.post('/api/File/upload', async (request, reply) => {
    const scope = scopeOf(request);
    const ref = refOf(request.query);
    const owner = await store.owner(scope, ref.refResourceType, ref.refResourceId, 'write');
    if (!request.isMultipart()) throw new AppError('badRequest');
    const limit = await settings.maxFileBytes(scope.clientAccountId);
    const files: NewFile[] = [];
    let field = 'files';
    try {
      for await (const part of request.parts({
        limits: { fileSize: limit.bytes, files: maxFilesPerUpload, fields: 20, parts: 40, fieldSize: 10_000 },
      })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'images' && part.fieldname !== 'files')
          throw new AppError('badRequest', { fields: [{ field: part.fieldname, rule: 'invalidValue' }] });
        field = part.fieldname;
        const data = await part.toBuffer();
        const fileName = cleanFileName(part.filename);
        files.push({ fileName, contentType: await checkContent(fileName, data, part.fieldname), data });
      }
    } catch (err) {
      throw fromMultipartError(err, field, limit.mb);
    }
    if (!files.length) throw new AppError('formHasErrors', { fields: [{ field, rule: 'required' }] });
    return reply.status(201).send({ files: await store.save(scope, owner, files) });
  });

  app.get('/api/File/list', async (request) => {
    const scope = scopeOf(request);
    const ref = refOf(request.query);
    const owner = await store.owner(scope, ref.refResourceType, ref.refResourceId, 'read');
    return { results: await store.list(scope, owner) };
  });

  app.get<{ Params: IdParams }>('/api/File/download/:id', async (request, reply) => {
    await authFromQuery(request, ctx);
    const scope = scopeOf(request);
    const options = downloadQuery.safeParse(request.query);
    if (!options.success) throw new AppError('badRequest');
    let file: Awaited<ReturnType<FileStore['download']>>;
    try {
      file = await store.download(scope, request.params.id, options.data.overrideResourceId);
    } catch (err) {
      // Not "forbidden": that would be logged with the URL, and the URL may carry the token.
      if (err instanceof AppError && err.code === 'forbidden') throw new AppError('notFoundOrNoPermission');
      throw err;
    }
    if (options.data.convertXlsxToPdf) file = await asPdf(file);
    const contentType = String(file.info.contentType);
    const inline = contentType.startsWith('image/') || contentType === 'application/pdf';
    return (
      reply
        .header('content-type', contentType)
        .header(
          'content-disposition',
          disposition(inline ? 'inline' : 'attachment', String(file.info.fileName)),
        )
        .header('x-content-type-options', 'nosniff')
        // An uploaded SVG opened on its own must not run scripts in the app's origin.
        .header(
          'content-security-policy',
          "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
        )
        // A file id never gets other bytes.
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(file.data)
    );
  });

  app.delete<{ Params: IdParams }>('/api/File/delete/:id', async (request, reply) => {
    await store.remove(scopeOf(request), request.params.id);
    return reply.status(204).send();
  });
};
