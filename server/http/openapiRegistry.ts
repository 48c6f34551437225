import type { z } from 'zod';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as a plain object. */
export type JsonSchema = Readonly<Record<string, unknown>>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: anyone, or a caller with a session (the bearer token of POST /api/Auth). */
export type RouteAccess = 'public' | 'session';

/**
 * One route of the API as the OpenAPI document describes it. Inputs are the zod schemas the handler itself
 * parses with (exported from its route file), so the description cannot drift from the validation.
 */
export interface RouteDoc {
  readonly method: HttpMethod;
  /** As registered with Fastify: `:name` for a path parameter. */
  readonly path: string;
  readonly summary: string;
  /** The area the route belongs to (the page groups routes by it). */
  readonly tag: string;
  /** Default: 'session'. */
  readonly access?: RouteAccess;
  readonly query?: z.ZodType;
  /** A JSON body (zod schema or a JSON Schema built from a resource definition). */
  readonly body?: z.ZodType | JsonSchema;
  /** A body that is not JSON: a file upload (multipart/form-data) or raw bytes. */
  readonly upload?: 'multipart' | 'binary';
  /** The success answer's JSON shape, where a schema of it exists. */
  readonly response?: z.ZodType | JsonSchema;
  /** The success status (default 200; 201 for creations, 204 for answers without a body). */
  readonly status?: number;
  /** A success answer that is a file or a stream, by its content type. */
  readonly produces?: string;
}

/** Shorthand for a registry entry: `doc('GET /api/x', 'Tag', 'What it does', { query })`. */
export const doc = (
  route: `${HttpMethod} ${string}`,
  tag: string,
  summary: string,
  rest: Omit<RouteDoc, 'method' | 'path' | 'tag' | 'summary'> = {},
): RouteDoc => {
  const [method, path] = route.split(' ') as [HttpMethod, string];
  return { method, path, tag, summary, ...rest };
};
