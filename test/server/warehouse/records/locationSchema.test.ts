import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aContractorUser,
  aLocation,
  anAccount,
  aPowerUser,
  aUser,
  type TestUser,
} from '../../../support/builders';
import { createTestApp, type HttpMethod, type TestApp } from '../../../support/testApp';

let t: TestApp;
let acc: string;
let manager: TestUser;
let picker: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  manager = await aPowerUser(t.ctx, acc);
  picker = await aUser(t.ctx, acc, { terminalEnabled: true });
});
afterAll(async () => t.close());

const schemaCall = (who: TestUser, method: HttpMethod, id: unknown, payload?: unknown) =>
  t.call(who, method, `/api/StorageSpace/${String(id)}/schema`, payload);

const svg =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"><rect width="10" height="5"/></svg>';
/** As stored: parsed, sanitized and written again as XML (server/files/svgSanitizer.ts). */
const storedSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"><rect width="10" height="5"/></svg>';
const bounds = { southWestX: 0, southWestY: 0, northEastX: 100, northEastY: 50 };

describe('POST/PATCH/GET /api/StorageSpace/{id}/schema', () => {
  it('creates the map (201), replaces it (200), changes parts of it, and reads it back', async () => {
    const hall = await aLocation(t.ctx, acc);
    const missing = await schemaCall(manager, 'GET', hall.id);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('locationHasNoMap');

    const created = await schemaCall(manager, 'POST', hall.id, {
      svg,
      fileName: 'hall.svg',
      bounds,
      dimensions: { x: 100, y: 50, z: 8 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      storageSpaceId: hall.id,
      svg: storedSvg,
      bounds,
      dimensions: { x: 100, y: 50, z: 8 },
      version: 1,
    });

    const replaced = await schemaCall(manager, 'POST', hall.id, {
      svg,
      bounds: { ...bounds, northEastX: 200 },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ bounds: { northEastX: 200 }, dimensions: null, version: 2 });

    const patched = await schemaCall(manager, 'PATCH', hall.id, { bounds: { ...bounds, northEastY: 80 } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      svg: storedSvg,
      bounds: { northEastX: 100, northEastY: 80 },
      version: 3,
    });

    // Every staff user reads it (the terminal shows the map).
    const read = await schemaCall(picker, 'GET', hall.id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(patched.json());
  });

  it('refuses what is not a plain SVG, a too big one, and bad bounds', async () => {
    const hall = await aLocation(t.ctx, acc);
    const notSvg = await schemaCall(manager, 'POST', hall.id, { svg: '<html><body/></html>', bounds });
    expect(notSvg.statusCode).toBe(400);
    expect(notSvg.json().code).toBe('fileExtensionNotAllowed');
    const png = await schemaCall(manager, 'POST', hall.id, { svg, fileName: 'hall.png', bounds });
    expect(png.json().code).toBe('fileExtensionNotAllowed');
    // Active content is cut out by the sanitizer rather than refused (test/server/files/mapSvg.test.ts).
    const notOne = await schemaCall(manager, 'POST', hall.id, { svg: '<svg/><svg/>', bounds });
    expect(notOne.json().code).toBe('fileExtensionNotAllowed');
    const big = await schemaCall(manager, 'POST', hall.id, {
      svg: `<svg xmlns="http://www.w3.org/2000/svg"><desc>${'x'.repeat(2 * 1024 * 1024)}</desc></svg>`,
      bounds,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('fileTooBig');
    const flat = await schemaCall(manager, 'POST', hall.id, { svg, bounds: { ...bounds, northEastY: 0 } });
    expect(flat.statusCode).toBe(400);
    expect(flat.json()).toMatchObject({
      code: 'formHasErrors',
      fields: [{ field: 'bounds.northEastY', rule: 'invalidValue' }],
    });
    const noBounds = await schemaCall(manager, 'POST', hall.id, { svg });
    expect(noBounds.statusCode).toBe(400);
    expect(noBounds.json().fields).toEqual([expect.objectContaining({ field: 'bounds' })]);
    for (const body of [[], { svg: 42, bounds }, { svg, bounds: [] }]) {
      const odd = await schemaCall(manager, 'POST', hall.id, body);
      expect(odd.statusCode, JSON.stringify(body)).toBe(400);
    }
    // Nothing was stored by the refused calls.
    expect((await schemaCall(manager, 'GET', hall.id)).statusCode).toBe(404);
    // PATCH needs a map to change.
    const patch = await schemaCall(manager, 'PATCH', hall.id, { bounds });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().code).toBe('locationHasNoMap');
  });

  it('another account’s location is 404; writing needs a power user (403); contractors read nothing', async () => {
    const theirs = await aLocation(t.ctx, await anAccount(t.ctx));
    for (const method of ['GET', 'POST', 'PATCH'] as const) {
      const res = await schemaCall(
        manager,
        method,
        theirs.id,
        method === 'GET' ? undefined : { svg, bounds },
      );
      expect(res.statusCode, method).toBe(404);
      expect(res.json().code).toBe('notFoundOrNoPermission');
    }
    expect((await schemaCall(manager, 'GET', 'not-a-uuid')).statusCode).toBe(404);
    const hall = await aLocation(t.ctx, acc);
    const logistics = await aUser(t.ctx, acc, { logisticsEnabled: true });
    expect((await schemaCall(logistics, 'POST', hall.id, { svg, bounds })).statusCode).toBe(403);
    expect((await schemaCall(picker, 'PATCH', hall.id, { bounds })).statusCode).toBe(403);
    const contractor = await aContractorUser(t.ctx, acc);
    expect((await schemaCall(contractor, 'GET', hall.id)).statusCode).toBe(403);
  });
});
