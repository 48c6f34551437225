import { type ErrorCode, errorCodes, type FieldError, fieldErrorSchema } from '../../domain/errors';
import type { Translate } from './format';

const isErrorCode = (v: unknown): v is ErrorCode =>
  typeof v === 'string' && (errorCodes as readonly string[]).includes(v);

/** The error code of anything thrown by an API call (ApiError carries `code`); unknown failures → somethingWentWrong. */
export const errorCodeOf = (error: unknown): ErrorCode => {
  if (typeof error === 'object' && error !== null) {
    const e = error as { code?: unknown; body?: { code?: unknown } };
    if (isErrorCode(e.code)) return e.code;
    if (isErrorCode(e.body?.code)) return e.body.code;
  }
  return 'somethingWentWrong';
};

/** The per-field errors of a failed write (the `fields` of the error body). */
export const fieldErrorsOf = (error: unknown): FieldError[] => {
  if (typeof error !== 'object' || error === null) return [];
  const e = error as { fields?: unknown; body?: { fields?: unknown } };
  const raw = Array.isArray(e.fields) ? e.fields : Array.isArray(e.body?.fields) ? e.body.fields : [];
  return raw.flatMap((f: unknown) => {
    const parsed = fieldErrorSchema.safeParse(f);
    return parsed.success ? [parsed.data] : [];
  });
};

/** The translated message of an error code, with its params ({{min}}, {{max}}). */
export const errorText = (t: Translate, code: string, params?: Record<string, unknown>): string =>
  t(`errors:${code}`, { ...params, defaultValue: t('errors:somethingWentWrong', { defaultValue: code }) });
