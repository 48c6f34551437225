import type { z } from 'zod';
import { type ErrorCode, errorCodes, type FieldError } from '../../../domain/errors';

const isErrorCode = (code: string): code is ErrorCode => (errorCodes as readonly string[]).includes(code);

/** zod issues of the domain schema as the API's field errors (`levels.0.quantity`, rule, params). */
export const fieldErrorsOf = (error: z.ZodError): FieldError[] =>
  error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    const rule: ErrorCode = isErrorCode(issue.message) ? issue.message : 'invalidValue';
    const raw = issue as { params?: Record<string, unknown>; minimum?: unknown; maximum?: unknown };
    const params: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(raw.params ?? {}))
      if (typeof v === 'string' || typeof v === 'number') params[k] = v;
    if (rule === 'minValue' || rule === 'minLength')
      if (typeof raw.minimum === 'number') params.min = raw.minimum;
    if (rule === 'maxValue' || rule === 'maxLength')
      if (typeof raw.maximum === 'number') params.max = raw.maximum;
    return Object.keys(params).length ? { field, rule, params } : { field, rule };
  });
