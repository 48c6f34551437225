import { z } from 'zod';
import { numberBounds } from '../../domain/resources/bounds';
import { filterOperators } from '../../domain/resources/query';
import { fieldSchema } from '../../domain/resources/schema';
import {
  type FieldDef,
  queryableFields,
  type ResourceDefinition,
  visibleFields,
  writableFields,
} from '../../domain/resources/types';
import { bulkSchema } from '../resources/bulkDelete';
import { selectSchema } from '../resources/resourceRoutes';
import { jsonSchemaOf } from './openapiDocument';
import { doc, type JsonSchema, type RouteDoc } from './openapiRegistry';

/**
 * A field's value as JSON Schema, from the zod schema the resource is validated with (domain/resources/schema.ts).
 * Numbers are the exception: their schema first turns text into a number (forms send text), which JSON Schema
 * cannot say, so they are described from the same bounds — a number, or the number as text.
 */
const fieldJson = (f: FieldDef, io: 'input' | 'output'): JsonSchema => {
  if (f.kind === 'integer' || f.kind === 'decimal') {
    const { min, max } = numberBounds(f);
    const number = { type: f.kind === 'integer' ? 'integer' : 'number', minimum: min, maximum: max };
    return io === 'output'
      ? number
      : {
          anyOf: [
            number,
            { type: 'string', pattern: '^\\s*[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?\\s*$' },
          ],
        };
  }
  return jsonSchemaOf(fieldSchema(f), io);
};

const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

/**
 * What POST (and PUT, which replaces the record) accepts: the writable fields; required ones must be present and
 * not empty, the others may be left out or null. Unknown fields are dropped by the server, so they are allowed.
 */
export const resourceBodySchema = (def: ResourceDefinition): JsonSchema => {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, f] of writableFields(def)) {
    const value = fieldJson(f, 'input');
    properties[name] = f.required ? value : nullable(value);
    if (f.required) required.push(name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
};

/** A record as the API returns it (server/resources/rows.ts): system fields and every visible field. */
export const resourceRowSchema = (def: ResourceDefinition): JsonSchema => {
  const properties: Record<string, JsonSchema> = {
    id: { type: 'string', format: 'uuid' },
    clientAccountId: nullable({ type: 'string', format: 'uuid' }),
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    version: { type: 'integer' },
  };
  for (const [name, f] of visibleFields(def)) properties[name] = nullable(fieldJson(f, 'output'));
  return { type: 'object', properties, required: ['id', 'createdAt', 'updatedAt', 'version'] };
};

/** The paged-list query (domain/resources/query.ts) with the definition's own sortable and filterable fields. */
export const pageQuerySchema = (def: ResourceDefinition) => {
  const fields = queryableFields(def) as [string, ...string[]];
  return z.object({
    PageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
    PageSize: z.coerce.number().int().min(1).max(1000).default(25),
    sortColumn: z.enum(fields).optional(),
    sortDescending: z.enum(['true', 'false', '1', '0']).optional(),
    BasicFiltersSerialized: z
      .string()
      .max(20_000)
      .optional()
      .describe(
        `A JSON array (at most 50) of filters {field, operator, value}: field one of the sortable columns, operator one of ${filterOperators.join(', ')} (default eq).`,
      ),
  });
};

const pageOf = (row: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { results: { type: 'array', items: row }, allFilteredRowCount: { type: 'integer' } },
  required: ['results', 'allFilteredRowCount'],
});

const bulkDeleteResult: JsonSchema = {
  type: 'object',
  properties: {
    deleted: { type: 'array', items: { type: 'string' } },
    failed: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

/** The reads every definition has (server/resources/resourceRoutes.ts): list, select, export, one record. */
export const resourceReadDocs = (def: ResourceDefinition, tag = def.path): RouteDoc[] => {
  const base = `/api/${def.path}`;
  const row = resourceRowSchema(def);
  return [
    doc(`GET ${base}`, tag, `Lists ${def.path} records: a page, sorted and filtered.`, {
      query: pageQuerySchema(def),
      response: pageOf(row),
    }),
    doc(`GET ${base}/select`, tag, `${def.path} records for a select list, by search text.`, {
      query: selectSchema,
    }),
    doc(`GET ${base}/export`, tag, `Exports the filtered ${def.path} list as CSV or XLSX.`, {
      query: pageQuerySchema(def).extend({ format: z.enum(['csv', 'xlsx']).default('csv') }),
      produces: 'application/octet-stream',
    }),
    doc(`GET ${base}/:id`, tag, `One ${def.path} record.`, { response: row }),
  ];
};

/** The writes of a definition (generic, or its area module's with the same shapes): create, replace, delete. */
export const resourceWriteDocs = (
  def: ResourceDefinition,
  tag = def.path,
  bulk: z.ZodType = bulkSchema,
): RouteDoc[] => {
  const base = `/api/${def.path}`;
  const row = resourceRowSchema(def);
  const body = resourceBodySchema(def);
  return [
    doc(`POST ${base}`, tag, `Creates a new ${def.path} record.`, { body, response: row, status: 201 }),
    doc(`PUT ${base}/:id`, tag, `Replaces the ${def.path} record with the id in the path.`, {
      body,
      response: row,
    }),
    doc(`DELETE ${base}/:id`, tag, `Deletes the ${def.path} record with the id in the path.`, { status: 204 }),
    doc(
      `POST ${base}/bulk-delete`,
      tag,
      `Deletes ${def.path} records one by one; refused ones are reported.`,
      {
        body: bulk,
        response: bulkDeleteResult,
      },
    ),
  ];
};

/** The generic routes of every definition, as server/resources/resourceRoutes.ts registers them. */
export const genericResourceDocs = (definitions: readonly ResourceDefinition[]): RouteDoc[] =>
  definitions.flatMap((def) => [
    ...resourceReadDocs(def),
    ...(def.readOnly || def.customWrite ? [] : resourceWriteDocs(def)),
  ]);
