import { z } from 'zod';
import { apiErrorSchema } from '../../domain/errors';
import type { JsonSchema, RouteDoc } from './openapiRegistry';

const isZod = (value: z.ZodType | JsonSchema): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/**
 * A zod schema as JSON Schema: what a caller may send ('input': before defaults and transforms) or gets back
 * ('output'). Checks zod cannot express in JSON Schema (refinements, transforms) are left out: the handler still
 * applies them, so the description is at most more permissive than the validation, never stricter.
 */
export const jsonSchemaOf = (schema: z.ZodType | JsonSchema, io: 'input' | 'output'): JsonSchema => {
  if (!isZod(schema)) return schema;
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
};

/** `/api/x/:id` → `/api/x/{id}` (OpenAPI's path template). */
export const openApiPath = (fastifyPath: string): string => fastifyPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const pathParameters = (path: string) =>
  [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));

/** The properties of a query schema as OpenAPI query parameters. */
const queryParameters = (query: z.ZodType | undefined) => {
  if (!query) return [];
  const schema = jsonSchemaOf(query, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
};

const operationId = (route: RouteDoc) =>
  `${route.method.toLowerCase()}${route.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('')}`;

const requestBody = (route: RouteDoc) => {
  if (route.upload === 'multipart')
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
          },
        },
      },
    };
  if (route.upload === 'binary')
    return {
      required: true,
      content: {
        'application/octet-stream': {
          schema: { type: 'string', contentMediaType: 'application/octet-stream' },
        },
      },
    };
  if (!route.body) return undefined;
  return { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } } };
};

const successResponse = (route: RouteDoc) => {
  const status = route.status ?? 200;
  if (status === 204) return { [status]: { description: 'Done; no body.' } };
  if (route.produces)
    return { [status]: { description: 'A file or a stream.', content: { [route.produces]: {} } } };
  return {
    [status]: {
      description: 'Success.',
      content: {
        'application/json': route.response ? { schema: jsonSchemaOf(route.response, 'output') } : {},
      },
    },
  };
};

export interface OpenApiInfo {
  readonly title: string;
  readonly version: string;
  readonly description: string;
}

/**
 * The OpenAPI 3.1 document of the routes described: one operation per method and path, its parameters, body and
 * answers; every failure answers with the error catalogue's shape (ApiError). A route described twice is a
 * mistake in the registry and throws.
 */
export const buildOpenApiDocument = (routes: readonly RouteDoc[], info: OpenApiInfo) => {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const route of routes) {
    const path = openApiPath(route.path);
    const method = route.method.toLowerCase();
    const item = paths[path] ?? {};
    paths[path] = item;
    if (item[method]) throw new Error(`${route.method} ${route.path} is described twice`);
    tags.add(route.tag);
    const parameters = [...pathParameters(route.path), ...queryParameters(route.query)];
    const body = requestBody(route);
    item[method] = {
      operationId: operationId(route),
      summary: route.summary,
      tags: [route.tag],
      security: route.access === 'public' ? [] : [{ bearer: [] }],
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: {
        ...successResponse(route),
        '4XX': { $ref: '#/components/responses/Error' },
        '5XX': { $ref: '#/components/responses/Error' },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info,
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiError: jsonSchemaOf(apiErrorSchema, 'output') },
      responses: {
        Error: {
          description:
            "A failure: a code of the error catalogue, its message in the caller's language (Accept-Language), the fields and rule issues concerned.",
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
        },
      },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The access token of POST /api/Auth.',
        },
      },
    },
  };
};

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
