import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Filter } from '../../../domain/resources/query';
import { validateRecord } from '../../../domain/resources/schema';
import {
  queryableFields,
  type ResourceDefinition,
  visibleFields,
  writableFields,
} from '../../../domain/resources/types';
import { loadDefinitions } from '../../../server/resources/registry';
import type { Row } from '../../../server/resources/rows';
import {
  anAccount,
  aRecord,
  aSuperUser,
  type TestUser,
  validPayloadFor,
  validValueFor,
} from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

/** The same list the server registers (ctx.schema.definitions), known when tests are collected. */
const definitions = await loadDefinitions();
const resourcesEn = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../locales/en-us/resources.json'), 'utf8'),
) as Record<string, { fields?: Record<string, string> }>;

const filtersParam = (filters: Filter[]) => JSON.stringify(filters);
const stringKinds = new Set(['string', 'text', 'email', 'phone', 'url', 'color']);

describe('generic resource CRUD, driven by each definition', () => {
  let t: TestApp;
  let acc: string;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    acc = await anAccount(t.ctx);
    admin = await aSuperUser(t.ctx, acc);
  });
  afterAll(async () => t.close());

  const get = (url: string, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, query, headers: admin.headers });

  const list = async (def: ResourceDefinition, query: Record<string, string>) => {
    const res = await get(`/api/${def.path}`, query);
    expect(res.statusCode, `${def.name} ${JSON.stringify(query)}: ${res.body}`).toBe(200);
    return res.json() as { results: Row[]; allFilteredRowCount: number };
  };

  const idsOf = (page: { results: Row[] }) => page.results.map((r) => r.id);

  /** For every queryable field: a filter that matches the row and one that excludes it, kind by kind. */
  const filtersMatching = (def: ResourceDefinition, row: Row): { match: Filter[]; exclude: Filter[] }[] => {
    const out: { match: Filter[]; exclude: Filter[] }[] = [];
    for (const field of queryableFields(def)) {
      const kind =
        field === 'id'
          ? 'ref'
          : field === 'createdAt' || field === 'updatedAt'
            ? 'datetime'
            : (def.fields[field]?.kind ?? 'string');
      const value = row[field];
      if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) {
        out.push({ match: [{ field, operator: 'isNull' }], exclude: [{ field, operator: 'notNull' }] });
        continue;
      }
      switch (kind) {
        case 'datetime': {
          // Stored with microseconds, returned with milliseconds: a 1 ms window holds it.
          const from = String(value);
          const to = new Date(new Date(from).getTime() + 1).toISOString();
          out.push({
            match: [
              { field, operator: 'gte', value: from },
              { field, operator: 'lt', value: to },
            ],
            exclude: [{ field, operator: 'lt', value: from }],
          });
          break;
        }
        case 'integer':
        case 'decimal':
          out.push({
            match: [
              { field, operator: 'eq', value: value as number },
              { field, operator: 'gte', value: value as number },
              { field, operator: 'lte', value: String(value) },
            ],
            exclude: [{ field, operator: 'gt', value: value as number }],
          });
          break;
        case 'enumList':
        case 'tags': {
          const first = String((value as unknown[])[0]);
          out.push({
            match: [{ field, operator: 'contains', value: first }],
            exclude: [{ field, operator: 'neq', value: first }],
          });
          break;
        }
        case 'boolean':
          out.push({
            match: [{ field, operator: 'eq', value: value as boolean }],
            exclude: [{ field, operator: 'eq', value: !value }],
          });
          break;
        default: {
          const text = String(value);
          const match: Filter[] = [
            { field, operator: 'eq', value: text },
            { field, operator: 'in', value: [text] },
            { field, operator: 'notNull' },
          ];
          if (stringKinds.has(kind)) {
            match.push({ field, operator: 'contains', value: text.slice(1, -1).toUpperCase() });
            match.push({ field, operator: 'startsWith', value: text.slice(0, 2) });
          }
          out.push({ match, exclude: [{ field, operator: 'neq', value: text }] });
        }
      }
    }
    return out;
  };

  /** Filters, select and export of a stored row, the same for every resource. */
  const readsOf = async (def: ResourceDefinition, row: Row) => {
    const id = String(row.id);
    for (const { match, exclude } of filtersMatching(def, row)) {
      const found = await list(def, { BasicFiltersSerialized: filtersParam(match), PageSize: '1000' });
      expect(idsOf(found), `${def.name} ${JSON.stringify(match)}`).toContain(id);
      const scoped: Filter = { field: 'id', operator: 'eq', value: id };
      const none = await list(def, { BasicFiltersSerialized: filtersParam([scoped, ...exclude]) });
      expect(none.allFilteredRowCount, `${def.name} ${JSON.stringify(exclude)}`).toBe(0);
    }

    const title = row[def.titleField] === null ? '' : String(row[def.titleField]);
    const select = await get(`/api/${def.path}/select`, { search: title.slice(0, 20), limit: '200' });
    expect(select.statusCode, select.body).toBe(200);
    expect(select.json().results).toContainEqual({ id, title });

    const labels = visibleFields(def).map(([name]) => resourcesEn[def.name]?.fields?.[name]);
    expect(labels.every((l) => typeof l === 'string')).toBe(true);
    const byId = filtersParam([{ field: 'id', operator: 'eq', value: id }]);
    const csv = await get(`/api/${def.path}/export`, { format: 'csv', BasicFiltersSerialized: byId });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="${def.name}-.*\\.csv"`),
    );
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toContain(labels[0]);
    expect(lines[0]).not.toContain(`${def.name}.fields.`);
    expect(lines.filter((l) => l !== '')).toHaveLength(2);
    if (title) expect(lines[1]).toContain(title);

    const xlsx = await get(`/api/${def.path}/export`, { format: 'xlsx', BasicFiltersSerialized: byId });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(labels);
    if (title) expect((sheet.getRow(2).values as unknown[]).map(String)).toContain(title);
  };

  it('covers every registered resource', () => {
    expect(t.ctx.schema.definitions.map((d) => d.name)).toEqual(definitions.map((d) => d.name));
    expect(definitions.length).toBeGreaterThanOrEqual(8);
  });

  // Resources written through an area module (customWrite) get their reads checked below instead.
  for (const def of definitions.filter((d) => !d.readOnly && !d.customWrite)) {
    it(`${def.name}: create, get, update, list, filter, sort, select, export, delete, record log`, async () => {
      const base = `/api/${def.path}`;
      const payload = await validPayloadFor(t.ctx, def, acc);
      const expected = validateRecord(def, payload);
      expect(expected.errors).toEqual([]);

      const created = await t.app.inject({ method: 'POST', url: base, payload, headers: admin.headers });
      expect(created.statusCode, created.body).toBe(201);
      const row = created.json() as Row;
      const id = String(row.id);
      expect(row).toMatchObject({ clientAccountId: acc, version: 1 });
      for (const [name, f] of writableFields(def)) {
        if (f.writeOnly) expect(row, `${def.name}.${name} is write-only`).not.toHaveProperty(name);
        else expect(row[name], `${def.name}.${name}`).toEqual(expected.value[name] ?? null);
      }
      for (const [name, f] of Object.entries(def.fields))
        if (f.internal) expect(row).not.toHaveProperty(name);

      const got = await get(`${base}/${id}`);
      expect(got.statusCode).toBe(200);
      expect(got.json()).toEqual(row);

      // Edit one text field (the title when it is one); the rest stays.
      const [changed, changedDef] =
        writableFields(def).find(([name, f]) => name === def.titleField && f.kind === 'string') ??
        writableFields(def).find(([, f]) => f.kind === 'string' && !f.upperCase) ??
        [];
      expect(changed, `${def.name} has no text field to edit`).toBeDefined();
      const field = String(changed);
      const newValue = validValueFor(changedDef ?? { kind: 'string' });
      const updated = await t.app.inject({
        method: 'PUT',
        url: `${base}/${id}`,
        payload: { [field]: newValue },
        headers: admin.headers,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      const after = updated.json() as Row;
      expect(after.version).toBe(2);
      // Stored as the field says: lower or upper case (user names, product indexes, location labels).
      const stored = changedDef?.lowerCase
        ? String(newValue).toLowerCase()
        : changedDef?.upperCase
          ? String(newValue).toUpperCase()
          : newValue;
      expect(after[field]).toBe(stored);
      expect({ ...after, [field]: row[field], version: 1, updatedAt: row.updatedAt }).toEqual(row);
      expect(Date.parse(String(after.updatedAt))).toBeGreaterThanOrEqual(Date.parse(String(row.updatedAt)));

      // Paging and sorting over two rows.
      const second = await t.app.inject({
        method: 'POST',
        url: base,
        payload: await validPayloadFor(t.ctx, def, acc),
        headers: admin.headers,
      });
      expect(second.statusCode, second.body).toBe(201);
      const secondId = String(second.json().id);
      const both = filtersParam([{ field: 'id', operator: 'in', value: [id, secondId] }]);
      const asc = await list(def, {
        BasicFiltersSerialized: both,
        sortColumn: field,
        sortDescending: 'false',
      });
      const desc = await list(def, {
        BasicFiltersSerialized: both,
        sortColumn: field,
        sortDescending: 'true',
      });
      expect(asc.allFilteredRowCount).toBe(2);
      expect(idsOf(desc)).toEqual(idsOf(asc).reverse());
      const sortedValues = asc.results.map((r) => String(r[field]));
      expect([...sortedValues].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(sortedValues);
      const page2 = await list(def, {
        BasicFiltersSerialized: both,
        sortColumn: field,
        PageNumber: '2',
        PageSize: '1',
      });
      expect(page2).toEqual({ results: [asc.results[1]], allFilteredRowCount: 2 });

      await readsOf(def, after);

      const removed = await t.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers: admin.headers });
      expect(removed.statusCode, removed.body).toBe(204);
      const gone = await get(`${base}/${id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ code: 'notFoundOrNoPermission' });
      const again = await t.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers: admin.headers });
      expect(again.statusCode).toBe(404);

      // The record log keeps all three writes with the objects and the user.
      const log = await t.app.inject({
        method: 'GET',
        url: '/api/RecordLog',
        query: {
          BasicFiltersSerialized: filtersParam([{ field: 'resourceId', operator: 'eq', value: id }]),
          sortColumn: 'createdAt',
        },
        headers: admin.headers,
      });
      expect(log.statusCode).toBe(200);
      const entries = log.json().results as Row[];
      expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
      for (const e of entries)
        expect(e).toMatchObject({
          resourceType: def.name,
          resourceId: id,
          userId: admin.row.id,
          userName: admin.row.visibleName,
          clientAccountId: acc,
        });
      const [onCreate, onUpdate, onDelete] = entries;
      expect(onCreate?.oldObject).toBeNull();
      expect(onCreate?.newObject).toEqual(row);
      expect(onUpdate?.oldObject).toEqual(row);
      expect(onUpdate?.newObject).toEqual(after);
      expect(onDelete?.oldObject).toEqual(after);
      expect(onDelete?.newObject).toBeNull();
      expect(onUpdate?.resourceTitle).toBe(String(after[def.titleField]));
      for (const e of entries)
        for (const [name, f] of Object.entries(def.fields))
          if (f.writeOnly || f.internal) {
            expect(e.oldObject ?? {}).not.toHaveProperty(name);
            expect(e.newObject ?? {}).not.toHaveProperty(name);
          }
    });
  }

  for (const def of definitions.filter((d) => d.readOnly)) {
    it(`${def.name}: read only — list, get, filter, select, export; writes refused, never 500`, async () => {
      const base = `/api/${def.path}`;
      const stored = await aRecord(t.ctx, def, acc);
      const id = String(stored.id);
      const got = await get(`${base}/${id}`);
      expect(got.statusCode, got.body).toBe(200);
      const row = got.json() as Row;
      expect(row).toMatchObject({ id, clientAccountId: acc });
      await readsOf(def, row);

      const payload = await validPayloadFor(t.ctx, def, acc);
      const attempts = [
        await t.app.inject({ method: 'POST', url: base, payload, headers: admin.headers }),
        await t.app.inject({ method: 'PUT', url: `${base}/${id}`, payload, headers: admin.headers }),
        await t.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers: admin.headers }),
        await t.app.inject({
          method: 'POST',
          url: `${base}/bulk-delete`,
          payload: { ids: [id] },
          headers: admin.headers,
        }),
      ];
      for (const res of attempts) {
        expect([403, 404], res.body).toContain(res.statusCode);
        expect(['forbidden', 'notFoundOrNoPermission']).toContain(res.json().code);
      }
      expect((await get(`${base}/${id}`)).json()).toEqual(row);
    });
  }

  for (const def of definitions.filter((d) => d.customWrite)) {
    it(`${def.name}: written by its module — list, get, filter, select and export of stored rows`, async () => {
      const base = `/api/${def.path}`;
      // Rows come from the area module (documents, orders, files); here they are inserted directly.
      const stored = await aRecord(t.ctx, def, acc);
      const id = String(stored.id);
      const got = await get(`${base}/${id}`);
      expect(got.statusCode, got.body).toBe(200);
      const row = got.json() as Row;
      expect(row).toMatchObject({ id, clientAccountId: acc, version: 1 });
      for (const [name, f] of Object.entries(def.fields))
        if (f.internal || f.writeOnly) expect(row).not.toHaveProperty(name);
      const listed = await list(def, {
        BasicFiltersSerialized: filtersParam([{ field: 'id', operator: 'eq', value: id }]),
      });
      expect(listed).toEqual({ results: [row], allFilteredRowCount: 1 });
      await readsOf(def, row);
      // Writes (and bulk deletes) follow the module's rules and are tested with the module.
    });
  }
});
