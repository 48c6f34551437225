import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChanges } from '../../../domain/office/recordChanges';
import type { Row } from '../../../server/resources/rows';
import { anAccount, aPowerUser, aSuperUser, aUser, type TestUser } from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

/** The change-history screen's calls: the record log filtered by record type, record, user and time. */
describe('change history (record log filtered for the history screen)', () => {
  let t: TestApp;
  let admin: TestUser;
  let clerk: TestUser;
  let basic: TestUser;
  let stranger: TestUser;
  let productId: string;

  const list = async (who: TestUser, filters: unknown[]) => {
    const res = await t.call(
      who,
      'GET',
      `/api/RecordLog?BasicFiltersSerialized=${encodeURIComponent(JSON.stringify(filters))}&sortColumn=createdAt`,
    );
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const acc = await anAccount(t.ctx, 'History Co');
    admin = await aSuperUser(t.ctx, acc);
    clerk = await aPowerUser(t.ctx, acc);
    basic = await aUser(t.ctx, acc);
    stranger = await aSuperUser(t.ctx, await anAccount(t.ctx));
    const created = await t.call(admin, 'POST', '/api/Product', { index: 'HIST-1', name: 'Bolt M8' });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as Row;
    productId = String(product.id);
    const edited = await t.call(clerk, 'PUT', `/api/Product/${productId}`, {
      ...product,
      name: 'Bolt M8 zinc',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Another record of the same kind, so the record filter has something to leave out.
    const other = await t.call(admin, 'POST', '/api/Product', { index: 'HIST-2', name: 'Nut M8' });
    expect(other.statusCode, other.body).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists one record's history by type and id, and the entry's old and new values compare", async () => {
    const res = await list(admin, [
      { field: 'resourceType', operator: 'eq', value: 'product' },
      { field: 'resourceId', operator: 'eq', value: productId },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().results as Row[];
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    const update = entries[1] as Row;
    const one = await t.call(admin, 'GET', `/api/RecordLog/${update.id}`);
    expect(one.statusCode).toBe(200);
    const entry = one.json() as Row;
    expect(recordChanges(entry.oldObject, entry.newObject)).toEqual([
      { field: 'name', before: 'Bolt M8', after: 'Bolt M8 zinc' },
    ]);
  });

  it('filters by user and by time', async () => {
    const byClerk = await list(admin, [{ field: 'userId', operator: 'eq', value: clerk.row.id }]);
    expect((byClerk.json().results as Row[]).map((e) => e.action)).toEqual(['update']);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const later = await list(admin, [{ field: 'createdAt', operator: 'gte', value: future }]);
    expect(later.json()).toMatchObject({ results: [], allFilteredRowCount: 0 });
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const since = await list(admin, [
      { field: 'createdAt', operator: 'gte', value: past },
      { field: 'resourceType', operator: 'eq', value: 'product' },
    ]);
    expect(since.json().allFilteredRowCount).toBe(3);
  });

  it("keeps another company's history invisible by filter and by id, and refuses users without the log", async () => {
    const all = await list(admin, [{ field: 'resourceId', operator: 'eq', value: productId }]);
    const [first] = all.json().results as Row[];
    const theirs = await list(stranger, [{ field: 'resourceId', operator: 'eq', value: productId }]);
    expect(theirs.json()).toMatchObject({ results: [], allFilteredRowCount: 0 });
    const byId = await t.call(stranger, 'GET', `/api/RecordLog/${first?.id}`);
    expect(byId.statusCode).toBe(404);
    const refused = await list(basic, []);
    expect(refused.statusCode).toBe(403);
  });
});
