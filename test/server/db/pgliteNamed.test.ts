import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPgliteClient, pgliteNamedRows } from '../../../server/db/pgliteNamed';
import { migratedPgliteDump } from '../../support/pgliteTemplate';

// A hot statement run on PGlite as a named prepared statement of its one session (server/db/pgliteNamed.ts). The
// database here is a PGlite of its own on either test database: the module is PGlite's alone.

let pg: PGlite;

beforeAll(async () => {
  pg = new PGlite({ loadDataDir: await migratedPgliteDump() });
  await pg.exec(`create table named_probe (id uuid primary key, n bigint not null, tag text)`);
  await pg.exec(`insert into named_probe values
    ('00000000-0000-4000-8000-000000000001', 1, 'a'),
    ('00000000-0000-4000-8000-000000000002', 2, null),
    ('00000000-0000-4000-8000-000000000003', 3, 'c')`);
}, 120_000);

afterAll(async () => {
  await pg?.close();
});

const text = `select id::text as id, n, tag, (select $3::text[]) as tags
  from named_probe where n >= $1::bigint and ($2::text is null or tag = $2::text) order by n`;

/** Statements of the session prepared with `text`. */
const preparedWith = async (statement: string): Promise<number> =>
  (
    await pg.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements where statement = $1',
      [statement],
    )
  ).rows[0]?.n ?? 0;

describe('pgliteNamedRows', () => {
  it('tells a PGlite instance from anything else', () => {
    expect(isPgliteClient(pg)).toBe(true);
    expect(isPgliteClient({ query: () => undefined })).toBe(false);
    expect(isPgliteClient(null)).toBe(false);
  });

  it('answers the rows PGlite’s own query answers, with null and array values, preparing the statement once', async () => {
    for (const values of [
      ['2', null, ['x', 'y,z']],
      ['1', 'c', []],
      ['9', null, ['only']],
    ] as const) {
      const named = await pgliteNamedRows(pg, text, values);
      const plain = await pg.query(text, [...values]);
      expect(named).toEqual(plain.rows);
    }
    expect(await pgliteNamedRows(pg, text, ['2', null, ['x', 'y,z']])).toEqual([
      { id: '00000000-0000-4000-8000-000000000002', n: 2, tag: null, tags: ['x', 'y,z'] },
      { id: '00000000-0000-4000-8000-000000000003', n: 3, tag: 'c', tags: ['x', 'y,z'] },
    ]);
    expect(await preparedWith(text)).toBe(1);
  });

  it('throws the database’s answer to a bad value and leaves the session ready for the next statement', async () => {
    await expect(pgliteNamedRows(pg, text, ['not a number', null, []])).rejects.toThrow(
      /invalid input syntax/,
    );
    expect(await pgliteNamedRows(pg, text, ['3', null, []])).toEqual([
      { id: '00000000-0000-4000-8000-000000000003', n: 3, tag: 'c', tags: [] },
    ]);
    expect((await pg.query<{ ok: number }>('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('waits for a transaction running on the instance and never runs inside it', async () => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = (): void => undefined;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const transaction = pg.transaction(async (tx) => {
      await tx.query(`insert into named_probe values ('00000000-0000-4000-8000-000000000009', 9, 'tx')`);
      entered();
      await held;
      await tx.rollback();
    });
    await inside;
    let answered = false;
    const named = pgliteNamedRows(pg, text, ['9', null, []]).then((rows) => {
      answered = true;
      return rows;
    });
    // However many turns pass, the statement waits while the transaction is open.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    release();
    await transaction;
    // Run inside the transaction, it would have seen the row the transaction wrote and then took back.
    expect(await named).toEqual([]);
  });
});
