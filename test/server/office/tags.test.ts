import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../server/resources/rows';
import { anAccount, aRecord, aSuperUser, aUser, definitionOf, type TestUser } from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

/** The tag dictionary: records carry its names; a rename or a deletion reaches them, in one account only. */
describe('tag dictionary', () => {
  let t: TestApp;
  let acc: string;
  let other: string;
  let admin: TestUser;
  let basic: TestUser;
  let stranger: TestUser;

  const companyTags = async (who: TestUser, id: unknown) =>
    ((await t.call(who, 'GET', `/api/Company/${id}`)).json() as Row).tags;
  const byTag = async (who: TestUser, tag: string) => {
    const filters = JSON.stringify([{ field: 'tags', operator: 'contains', value: tag }]);
    const res = await t.call(
      who,
      'GET',
      `/api/Company?BasicFiltersSerialized=${encodeURIComponent(filters)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().results as Row[]).map((r) => r.shortName);
  };

  beforeAll(async () => {
    t = await createTestApp();
    acc = await anAccount(t.ctx, 'Tag Co');
    other = await anAccount(t.ctx, 'Other Co');
    admin = await aSuperUser(t.ctx, acc);
    basic = await aUser(t.ctx, acc);
    stranger = await aSuperUser(t.ctx, other);
  });
  afterAll(async () => {
    await t.close();
  });

  it('renames a tag on every record that carries it and takes a deleted tag off them, in its own account', async () => {
    const created = await t.call(admin, 'POST', '/api/Tag', { name: 'VIP', color: '#e03131' });
    expect(created.statusCode, created.body).toBe(201);
    const tag = created.json() as Row;
    const company = definitionOf(t.ctx, 'company');
    const acme = await aRecord(t.ctx, company, acc, {
      shortName: 'ACME',
      tags: ['VIP', 'north'],
      parentId: null,
    });
    const beta = await aRecord(t.ctx, company, acc, { shortName: 'Beta', tags: ['north'], parentId: null });
    const theirs = await aRecord(t.ctx, company, other, {
      shortName: 'Theirs',
      tags: ['VIP'],
      parentId: null,
    });
    expect(await byTag(admin, 'VIP')).toEqual(['ACME']);
    expect(await byTag(admin, 'north')).toEqual(expect.arrayContaining(['ACME', 'Beta']));

    const renamed = await t.call(admin, 'PUT', `/api/Tag/${tag.id}`, { ...tag, name: 'Key account' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await companyTags(admin, acme.id)).toEqual(['Key account', 'north']);
    expect(await companyTags(admin, beta.id)).toEqual(['north']);
    expect(await companyTags(stranger, theirs.id)).toEqual(['VIP']);

    const removed = await t.call(admin, 'DELETE', `/api/Tag/${tag.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await companyTags(admin, acme.id)).toEqual(['north']);
    expect(await companyTags(stranger, theirs.id)).toEqual(['VIP']);
  });

  it("keeps another company's tags invisible and leaves the dictionary to power users", async () => {
    const mine = await t.call(admin, 'POST', '/api/Tag', { name: 'Fragile', color: '#f08c00' });
    expect(mine.statusCode, mine.body).toBe(201);
    const id = (mine.json() as Row).id;
    expect((await t.call(stranger, 'GET', `/api/Tag/${id}`)).statusCode).toBe(404);
    const list = await t.call(stranger, 'GET', '/api/Tag');
    expect((list.json().results as Row[]).map((r) => r.name)).not.toContain('Fragile');
    expect((await t.call(basic, 'GET', `/api/Tag/${id}`)).statusCode).toBe(200);
    expect((await t.call(basic, 'POST', '/api/Tag', { name: 'Mine', color: '#000000' })).statusCode).toBe(
      403,
    );
  });
});
