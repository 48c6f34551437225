import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileData } from '../../../server/db/internalTables';
import { moveDatabaseFiles, runFileJanitor } from '../../../server/files/fileJanitor';
import { loadOfficeConfig } from '../../../server/office/officeConfig';
import { fileTrash } from '../../../server/office/officeTables';
import type { Row } from '../../../server/resources/rows';
import {
  aContractorUser,
  anAccount,
  aPowerUser,
  aRecord,
  aSuperUser,
  definitionOf,
  multipartBody,
  type TestUser,
  tinyPng,
} from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

const pdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** The start of a Windows executable (DOS header, PE signature) — what a renamed .exe looks like. */
const exe = () => {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
};
const xlsx = async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Stock');
  sheet.addRow(['Index', 'Name', 'Quantity']);
  sheet.addRow(['P-1', 'Łódź pallet', 5]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

describe('attachments on every record', () => {
  let t: TestApp;
  let dir: string;
  let acc: string;
  let admin: TestUser;
  let manager: TestUser;
  let stranger: TestUser;
  let companyId: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'aisle-files-'));
    t = await createTestApp({
      config: {
        office: loadOfficeConfig(undefined, { backgroundIntervalMs: 0, files: { kind: 'disk', dir } }),
      },
    });
    acc = await anAccount(t.ctx, 'Files Co');
    admin = await aSuperUser(t.ctx, acc);
    manager = await aPowerUser(t.ctx, acc);
    stranger = await aSuperUser(t.ctx, await anAccount(t.ctx));
    companyId = String((await aRecord(t.ctx, definitionOf(t.ctx, 'company'), acc)).id);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const upload = (
    who: TestUser,
    type: string,
    id: string,
    field: string,
    files: { fileName: string; contentType: string; data: Buffer }[],
  ) => {
    const body = multipartBody(field, files);
    return t.app.inject({
      method: 'POST',
      url: `/api/File/upload?refResourceType=${type}&refResourceId=${id}`,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const list = (who: TestUser, type: string, id: string) =>
    t.call(who, 'GET', `/api/File/list?refResourceType=${type}&refResourceId=${id}`);
  const onDisk = (id: string) => existsSync(join(dir, acc, id));

  it('attaches several files to a company, lists them, downloads one byte for byte, from the disk store', async () => {
    const res = await upload(manager, 'Company', companyId, 'files', [
      { fileName: 'contract.pdf', contentType: 'application/pdf', data: pdf() },
      { fileName: 'stamp.png', contentType: 'application/octet-stream', data: tinyPng() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const files = (res.json() as { files: Row[] }).files;
    expect(files.map((f) => [f.fileName, f.contentType, f.refResourceType])).toEqual([
      ['contract.pdf', 'application/pdf', 'company'],
      // Typed by content, not by what the browser said.
      ['stamp.png', 'image/png', 'company'],
    ]);
    const listed = (await list(manager, 'company', companyId)).json() as { results: Row[] };
    expect(listed.results.map((f) => f.fileName)).toEqual(['contract.pdf', 'stamp.png']);
    const id = String(files[0]?.id);
    expect(onDisk(id)).toBe(true);
    const download = await t.call(manager, 'GET', `/api/File/download/${id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf())).toBe(true);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('checks files by content: an executable renamed .pdf and binary "text" are refused, images only as images', async () => {
    const spoofed = await upload(manager, 'company', companyId, 'files', [
      { fileName: 'invoice.pdf', contentType: 'application/pdf', data: exe() },
    ]);
    expect(spoofed.statusCode).toBe(415);
    expect(spoofed.json()).toMatchObject({ code: 'fileContentNotAllowed' });
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
    expect(
      (
        await upload(manager, 'company', companyId, 'files', [
          { fileName: 'notes.txt', contentType: 'text/plain', data: elf },
        ])
      ).statusCode,
    ).toBe(415);
    const binary = Buffer.from([0, 1, 2, 3, 255, 254, 0, 9]);
    expect(
      (
        await upload(manager, 'company', companyId, 'files', [
          { fileName: 'data.csv', contentType: 'text/csv', data: binary },
        ])
      ).statusCode,
    ).toBe(415);
    const csv = await upload(manager, 'company', companyId, 'files', [
      {
        fileName: 'stock.csv',
        contentType: 'application/octet-stream',
        data: Buffer.from('index;qty\nP-1;5\n'),
      },
    ]);
    expect(csv.statusCode, csv.body).toBe(201);
    expect((csv.json() as { files: Row[] }).files[0]?.contentType).toBe('text/csv');
    const pdfAsImage = await upload(manager, 'company', companyId, 'images', [
      { fileName: 'photo.png', contentType: 'image/png', data: pdf() },
    ]);
    expect(pdfAsImage.json()).toMatchObject({ code: 'fileExtensionNotAllowed' });
    // Nothing refused was kept.
    const names = ((await list(manager, 'company', companyId)).json() as { results: Row[] }).results.map(
      (f) => f.fileName,
    );
    expect(names).not.toContain('invoice.pdf');
    expect(names).not.toContain('notes.txt');
  });

  it("holds uploads to the company's size limit, which only a super user sets", async () => {
    expect((await t.call(manager, 'PUT', '/api/OfficeSettings', { maxFileMb: 50 })).statusCode).toBe(403);
    expect((await t.call(admin, 'PUT', '/api/OfficeSettings', { maxFileMb: 500 })).json()).toMatchObject({
      code: 'formHasErrors',
      fields: [{ field: 'maxFileMb', rule: 'maxValue' }],
    });
    const set = await t.call(admin, 'PUT', '/api/OfficeSettings', { maxFileMb: 1 });
    expect(set.json()).toMatchObject({ maxFileMb: 1 });
    expect((await t.call(manager, 'GET', '/api/OfficeSettings')).json()).toMatchObject({ maxFileMb: 1 });
    const big = Buffer.concat([pdf(), Buffer.alloc(1024 * 1024 + 10, 32)]);
    const res = await upload(manager, 'company', companyId, 'files', [
      { fileName: 'big.pdf', contentType: 'application/pdf', data: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'fileTooBigForCompany',
      fields: [{ rule: 'fileTooBigForCompany', params: { max: 1 } }],
    });
    expect((res.json() as { message: string }).message).toContain('1 MB');
    const fits = Buffer.concat([pdf(), Buffer.alloc(900 * 1024, 32)]);
    expect(
      (
        await upload(manager, 'company', companyId, 'files', [
          { fileName: 'fits.pdf', contentType: 'application/pdf', data: fits },
        ])
      ).statusCode,
    ).toBe(201);
    await t.call(admin, 'PUT', '/api/OfficeSettings', { maxFileMb: 10 });
  });

  it("keeps another company's files invisible by record, by id and by filter", async () => {
    const [file] = ((await list(manager, 'company', companyId)).json() as { results: Row[] }).results;
    const id = String(file?.id);
    for (const res of [
      await list(stranger, 'company', companyId),
      await t.call(stranger, 'GET', `/api/File/download/${id}`),
      await t.call(stranger, 'GET', `/api/File/download/${id}?access_token=${stranger.token}`),
      await t.call(stranger, 'DELETE', `/api/File/delete/${id}`),
      await t.call(stranger, 'GET', `/api/FileInfo/${id}`),
      await upload(stranger, 'company', companyId, 'files', [
        { fileName: 'x.pdf', contentType: 'application/pdf', data: pdf() },
      ]),
    ])
      expect(res.statusCode).toBe(404);
    const filtered = await t.call(
      stranger,
      'GET',
      `/api/FileInfo?BasicFiltersSerialized=${encodeURIComponent(JSON.stringify([{ field: 'refResourceId', operator: 'eq', value: companyId }]))}`,
    );
    expect(filtered.json()).toMatchObject({ results: [], allFilteredRowCount: 0 });
    expect(onDisk(id)).toBe(true);
  });

  it('converts an XLSX attachment to a real PDF on download; other types cannot be', async () => {
    const res = await upload(manager, 'company', companyId, 'files', [
      { fileName: 'stock.xlsx', contentType: 'application/octet-stream', data: await xlsx() },
    ]);
    const file = (res.json() as { files: Row[] }).files[0];
    expect(file?.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const converted = await t.call(manager, 'GET', `/api/File/download/${file?.id}?convertXlsxToPdf=true`);
    expect(converted.statusCode, converted.body).toBe(200);
    expect(converted.headers['content-type']).toBe('application/pdf');
    expect(String(converted.headers['content-disposition'])).toContain('stock.pdf');
    const body = converted.rawPayload.toString('latin1');
    expect(body.startsWith('%PDF-')).toBe(true);
    expect(body.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(body).toContain('/FontFile2');
    const [png] = ((await list(manager, 'company', companyId)).json() as { results: Row[] }).results.filter(
      (f) => f.contentType === 'image/png',
    );
    expect(
      (await t.call(manager, 'GET', `/api/File/download/${png?.id}?convertXlsxToPdf=true`)).statusCode,
    ).toBe(400);
  });

  it('overrideResourceId: a record that refers to a file gives access to it through itself', async () => {
    const contractor = await aContractorUser(t.ctx, acc);
    const products = definitionOf(t.ctx, 'product');
    const base = { mainGroupId: null, defaultLocationId: null, hideFromPortal: false };
    const source = await aRecord(t.ctx, products, acc, { ...base, contractorId: null });
    const res = await upload(manager, 'product', String(source.id), 'images', [
      { fileName: 'p.png', contentType: 'image/png', data: tinyPng() },
    ]);
    const fileId = String((res.json() as { files: Row[] }).files[0]?.id);
    const theirs = await aRecord(t.ctx, products, acc, {
      ...base,
      contractorId: contractor.contractorId,
      imageUrl: `/api/File/download/${fileId}`,
    });
    const other = await aRecord(t.ctx, products, acc, { ...base, contractorId: contractor.contractorId });
    expect((await t.call(contractor, 'GET', `/api/File/download/${fileId}`)).statusCode).toBe(404);
    const through = await t.call(
      contractor,
      'GET',
      `/api/File/download/${fileId}?overrideResourceId=${theirs.id}`,
    );
    expect(through.statusCode).toBe(200);
    expect(through.rawPayload.equals(tinyPng())).toBe(true);
    expect(
      (await t.call(contractor, 'GET', `/api/File/download/${fileId}?overrideResourceId=${other.id}`))
        .statusCode,
    ).toBe(404);
  });

  it("deletes a file and its bytes; a record's files go when the record goes", async () => {
    const record = String((await aRecord(t.ctx, definitionOf(t.ctx, 'company'), acc)).id);
    const res = await upload(manager, 'company', record, 'files', [
      { fileName: 'a.pdf', contentType: 'application/pdf', data: pdf() },
      { fileName: 'b.pdf', contentType: 'application/pdf', data: pdf() },
    ]);
    const [a, b] = (res.json() as { files: Row[] }).files.map((f) => String(f.id));
    expect((await t.call(manager, 'DELETE', `/api/File/delete/${a}`)).statusCode).toBe(204);
    expect(onDisk(a ?? '')).toBe(false);
    expect((await list(manager, 'company', record)).json()).toMatchObject({ results: [{ id: b }] });

    expect((await t.call(manager, 'DELETE', `/api/Company/${record}`)).statusCode).toBe(204);
    expect((await t.call(manager, 'GET', `/api/FileInfo/${b}`)).statusCode).toBe(404);
    await runFileJanitor(t.ctx);
    expect(onDisk(b ?? '')).toBe(false);
  });

  it('files of a record deleted by another path go with the janitor', async () => {
    const companies = t.ctx.schema.resourceTables.company;
    if (!companies) throw new Error('no company table');
    const record = String((await aRecord(t.ctx, definitionOf(t.ctx, 'company'), acc)).id);
    const res = await upload(manager, 'company', record, 'files', [
      { fileName: 'c.pdf', contentType: 'application/pdf', data: pdf() },
    ]);
    const id = String((res.json() as { files: Row[] }).files[0]?.id);
    await t.ctx.db.delete(companies).where(eq(companies.id as PgColumn, record));
    await runFileJanitor(t.ctx);
    expect((await t.call(manager, 'GET', `/api/FileInfo/${id}`)).statusCode).toBe(404);
    expect(onDisk(id)).toBe(false);
  });

  it('serves files an older version kept in the database, and moves them to the store', async () => {
    const fileInfo = t.ctx.schema.resourceTables.fileInfo;
    if (!fileInfo) throw new Error('no fileInfo table');
    const [info] = await t.ctx.db
      .insert(fileInfo)
      .values({
        clientAccountId: acc,
        refResourceType: 'company',
        refResourceId: companyId,
        fileName: 'old.pdf',
        contentType: 'application/pdf',
        size: pdf().length,
      })
      .returning();
    const id = String(info?.id);
    await t.ctx.db.insert(fileData).values({ fileInfoId: id, clientAccountId: acc, data: pdf() });
    expect((await t.call(manager, 'GET', `/api/File/download/${id}`)).rawPayload.equals(pdf())).toBe(true);
    expect(await moveDatabaseFiles(t.ctx)).toBe(1);
    expect(onDisk(id)).toBe(true);
    expect(await t.ctx.db.select().from(fileData).where(eq(fileData.fileInfoId, id))).toEqual([]);
    expect((await t.call(manager, 'GET', `/api/File/download/${id}`)).rawPayload.equals(pdf())).toBe(true);
    // Nothing deleted waits in the trash: every removal above took its bytes along.
    expect(await t.ctx.db.select().from(fileTrash)).toEqual([]);
  });
});
