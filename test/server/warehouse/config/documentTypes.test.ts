import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../../server/resources/rows';
import { aContractorUser, anAccount, aUser, type TestUser } from '../../../support/builders';
import { createTestApp, type TestApp } from '../../../support/testApp';

let t: TestApp;
let acc: string;
let manager: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  manager = await aUser(t.ctx, acc, { logisticsEnabled: true });
});
afterAll(async () => t.close());

const types = (who: TestUser | undefined, language?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/Config/AllWarehouseDocumentTypes',
    headers: { ...(who?.headers ?? {}), ...(language ? { 'accept-language': language } : {}) },
  });

describe('GET /api/Config/AllWarehouseDocumentTypes', () => {
  it('lists the 13 document types with the spec’s short codes, their side rules and translated names', async () => {
    const res = await types(manager, 'en-us');
    expect(res.statusCode, res.body).toBe(200);
    const list: Row[] = res.json();
    expect(list.map((d) => d.code)).toEqual([
      'DIN',
      'DOU',
      'IIN',
      'IOU',
      'OIN',
      'OOU',
      'OPK',
      'PRL',
      'PRO',
      'ARL',
      'LCR',
      'SVI',
      'SVO',
    ]);
    const byCode = new Map(list.map((d) => [d.code, d]));
    expect(byCode.get('DIN')).toEqual({
      code: 'DIN',
      key: 'directReceipt',
      name: 'Direct receipt',
      kind: 'receipt',
      kindName: 'Receipt',
      sourceLocation: 'forbidden',
      destinationLocation: 'required',
      sourceContainer: 'forbidden',
      destinationContainer: 'optional',
      internal: false,
      orderBased: false,
      generated: false,
      correction: false,
      movesContainer: false,
    });
    expect(byCode.get('OOU')).toMatchObject({
      name: 'Order-based release',
      kind: 'release',
      sourceLocation: 'required',
      destinationLocation: 'forbidden',
      orderBased: true,
    });
    expect(byCode.get('IOU')).toMatchObject({ internal: true, kind: 'release' });
    expect(byCode.get('LCR')).toMatchObject({ kind: 'relocation', movesContainer: true });
    expect(byCode.get('SVI')).toMatchObject({ correction: true, generated: true });
  });

  it('names follow the caller’s language', async () => {
    const polish = (await types(manager, 'pl-pl')).json() as Row[];
    expect(polish.find((d) => d.code === 'DIN')).toMatchObject({
      name: 'Przyjęcie bezpośrednie',
      kindName: 'Przyjęcie',
    });
    for (const language of ['de-de', 'fr-fr', 'es-es', 'ru-ru']) {
      const list = (await types(manager, language)).json() as Row[];
      const din = list.find((d) => d.code === 'DIN');
      expect(din?.name, language).not.toBe('Direct receipt');
      expect(din?.name, language).not.toContain('documentTypes.');
    }
  });

  it('every staff user may read it (the terminal too); contractors are 403, anonymous callers 401', async () => {
    const picker = await aUser(t.ctx, acc, { terminalEnabled: true });
    expect((await types(picker)).statusCode).toBe(200);
    expect((await types(await aContractorUser(t.ctx, acc))).statusCode).toBe(403);
    expect((await types(undefined)).statusCode).toBe(401);
  });
});
