import { eq, getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLoginEveryMs } from '../../../server/auth/authRoutes';
import { loadRateLimits } from '../../../server/http/rateLimits';
import { anAccount, aUser, type TestUser, testPassword } from '../../support/builders';
import { recordStatements, writtenTables } from '../../support/statementRecorder';
import { createTestApp, type TestApp } from '../../support/testApp';
import { type TestClock, testClock } from '../../support/testClock';

// Many devices signing in as one shared user at shift start must not queue on that user's row: the password is
// checked and the refresh token stored without holding it, and the last login is one short statement of its own,
// written at most once a minute (on the server's clock). Proven by what went to the database, never by timing.

let t: TestApp;
let clock: TestClock;
let user: TestUser;
let statements: ReturnType<typeof recordStatements>;
let address = 0;

const roomy = { target: 1_000, address: 1_000, windowSeconds: 600 };

beforeAll(async () => {
  clock = testClock({ flows: false });
  t = await createTestApp({ clock, config: { rateLimits: { ...loadRateLimits({}), signIn: roomy } } });
  const acc = await anAccount(t.ctx);
  user = await aUser(t.ctx, acc);
  statements = recordStatements(t.ctx.db);
});
afterAll(async () => t.close());

const users = () => {
  const table = t.ctx.schema.resourceTables.user;
  if (!table?.id) throw new Error('no user table');
  return { table, id: table.id, name: getTableName(table) };
};

const signIn = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/Auth',
    payload: { username: String(user.row.username), password: testPassword },
    remoteAddress: `10.1.0.${++address % 250}`,
  });

const lastLogin = async (): Promise<unknown> => {
  const { table, id } = users();
  const [row] = await t.ctx.db
    .select()
    .from(table)
    .where(eq(id, String(user.row.id)));
  return row?.lastLogin;
};

/** The recorded statements that write the user table, with the unit (transaction or not) each ran in. */
const userWrites = () =>
  statements.units.flatMap((unit) =>
    unit.statements
      .filter((s) => writtenTables(s).includes(users().name))
      .map((statement) => ({ statement, unit })),
  );

describe('signing in many devices of one user', () => {
  it('completes every concurrent sign-in, locking the user’s row only for a one-statement last-login update', async () => {
    statements.units.length = 0;
    const answers = await Promise.all(Array.from({ length: 16 }, () => signIn()));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);

    const writes = userWrites();
    expect(writes.length).toBeGreaterThanOrEqual(1);
    expect(writes.length).toBeLessThanOrEqual(answers.length);
    for (const { unit, statement } of writes) {
      // Alone in its unit: no refresh token, hashing or token signing runs while it holds the row.
      expect(unit.statements).toEqual([statement]);
      expect(unit.transaction).toBe(false);
      expect(statement).toMatch(/last_login/);
    }
    // Nothing locks the user's row otherwise (no SELECT … FOR UPDATE of it, no transaction touching it).
    const name = users().name;
    for (const unit of statements.units)
      for (const s of unit.statements) {
        if (/\bfor\s+(no\s+key\s+)?update\b/i.test(s)) expect(s).not.toContain(`"${name}"`);
        if (unit.transaction) expect(writtenTables(s)).not.toContain(name);
      }
    // Every sign-in stored its refresh token, none of them inside the last login's unit.
    const tokenInserts = statements.units.filter((u) =>
      u.statements.some((s) => writtenTables(s).includes('refresh_token')),
    );
    expect(tokenInserts).toHaveLength(answers.length);
    expect(((await lastLogin()) as Date).getTime()).toBe(clock.now());
  });

  it('writes the last login again only once it is a minute old on the server’s clock', async () => {
    const first = ((await lastLogin()) as Date).getTime();
    clock.advance(lastLoginEveryMs / 2);
    statements.units.length = 0;
    expect((await signIn()).statusCode).toBe(200);
    expect(userWrites()).toEqual([]);
    expect(((await lastLogin()) as Date).getTime()).toBe(first);

    clock.advance(lastLoginEveryMs / 2 + 1);
    statements.units.length = 0;
    expect((await signIn()).statusCode).toBe(200);
    expect(userWrites()).toHaveLength(1);
    expect(((await lastLogin()) as Date).getTime()).toBe(clock.now());
  });
});
