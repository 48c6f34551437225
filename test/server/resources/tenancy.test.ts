import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, type ResourceDefinition, writableFields } from '../../../domain/resources/types';
import { loadDefinitions } from '../../../server/resources/registry';
import type { Row } from '../../../server/resources/rows';
import {
  aContractorUser,
  anAccount,
  aPowerUser,
  aRecord,
  aSuperUser,
  aUser,
  definitionOf,
  type TestUser,
  validPayloadFor,
} from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

const definitions = await loadDefinitions();
const textKinds = new Set(['string', 'text', 'email', 'phone', 'url', 'color']);
/** Access levels each test user passes: a basic user has no flags; aPowerUser is a power user with logistics. */
const grantedTo: Record<'basic' | 'power', ReadonlySet<Access>> = {
  basic: new Set(['any']),
  power: new Set(['any', 'power', 'logistics']),
};

describe('tenancy: one account never sees nor touches another account’s rows', () => {
  let t: TestApp;
  let accA: string;
  let accB: string;
  let adminB: TestUser;
  /** One stored row of every resource in account A. */
  const rowsA = new Map<string, Row>();

  beforeAll(async () => {
    t = await createTestApp();
    accA = await anAccount(t.ctx);
    accB = await anAccount(t.ctx);
    adminB = await aSuperUser(t.ctx, accB);
    // Account B has rows of its own, so "none of A's" is not just "nothing at all".
    for (const def of definitions) {
      rowsA.set(def.name, await aRecord(t.ctx, def, accA));
      await aRecord(t.ctx, def, accB);
    }
  });
  afterAll(async () => t.close());

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Row) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  const rowOf = (def: ResourceDefinition): Row => {
    const row = rowsA.get(def.name);
    if (!row) throw new Error(`no row of ${def.name}`);
    return row;
  };

  for (const def of definitions) {
    it(`${def.name}: a super user of another account sees none of it and cannot touch it`, async () => {
      const base = `/api/${def.path}`;
      const row = rowOf(def);
      const id = String(row.id);
      const title = String(row[def.titleField] ?? '');

      const list = await call(adminB, 'GET', `${base}?PageSize=1000`);
      expect(list.statusCode, list.body).toBe(200);
      const results = list.json().results as Row[];
      expect(results.length).toBeGreaterThan(0);
      expect(results.every((r) => r.clientAccountId === accB)).toBe(true);
      expect(results.map((r) => r.id)).not.toContain(id);
      const byId = encodeURIComponent(JSON.stringify([{ field: 'id', operator: 'eq', value: id }]));
      const filtered = await call(adminB, 'GET', `${base}?BasicFiltersSerialized=${byId}`);
      expect(filtered.json()).toEqual({ results: [], allFilteredRowCount: 0 });

      const select = await call(adminB, 'GET', `${base}/select?limit=200`);
      expect(select.statusCode).toBe(200);
      expect(select.json().results.map((r: Row) => r.id)).not.toContain(id);
      const search = await call(adminB, 'GET', `${base}/select?search=${encodeURIComponent(title)}`);
      expect(search.json().results.map((r: Row) => r.id)).not.toContain(id);

      // A text title is distinctive; a numeric one (a position's line number) may occur in B's rows too.
      const textTitle = textKinds.has(def.fields[def.titleField]?.kind ?? '') ? title : '';
      for (const format of ['csv', 'xlsx']) {
        const file = await call(adminB, 'GET', `${base}/export?format=${format}`);
        expect(file.statusCode).toBe(200);
        if (format === 'csv' && textTitle) expect(file.body).not.toContain(textTitle);
      }
      const csv = await call(adminB, 'GET', `${base}/export?format=csv&BasicFiltersSerialized=${byId}`);
      expect(csv.body.split('\r\n').filter((l) => l !== '')).toHaveLength(1);

      const generic = !def.readOnly && !def.customWrite;
      const payload = generic ? await validPayloadFor(t.ctx, def, accB) : {};
      // A module's own write routes (customWrite) take their own bodies: only the body-less DELETE here.
      for (const res of [
        await call(adminB, 'GET', `${base}/${id}`),
        ...(def.customWrite ? [] : [await call(adminB, 'PUT', `${base}/${id}`, payload)]),
        await call(adminB, 'DELETE', `${base}/${id}`),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().code).toBe('notFoundOrNoPermission');
      }
      if (generic) {
        const bulk = await call(adminB, 'POST', `${base}/bulk-delete`, { ids: [id] });
        expect(bulk.json()).toMatchObject({
          deleted: [],
          failed: [{ id, code: 'notFoundOrNoPermission' }],
        });
        // Re-using A's id for a new row must not reach A's row.
        const clash = await call(adminB, 'POST', base, { ...payload, id });
        expect(clash.statusCode, clash.body).toBeGreaterThanOrEqual(400);
        expect(clash.statusCode).toBeLessThan(500);
      }

      // A's row is intact.
      const adminA = await aSuperUser(t.ctx, accA);
      const still = await call(adminA, 'GET', `${base}/${id}`);
      expect(still.statusCode).toBe(200);
      expect(still.json()).toMatchObject({ id, clientAccountId: accA, version: row.version });
    });
  }

  for (const def of definitions.filter((d) => !d.readOnly && !d.customWrite))
    for (const [field, f] of writableFields(def)) {
      if (f.kind !== 'ref') continue;
      it(`${def.name}.${field}: a reference to another account’s ${f.ref} is invalidValue`, async () => {
        const foreign = String(rowOf(definitionOf(t.ctx, f.ref ?? '')).id);
        const payload = await validPayloadFor(t.ctx, def, accB, { [field]: foreign });
        const created = await call(adminB, 'POST', `/api/${def.path}`, payload);
        expect(created.statusCode, created.body).toBe(400);
        expect(created.json()).toMatchObject({
          code: 'formHasErrors',
          fields: [{ field, rule: 'invalidValue' }],
        });
        const own = await call(adminB, 'POST', `/api/${def.path}`, await validPayloadFor(t.ctx, def, accB));
        expect(own.statusCode, own.body).toBe(201);
        const edit = await call(adminB, 'PUT', `/api/${def.path}/${own.json().id}`, { [field]: foreign });
        expect(edit.statusCode, edit.body).toBe(400);
        expect(edit.json().fields).toEqual([{ field, rule: 'invalidValue' }]);
      });
    }

  it('system log rows without an account are visible to no account', async () => {
    const systemLog = definitionOf(t.ctx, 'systemLog');
    const orphan = await aRecord(t.ctx, systemLog, accA, { clientAccountId: null });
    for (const admin of [adminB, await aSuperUser(t.ctx, accA)]) {
      const res = await call(admin, 'GET', `/api/SystemLog/${orphan.id}`);
      expect(res.statusCode).toBe(404);
    }
  });

  describe('a contractor user sees only resources with a contractor field, only their rows, and writes nothing', () => {
    let contractor: TestUser & { contractorId: string };
    beforeAll(async () => {
      contractor = await aContractorUser(t.ctx, accA);
    });

    for (const def of definitions) {
      it(`${def.name}`, async () => {
        const base = `/api/${def.path}`;
        const id = String(rowOf(def).id);
        const reads = [
          await call(contractor, 'GET', base),
          await call(contractor, 'GET', `${base}/${id}`),
          await call(contractor, 'GET', `${base}/select`),
          await call(contractor, 'GET', `${base}/export?format=csv`),
          await call(contractor, 'GET', `${base}/export?format=xlsx`),
        ];
        if (def.contractorField) {
          const list = reads[0]?.json() as { results: Row[] };
          expect(list.results.every((r) => r[def.contractorField ?? ''] === contractor.contractorId)).toBe(
            true,
          );
        } else
          for (const res of reads) {
            expect(res.statusCode, res.body).toBe(403);
            expect(res.json()).toEqual({
              code: 'forbidden',
              message: expect.any(String),
              requestId: res.headers['x-request-id'],
            });
          }
        const payload = def.readOnly ? {} : await validPayloadFor(t.ctx, def, accA);
        for (const res of [
          await call(contractor, 'POST', base, payload),
          await call(contractor, 'PUT', `${base}/${id}`, payload),
          await call(contractor, 'DELETE', `${base}/${id}`),
          await call(contractor, 'POST', `${base}/bulk-delete`, { ids: [id] }),
        ])
          if (def.customWrite)
            // Refused by the module's route, or there is no such route.
            expect([403, 404], `${res.statusCode}: ${res.body}`).toContain(res.statusCode);
          else expect(res.statusCode, res.body).toBe(def.readOnly ? 404 : 403);
        expect((await call(await aSuperUser(t.ctx, accA), 'GET', `${base}/${id}`)).statusCode).toBe(200);
      });
    }
  });

  describe('access levels: basic and power users', () => {
    for (const def of definitions) {
      it(`${def.name}: read ${def.read}, write ${def.readOnly ? 'none (read only)' : def.write}`, async () => {
        const basic = await aUser(t.ctx, accA);
        const power = await aPowerUser(t.ctx, accA);
        const base = `/api/${def.path}`;
        const readable = { basic: grantedTo.basic.has(def.read), power: grantedTo.power.has(def.read) };
        const writable = {
          basic: !def.readOnly && grantedTo.basic.has(def.write),
          power: !def.readOnly && grantedTo.power.has(def.write),
        };
        for (const [who, user] of [
          ['basic', basic],
          ['power', power],
        ] as const) {
          const list = await call(user, 'GET', base);
          expect(list.statusCode, `${who} list ${def.name}`).toBe(readable[who] ? 200 : 403);
          const select = await call(user, 'GET', `${base}/select`);
          expect(select.statusCode).toBe(readable[who] ? 200 : 403);
          const one = await call(user, 'GET', `${base}/${rowOf(def).id}`);
          expect(one.statusCode).toBe(readable[who] ? 200 : 403);
          // Writes of customWrite resources belong to their module and its tests.
          if (def.readOnly || def.customWrite) continue;
          const payload = await validPayloadFor(t.ctx, def, accA);
          // Making a super user takes a super user (users.test.ts); here a plain one.
          if ('isSuperUser' in payload) payload.isSuperUser = false;
          const created = await call(user, 'POST', base, payload);
          expect(created.statusCode, `${who} create ${def.name}: ${created.body}`).toBe(
            writable[who] ? 201 : 403,
          );
        }
      });
    }
  });
});
