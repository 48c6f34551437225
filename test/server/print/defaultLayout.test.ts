import { beforeAll, describe, expect, it } from 'vitest';
import { seedPrintLayouts } from '../../../server/print/seedPrintLayouts';
import { anAccount, aSuperUser, type TestUser } from '../../support/builders';
import { testAppFixture } from '../../support/testApp';

const fixture = testAppFixture();

interface Layout {
  readonly id: string;
  readonly name: string;
  readonly objectType: string;
  readonly isDefault: boolean;
  readonly version: number;
}

const content = {
  location: '{{location.code}}\n{{barcode:code128 location.code}}',
  product: '{{product.index}}\n{{barcode:code128 product.index}}',
} as const;

describe('the default print layout of a kind of record', () => {
  let accountId: string;
  let admin: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    const { ctx } = fixture.t;
    accountId = await anAccount(ctx, 'Defaults Co');
    admin = await aSuperUser(ctx, accountId);
    await ctx.db.transaction((tx) => seedPrintLayouts(tx, ctx.schema, accountId));
    const otherAccountId = await anAccount(ctx);
    other = await aSuperUser(ctx, otherAccountId);
    await ctx.db.transaction((tx) => seedPrintLayouts(tx, ctx.schema, otherAccountId));
  });

  const layouts = async (who: TestUser): Promise<Layout[]> => {
    const res = await fixture.t.call(who, 'GET', '/api/PrintLayout?PageSize=200');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as Layout[];
  };
  const defaultsOf = async (who: TestUser, objectType: string) =>
    (await layouts(who)).filter((l) => l.objectType === objectType && l.isDefault).map((l) => l.name);

  let made = 0;
  const aLayout = async (objectType: keyof typeof content, isDefault = false): Promise<Layout> => {
    made += 1;
    const res = await fixture.t.call(admin, 'POST', '/api/PrintLayout', {
      name: `${objectType} layout ${made}`,
      objectType,
      paper: 'label',
      isDefault,
      content: content[objectType],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Layout;
  };
  const markDefault = (id: string) =>
    fixture.t.call(admin, 'PUT', `/api/PrintLayout/${id}`, { isDefault: true });

  it("a new default takes the mark from its kind's old default, and only there", async () => {
    expect(await defaultsOf(admin, 'location')).toEqual(['Location label']);
    const seeded = (await layouts(admin)).find((l) => l.name === 'Location label');
    const created = await aLayout('location', true);
    expect(created.isDefault).toBe(true);
    expect(await defaultsOf(admin, 'location')).toEqual([created.name]);
    // The old default is changed like any edit: a new version.
    const after = (await layouts(admin)).find((l) => l.name === 'Location label');
    expect(after?.isDefault).toBe(false);
    expect(after?.version).toBe((seeded?.version ?? 0) + 1);
    // Other kinds and the other company keep theirs.
    expect(await defaultsOf(admin, 'product')).toEqual(['Product label']);
    expect(await defaultsOf(other, 'location')).toEqual(['Location label']);
  });

  it('marking an existing layout as the default unmarks the others; saving the default again changes nothing else', async () => {
    const first = await aLayout('location');
    const res = await markDefault(first.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await defaultsOf(admin, 'location')).toEqual([first.name]);
    const renamed = await fixture.t.call(admin, 'PUT', `/api/PrintLayout/${first.id}`, {
      name: `${first.name} (renamed)`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await defaultsOf(admin, 'location')).toEqual([`${first.name} (renamed)`]);
    // A default moved to another kind takes that kind's mark and leaves its old kind without one.
    const moved = await fixture.t.call(admin, 'PUT', `/api/PrintLayout/${first.id}`, {
      objectType: 'product',
      content: content.product,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await defaultsOf(admin, 'product')).toEqual([`${first.name} (renamed)`]);
    expect(await defaultsOf(admin, 'location')).toEqual([]);
    // Unmarking is allowed: a kind may have no default (printing then takes its first layout by name).
    const unmarked = await fixture.t.call(admin, 'PUT', `/api/PrintLayout/${first.id}`, { isDefault: false });
    expect(unmarked.statusCode, unmarked.body).toBe(200);
    expect(await defaultsOf(admin, 'product')).toEqual([]);
  });

  it('two saves at the same moment, each marking another layout, leave one default', async () => {
    for (let round = 0; round < 4; round += 1) {
      const [a, b] = await Promise.all([aLayout('location'), aLayout('location')]);
      if (!a || !b) throw new Error('no layouts');
      const saved = await Promise.all([markDefault(a.id), markDefault(b.id)]);
      for (const res of saved) expect(res.statusCode, res.body).toBe(200);
      const defaults = await defaultsOf(admin, 'location');
      expect(defaults).toHaveLength(1);
      expect([a.name, b.name]).toContain(defaults[0]);
    }
    // Two layouts created as the default at the same moment: one keeps the mark.
    await Promise.all([aLayout('location', true), aLayout('location', true)]);
    expect(await defaultsOf(admin, 'location')).toHaveLength(1);
  });
});
