import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode, FieldError } from '../../../domain/errors';
import { type FieldDef, type ResourceDefinition, writableFields } from '../../../domain/resources/types';
import { translate } from '../../../server/i18n';
import { loadDefinitions } from '../../../server/resources/registry';
import type { Row } from '../../../server/resources/rows';
import {
  anAccount,
  aRecord,
  aSuperUser,
  definitionOf,
  type TestUser,
  validPayloadFor,
} from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

const definitions = await loadDefinitions();
const writable = definitions.filter((d) => !d.readOnly && !d.customWrite);
/** Resources written by an area module: their rows are inserted directly to check the database rules. */
const moduleWritten = definitions.filter((d) => d.customWrite);

/** Values that break one rule of a field, with the rule and its params. */
const breakersOf = (f: FieldDef): { value: unknown; rule: ErrorCode; params?: Record<string, number> }[] => {
  const out: { value: unknown; rule: ErrorCode; params?: Record<string, number> }[] = [];
  const textual = ['string', 'text', 'email', 'phone', 'url', 'password', 'color'].includes(f.kind);
  if (f.required) out.push({ value: undefined, rule: 'required' }, { value: '   ', rule: 'required' });
  if (textual && f.minLength !== undefined && f.minLength > 1)
    out.push({ value: 'a'.repeat(f.minLength - 1), rule: 'minLength', params: { min: f.minLength } });
  if (textual && f.maxLength !== undefined)
    out.push({ value: 'a'.repeat(f.maxLength + 1), rule: 'maxLength', params: { max: f.maxLength } });
  if (f.min !== undefined) out.push({ value: f.min - 1, rule: 'minValue', params: { min: f.min } });
  if (f.max !== undefined) out.push({ value: String(f.max + 1), rule: 'maxValue', params: { max: f.max } });
  if (f.kind === 'email') out.push({ value: 'not-an-e-mail', rule: 'email' });
  if (f.kind === 'phone') out.push({ value: '600 100 200', rule: 'phoneCountryCode' });
  if (f.forbiddenChars)
    for (const c of f.forbiddenChars) out.push({ value: `abc${c}def`, rule: 'forbiddenChar' });
  const invalid: Partial<Record<FieldDef['kind'], unknown[]>> = {
    integer: ['abc', 1.5, true],
    decimal: ['abc', {}],
    boolean: ['maybe'],
    date: ['2024-13', 20240101],
    datetime: ['yesterday'],
    enum: ['no-such-option'],
    enumList: [['no-such-option'], 'contractor'],
    tags: ['just text', [1, 2]],
    ref: ['not-a-uuid', 42],
    color: ['red'],
    string: [{ a: 1 }, ['x']],
  };
  for (const value of invalid[f.kind] ?? []) out.push({ value, rule: 'invalidValue' });
  return out;
};

describe('validation, unique and foreign-key rules of every resource', () => {
  let t: TestApp;
  let acc: string;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    acc = await anAccount(t.ctx);
    admin = await aSuperUser(t.ctx, acc);
  });
  afterAll(async () => t.close());

  const post = (def: ResourceDefinition, payload: unknown, user: TestUser = admin) =>
    t.app.inject({ method: 'POST', url: `/api/${def.path}`, payload: payload as Row, headers: user.headers });

  it('reports every rule code for a field that breaks it, in the one error shape', async () => {
    const seen = new Set<ErrorCode>();
    for (const def of writable) {
      const valid = await validPayloadFor(t.ctx, def, acc);
      for (const [field, f] of writableFields(def)) {
        for (const broken of breakersOf(f)) {
          const payload: Row = { ...valid, [field]: broken.value };
          if (broken.value === undefined) delete payload[field];
          const res = await post(def, payload);
          const what = `${def.name}.${field} = ${JSON.stringify(broken.value)}`;
          expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
          const body = res.json();
          expect(Object.keys(body).sort(), what).toEqual(['code', 'fields', 'message', 'requestId']);
          expect(body.code).toBe('formHasErrors');
          expect(body.requestId).toBe(res.headers['x-request-id']);
          expect(body.message).toBe(translate('en-us', 'errors', 'formHasErrors'));
          const expected: FieldError = broken.params
            ? { field, rule: broken.rule, params: broken.params }
            : { field, rule: broken.rule };
          expect(body.fields, what).toEqual([expected]);
          seen.add(broken.rule);
        }
      }
    }
    expect([...seen].sort()).toEqual(
      [
        'required',
        'minLength',
        'maxLength',
        'minValue',
        'maxValue',
        'email',
        'forbiddenChar',
        'phoneCountryCode',
        'invalidValue',
      ].sort(),
    );
  });

  it('refuses an invalid edit and keeps the record', async () => {
    const company = definitionOf(t.ctx, 'company');
    const created = await post(company, await validPayloadFor(t.ctx, company, acc));
    const id = created.json().id;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/Company/${id}`,
      payload: { shortName: '', officeMail: 'nope' },
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { field: 'shortName', rule: 'required' },
      { field: 'officeMail', rule: 'email' },
    ]);
    const after = await t.app.inject({ method: 'GET', url: `/api/Company/${id}`, headers: admin.headers });
    expect(after.json()).toEqual(created.json());
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of ['"text"', '[1,2]', 'null', '{bad json']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Company',
        payload,
        headers: { ...admin.headers, 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(['formHasErrors', 'badRequest']).toContain(res.json().code);
    }
  });

  it('translates messages: the user language when signed in, else Accept-Language', async () => {
    const polish = await aSuperUser(t.ctx, acc, { defaultLanguage: 'pl-pl' });
    const en = await post(definitionOf(t.ctx, 'company'), {}, admin);
    const pl = await post(definitionOf(t.ctx, 'company'), {}, polish);
    expect(pl.json().message).toBe(translate('pl-pl', 'errors', 'formHasErrors'));
    expect(en.json().message).toBe(translate('en-us', 'errors', 'formHasErrors'));
    expect(pl.json().message).not.toBe(en.json().message);
    expect(pl.json().fields).toEqual(en.json().fields);

    const anonymous = (lng: string) =>
      t.app.inject({ method: 'GET', url: '/api/Company', headers: { 'accept-language': lng } });
    const [anonPl, anonEn, anonDe] = [
      await anonymous('pl-PL,pl;q=0.9'),
      await anonymous('en-US'),
      await anonymous('de'),
    ];
    expect(anonPl.statusCode).toBe(401);
    expect(anonPl.json()).toMatchObject({
      code: 'unauthorized',
      message: translate('pl-pl', 'errors', 'unauthorized'),
    });
    expect(anonEn.json().message).toBe(translate('en-us', 'errors', 'unauthorized'));
    expect(anonDe.json().message).toBe(translate('de-de', 'errors', 'unauthorized'));
    expect(anonPl.json().message).not.toBe(anonEn.json().message);
  });

  for (const def of writable) {
    const uniques = writableFields(def).filter(([, f]) => f.unique);
    if (!uniques.length) continue;
    it(`${def.name}: unique fields conflict with 409 and the field's rule`, async () => {
      const other = await anAccount(t.ctx);
      const otherAdmin = await aSuperUser(t.ctx, other);
      for (const [field, f] of uniques) {
        const first = await post(def, await validPayloadFor(t.ctx, def, acc));
        expect(first.statusCode, first.body).toBe(201);
        const taken = first.json()[field] as string;
        const rule = f.uniqueRule ?? 'uniqueConflict';
        // Case-normalised fields clash however the value is typed.
        const same =
          typeof taken === 'string' && f.lowerCase
            ? taken.toUpperCase()
            : typeof taken === 'string' && f.upperCase
              ? taken.toLowerCase()
              : taken;
        const dup = await post(def, { ...(await validPayloadFor(t.ctx, def, acc)), [field]: same });
        expect(dup.statusCode, dup.body).toBe(409);
        expect(dup.json()).toMatchObject({ code: rule, fields: [{ field, rule }] });
        expect(dup.json().message).toBe(translate('en-us', 'errors', rule));

        // An edit onto a taken value conflicts the same way.
        const second = await post(def, await validPayloadFor(t.ctx, def, acc));
        const edit = await t.app.inject({
          method: 'PUT',
          url: `/api/${def.path}/${second.json().id}`,
          payload: { [field]: taken },
          headers: admin.headers,
        });
        expect(edit.statusCode, edit.body).toBe(409);
        expect(edit.json()).toMatchObject({ code: rule, fields: [{ field, rule }] });

        // Unique within the account: another account may use the value; globally: it may not.
        const elsewhere = await post(
          def,
          { ...(await validPayloadFor(t.ctx, def, other)), [field]: taken },
          otherAdmin,
        );
        expect(elsewhere.statusCode, elsewhere.body).toBe(f.unique === 'account' ? 201 : 409);
      }
    });
  }

  it('user: user name taken → usernameExist, e-mail taken in the account → emailExist, free in another', async () => {
    const user = definitionOf(t.ctx, 'user');
    const payload = await validPayloadFor(t.ctx, user, acc);
    expect((await post(user, payload)).statusCode).toBe(201);
    const byName = await post(user, {
      ...(await validPayloadFor(t.ctx, user, acc)),
      username: payload.username,
    });
    expect(byName.json()).toMatchObject({ code: 'usernameExist', fields: [{ field: 'username' }] });
    const byMail = await post(user, { ...(await validPayloadFor(t.ctx, user, acc)), email: payload.email });
    expect(byMail.json()).toMatchObject({ code: 'emailExist', fields: [{ field: 'email' }] });
    const other = await anAccount(t.ctx);
    const elsewhere = await post(
      user,
      { ...(await validPayloadFor(t.ctx, user, other)), email: payload.email },
      await aSuperUser(t.ctx, other),
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  for (const def of writable)
    for (const [field, f] of writableFields(def)) {
      if (f.kind !== 'ref') continue;
      const behaviour = f.onDelete ?? 'restrict';
      it(`${def.name}.${field} → ${f.ref}: deleting the referenced row is ${behaviour}`, async () => {
        const targetDef = definitionOf(t.ctx, f.ref ?? '');
        const target = await aRecord(t.ctx, targetDef, acc);
        const created = await post(
          def,
          await validPayloadFor(t.ctx, def, acc, { [field]: String(target.id) }),
        );
        expect(created.statusCode, created.body).toBe(201);
        expect(created.json()[field]).toBe(target.id);
        const id = created.json().id;
        const del = await t.app.inject({
          method: 'DELETE',
          url: `/api/${targetDef.path}/${target.id}`,
          headers: admin.headers,
        });
        const targetAfter = await t.app.inject({
          method: 'GET',
          url: `/api/${targetDef.path}/${target.id}`,
          headers: admin.headers,
        });
        const rowAfter = await t.app.inject({
          method: 'GET',
          url: `/api/${def.path}/${id}`,
          headers: admin.headers,
        });
        if (behaviour === 'restrict') {
          expect(del.statusCode, del.body).toBe(409);
          expect(del.json()).toMatchObject({
            code: 'foreignKeyConflict',
            message: translate('en-us', 'errors', 'foreignKeyConflict'),
          });
          expect(targetAfter.statusCode).toBe(200);
          expect(rowAfter.json()).toEqual(created.json());
        } else {
          expect(del.statusCode, del.body).toBe(204);
          expect(targetAfter.statusCode).toBe(404);
          if (behaviour === 'cascade') expect(rowAfter.statusCode).toBe(404);
          else expect(rowAfter.json()[field]).toBeNull();
        }
      });
    }

  for (const def of moduleWritten)
    for (const [field, f] of Object.entries(def.fields)) {
      if (f.kind !== 'ref' || f.internal) continue;
      const targetDef = definitions.find((d) => d.name === f.ref);
      // Rows of another module resource are deleted by that module's rules, not the generic DELETE.
      if (!targetDef || targetDef.readOnly || targetDef.customWrite) continue;
      const behaviour = f.onDelete ?? 'restrict';
      it(`${def.name}.${field} → ${f.ref}: deleting the referenced row is ${behaviour}`, async () => {
        const target = await aRecord(t.ctx, targetDef, acc);
        const stored = await aRecord(t.ctx, def, acc, { [field]: target.id });
        const url = `/api/${def.path}/${stored.id}`;
        const before = await t.app.inject({ method: 'GET', url, headers: admin.headers });
        expect(before.json()[field]).toBe(target.id);
        const del = await t.app.inject({
          method: 'DELETE',
          url: `/api/${targetDef.path}/${target.id}`,
          headers: admin.headers,
        });
        const rowAfter = await t.app.inject({ method: 'GET', url, headers: admin.headers });
        if (behaviour === 'restrict') {
          expect(del.statusCode, del.body).toBe(409);
          expect(del.json().code).toBe('foreignKeyConflict');
          expect(rowAfter.json()).toEqual(before.json());
        } else {
          expect(del.statusCode, del.body).toBe(204);
          if (behaviour === 'cascade') expect(rowAfter.statusCode).toBe(404);
          else expect(rowAfter.json()[field]).toBeNull();
        }
      });
    }

  it('bulk delete: the free row goes, the linked one is reported with a translated message', async () => {
    const company = definitionOf(t.ctx, 'company');
    const person = definitionOf(t.ctx, 'person');
    const linked = await aRecord(t.ctx, company, acc);
    const free = await aRecord(t.ctx, company, acc);
    await aRecord(t.ctx, person, acc, { companyId: linked.id });
    const polish = await aSuperUser(t.ctx, acc, { defaultLanguage: 'pl-pl' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Company/bulk-delete',
      payload: { ids: [linked.id, free.id, 'not-a-uuid'] },
      headers: polish.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      deleted: [free.id],
      failed: [
        {
          id: linked.id,
          code: 'foreignKeyConflict',
          message: translate('pl-pl', 'errors', 'foreignKeyConflict'),
        },
        {
          id: 'not-a-uuid',
          code: 'notFoundOrNoPermission',
          message: translate('pl-pl', 'errors', 'notFoundOrNoPermission'),
        },
      ],
    });
    const get = (id: unknown) =>
      t.app.inject({ method: 'GET', url: `/api/Company/${id}`, headers: admin.headers });
    expect((await get(linked.id)).statusCode).toBe(200);
    expect((await get(free.id)).statusCode).toBe(404);

    for (const payload of [{}, { ids: [] }, { ids: 'x' }, { ids: [1] }]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/Company/bulk-delete',
        payload,
        headers: admin.headers,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().code).toBe('badRequest');
    }
  });
});
