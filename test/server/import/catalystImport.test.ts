import { createServer, type Server } from 'node:http';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalystPhotoOf } from '../../../server/catalyst/catalystPhoto';
import { anAccount, aPowerUser, aUser, type TestUser } from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';
import { csv, postFile } from './importSupport';

type Row = Record<string, unknown>;

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND), so the stored photo can be compared byte for byte. */
const onePixelPng = (): Buffer => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 200, 30, 30]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const png = onePixelPng();
const header = 'imageUrl,producerName,name,productGroupName,weight,humidity,pt,pd,rh';

let t: TestApp;
let photos: Server | undefined;
let base = '';
let admin: TestUser;
let metals: Record<string, string>;

/** A local server the test starts: a PNG, an HTML page and nothing else (404). */
const startPhotoServer = async (): Promise<Server> => {
  const server = createServer((req, res) => {
    if (req.url === '/photos/kat-1.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (req.url === '/photos/page.jpg')
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html/>');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
};

const aCatalystAdmin = async () => {
  const acc = await anAccount(t.ctx);
  const user = await aUser(t.ctx, acc, { catalystAdminEnabled: true });
  return { acc, user };
};

const ok = async (who: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const res = await t.call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};

const addMetals = async (who: TestUser, symbols: readonly string[]) => {
  const ids: Record<string, string> = {};
  for (const shortName of symbols) {
    const rate = await ok(who, 'POST', '/api/catalyst/companystockraterule', {
      name: shortName,
      shortName,
      quoteCurrency: 'EUR',
    });
    ids[shortName] = String(rate.id);
  }
  return ids;
};

const catalysts = async (who: TestUser): Promise<Row[]> =>
  (await ok(who, 'GET', '/api/catalyst/catalyst?PageSize=100')).results;

const byName = (rows: Row[], name: string): Row => {
  const found = rows.find((r) => r.name === name);
  if (!found) throw new Error(`no catalyst ${name}`);
  return found;
};

const gramsOf = (row: Row): Record<string, number> =>
  Object.fromEntries(
    (row.productStockContent as { baseStockId: string; gramsPerKg: number }[]).map((c) => [
      Object.entries(metals).find(([, id]) => id === c.baseStockId)?.[0],
      c.gramsPerKg,
    ]),
  );

beforeAll(async () => {
  t = await createTestApp({ config: { catalystPrivateSources: true } });
  const server = await startPhotoServer();
  photos = server;
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const company = await aCatalystAdmin();
  admin = company.user;
  metals = await addMetals(admin, ['Pt', 'Pd', 'Rh']);
});
afterAll(async () => {
  // A failed start (no database) is the error to read, not a teardown of what never started.
  const server = photos;
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  await t?.close();
});

describe('the catalyst product template of the business-data import', () => {
  it('is offered to catalyst administrators only, with its columns in order and empty numbers read as 0', async () => {
    const res = await ok(admin, 'GET', '/api/config/importtemplate');
    const template = res.results.find((r: Row) => r.key === 'catalysts');
    expect(template.url).toBe('/api/Import/catalysts');
    expect(template.columns.map((c: Row) => c.key)).toEqual([
      'imageUrl',
      'producerName',
      'name',
      'productGroupName',
      'weight',
      'humidity',
      'pt',
      'pd',
      'rh',
    ]);
    expect(template.columns.find((c: Row) => c.key === 'name').required).toBe(true);
    for (const key of ['weight', 'humidity', 'pt', 'pd', 'rh'])
      expect(template.columns.find((c: Row) => c.key === key)).toMatchObject({
        kind: 'decimal',
        emptyIsZero: true,
      });
    const staff = await aPowerUser(t.ctx, (await aCatalystAdmin()).acc);
    const keys = (await ok(staff, 'GET', '/api/config/importtemplate')).results.map((r: Row) => r.key);
    expect(keys).not.toContain('catalysts');
    expect((await postFile(t, staff, 'catalysts', csv(header, ',,X,,,,,,'))).statusCode).toBe(403);
  });

  it('makes producers and groups by name, fetches reachable photos and warns per row about the others', async () => {
    const res = await postFile(
      t,
      admin,
      'catalysts',
      csv(
        header,
        `${base}/photos/kat-1.png,Bosal,KAT 100,Ceramic,"1,5",4,"1,2",2,"0,3"`,
        `${base}/photos/missing.jpg,bosal,KAT 101,Metal,2,,,1,`,
        `${base}/photos/page.jpg,Walker,KAT 102,ceramic,1,,,,`,
        ',,KAT 103,,,,,,',
      ),
    );
    expect(res.json()).toMatchObject({ status: 'done', rowsRead: 4, rowsImported: 4, problemCount: 0 });
    const warnings = res.json().warnings as Row[];
    expect(warnings.map((w) => [w.code, (w.params as Row).line])).toEqual([
      ['importImageUnreachable', 3],
      ['importImageUnreachable', 4],
    ]);
    expect(warnings[0]?.message).toContain(`${base}/photos/missing.jpg`);
    expect(warnings[0]?.message).toContain('3');

    const rows = await catalysts(admin);
    const producers = (await ok(admin, 'GET', '/api/catalyst/producer')).results as Row[];
    const groups = (await ok(admin, 'GET', '/api/catalyst/catalystgroup')).results as Row[];
    // Names are matched case-insensitively: one Bosal, one Ceramic; the first spelling is kept.
    expect(producers.map((p) => p.name).sort()).toEqual(['Bosal', 'Walker']);
    expect(groups.map((g) => g.name).sort()).toEqual(['Ceramic', 'Metal']);
    const bosal = producers.find((p) => p.name === 'Bosal')?.id;
    const ceramic = groups.find((g) => g.name === 'Ceramic')?.id;

    const first = byName(rows, 'KAT 100');
    expect(first).toMatchObject({ producerId: bosal, catalystGroupId: ceramic, weight: 1.5, humidity: 4 });
    expect(gramsOf(first)).toEqual({ Pt: 1.2, Pd: 2, Rh: 0.3 });
    expect(first.imageUrl).toMatch(/^\/api\/File\/download\//);
    const images = (await ok(admin, 'GET', `/api/catalyst/catalyst/${first.id}/images`)).results as Row[];
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ fileName: 'kat-1.png', contentType: 'image/png', size: png.length });
    const download = await t.call(admin, 'GET', String(first.imageUrl));
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(png)).toBe(true);

    const second = byName(rows, 'KAT 101');
    expect(second.producerId).toBe(bosal);
    expect(gramsOf(second)).toEqual({ Pt: 0, Pd: 1, Rh: 0 });
    expect(second.humidity).toBe(0);
    expect(second.imageUrl ?? null).toBeNull();
    expect(byName(rows, 'KAT 102').catalystGroupId).toBe(ceramic);
    expect((await ok(admin, 'GET', `/api/catalyst/catalyst/${second.id}/images`)).results).toEqual([]);
    const last = byName(rows, 'KAT 103');
    expect(last).toMatchObject({ producerId: null, catalystGroupId: null, weight: 0, humidity: 0 });
    expect(gramsOf(last)).toEqual({ Pt: 0, Pd: 0, Rh: 0 });
  });

  it('updates a stored catalyst by name (only the columns given), refuses a name twice and unknown metals', async () => {
    const res = await postFile(
      t,
      admin,
      'catalysts',
      csv('name,weight,pt', 'kat 100,"2,25",5', 'KAT 104,1,1', 'KAT 104,2,2'),
      { mode: 'skipBadRows' },
    );
    expect(res.json()).toMatchObject({ status: 'done', rowsImported: 2, rowsSkipped: 1 });
    const problems = (await ok(admin, 'GET', `/api/Import/jobs/${res.json().id}/problems`)).results as Row[];
    expect(problems).toEqual([
      expect.objectContaining({ line: 4, column: 'name', code: 'importDuplicateRow', params: { line: 3 } }),
    ]);
    const rows = await catalysts(admin);
    expect(rows.filter((r) => String(r.name).toLowerCase() === 'kat 100')).toHaveLength(1);
    const updated = byName(rows, 'KAT 100');
    // Weight and Pt from the file; the producer, humidity, Pd, Rh and the photo stay as they were.
    expect(updated).toMatchObject({ weight: 2.25, humidity: 4 });
    expect(gramsOf(updated)).toEqual({ Pt: 5, Pd: 2, Rh: 0.3 });
    expect(updated.imageUrl).toMatch(/^\/api\/File\/download\//);

    // A company without Rh: an empty Rh is fine, grams of it are refused on their column; nothing of the file is kept.
    const other = await aCatalystAdmin();
    await addMetals(other.user, ['Pt']);
    const refused = await postFile(
      t,
      other.user,
      'catalysts',
      csv(header, ',Bosal,B-1,,1,,1,,', ',Bosal,B-2,,1,,1,,2'),
    );
    expect(refused.json()).toMatchObject({ status: 'failed', rowsImported: 0 });
    const why = (await ok(other.user, 'GET', `/api/Import/jobs/${refused.json().id}/problems`))
      .results as Row[];
    expect(why).toEqual([
      expect.objectContaining({
        line: 3,
        column: 'rh',
        code: 'importReferenceNotFound',
        params: { value: 'Rh' },
      }),
    ]);
    expect(await catalysts(other.user)).toEqual([]);
    // Producers are per company: the other company's Bosal was not taken (and was rolled back with the file).
    expect((await ok(other.user, 'GET', '/api/catalyst/producer')).results).toEqual([]);
  });

  it('fetches photos only from http(s) addresses outside this network unless allowed', async () => {
    expect(await catalystPhotoOf(`${base}/photos/kat-1.png`, false)).toEqual({
      warning: 'the address is private to this network',
    });
    expect(await catalystPhotoOf('file:///etc/passwd', true)).toEqual({
      warning: 'only http and https addresses are read',
    });
    expect(await catalystPhotoOf('not an address', true)).toEqual({ warning: 'the address is not a URL' });
    expect((await catalystPhotoOf(`${base}/photos/kat-1.png`, true)).file?.data.equals(png)).toBe(true);
  });
});
