import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ApiErrorBody, AppError } from '../../domain/errors';
import { type AppContext, requestLanguage } from '../context';
import { translate } from '../i18n';
import { fromDatabaseError } from './dbErrors';
import { writeSystemLog } from './systemLog';

/** Maps Fastify's own errors (bad JSON, body too large, wrong content type) to the catalogue. */
const fromFastifyError = (err: FastifyError): AppError | undefined => {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('fileTooBig');
  if (err.validation) return new AppError('badRequest', { detail: err.message });
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    if (err.statusCode === 404) return new AppError('notFoundOrNoPermission');
    if (err.statusCode === 429) return new AppError('tooManyAttempts');
    return new AppError('badRequest', { status: err.statusCode, detail: err.message });
  }
  return undefined;
};

export const toAppError = (err: unknown): AppError => {
  if (err instanceof AppError) return err;
  return (
    fromDatabaseError(err) ?? fromFastifyError(err as FastifyError) ?? new AppError('somethingWentWrong')
  );
};

/** The body of a failure's answer, translated into `lng`: its code, message, fields and rule issues. */
export const errorBody = (appError: AppError, lng: string | undefined, requestId: string): ApiErrorBody => {
  const body: ApiErrorBody = {
    code: appError.code,
    // A field error of the code's own rule carries the message's values (e.g. the size limit).
    message: translate(
      lng,
      'errors',
      appError.code,
      appError.fields?.find((f) => f.rule === appError.code)?.params,
    ),
    requestId,
  };
  if (appError.fields?.length) body.fields = appError.fields;
  // Warehouse rule issues (documentInvalid, stockShortfall) travel with their code and a translated message.
  if (appError.issues?.length)
    body.issues = appError.issues.map((i) => ({
      ...i,
      message: translate(lng, 'warehouse', `issues.${i.code}`, i.params ?? {}),
    }));
  return body;
};

/**
 * Writes a failure to the system log (5xx as errors with the stack, others as warnings; 401 and 404 are routine).
 * `call`: the pushed call that failed inside `request` (a batch push), named instead of the request's own.
 */
export const logFailure = async (
  ctx: AppContext,
  request: FastifyRequest,
  err: unknown,
  appError: AppError,
  call?: { readonly method: string; readonly url: string; readonly requestId: string },
): Promise<void> => {
  const unexpected = appError.status >= 500;
  if (unexpected) request.log.error({ err }, 'request failed');
  if (appError.status === 401 || appError.status === 404) return;
  const e = err instanceof Error ? err : undefined;
  await writeSystemLog(ctx, request, {
    level: unexpected ? 'error' : 'warning',
    message: `${appError.code}${e && e.message !== appError.code ? `: ${e.message}` : ''}`,
    exception: unexpected ? e?.stack : undefined,
    httpStatusCode: appError.status,
    properties:
      call || appError.fields || appError.issues
        ? {
            ...(call ? { method: call.method, url: call.url, pushedRequestId: call.requestId } : {}),
            ...(appError.fields || appError.issues
              ? { fields: appError.fields, issues: appError.issues }
              : {}),
          }
        : undefined,
  });
};

export const sendError = async (
  err: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  code?: 'notFoundOrNoPermission',
) => {
  const appError = code ? new AppError(code) : toAppError(err);
  const body = errorBody(appError, requestLanguage(request), request.id);
  await logFailure(ctx, request, err, appError);
  if (appError.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(appError.retryAfterSeconds));
  return reply.status(appError.status).type('application/json').send(body);
};

/** One error shape for every failure, translated, logged; nothing leaks as a raw 500. */
export const registerErrorHandling = (app: FastifyInstance, ctx: AppContext) => {
  app.setErrorHandler((err, request, reply) => sendError(err, request, reply, ctx));
};
