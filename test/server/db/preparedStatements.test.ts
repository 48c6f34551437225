import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  alwaysNamed,
  maxNamedPerConnection,
  namePreparedStatements,
} from '../../../server/db/preparedStatements';

/** A pool client that records the first argument of every query. */
const recordingClient = () => {
  const seen: unknown[] = [];
  const client = { query: (config: unknown) => seen.push(config) } as unknown as pg.PoolClient;
  namePreparedStatements(client);
  const run = (text: string, values: unknown[] = []) => client.query({ text, values });
  const nameOf = (i: number) => (seen[i] as { name?: string }).name;
  return { seen, run, nameOf, client };
};

describe('named prepared statements', () => {
  it('names the data statements of read-write transactions by their text, nothing else', () => {
    const c = recordingClient();
    c.run('select 1 from product where id = $1', ['a']); // 0: outside a transaction
    c.run('begin'); // 1
    c.run('select 1 from product where id = $1', ['a']); // 2
    c.run('  WITH x as (select 1) insert into t select * from x'); // 3
    c.run('select 1 from product where id = $1', ['b']); // 4: same text, same name
    c.run('savepoint s1'); // 5
    c.run('commit'); // 6
    c.run('begin isolation level repeatable read read only'); // 7
    c.run('select 1 from product where id = $1', ['a']); // 8: read-only transaction
    c.run('rollback'); // 9
    c.run('select 1 from product where id = $1', ['a']); // 10
    expect([0, 1, 5, 6, 7, 8, 9, 10].map(c.nameOf)).toEqual(Array(8).fill(undefined));
    expect(c.nameOf(2)).toMatch(/^aisle_[0-9a-f]{24}$/);
    expect(c.nameOf(4)).toBe(c.nameOf(2));
    expect(c.nameOf(3)).toMatch(/^aisle_/);
    expect(c.nameOf(3)).not.toBe(c.nameOf(2));
    expect(c.seen[2]).toMatchObject({ text: 'select 1 from product where id = $1', values: ['a'] });
  });

  it('names a statement that asks for it (its text ends with the marker) outside transactions and in read-only ones', () => {
    const c = recordingClient();
    const hot = `select 1 from sync_mutation where id = $1${alwaysNamed}`;
    c.run(hot, ['a']); // 0: outside a transaction
    c.run('begin isolation level repeatable read read only'); // 1
    c.run(hot, ['b']); // 2
    c.run('select 1 from sync_mutation where id = $1', ['c']); // 3: no marker, read-only
    expect(c.nameOf(0)).toMatch(/^aisle_[0-9a-f]{24}$/);
    expect(c.nameOf(2)).toBe(c.nameOf(0));
    expect(c.nameOf(3)).toBeUndefined();
  });

  it('keeps a name given by the caller and leaves plain-text queries alone', () => {
    const c = recordingClient();
    c.run('begin');
    c.client.query({ name: 'mine', text: 'select 2' });
    c.client.query('select 3');
    expect(c.nameOf(1)).toBe('mine');
    expect(c.seen[2]).toBe('select 3');
  });

  it('names at most a bounded number of statements per connection; those keep their names', () => {
    const c = recordingClient();
    c.run('begin');
    for (let i = 0; i <= maxNamedPerConnection; i++) c.run(`select ${i}`);
    expect(c.nameOf(maxNamedPerConnection)).toMatch(/^aisle_/);
    expect(c.nameOf(maxNamedPerConnection + 1)).toBeUndefined();
    c.run('select 0');
    expect(c.nameOf(maxNamedPerConnection + 2)).toBe(c.nameOf(1));
  });
});
