import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount, aPowerUser, type TestUser } from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;
let manager: TestUser;
let base = '';

beforeAll(async () => {
  t = await createTestApp();
  manager = await aPowerUser(t.ctx, await anAccount(t.ctx));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

describe('the input boundary over real HTTP', () => {
  it('lets a file streamed as the body through to its route (a CSV import sent as the body)', async () => {
    const res = await fetch(`${base}/api/Import/products?mode=preview&wait=true`, {
      method: 'POST',
      headers: { ...manager.headers, 'content-type': 'text/csv' },
      body: 'index,name\r\nSTREAM-1,Streamed body\r\n',
    });
    const body = await res.text();
    expect(res.status, body).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ status: 'done', rowsRead: 1, rowsImported: 1, problemCount: 0 });
  });

  it('still refuses a JSON body with text the database cannot store', async () => {
    const res = await fetch(`${base}/api/Product`, {
      method: 'POST',
      headers: { ...manager.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ index: 'NUL-1', name: 'bad\u0000name' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'formHasErrors',
      fields: [{ field: 'name', rule: 'forbiddenChar' }],
    });
  });
});
