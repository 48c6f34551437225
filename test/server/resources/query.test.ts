import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../../server/resources/registry';
import { anAccount, aRecord, aSuperUser, definitionOf, type TestUser } from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

const definitions = await loadDefinitions();

type Query = Record<string, string>;
const filters = (value: unknown) => ({ BasicFiltersSerialized: JSON.stringify(value) });

describe('list queries: filters, sorting and paging refuse anything unexpected, never 500', () => {
  let t: TestApp;
  let acc: string;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    acc = await anAccount(t.ctx);
    admin = await aSuperUser(t.ctx, acc);
    const company = definitionOf(t.ctx, 'company');
    await aRecord(t.ctx, company, acc, { shortName: "O'Brien; drop table company; --" });
    await aRecord(t.ctx, company, acc, { shortName: '100% pure_thing' });
    await aRecord(t.ctx, company, acc, { shortName: '100 pure-thing' });
    await aRecord(t.ctx, definitionOf(t.ctx, 'address'), acc);
  });
  afterAll(async () => t.close());

  const get = (url: string, query: Query = {}) =>
    t.app.inject({ method: 'GET', url, query, headers: admin.headers });

  const refused: [string, string, Query, string][] = [
    ['unknown filter field', 'Company', filters([{ field: 'nope', value: 'x' }]), 'invalidFilter'],
    [
      'SQL in a filter field',
      'Company',
      filters([{ field: "short_name\" = '' or 1=1; --", value: 'x' }]),
      'invalidFilter',
    ],
    ['internal field', 'User', filters([{ field: 'passwordHash', value: 'x' }]), 'invalidFilter'],
    ['write-only field', 'User', filters([{ field: 'password', value: 'x' }]), 'invalidFilter'],
    ['json field', 'FavoriteAction', filters([{ field: 'parameters', value: 'x' }]), 'invalidFilter'],
    [
      'system column by its SQL name',
      'Company',
      filters([{ field: 'client_account_id', value: 'x' }]),
      'invalidFilter',
    ],
    [
      'tenant column',
      'Company',
      filters([{ field: 'clientAccountId', value: '00000000-0000-4000-8000-000000000000' }]),
      'invalidFilter',
    ],
    ['malformed JSON', 'Company', { BasicFiltersSerialized: '[{"field":' }, 'invalidFilter'],
    ['filters not an array', 'Company', filters({ field: 'shortName', value: 'x' }), 'invalidFilter'],
    ['filter not an object', 'Company', filters(['shortName']), 'invalidFilter'],
    [
      'wrong operator',
      'Company',
      filters([{ field: 'shortName', operator: 'like', value: 'x' }]),
      'invalidFilter',
    ],
    [
      'SQL as operator',
      'Company',
      filters([{ field: 'shortName', operator: '= 1 or 1=1', value: 'x' }]),
      'invalidFilter',
    ],
    [
      'array for eq',
      'Company',
      filters([{ field: 'shortName', operator: 'eq', value: ['a', 'b'] }]),
      'invalidFilter',
    ],
    [
      'scalar for in',
      'Company',
      filters([{ field: 'shortName', operator: 'in', value: 'a' }]),
      'invalidFilter',
    ],
    ['object value', 'Company', filters([{ field: 'shortName', value: { $ne: 1 } }]), 'invalidFilter'],
    ['eq without a value', 'Company', filters([{ field: 'shortName', operator: 'eq' }]), 'invalidFilter'],
    [
      'too long value',
      'Company',
      filters([{ field: 'shortName', value: 'x'.repeat(1001) }]),
      'invalidFilter',
    ],
    [
      'too many filters',
      'Company',
      filters(Array.from({ length: 51 }, () => ({ field: 'shortName', operator: 'notNull' }))),
      'invalidFilter',
    ],
    ['non-uuid id', 'Company', filters([{ field: 'id', value: "1' or '1'='1" }]), 'invalidFilter'],
    ['non-uuid ref', 'Person', filters([{ field: 'companyId', value: 'abc' }]), 'invalidFilter'],
    [
      'non-uuid in ref list',
      'Person',
      filters([{ field: 'companyId', operator: 'in', value: ['abc'] }]),
      'invalidFilter',
    ],
    [
      'non-numeric number',
      'Address',
      filters([{ field: 'latitude', operator: 'gt', value: 'abc' }]),
      'invalidFilter',
    ],
    ['empty number', 'Address', filters([{ field: 'latitude', value: '' }]), 'invalidFilter'],
    ['not a boolean', 'User', filters([{ field: 'isBlocked', value: 'maybe' }]), 'invalidFilter'],
    [
      'not a date',
      'Company',
      filters([{ field: 'createdAt', operator: 'gt', value: 'yesterday' }]),
      'invalidFilter',
    ],
    [
      'number operator on tags',
      'Company',
      filters([{ field: 'tags', operator: 'gt', value: 'a' }]),
      'invalidFilter',
    ],
    [
      'number in tags',
      'Company',
      filters([{ field: 'tags', operator: 'contains', value: 5 }]),
      'invalidFilter',
    ],
    [
      'contains on a number with an object',
      'Address',
      filters([{ field: 'latitude', operator: 'contains', value: null }]),
      'invalidFilter',
    ],
    ['unknown sort column', 'Company', { sortColumn: 'nope' }, 'invalidSort'],
    ['SQL in sort column', 'Company', { sortColumn: 'short_name; drop table company' }, 'invalidSort'],
    ['sort by write-only field', 'User', { sortColumn: 'password' }, 'invalidSort'],
    ['sort by internal field', 'User', { sortColumn: 'passwordHash' }, 'invalidSort'],
    ['huge PageSize', 'Company', { PageSize: '100000' }, 'badRequest'],
    ['zero PageSize', 'Company', { PageSize: '0' }, 'badRequest'],
    ['negative PageNumber', 'Company', { PageNumber: '-1' }, 'badRequest'],
    ['fractional PageNumber', 'Company', { PageNumber: '1.5' }, 'badRequest'],
    ['text PageNumber', 'Company', { PageNumber: 'abc' }, 'badRequest'],
    ['bad sortDescending', 'Company', { sortDescending: 'maybe' }, 'badRequest'],
  ];

  for (const [what, path, query, code] of refused)
    it(`${what} → 400 ${code}`, async () => {
      const res = await get(`/api/${path}`, query);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code, requestId: res.headers['x-request-id'] });
      // The export reads the same query and refuses it the same way (paging aside).
      if (code !== 'badRequest') {
        const file = await get(`/api/${path}/export`, { ...query, format: 'csv' });
        expect(file.statusCode, file.body).toBe(400);
        expect(file.json().code).toBe(code);
      }
    });

  it('numbers out of the column range or not integral are a 400, not a 500', async () => {
    for (const value of [1e300, 2 ** 40, 1.5, '1.5', true]) {
      const res = await get('/api/SystemLog', filters([{ field: 'httpStatusCode', operator: 'gt', value }]));
      expect(res.statusCode, `${value}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('invalidFilter');
    }
    for (const value of ['1e2', -2_147_483_647, 404]) {
      const res = await get('/api/SystemLog', filters([{ field: 'httpStatusCode', operator: 'gt', value }]));
      expect(res.statusCode, `${value}: ${res.body}`).toBe(200);
    }
    // Decimals are bounded by what the columns hold (domain/resources/bounds.ts), filters as well as writes.
    const decimal = await get('/api/Address', filters([{ field: 'latitude', operator: 'lt', value: 1e300 }]));
    expect(decimal.statusCode).toBe(400);
    expect(decimal.json().code).toBe('invalidFilter');
    const inRange = await get('/api/Address', filters([{ field: 'latitude', operator: 'lt', value: 1e9 }]));
    expect(inRange.statusCode).toBe(200);
    for (const value of ['2024-13-45T00:00:00Z', '99999-01-01T00:00:00Z', 8.64e15 + 1]) {
      const res = await get('/api/Company', filters([{ field: 'createdAt', operator: 'gt', value }]));
      expect([200, 400], `${value}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it('SQL in a value is just a value', async () => {
    const name = "O'Brien; drop table company; --";
    const exact = await get('/api/Company', filters([{ field: 'shortName', value: name }]));
    expect(exact.statusCode).toBe(200);
    expect(exact.json().results.map((r: { shortName: string }) => r.shortName)).toEqual([name]);
    const injected = await get('/api/Company', filters([{ field: 'shortName', value: "x' or '1'='1" }]));
    expect(injected.json()).toEqual({ results: [], allFilteredRowCount: 0 });
    const search = await get('/api/Company/select', { search: "' or 1=1 --" });
    expect(search.json()).toEqual({ results: [] });
    expect((await get('/api/Company')).json().allFilteredRowCount).toBeGreaterThanOrEqual(3);
  });

  it('LIKE wildcards in contains, startsWith and select are literal', async () => {
    const names = async (query: Query) =>
      ((await get('/api/Company', query)).json().results as { shortName: string }[]).map((r) => r.shortName);
    expect(await names(filters([{ field: 'shortName', operator: 'contains', value: '0%' }]))).toEqual([
      '100% pure_thing',
    ]);
    expect(await names(filters([{ field: 'shortName', operator: 'contains', value: 'e_t' }]))).toEqual([
      '100% pure_thing',
    ]);
    expect(await names(filters([{ field: 'shortName', operator: 'startsWith', value: '%' }]))).toEqual([]);
    const select = await get('/api/Company/select', { search: '_' });
    expect(select.json().results.map((r: { title: string }) => r.title)).toEqual(['100% pure_thing']);
  });

  it('the in operator with an empty list matches nothing; isNull/notNull take no value', async () => {
    const none = await get('/api/Company', filters([{ field: 'shortName', operator: 'in', value: [] }]));
    expect(none.json()).toEqual({ results: [], allFilteredRowCount: 0 });
    const all = await get('/api/Company', filters([{ field: 'parentId', operator: 'isNull' }]));
    expect(all.json().allFilteredRowCount).toBeGreaterThanOrEqual(3);
  });

  it('select and export refuse bad parameters', async () => {
    for (const query of [{ limit: '100000' }, { limit: '0' }, { search: 'x'.repeat(201) }] as Query[]) {
      const res = await get('/api/Company/select', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe('badRequest');
    }
    const res = await get('/api/Company/export', { format: 'pdf' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('badRequest');
  });

  it('an id that is not a uuid is simply not found', async () => {
    for (const id of ['abc', "1' or '1'='1", '00000000-0000-0000-0000-000000000000']) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await t.app.inject({
          method,
          url: `/api/Company/${encodeURIComponent(id)}`,
          headers: admin.headers,
          ...(method === 'PUT' ? { payload: { shortName: 'x' } } : {}),
        });
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json().code).toBe('notFoundOrNoPermission');
      }
    }
  });

  it('paths are case-insensitive', async () => {
    for (const def of definitions)
      for (const path of [def.path, def.path.toLowerCase(), def.path.toUpperCase()]) {
        const res = await get(`/api/${path}`);
        expect(res.statusCode, path).toBe(200);
        expect((await get(`/API/${path}/select`)).statusCode, path).toBe(200);
      }
    expect((await get('/api/company')).json()).toEqual((await get('/api/COMPANY')).json());
  });

  it('unknown resources and methods are 404 in the error shape', async () => {
    const res = await get('/api/NoSuchThing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'notFoundOrNoPermission' });
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/Company', headers: admin.headers });
    expect(patch.statusCode).toBe(404);
  });

  it('a request without a token is 401 unauthorized for every resource call', async () => {
    for (const def of definitions) {
      const res = await t.app.inject({ method: 'GET', url: `/api/${def.path}` });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthorized');
      const bad = await t.app.inject({
        method: 'GET',
        url: `/api/${def.path}`,
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(bad.statusCode).toBe(401);
    }
  });
});
