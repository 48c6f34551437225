import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount, aPowerUser, aUser, type TestUser } from '../../../support/builders';
import { dataOf, pullAll } from '../../../support/syncBuilders';
import { createTestApp, type TestApp } from '../../../support/testApp';

let t: TestApp;
let acc: string;
let manager: TestUser;
let picker: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  manager = await aPowerUser(t.ctx, acc, { logisticsEnabled: true });
  picker = await aUser(t.ctx, acc, { terminalEnabled: true });
});
afterAll(async () => t.close());

const config = (who: TestUser, method: 'GET' | 'PUT', body?: object, language = 'en-us') =>
  t.app.inject({
    method,
    url: '/api/ClientLogisticsConfig',
    headers: { ...who.headers, 'accept-language': language },
    ...(body ? { payload: body } : {}),
  });

describe('the terminals’ age limit in the logistics configuration', () => {
  it('is 30 minutes until a manager sets it; the terminals get the new one through the change feed', async () => {
    const before = await config(manager, 'GET');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().terminal).toEqual({ staleAfterMinutes: 30, faceRecognition: false });
    const start = (await pullAll(t, picker)).cursor;
    const saved = await config(manager, 'PUT', { ...before.json(), terminal: { staleAfterMinutes: 12 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().terminal).toEqual({ staleAfterMinutes: 12, faceRecognition: false });
    expect((await config(picker, 'GET')).json().terminal).toEqual({ staleAfterMinutes: 12, faceRecognition: false });
    const pulled = await pullAll(t, picker, start);
    expect(dataOf(pulled.changes, 'logisticsConfig', acc)).toMatchObject({
      terminal: { staleAfterMinutes: 12 },
    });
  });

  it('refuses a limit outside a minute to a week with the rule and its bound, translated, and keeps the saved one', async () => {
    const current = (await config(manager, 'GET')).json();
    const tooLow = await config(manager, 'PUT', { ...current, terminal: { staleAfterMinutes: 0 } }, 'pl-pl');
    expect(tooLow.statusCode, tooLow.body).toBe(400);
    expect(tooLow.json()).toMatchObject({
      code: 'formHasErrors',
      fields: [{ field: 'terminal.staleAfterMinutes', rule: 'minValue', params: { min: 1 } }],
    });
    expect(tooLow.json().message).not.toBe('formHasErrors');
    const tooHigh = await config(manager, 'PUT', { ...current, terminal: { staleAfterMinutes: 10_081 } });
    expect(tooHigh.json().fields).toEqual([
      { field: 'terminal.staleAfterMinutes', rule: 'maxValue', params: { max: 10_080 } },
    ]);
    const fraction = await config(manager, 'PUT', { ...current, terminal: { staleAfterMinutes: 2.5 } });
    expect(fraction.json().fields).toEqual([{ field: 'terminal.staleAfterMinutes', rule: 'invalidValue' }]);
    expect((await config(manager, 'GET')).json().terminal).toEqual(current.terminal);
  });

  it('is the managers’ to change: a picker is refused', async () => {
    const current = (await config(picker, 'GET')).json();
    const res = await config(picker, 'PUT', { ...current, terminal: { staleAfterMinutes: 5 } });
    expect(res.statusCode).toBe(403);
    expect((await config(manager, 'GET')).json().terminal).toEqual(current.terminal);
  });
});
