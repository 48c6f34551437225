import { type ErrorCode, errorCodes, type FieldError } from '../../domain/errors';

/** What this reads of a zod issue (zod's own type is a wide union). */
interface IssueLike {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly params?: unknown;
}

const isErrorCode = (v: string): v is ErrorCode => (errorCodes as readonly string[]).includes(v);

const paramsOf = (issue: IssueLike): Record<string, string | number> | undefined => {
  const out: Record<string, string | number> = {};
  if (typeof issue.minimum === 'number') out.min = issue.minimum;
  if (typeof issue.maximum === 'number') out.max = issue.maximum;
  if (typeof issue.params === 'object' && issue.params !== null) {
    for (const [k, v] of Object.entries(issue.params)) {
      if (typeof v === 'string' || typeof v === 'number') out[k] = v;
    }
  }
  return Object.keys(out).length ? out : undefined;
};

/**
 * The failures of a domain zod schema (whose messages are rule codes, see domain/errors.ts) by field
 * path ('levels.0.prefix'), first failure per field, with {{min}} / {{max}} for the message.
 */
export const fieldErrorsFromIssues = (issues: readonly IssueLike[]): Record<string, FieldError> => {
  const out: Record<string, FieldError> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (out[field]) continue;
    const rule = isErrorCode(issue.message) ? issue.message : 'invalidValue';
    const params = paramsOf(issue);
    out[field] = params ? { field, rule, params } : { field, rule };
  }
  return out;
};

/** The server's field errors of a failed call by field path, first per field. */
export const fieldErrorsByPath = (fields: readonly FieldError[]): Record<string, FieldError> => {
  const out: Record<string, FieldError> = {};
  for (const f of fields) out[f.field] ??= f;
  return out;
};
