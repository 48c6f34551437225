import { Stream } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, type FieldError } from '../../domain/errors';
import { isStorableText } from '../../domain/input/storableText';
import { syncHeaders } from '../../domain/sync/wire';

/** Limits of the input boundary; per-field rules (definitions, zod schemas) are stricter where they apply. */
export const inputLimits = {
  /** A string in a JSON body: above the largest value anything takes (a 2 MB map drawing as text). */
  bodyStringChars: 4 * 1024 * 1024,
  /** A query value or path parameter (the paged-list filters are the longest). */
  queryStringChars: 20_000,
  /** An object key anywhere. */
  keyChars: 200,
  /** Nesting of objects and arrays in a body (the deepest real one, a batch push, has six levels). */
  depth: 32,
  /** A header the server stores (sync headers). */
  headerChars: 200,
} as const;

/** Request headers whose values end up in the database. */
const storedHeaders = [syncHeaders.idempotencyKey, syncHeaders.deviceId, syncHeaders.mutationId];

type Where = 'body' | 'query' | 'params';

interface Problem {
  readonly where: Where | 'header';
  readonly error: FieldError;
}

const pathText = (path: readonly (string | number)[]): string => path.join('.') || '(body)';

/** Not a parsed value: a stream (a file sent as the body, read by its route) or bytes. */
const isRaw = (value: object): boolean => value instanceof Stream || ArrayBuffer.isView(value);

/**
 * Walks a parsed value without recursion (a hostile body may nest thousands of levels) and returns the first
 * thing the database could not store or that no field could take: text with NUL or a lone surrogate, text
 * over the limit, a number that is not finite, nesting deeper than the limit.
 */
const firstProblem = (root: unknown, where: Where, maxChars: number): Problem | undefined => {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  const fail = (path: readonly (string | number)[], error: Omit<FieldError, 'field'>): Problem => ({
    where,
    error: { field: pathText(path), ...error },
  });
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    if (typeof value === 'string') {
      if (value.length > maxChars) return fail(path, { rule: 'maxLength', params: { max: maxChars } });
      if (!isStorableText(value)) return fail(path, { rule: 'forbiddenChar' });
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return fail(path, { rule: 'invalidValue' });
    } else if (typeof value === 'object' && value !== null) {
      // Only parsed values are walked: a file streamed as the body (an import) is read by its route.
      if (isRaw(value)) continue;
      if (path.length >= inputLimits.depth) return fail(path, { rule: 'invalidValue' });
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
      } else {
        for (const [key, item] of Object.entries(value)) {
          const at = [...path, key];
          if (key.length > inputLimits.keyChars || !isStorableText(key))
            return fail(path.length ? path : [key.slice(0, 50)], { rule: 'invalidValue' });
          stack.push({ value: item, path: at });
        }
      }
    }
  }
  return undefined;
};

const headerProblem = (request: FastifyRequest): Problem | undefined => {
  for (const name of storedHeaders) {
    const value = request.headers[name];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v.length > inputLimits.headerChars)
        return {
          where: 'header',
          error: { field: name, rule: 'maxLength', params: { max: inputLimits.headerChars } },
        };
      if (!isStorableText(v)) return { where: 'header', error: { field: name, rule: 'forbiddenChar' } };
    }
  }
  return undefined;
};

/** The first problem of a request's input, if any (exported for tests and for calls replayed in a batch). */
export const inputProblem = (request: Pick<FastifyRequest, 'body' | 'query' | 'params' | 'headers'>) =>
  headerProblem(request as FastifyRequest) ??
  firstProblem(request.params, 'params', inputLimits.queryStringChars) ??
  firstProblem(request.query, 'query', inputLimits.queryStringChars) ??
  firstProblem(request.body, 'body', inputLimits.bodyStringChars);

/**
 * The one input boundary: every request's JSON body, query, path parameters and stored headers are checked
 * before any handler runs. A form's field comes back as formHasErrors (the form shows it on the field); the
 * rest of the request as badRequest, with the field named either way.
 */
export const registerInputBoundary = (app: FastifyInstance): void => {
  // A callback hook (no promise per request): it never waits for anything.
  app.addHook('preValidation', (request, _reply, done) => {
    const problem = inputProblem(request);
    if (!problem) return done();
    done(
      new AppError(problem.where === 'body' ? 'formHasErrors' : 'badRequest', {
        fields: [problem.error],
        detail: `${problem.where} ${problem.error.field}: ${problem.error.rule}`,
      }),
    );
  });
};
