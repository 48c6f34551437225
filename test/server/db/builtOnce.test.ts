import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BuiltOnce, placeholdersFor, tableRowsOf } from '../../../server/db/builtOnce';
import type { Executor } from '../../../server/db/client';
import { col } from '../../../server/db/resourceColumns';
import type { ResourceTable } from '../../../server/db/resourceTables';
import { anOrderProduct } from '../../support/builders';
import { mutationFixture } from '../../support/syncBuilders';

// Statements of the hot paths are built once and run with values (server/db/builtOnce.ts).

const f = mutationFixture();

const products = (): ResourceTable => {
  const table = f.t.ctx.schema.resourceTables.product;
  if (!table?.id || !table.clientAccountId) throw new Error('no product table');
  return table;
};

/** A product by account and id, built by drizzle's select builder; counts how often it is built. */
const productById = () => {
  let builds = 0;
  const statement = new BuiltOnce(['accountId', 'id'], (v, db: Executor) => {
    builds++;
    const p = products();
    return db
      .select()
      .from(p)
      .where(and(eq(col(p, 'clientAccountId'), v.accountId), eq(col(p, 'id'), v.id)));
  });
  const run = async (db: Executor, values: { accountId: string; id: unknown }) =>
    tableRowsOf(products(), await statement.rows(db, values));
  return { execute: run, builds: () => builds };
};

describe('BuiltOnce with a builder', () => {
  it('is built on its first run only and maps the rows of each run’s values as drizzle does', async () => {
    const a = await anOrderProduct(f.t.ctx, f.acc);
    const b = await anOrderProduct(f.t.ctx, f.acc);
    const statement = productById();
    const first = await statement.execute(f.t.ctx.db, { accountId: f.acc, id: a.id });
    const second = await statement.execute(f.t.ctx.db, { accountId: f.acc, id: b.id });
    expect(statement.builds()).toBe(1);
    expect(first.map((r) => r.index)).toEqual([a.index]);
    expect(second.map((r) => r.index)).toEqual([b.index]);
    expect(second[0]?.createdAt).toBeInstanceOf(Date);
    // Every field as drizzle's own select maps it (names, dates, numbers, nulls).
    const p = products();
    const byDrizzle = await f.t.ctx.db
      .select()
      .from(p)
      .where(eq(col(p, 'id'), b.id));
    expect(second).toEqual(byDrizzle);
    expect(await statement.execute(f.t.ctx.db, { accountId: randomUUID(), id: b.id })).toEqual([]);
  });

  it('runs on the executor of each run: a transaction sees its own rows', async () => {
    const statement = productById();
    await statement.execute(f.t.ctx.db, { accountId: f.acc, id: randomUUID() });
    const marker = new Error('roll back');
    await expect(
      f.t.ctx.db.transaction(async (tx) => {
        const p = products();
        const [row] = await tx
          .insert(p)
          .values({ clientAccountId: f.acc, index: 'TX-ONLY', name: 'x' })
          .returning();
        expect((await statement.execute(tx, { accountId: f.acc, id: row?.id })).map((r) => r.index)).toEqual([
          'TX-ONLY',
        ]);
        throw marker;
      }),
    ).rejects.toBe(marker);
  });
});

describe('placeholdersFor', () => {
  it('writes each run’s values through one statement per shape, encoded for their columns', async () => {
    const p = products();
    const statement = new BuiltOnce([], (_v, db) => {
      const values = placeholdersFor(p, 'p_', {
        clientAccountId: f.acc,
        index: '',
        name: '',
        weight: 0,
        lockIn: false,
      });
      return db.insert(p).values(values.fields).returning();
    });
    const run = (index: string, weight: number, lockIn: boolean) => {
      const values = placeholdersFor(p, 'p_', { clientAccountId: f.acc, index, name: index, weight, lockIn });
      expect(values.shape).toBe('clientAccountId,index,name,weight,lockIn');
      return statement.rows(f.t.ctx.db, values.params).then((rows) => tableRowsOf(p, rows));
    };
    const [a] = await run(`W-${randomUUID().slice(0, 8)}`, 1.25, true);
    const [b] = await run(`W-${randomUUID().slice(0, 8)}`, 2, false);
    expect([Number(a?.weight), a?.lockIn, Number(b?.weight), b?.lockIn]).toEqual([1.25, true, 2, false]);
    expect(a?.id).not.toBe(b?.id);
    // SQL is kept as SQL (no placeholder) and named in the shape.
    const bump = placeholdersFor(p, 'u_', { version: sql`${col(p, 'version')} + 1`, name: 'x' });
    expect([bump.shape, Object.keys(bump.params)]).toEqual(['version=sql,name', ['u_name']]);
  });
});

describe('BuiltOnce', () => {
  it('runs a raw statement built once with each run’s values', async () => {
    const product = await anOrderProduct(f.t.ctx, f.acc);
    let builds = 0;
    const statement = new BuiltOnce(['id'], (v) => {
      builds++;
      return sql`select index from product where id = ${v.id}::uuid`;
    });
    expect(await statement.rows(f.t.ctx.db, { id: product.id })).toEqual([{ index: product.index }]);
    expect(await statement.rows(f.t.ctx.db, { id: randomUUID() })).toEqual([]);
    expect(builds).toBe(1);
  });
});
