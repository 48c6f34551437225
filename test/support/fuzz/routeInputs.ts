import fc from 'fast-check';
import { z } from 'zod';
import { filterOperators } from '../../../domain/resources/query';
import {
  type FieldDef,
  queryableFields,
  type ResourceDefinition,
  writableFields,
} from '../../../domain/resources/types';
import { pushRequestSchema } from '../../../domain/sync/wire';
import { logisticsConfigSchema } from '../../../domain/warehouse/logisticsConfig';
import type { RouteEntry } from '../../../server/http/routeList';
import { broken, hostile, hostileText } from './hostile';
import { arbitraryOf, type JsonSchema } from './jsonSchemaArbitrary';

/** One request the fuzzer sends. */
export interface FuzzRequest {
  readonly method: string;
  readonly url: string;
  readonly body?: unknown;
  readonly headers: Readonly<Record<string, string>>;
}

export interface FuzzWorld {
  /** Resource definitions and the inventory views: the schemas of the generic routes. */
  readonly definitions: readonly ResourceDefinition[];
  /** Ids of rows that exist (so paths reach real records, not only 404s). */
  readonly ids: readonly string[];
  readonly bearer: string;
}

/** A valid value of a field, from its definition (the same rules the zod schema is built from). */
const fieldValue = (f: FieldDef, ids: readonly string[]): fc.Arbitrary<unknown> => {
  const ref = ids.length ? fc.oneof(fc.constantFrom(...ids), fc.uuid()) : fc.uuid();
  switch (f.kind) {
    case 'integer':
      return fc.integer({ min: f.min ?? -1000, max: f.max ?? 100_000 });
    case 'decimal':
      return fc.double({ min: f.min ?? -1000, max: f.max ?? 100_000, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'datetime':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'enum':
      return f.options?.length ? fc.constantFrom(...f.options) : fc.string();
    case 'enumList':
      return f.options?.length ? fc.subarray([...f.options]) : fc.constant([]);
    case 'tags':
      return fc.array(fc.string({ minLength: 1, maxLength: 10 }), { maxLength: 3 });
    case 'ref':
      return ref;
    case 'email':
      return fc.emailAddress();
    case 'phone':
      return fc.constantFrom('+48 600 100 200', '+1 555 010 0100');
    case 'json':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      return fc.string({ minLength: f.minLength ?? 0, maxLength: Math.min(f.maxLength ?? 40, 40) });
  }
};

const recordOf = (def: ResourceDefinition, ids: readonly string[]): fc.Arbitrary<Record<string, unknown>> => {
  const keys: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, f] of writableFields(def)) keys[name] = fieldValue(f, ids);
  return fc.record(keys, { requiredKeys: [] });
};

/** The paged-list query of a definition: page, sort and typed filters over its own fields. */
const pageQueryOf = (
  def: ResourceDefinition,
  ids: readonly string[],
): fc.Arbitrary<Record<string, unknown>> => {
  const fields = queryableFields(def);
  const filter = fc.record({
    field: fc.constantFrom(...fields),
    operator: fc.constantFrom(...filterOperators),
    value: fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.uuid(), hostile),
  });
  return fc.record(
    {
      PageNumber: fc.integer({ min: 1, max: 3 }),
      PageSize: fc.integer({ min: 1, max: 100 }),
      sortColumn: fc.constantFrom(...fields),
      sortDescending: fc.boolean(),
      BasicFiltersSerialized: fc.array(filter, { maxLength: 3 }).map((f) => JSON.stringify(f)),
      search: fc.string({ maxLength: 10 }),
      format: fc.constantFrom('csv', 'xlsx'),
      id: ids.length ? fc.constantFrom(...ids) : fc.uuid(),
    },
    { requiredKeys: [] },
  );
};

const jsonSchema = (schema: z.ZodType): fc.Arbitrary<unknown> =>
  arbitraryOf(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);

/** Names the API's calls take in their queries, for routes without a known schema. */
const genericQuery = fc.dictionary(
  fc.constantFrom(
    'PageNumber',
    'PageSize',
    'quantity',
    'quantityReal',
    'productId',
    'limit',
    'since',
    'search',
    'format',
    'parentId',
    'refResourceType',
    'refResourceId',
    'paramName',
    'paramValue',
    'access_token',
    'BasicFiltersSerialized',
  ),
  fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String), fc.uuid(), hostileText),
  { maxKeys: 4 },
);

/** Field names the API's calls read, for bodies of routes without a known schema (and every definition's). */
const bodyWords = [
  'id',
  'ids',
  'username',
  'password',
  'confirmPassword',
  'email',
  'companyName',
  'acceptTerms',
  'language',
  'code',
  'svg',
  'fileName',
  'bounds',
  'dimensions',
  'quantity',
  'quantityReal',
  'productId',
  'locationId',
  'positions',
  'typeCode',
  'statusCode',
  'status',
  'comment',
  'saveAs',
  'generateDocuments',
  'confirm',
  'version',
  'name',
  'count',
  'prefix',
  'mutations',
];

const genericBody = (words: readonly string[]) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.dictionary(
        fc.constantFrom(...words),
        fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.double({ noNaN: true }),
          fc.uuid(),
          fc.boolean(),
          fc.jsonValue({ maxDepth: 2 }),
        ),
        { maxKeys: 6 },
      ),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );

/** The input schemas the fuzzer knows for a route (derived from definitions and exported zod schemas). */
export const inputsOf = (
  route: RouteEntry,
  world: FuzzWorld,
): { body: fc.Arbitrary<unknown>; query: fc.Arbitrary<Record<string, unknown>> } => {
  const url = route.url.toLowerCase();
  const byPath = (path: string) => world.definitions.find((d) => `/api/${d.path}`.toLowerCase() === path);
  const defOf = (name: string) => world.definitions.find((d) => d.name === name);
  const { ids } = world;
  const words = [...new Set([...bodyWords, ...world.definitions.flatMap((d) => Object.keys(d.fields))])];

  if (url === '/api/sync/push') return { body: jsonSchema(pushRequestSchema), query: genericQuery };
  if (url === '/api/clientlogisticsconfig')
    return { body: jsonSchema(logisticsConfigSchema), query: genericQuery };

  // A document or an order with its positions: their definitions are the schemas they are checked with.
  for (const [head, line] of [
    ['wmsDocument', 'wmsDocumentPosition'],
    ['wmsOrder', 'wmsOrderPosition'],
  ] as const) {
    const headDef = defOf(head);
    const lineDef = defOf(line);
    if (
      headDef &&
      lineDef &&
      (url === `/api/${headDef.path}`.toLowerCase() || url === `/api/${headDef.path}/:id`.toLowerCase())
    )
      return {
        body: fc
          .tuple(recordOf(headDef, ids), fc.array(recordOf(lineDef, ids), { maxLength: 3 }), fc.boolean())
          .map(([header, positions, confirm]) => ({ ...header, positions, confirm })),
        query: pageQueryOf(headDef, ids),
      };
  }

  const base = url.replace(/\/(select|export|bulk-delete|:id)$/, '');
  const def = byPath(base);
  if (def) {
    if (url.endsWith('/bulk-delete'))
      return {
        body: fc.record({
          ids: fc.array(ids.length ? fc.oneof(fc.constantFrom(...ids), fc.uuid()) : fc.uuid(), {
            maxLength: 5,
          }),
        }),
        query: genericQuery,
      };
    return { body: recordOf(def, ids), query: pageQueryOf(def, ids) };
  }
  return { body: genericBody(words), query: genericQuery };
};

/** Percent-encodes text, lone surrogates included (as the invalid UTF-8 a hostile client would send). */
export const encodeLoose = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((c) => {
        try {
          return encodeURIComponent(c);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
};

const queryString = (query: unknown): string => {
  if (typeof query !== 'object' || query === null || Array.isArray(query))
    return `q=${encodeLoose(typeof query === 'string' ? query : (JSON.stringify(query) ?? ''))}`;
  return Object.entries(query)
    .map(
      ([k, v]) => `${encodeLoose(k)}=${encodeLoose(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`,
    )
    .join('&');
};

/** Requests to one route: its known input shapes, broken one way or another, by differently authorised callers. */
export const requestsFor = (route: RouteEntry, world: FuzzWorld): fc.Arbitrary<FuzzRequest> => {
  const inputs = inputsOf(route, world);
  const params = route.url.match(/:[A-Za-z]+/g) ?? [];
  const param = fc.oneof(
    { weight: 3, arbitrary: world.ids.length ? fc.constantFrom(...world.ids) : fc.uuid() },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: hostileText },
  );
  const auth = fc.oneof(
    { weight: 8, arbitrary: fc.constant(`Bearer ${world.bearer}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: hostileText.map((t) => `Bearer ${t.replace(/[^\x20-\x7e]/g, '').slice(0, 2000)}`),
    },
  );
  const syncHeaders = fc.option(
    fc.record(
      {
        'idempotency-key': fc.oneof(fc.uuid(), hostileText),
        'x-device-id': fc.oneof(fc.constant('device-1'), hostileText),
        'x-mutation-id': fc.oneof(fc.integer({ min: 1, max: 1000 }).map(String), hostileText),
      },
      { requiredKeys: [] },
    ),
    { freq: 4 },
  );
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return fc
    .tuple(
      fc.array(param, { minLength: params.length, maxLength: params.length }),
      broken(inputs.query),
      hasBody ? broken(inputs.body) : fc.constant(undefined),
      auth,
      syncHeaders,
    )
    .map(([values, query, body, authorization, sync]) => {
      let path = route.url;
      params.forEach((name, i) => {
        path = path.replace(name, encodeLoose(String(values[i] ?? '')));
      });
      const qs = queryString(query);
      const headers: Record<string, string> = {};
      if (authorization) headers.authorization = authorization;
      // Header values are Latin-1 text on the wire; Node refuses anything else before it reaches the server.
      for (const [k, v] of Object.entries(sync ?? {}))
        headers[k] = String(v)
          .replace(/[^\x20-\x7e]/g, '')
          .slice(0, 10_000);
      return { method: route.method, url: qs ? `${path}?${qs}` : path, body, headers };
    });
};
