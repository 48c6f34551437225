import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../server/auth/password';
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
} from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

describe('users, configuration, company account, system log and request ids', () => {
  let t: TestApp;
  let acc: string;
  let admin: TestUser;
  let power: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    acc = await anAccount(t.ctx);
    admin = await aSuperUser(t.ctx, acc);
    power = await aPowerUser(t.ctx, acc);
  });
  afterAll(async () => t.close());

  const call = (
    user: TestUser | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...user?.headers, ...headers },
      ...(payload === undefined ? {} : { payload: payload as Row }),
    });

  const storedUser = async (id: unknown): Promise<Row> => {
    const users = t.ctx.schema.resourceTables.user;
    if (!users?.id) throw new Error('no user table');
    const [row] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, String(id)));
    if (!row) throw new Error('no such user');
    return row;
  };

  const newUser = (extra: Row = {}): Row => {
    const suffix = Math.random().toString(36).slice(2, 10);
    return {
      username: `New.User-${suffix}`,
      email: `New-${suffix}@Example.com`,
      password: 'Another-pass-9',
      ...extra,
    };
  };

  describe('users', () => {
    it('a power user creates a user: the password is hashed and never returned', async () => {
      const payload = newUser({ visibleName: 'Worker', terminalEnabled: true });
      const res = await call(power, 'POST', '/api/User', payload);
      expect(res.statusCode, res.body).toBe(201);
      const user = res.json() as Row;
      expect(user).toMatchObject({
        username: String(payload.username).toLowerCase(),
        email: String(payload.email).toLowerCase(),
        visibleName: 'Worker',
        terminalEnabled: true,
        isSuperUser: false,
        isBlocked: false,
        isActivated: true,
        clientAccountId: acc,
      });
      expect(user.createdDate).toEqual(expect.any(String));
      expect(res.body).not.toContain('Another-pass-9');
      for (const hidden of ['password', 'passwordHash', 'activationCode', 'resetCode', 'resetCodeExpiresAt'])
        expect(user).not.toHaveProperty(hidden);
      const stored = await storedUser(user.id);
      expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(String(stored.passwordHash), 'Another-pass-9')).toBe(true);

      const got = await call(power, 'GET', `/api/User/${user.id}`);
      expect(got.statusCode).toBe(200);
      expect(got.json()).toEqual(user);
      const list = await call(power, 'GET', '/api/User?PageSize=1000');
      expect(JSON.stringify(list.json())).not.toMatch(/passwordHash|argon2/);
      const log = await call(
        admin,
        'GET',
        `/api/RecordLog?BasicFiltersSerialized=${encodeURIComponent(JSON.stringify([{ field: 'resourceId', value: user.id }]))}`,
      );
      expect(log.body).not.toMatch(/passwordHash|argon2|Another-pass-9/);
    });

    it('a user needs a password; an edit without one keeps it, with one replaces it', async () => {
      const { password: _none, ...withoutPassword } = newUser();
      const refused = await call(power, 'POST', '/api/User', withoutPassword);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'formHasErrors',
        fields: [{ field: 'password', rule: 'required' }],
      });
      const short = await call(power, 'POST', '/api/User', newUser({ password: 'short' }));
      expect(short.json().fields).toEqual([{ field: 'password', rule: 'minLength', params: { min: 8 } }]);

      const created = (await call(power, 'POST', '/api/User', newUser())).json() as Row;
      const before = (await storedUser(created.id)).passwordHash;
      const renamed = await call(power, 'PUT', `/api/User/${created.id}`, { visibleName: 'Renamed' });
      expect(renamed.statusCode).toBe(200);
      expect((await storedUser(created.id)).passwordHash).toBe(before);
      await call(power, 'PUT', `/api/User/${created.id}`, { password: 'Brand-new-pass-1' });
      const after = String((await storedUser(created.id)).passwordHash);
      expect(after).not.toBe(before);
      expect(await verifyPassword(after, 'Brand-new-pass-1')).toBe(true);
    });

    it('a power user blocks and unblocks a user of the company', async () => {
      const worker = await aUser(t.ctx, acc);
      const blocked = await call(power, 'PUT', `/api/User/${worker.row.id}`, { isBlocked: true });
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(blocked.json()).toMatchObject({ isBlocked: true, version: 2 });
      expect((await storedUser(worker.row.id)).isBlocked).toBe(true);
      const list = await call(
        power,
        'GET',
        `/api/User?BasicFiltersSerialized=${encodeURIComponent(JSON.stringify([{ field: 'isBlocked', value: true }]))}`,
      );
      expect(list.json().results.map((r: Row) => r.id)).toContain(worker.row.id);
      const unblocked = await call(power, 'PUT', `/api/User/${worker.row.id}`, { isBlocked: false });
      expect(unblocked.json()).toMatchObject({ isBlocked: false, version: 3 });
    });

    it('a power user cannot create a super user nor touch one; a super user can', async () => {
      const superPayload = newUser({ isSuperUser: true });
      const res = await call(power, 'POST', '/api/User', superPayload);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
      const listed = await call(
        admin,
        'GET',
        `/api/User?BasicFiltersSerialized=${encodeURIComponent(JSON.stringify([{ field: 'username', value: String(superPayload.username).toLowerCase() }]))}`,
      );
      expect(listed.json().allFilteredRowCount).toBe(0);

      const worker = await aUser(t.ctx, acc);
      const promote = await call(power, 'PUT', `/api/User/${worker.row.id}`, { isSuperUser: true });
      expect(promote.statusCode).toBe(403);
      const otherAdmin = await aSuperUser(t.ctx, acc);
      for (const [method, payload] of [
        ['PUT', { isBlocked: true }],
        ['PUT', { visibleName: 'Demoted' }],
        ['DELETE', undefined],
      ] as const) {
        const touch = await call(power, method, `/api/User/${otherAdmin.row.id}`, payload);
        expect(touch.statusCode, `${method} ${touch.body}`).toBe(403);
      }
      expect((await storedUser(otherAdmin.row.id)).isBlocked).toBe(false);

      const bySuper = await call(admin, 'POST', '/api/User', newUser({ isSuperUser: true }));
      expect(bySuper.statusCode, bySuper.body).toBe(201);
      expect(bySuper.json().isSuperUser).toBe(true);
    });

    it('nobody blocks or deletes themselves, nor drops their own super flag', async () => {
      for (const me of [admin, power]) {
        const block = await call(me, 'PUT', `/api/User/${me.row.id}`, { isBlocked: true });
        expect(block.statusCode, block.body).toBe(403);
        const del = await call(me, 'DELETE', `/api/User/${me.row.id}`);
        expect(del.statusCode).toBe(403);
        const bulk = await call(me, 'POST', '/api/User/bulk-delete', { ids: [me.row.id] });
        expect(bulk.json()).toMatchObject({ deleted: [], failed: [{ id: me.row.id, code: 'forbidden' }] });
        const stored = await storedUser(me.row.id);
        expect(stored.isBlocked).toBe(false);
      }
      const demote = await call(admin, 'PUT', `/api/User/${admin.row.id}`, { isSuperUser: false });
      expect(demote.statusCode).toBe(403);
      const rename = await call(admin, 'PUT', `/api/User/${admin.row.id}`, { visibleName: 'Me myself' });
      expect(rename.statusCode).toBe(200);
    });

    it('GET /api/User/{id}: own account only; a basic user may not read users', async () => {
      const other = await aSuperUser(t.ctx, await anAccount(t.ctx));
      expect((await call(admin, 'GET', `/api/User/${power.row.id}`)).statusCode).toBe(200);
      expect((await call(other, 'GET', `/api/User/${power.row.id}`)).statusCode).toBe(404);
      const basic = await aUser(t.ctx, acc);
      expect((await call(basic, 'GET', `/api/User/${basic.row.id}`)).statusCode).toBe(403);
    });
  });

  describe('configuration', () => {
    it('PATCH changeuserconfig stores the language; bad values are 400', async () => {
      const me = await aUser(t.ctx, acc);
      const ok = await call(me, 'PATCH', '/api/config/changeuserconfig?paramName=language&paramValue=pl-pl');
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ ok: true });
      expect((await storedUser(me.row.id)).defaultLanguage).toBe('pl-pl');
      const startup = await call(me, 'GET', '/api/config/getuserstartupconfig');
      expect(startup.json().user.defaultLanguage).toBe('pl-pl');
      for (const query of [
        'paramName=language&paramValue=xx-xx',
        'paramName=language',
        'paramName=theme&paramValue=dark',
        'paramName=language&paramValue=pl-pl%27%3B--',
      ]) {
        const bad = await call(me, 'PATCH', `/api/config/changeuserconfig?${query}`);
        expect(bad.statusCode, query).toBe(400);
        expect(bad.json().code).toBe('badRequest');
      }
      expect((await storedUser(me.row.id)).defaultLanguage).toBe('pl-pl');
      const anonymous = await call(
        undefined,
        'PATCH',
        '/api/config/changeuserconfig?paramName=language&paramValue=de-de',
      );
      expect(anonymous.statusCode).toBe(401);
    });

    it("PATCH changeuserconfig saves a list's hidden columns per user; another user keeps their own", async () => {
      const me = await aUser(t.ctx, acc);
      const other = await aUser(t.ctx, acc);
      const save = (user: TestUser, list: string, value: string) =>
        call(user, 'PATCH', `/api/config/changeuserconfig?paramName=listColumns:${list}&paramValue=${value}`);
      // Two lists saved at once both stay saved (the user's row is locked for the read-modify-write).
      const [first, second] = await Promise.all([
        save(me, 'wmsDocument', 'contractorId,orderId'),
        save(me, 'inventoryView', 'container'),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect((await save(other, 'wmsDocument', 'typeCode')).statusCode).toBe(200);
      const startup = async (user: TestUser) =>
        (await call(user, 'GET', '/api/config/getuserstartupconfig')).json().user.listColumns;
      expect(await startup(me)).toEqual({
        wmsDocument: ['contractorId', 'orderId'],
        inventoryView: ['container'],
      });
      expect(await startup(other)).toEqual({ wmsDocument: ['typeCode'] });
      // Showing every column again forgets the list.
      expect((await save(me, 'wmsDocument', '')).statusCode).toBe(200);
      expect(await startup(me)).toEqual({ inventoryView: ['container'] });
      for (const [list, value] of [
        ['', 'a'],
        ['wms document', 'a'],
        ['inventoryView', 'a;drop'],
        ['inventoryView', 'x'.repeat(65)],
        ['inventoryView', Array.from({ length: 101 }, (_, i) => `c${i}`).join(',')],
      ] as const) {
        const bad = await save(me, encodeURIComponent(list), encodeURIComponent(value));
        expect(bad.statusCode, `${list} ${value}`).toBe(400);
        expect(bad.json().code).toBe('badRequest');
      }
      // Not writable through the generic user call.
      const put = await call(power, 'PUT', `/api/User/${other.row.id}`, { listColumns: { x: ['y'] } });
      expect(put.statusCode).toBeLessThan(500);
      expect(await startup(other)).toEqual({ wmsDocument: ['typeCode'] });
    });

    it('getuserstartupconfig returns every named key and the drawer filtered by claims', async () => {
      const me = await aSuperUser(t.ctx, acc);
      const res = await call(me, 'GET', '/api/config/getuserstartupconfig');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(
        [
          'clientAccount',
          'clientLogisticsConfig',
          'wmsDocumentActions',
          'wmsOrderActions',
          'wmsDocumentDefinitions',
          'wmsOrderDefinitions',
          'user',
          'drawerSections',
        ].sort(),
      );
      expect(body.clientAccount).toMatchObject({ id: acc });
      expect(body.clientAccount).not.toHaveProperty('registrationBlocked');
      expect(body.user).toMatchObject({
        id: me.row.id,
        username: me.row.username,
        visibleName: me.row.visibleName,
        email: me.row.email,
        defaultLanguage: 'en-us',
        contractorId: null,
      });
      expect(body.user).not.toHaveProperty('passwordHash');
      const sections = (user: TestUser) =>
        call(user, 'GET', '/api/config/getuserstartupconfig').then((r) =>
          (r.json().drawerSections as { key: string; items: { key: string }[] }[]).map((s) => s.key),
        );
      expect(await sections(admin)).toEqual(expect.arrayContaining(['administration', 'terminal', 'other']));

      const terminalOnly = await aUser(t.ctx, acc, { terminalEnabled: true });
      const terminalSections = await sections(terminalOnly);
      expect(terminalSections).toContain('terminal');
      expect(terminalSections).not.toContain('administration');
      expect(terminalSections).not.toContain('logistics');

      const contractor = await aContractorUser(t.ctx, acc);
      expect(await sections(contractor)).toEqual(['portal']);
      expect((await call(undefined, 'GET', '/api/config/getuserstartupconfig')).statusCode).toBe(401);
    });

    it('GET/PUT /api/ClientAccount: everyone reads their own, only a super user edits it', async () => {
      const basic = await aUser(t.ctx, acc);
      const read = await call(basic, 'GET', '/api/ClientAccount');
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ id: acc });
      expect(read.json()).not.toHaveProperty('registrationBlocked');

      for (const user of [basic, power]) {
        const res = await call(user, 'PUT', '/api/ClientAccount', { appTitle: 'Hijacked' });
        expect(res.statusCode).toBe(403);
      }
      const bad = await call(admin, 'PUT', '/api/ClientAccount', { invoiceEmail: 'not-an-e-mail' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'formHasErrors',
        fields: [{ field: 'invoiceEmail', rule: 'email' }],
      });
      const negative = await call(admin, 'PUT', '/api/ClientAccount', { extraBudget: -1 });
      expect(negative.json().fields).toEqual([{ field: 'extraBudget', rule: 'minValue' }]);

      const ok = await call(admin, 'PUT', '/api/ClientAccount', {
        appTitle: 'Main warehouse',
        invoiceEmail: 'invoices@example.com',
        name: 'Renamed by the client',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({
        id: acc,
        appTitle: 'Main warehouse',
        invoiceEmail: 'invoices@example.com',
      });
      expect(ok.json().name).not.toBe('Renamed by the client');
      expect((await call(basic, 'GET', '/api/ClientAccount')).json().appTitle).toBe('Main warehouse');

      const other = await aSuperUser(t.ctx, await anAccount(t.ctx));
      expect((await call(other, 'GET', '/api/ClientAccount')).json().appTitle).not.toBe('Main warehouse');
    });

    it('GET /api/systemlog/clearcache is for super users only', async () => {
      const res = await call(admin, 'GET', '/api/systemlog/clearcache');
      expect(res.statusCode).toBe(200);
      expect((await call(admin, 'GET', '/api/SYSTEMLOG/ClearCache')).statusCode).toBe(200);
      for (const user of [power, await aUser(t.ctx, acc), await aContractorUser(t.ctx, acc)]) {
        const refused = await call(user, 'GET', '/api/systemlog/clearcache');
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('forbidden');
      }
    });
  });

  describe('system log and request ids', () => {
    const systemLogFor = async (user: TestUser, filters: unknown[]) =>
      call(
        user,
        'GET',
        `/api/SystemLog?PageSize=1000&BasicFiltersSerialized=${encodeURIComponent(JSON.stringify(filters))}`,
      );

    it('a failed request is written to the system log with its status and request id', async () => {
      const company = definitionOf(t.ctx, 'company');
      const taken = await aRecord(t.ctx, company, acc);
      const requestId = `test-409-${Date.now()}`;
      const dup = await call(
        admin,
        'POST',
        '/api/Company',
        { shortName: taken.shortName },
        { 'x-request-id': requestId },
      );
      expect(dup.statusCode).toBe(409);
      expect(dup.headers['x-request-id']).toBe(requestId);
      expect(dup.json().requestId).toBe(requestId);

      const log = await systemLogFor(admin, [{ field: 'requestId', value: requestId }]);
      expect(log.statusCode).toBe(200);
      expect(log.json().results).toHaveLength(1);
      expect(log.json().results[0]).toMatchObject({
        clientAccountId: acc,
        httpStatusCode: 409,
        requestId,
        level: 'warning',
        message: expect.stringContaining('uniqueConflict'),
        raiseDate: expect.any(String),
      });

      // Another account's failures are not listed; neither are this account's to the other.
      const other = await aSuperUser(t.ctx, await anAccount(t.ctx));
      const otherId = `test-other-${Date.now()}`;
      await call(other, 'GET', '/api/Company?sortColumn=nope', undefined, { 'x-request-id': otherId });
      expect((await systemLogFor(admin, [{ field: 'requestId', value: otherId }])).json().results).toEqual(
        [],
      );
      expect(
        (await systemLogFor(other, [{ field: 'requestId', value: otherId }])).json().results,
      ).toHaveLength(1);
      expect((await systemLogFor(other, [{ field: 'requestId', value: requestId }])).json().results).toEqual(
        [],
      );
      const all = (await systemLogFor(admin, [])).json().results as Row[];
      expect(all.every((r) => r.clientAccountId === acc)).toBe(true);
    });

    it('the errors-only filter (level eq error) lists only errors', async () => {
      const systemLog = definitionOf(t.ctx, 'systemLog');
      const error = await aRecord(t.ctx, systemLog, acc, { level: 'error' });
      const warning = await aRecord(t.ctx, systemLog, acc, { level: 'warning' });
      const errors = (await systemLogFor(admin, [{ field: 'level', operator: 'eq', value: 'error' }])).json();
      const ids = errors.results.map((r: Row) => r.id);
      expect(ids).toContain(error.id);
      expect(ids).not.toContain(warning.id);
      expect(errors.results.every((r: Row) => r.level === 'error')).toBe(true);
      // Newest first by default.
      const dates = errors.results.map((r: Row) => String(r.raiseDate));
      expect([...dates].sort().reverse()).toEqual(dates);
    });

    it('x-request-id is echoed when given and generated when absent or unusable', async () => {
      const given = await call(admin, 'GET', '/api/Company', undefined, { 'x-request-id': 'abc-123.XYZ' });
      expect(given.headers['x-request-id']).toBe('abc-123.XYZ');
      const absent = await call(admin, 'GET', '/api/Company');
      expect(absent.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const again = await call(admin, 'GET', '/api/Company');
      expect(again.headers['x-request-id']).not.toBe(absent.headers['x-request-id']);
      for (const bad of ['has spaces in it', 'x'.repeat(200), '<script>']) {
        const res = await call(admin, 'GET', '/api/Company', undefined, { 'x-request-id': bad });
        expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
      const failed = await call(undefined, 'GET', '/api/Company', undefined, { 'x-request-id': 'anon-1' });
      expect(failed.json()).toMatchObject({ code: 'unauthorized', requestId: 'anon-1' });
    });
  });
});
