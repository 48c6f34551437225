import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aLocation, anAccount, aPowerUser, aUser, type TestUser } from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

/**
 * Issue 24 defect 5: the map's SVG was checked with patterns, which well-known variants slip past, and was
 * stored as sent. Now it is sanitized by a parser-based allowlist before it is stored and is served on its
 * own as an inert image.
 */
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

const bounds = { southWestX: 0, southWestY: 0, northEastX: 100, northEastY: 50 };

/** Each slipped past the old pattern check (no literal "javascript:", no "<script", no " on…="). */
const bypasses = [
  '<svg xmlns="http://www.w3.org/2000/svg"><a href="java&#x09;script:alert(1)"><rect width="9" height="9"/></a></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><image href="javascript&#58;alert(1)"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><a><set attributeName="href" to="jav&#x61;script:alert(1)"/><rect/></a></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml"><h:img src="x" h:onerror="alert(1)"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><svg/onload=alert(1)></svg></svg>',
];

describe('map SVG: sanitized when stored, served inert', () => {
  it('stores none of the known bypasses and serves the drawing as an image that runs nothing', async () => {
    for (const svg of bypasses) {
      const hall = await aLocation(t.ctx, acc);
      const saved = await t.call(manager, 'POST', `/api/StorageSpace/${String(hall.id)}/schema`, {
        svg,
        bounds,
      });
      expect(saved.statusCode, `${svg}: ${saved.body}`).toBe(201);
      const stored = String(saved.json().svg);
      for (const bad of [/javascript/i, /&#/, /<set/i, /<a[\s>]/i, /onerror|onload/i, /xhtml/i])
        expect(stored, `${svg} → ${stored}`).not.toMatch(bad);

      const image = await t.app.inject({
        method: 'GET',
        url: `/api/StorageSpace/${String(hall.id)}/schema/svg?access_token=${picker.token}`,
      });
      expect(image.statusCode, image.body).toBe(200);
      expect(image.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(String(image.headers['content-security-policy'])).toMatch(/(^|; )sandbox($|;)/);
      expect(String(image.headers['content-security-policy'])).toContain("default-src 'none'");
      expect(image.body).toBe(stored);
    }
  });

  it('answers the drawing only to those who may read the location', async () => {
    const hall = await aLocation(t.ctx, acc);
    const url = `/api/StorageSpace/${String(hall.id)}/schema/svg`;
    expect((await t.call(manager, 'GET', url)).statusCode).toBe(404);
    await t.call(manager, 'POST', `/api/StorageSpace/${String(hall.id)}/schema`, {
      svg: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
      bounds,
    });
    expect((await t.call(undefined, 'GET', url)).statusCode).toBe(401);
    const other = await aPowerUser(t.ctx, await anAccount(t.ctx));
    expect((await t.call(other, 'GET', url)).statusCode).toBe(404);
    expect((await t.call(manager, 'GET', url)).statusCode).toBe(200);
  });
});
