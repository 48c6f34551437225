import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anAccount,
  anOrderLocation,
  anOrderProduct,
  aPowerUser,
  stockQuantityOf,
  type TestUser,
} from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';
import { csv, postFile } from './importSupport';

let t: TestApp;
let acc: string;
let manager: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  manager = await aPowerUser(t.ctx, acc);
});
afterAll(async () => t.close());

const rowsOf = async (resource: string, field: string, value: string) => {
  const table = t.ctx.schema.resourceTables[resource]!;
  return t.ctx.db
    .select()
    .from(table)
    .where(and(eq(table.clientAccountId!, acc), eq(table[field]!, value)));
};

const problemsOf = async (id: string) =>
  (await t.call(manager, 'GET', `/api/Import/jobs/${id}/problems`)).json().results as {
    line: number;
    column: string | null;
    code: string;
    message: string;
  }[];

describe('modes: all or nothing, skip bad rows, preview', () => {
  const file = csv(
    'index,name,weight',
    'MODE-1,First,1',
    'MODE_2,Underscore,2',
    'MODE-3,Third,abc',
    'MODE-4,Fourth,4',
  );

  it('all or nothing: one bad row keeps nothing; every bad row is listed and in the report', async () => {
    const res = await postFile(t, manager, 'products', file);
    expect(res.json()).toMatchObject({
      status: 'failed',
      rowsRead: 4,
      rowsImported: 0,
      rowsSkipped: 2,
      error: { code: 'importHasProblems', params: { count: 2 } },
    });
    expect(await rowsOf('product', 'index', 'MODE-1')).toEqual([]);
    expect(await problemsOf(res.json().id)).toEqual([
      expect.objectContaining({ line: 3, column: 'index', code: 'forbiddenChar' }),
      expect.objectContaining({ line: 4, column: 'weight', code: 'invalidValue' }),
    ]);
    const report = await t.call(manager, 'GET', `/api/Import/jobs/${res.json().id}/report`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    const lines = report.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Line,Column,Code,Problem');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^3,Index,forbiddenChar,/),
      expect.stringMatching(/^4,Weight \(kg\),invalidValue,/),
    ]);
  });

  it('skip bad rows: keeps the good rows and reports the others', async () => {
    const res = await postFile(t, manager, 'products', file, { mode: 'skipBadRows' });
    expect(res.json()).toMatchObject({ status: 'done', rowsImported: 2, rowsSkipped: 2, problemCount: 2 });
    expect(await rowsOf('product', 'index', 'MODE-1')).toHaveLength(1);
    expect(await rowsOf('product', 'index', 'MODE-4')).toHaveLength(1);
    expect((await problemsOf(res.json().id)).map((p) => p.line)).toEqual([3, 4]);
  });

  it('preview: shows the rows as they would be saved and every problem, keeps nothing', async () => {
    const res = await postFile(
      t,
      manager,
      'products',
      csv('index,name,Product group', 'PRE-1,Preview one,New group', 'PRE-1,Twice,', 'pre-3,Lower case,'),
      { mode: 'preview' },
    );
    expect(res.json()).toMatchObject({ status: 'done', mode: 'preview', rowsImported: 2, rowsSkipped: 1 });
    expect(res.json().sample.map((r: { index: string }) => r.index)).toEqual(['PRE-1', 'PRE-3']);
    expect(await problemsOf(res.json().id)).toEqual([
      expect.objectContaining({
        line: 3,
        column: 'index',
        code: 'importDuplicateRow',
        message: expect.stringContaining('2'),
      }),
    ]);
    expect(await rowsOf('product', 'index', 'PRE-1')).toEqual([]);
    expect(await rowsOf('productGroup', 'name', 'New group')).toEqual([]);
  });

  it('runs in the background and answers at once without wait; the job is followed and not visible to others', async () => {
    const res = await postFile(t, manager, 'products', csv('index,name', 'BG-1,Background'), { wait: false });
    expect(res.statusCode).toBe(202);
    expect(res.headers.location).toBe(`/api/Import/jobs/${res.json().id}`);
    let job = res.json();
    for (let i = 0; i < 200 && job.status === 'running'; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      job = (await t.call(manager, 'GET', `/api/Import/jobs/${job.id}`)).json();
    }
    expect(job).toMatchObject({ status: 'done', rowsImported: 1, progress: 1 });
    const cancel = await t.call(manager, 'POST', `/api/Import/jobs/${job.id}/cancel`);
    expect(cancel.statusCode).toBe(409);

    const other = await aPowerUser(t.ctx, await anAccount(t.ctx));
    for (const path of ['', '/problems', '/report']) {
      const seen = await t.call(other, 'GET', `/api/Import/jobs/${job.id}${path}`);
      expect(seen.statusCode).toBe(404);
    }
    expect((await t.call(other, 'POST', `/api/Import/jobs/${job.id}/cancel`)).statusCode).toBe(404);
    expect((await t.call(manager, 'GET', '/api/Import/jobs/not-a-uuid')).statusCode).toBe(404);
  });

  it('an update by key changes only the columns the file has; recent imports are listed for the account only', async () => {
    const first = await postFile(
      t,
      manager,
      'products',
      csv('index,name,barcodes,productGroupName', 'KEEP-1,Kept,KEEP1-BC,Keepers'),
    );
    expect(first.json()).toMatchObject({ status: 'done', rowsImported: 1 });
    const update = await postFile(t, manager, 'products', csv('index,name,warningStock', 'KEEP-1,Kept,12'));
    expect(update.json()).toMatchObject({ status: 'done', rowsImported: 1 });
    const [product] = await rowsOf('product', 'index', 'KEEP-1');
    const [group] = await rowsOf('productGroup', 'name', 'Keepers');
    expect(product).toMatchObject({ name: 'Kept', barcodes: ['KEEP1-BC'], mainGroupId: group?.id });
    expect(Number(product?.warningStock)).toBe(12);

    const recent = await t.call(manager, 'GET', '/api/Import/jobs');
    expect(recent.statusCode).toBe(200);
    const ids = recent.json().results.map((j: { id: string }) => j.id);
    expect(ids).toEqual(expect.arrayContaining([update.json().id, first.json().id]));
    const other = await aPowerUser(t.ctx, await anAccount(t.ctx));
    expect((await t.call(other, 'GET', '/api/Import/jobs')).json().results).toEqual([]);
  });

  it('refuses an unknown template, an unknown mode, and a caller without the rights', async () => {
    expect((await postFile(t, manager, 'nothing', csv('a', '1'))).statusCode).toBe(404);
    const mode = await t.app.inject({
      method: 'POST',
      url: '/api/Import/products?mode=sometimes',
      headers: { ...manager.headers, 'content-type': 'text/csv' },
      payload: csv('index,name', 'X-1,x'),
    });
    expect(mode.statusCode).toBe(400);
    const clerk = await aPowerUser(t.ctx, acc, { isPowerUser: false, logisticsEnabled: true });
    expect((await postFile(t, clerk, 'products', csv('index,name', 'X-1,x'))).statusCode).toBe(403);
    expect(
      (await postFile(t, clerk, 'openingStock', csv('productIndex,locationLabel', 'X,Y'))).statusCode,
    ).toBe(403);
  });
});

describe('templates', () => {
  it('companies: roles by code or by name in any language, updated by short name', async () => {
    const res = await postFile(
      t,
      manager,
      'companies',
      csv(
        'Nazwa skrócona;Role;E-mail biura',
        'NORD;Dostawca|carrier;office@nord.example',
        'SOUTH;astronaut;',
      ),
      { mode: 'skipBadRows' },
    );
    expect(res.json()).toMatchObject({ status: 'done', rowsImported: 1, rowsSkipped: 1 });
    const [nord] = await rowsOf('company', 'shortName', 'NORD');
    expect(nord).toMatchObject({ roles: ['supplier', 'carrier'], officeMail: 'office@nord.example' });
    expect(await problemsOf(res.json().id)).toEqual([
      expect.objectContaining({ line: 3, column: 'roles', code: 'invalidValue' }),
    ]);
  });

  it('people and addresses: linked to a company by its short name; an unknown company refuses the row', async () => {
    const people = await postFile(
      t,
      manager,
      'people',
      csv(
        'lastName,firstName,companyShortName,email',
        'Kowalska,Ewa,nord,ewa@nord.example',
        'Nobody,X,MISSING,',
      ),
      { mode: 'skipBadRows' },
    );
    expect(people.json()).toMatchObject({ status: 'done', rowsImported: 1, rowsSkipped: 1 });
    const [nord] = await rowsOf('company', 'shortName', 'NORD');
    const [ewa] = await rowsOf('person', 'lastName', 'Kowalska');
    expect(ewa).toMatchObject({ companyId: nord?.id, email: 'ewa@nord.example' });
    expect(await problemsOf(people.json().id)).toEqual([
      expect.objectContaining({ line: 3, column: 'companyShortName', code: 'importReferenceNotFound' }),
    ]);

    const addresses = await postFile(
      t,
      manager,
      'addresses',
      csv('companyShortName,street,city,latitude', 'NORD,Hafenstraße 1,Hamburg,', 'NORD,,Berlin,'),
      { mode: 'skipBadRows' },
    );
    expect(addresses.json()).toMatchObject({ status: 'done', rowsImported: 1, rowsSkipped: 1 });
    const [hamburg] = await rowsOf('address', 'city', 'Hamburg');
    // A coordinate left empty stays empty (0 would be a place).
    expect(hamburg).toMatchObject({ companyId: nord?.id, street: 'Hafenstraße 1', latitude: null });
  });

  it('storage spaces: parents by label (stored or on an earlier row), types by code made when missing', async () => {
    const res = await postFile(
      t,
      manager,
      'storageSpaces',
      csv(
        'label,parentLabel,typeCode,x',
        'hall-1,,HALL,',
        'h1-r01,HALL-1,rack,4.5',
        'H1-R01-01,H1-R01,BIN,',
        'H1-R02-01,H1-R02,BIN,',
        'H1-R01,,,',
      ),
      { mode: 'skipBadRows' },
    );
    expect(res.json()).toMatchObject({ status: 'done', rowsImported: 3, rowsSkipped: 2 });
    const [hall] = await rowsOf('storageSpace', 'label', 'HALL-1');
    const [rack] = await rowsOf('storageSpace', 'label', 'H1-R01');
    const [bin] = await rowsOf('storageSpace', 'label', 'H1-R01-01');
    expect(rack).toMatchObject({ parentId: hall?.id, x: 4.5 });
    expect(hall).toMatchObject({ x: null, capacityKg: null });
    expect(bin).toMatchObject({ parentId: rack?.id });
    const [rackType] = await rowsOf('storageSpaceType', 'code', 'RACK');
    expect(rack?.typeId).toBe(rackType?.id);
    expect(await problemsOf(res.json().id)).toEqual([
      expect.objectContaining({ line: 5, column: 'parentLabel', code: 'importReferenceNotFound' }),
      expect.objectContaining({ line: 6, column: 'label', code: 'importDuplicateRow' }),
    ]);

    // Hanging the hall under its own rack would make a cycle: refused.
    const cycle = await postFile(t, manager, 'storageSpaces', csv('label,parentLabel', 'HALL-1,H1-R01'));
    expect(cycle.json()).toMatchObject({ status: 'failed', rowsSkipped: 1 });
  });

  it('opening stock: confirmed receipts through the document rules; a row breaking a rule is refused on its line', async () => {
    const mug = await anOrderProduct(t.ctx, acc, { index: 'OS-MUG' });
    const milk = await anOrderProduct(t.ctx, acc, { index: 'OS-MILK', requiredExpDate: true });
    const shelf = await anOrderLocation(t.ctx, acc, { label: 'OS-SHELF' });
    await anOrderLocation(t.ctx, acc, { label: 'OS-LOCKED', lockedIn: true });
    const file = csv(
      'productIndex,locationLabel,quantity,expDate,serialNumber',
      'OS-MUG,OS-SHELF,12,,',
      'OS-MILK,OS-SHELF,5,,',
      'OS-MILK,OS-SHELF,6,2099-01-31,L1',
      'OS-MUG,OS-LOCKED,1,,',
      'OS-MUG,OS-NOWHERE,1,,',
      'OS-MUG,OS-SHELF,,,',
    );
    const strict = await postFile(t, manager, 'openingStock', file);
    expect(strict.json()).toMatchObject({ status: 'failed', rowsSkipped: 4 });
    expect(await stockQuantityOf(t.ctx, acc, String(mug.id))).toBe(0);

    const res = await postFile(t, manager, 'openingStock', file, { mode: 'skipBadRows' });
    expect(res.json()).toMatchObject({ status: 'done', rowsImported: 2, rowsSkipped: 4 });
    expect(await stockQuantityOf(t.ctx, acc, String(mug.id), String(shelf.id))).toBe(12);
    expect(await stockQuantityOf(t.ctx, acc, String(milk.id))).toBe(6);
    const problems = await problemsOf(res.json().id);
    expect(problems.map((p) => [p.line, p.code])).toEqual([
      [3, 'expiryDateRequired'],
      [5, 'destinationLocationLocked'],
      [6, 'importReferenceNotFound'],
      [7, 'quantityNotPositive'],
    ]);
    // A rule's message comes from the warehouse rules' own texts.
    expect(problems[0]?.message).not.toBe('issues.expiryDateRequired');

    const documents = t.ctx.schema.resourceTables.wmsDocument!;
    const made = await t.ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.clientAccountId!, acc), eq(documents.typeCode!, 'DIN')));
    expect(made.map((d) => d.statusCode)).toEqual(['confirmed']);
  });
});
