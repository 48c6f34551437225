import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertTransition, orderStatuses } from '../../../../domain/warehouse/statuses';
import type { Row } from '../../../../server/resources/rows';
import { anAccount, anOrderProduct, anOrderRow, aUser, type TestUser } from '../../../support/builders';
import { createTestApp, type TestApp } from '../../../support/testApp';

let t: TestApp;
let acc: string;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  user = await aUser(t.ctx, acc, { logisticsEnabled: true });
});
afterAll(async () => t.close());

const setStatus = (id: unknown, payload: unknown, lng?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/WmsOrder/${String(id)}/status`,
    headers: { ...user.headers, ...(lng ? { 'accept-language': lng } : {}) },
    payload: payload as Row,
  });

describe('POST /api/WmsOrder/{id}/status walks the domain transition table', () => {
  for (const from of orderStatuses)
    for (const realisationStarted of [false, true])
      it(`from ${from}${realisationStarted ? ' (realisation begun)' : ''}`, async () => {
        for (const to of orderStatuses) {
          const order = await anOrderRow(t.ctx, acc, { statusCode: from, realisationStarted });
          const reason = to === 'closedManually' ? 'customer cancelled' : undefined;
          const res = await setStatus(order.id, { statusCode: to, closedManuallyReason: reason });
          const expected = assertTransition(from, to, { reason, realisationStarted });
          if (expected === null) {
            expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
            expect(res.json().statusCode).toBe(to);
            if (reason) expect(res.json().closedManuallyReason).toBe(reason);
          } else {
            expect(res.statusCode, `${from} → ${to}`).toBe(409);
            expect(res.json().code).toBe('statusForbidsChange');
            expect(res.json().issues).toEqual([expect.objectContaining({ code: 'statusForbidsChange' })]);
          }
        }
      });

  it('refuses with the spec message in Polish', async () => {
    const order = await anOrderRow(t.ctx, acc, { statusCode: 'archived' });
    const res = await setStatus(order.id, { statusCode: 'inProgress' }, 'pl-pl');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Nie można już zmienić statusu tego zlecenia!');
  });

  it('reverts to a working copy only before realisation began', async () => {
    const product = await anOrderProduct(t.ctx, acc);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/WmsOrder',
      headers: user.headers,
      payload: { typeCode: 'OPI', saveAs: 'production', positions: [{ productId: product.id, quantity: 2 }] },
    });
    const order = created.json();
    expect((await setStatus(order.id, { statusCode: 'workingCopy' })).json().statusCode).toBe('workingCopy');
    await setStatus(order.id, { statusCode: 'waitingToProcess' });
    // The terminal records a quantity: realisation has begun.
    const position = order.positions[0];
    const recorded = await t.app.inject({
      method: 'PATCH',
      url: `/api/WmsOrderPosition/${position.id}/QuantityReal?quantityReal=1`,
      headers: user.headers,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const refused = await setStatus(order.id, { statusCode: 'workingCopy' });
    expect(refused.statusCode).toBe(409);
  });

  it('closes manually only with a reason', async () => {
    const order = await anOrderRow(t.ctx, acc, { statusCode: 'pending' });
    for (const reason of [undefined, '', '   ']) {
      const res = await setStatus(order.id, { statusCode: 'closedManually', closedManuallyReason: reason });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'formHasErrors',
        fields: [{ field: 'closedManuallyReason', rule: 'required' }],
      });
    }
  });

  it('refuses an unknown status, a missing body and another account’s order', async () => {
    const order = await anOrderRow(t.ctx, acc);
    for (const payload of [{ statusCode: 'done' }, {}, { statusCode: 7 }]) {
      const res = await setStatus(order.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'statusCode', rule: 'invalidValue' }]);
    }
    const foreign = await anOrderRow(t.ctx, await anAccount(t.ctx), { statusCode: 'pending' });
    expect((await setStatus(foreign.id, { statusCode: 'workingCopy' })).statusCode).toBe(404);
  });
});
