import { randomBytes, randomUUID } from 'node:crypto';
import { validateRecord } from '../../domain/resources/schema';
import {
  type FieldDef,
  type ResourceDefinition,
  systemFields,
  writableFields,
} from '../../domain/resources/types';
import { signAccessToken } from '../../server/auth/accessToken';
import { claimsOf } from '../../server/auth/claimsOf';
import { hashPassword } from '../../server/auth/password';
import type { AppContext } from '../../server/context';
import { clientAccount } from '../../server/db/internalTables';
import { type Row, toDbValues } from '../../server/resources/rows';

/** Test data builders: one system for every server test. */
export const testPassword = 'Secret-pass-1';
let passwordHash: Promise<string> | undefined;
const hashed = () => {
  passwordHash ??= hashPassword(testPassword);
  return passwordHash;
};

export const anAccount = async (
  ctx: AppContext,
  name = `Account ${randomUUID().slice(0, 8)}`,
): Promise<string> => {
  const [row] = await ctx.db.insert(clientAccount).values({ name }).returning({ id: clientAccount.id });
  if (!row) throw new Error('no account');
  return row.id;
};

export interface TestUser {
  readonly row: Row;
  readonly token: string;
  readonly headers: { authorization: string };
}

/** A signed-in user of an account (password `testPassword`) with an access token ready to use. */
export const aUser = async (
  ctx: AppContext,
  clientAccountId: string,
  overrides: Row = {},
): Promise<TestUser> => {
  const table = ctx.schema.resourceTables.user;
  if (!table) throw new Error('no user table');
  const suffix = randomUUID().slice(0, 8);
  const [row] = await ctx.db
    .insert(table)
    .values({
      clientAccountId,
      username: `user-${suffix}`,
      email: `user-${suffix}@example.com`,
      visibleName: `User ${suffix}`,
      passwordHash: await hashed(),
      isActivated: true,
      createdDate: new Date(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no user');
  const { token } = await signAccessToken(claimsOf(row), ctx.config.jwtSecret, ctx.config.accessTokenSeconds);
  return { row, token, headers: { authorization: `Bearer ${token}` } };
};

export const aSuperUser = (ctx: AppContext, clientAccountId: string, overrides: Row = {}) =>
  aUser(ctx, clientAccountId, {
    isSuperUser: true,
    isPowerUser: true,
    logisticsEnabled: true,
    terminalEnabled: true,
    ...overrides,
  });

export const aPowerUser = (ctx: AppContext, clientAccountId: string, overrides: Row = {}) =>
  aUser(ctx, clientAccountId, { isPowerUser: true, logisticsEnabled: true, ...overrides });

/** A contractor company of the account and a portal user linked to it. */
export const aContractorUser = async (
  ctx: AppContext,
  clientAccountId: string,
): Promise<TestUser & { contractorId: string }> => {
  const companies = ctx.schema.resourceTables.company;
  if (!companies) throw new Error('no company table');
  const [company] = await ctx.db
    .insert(companies)
    .values({ clientAccountId, shortName: `CTR-${randomUUID().slice(0, 8)}`, roles: ['contractor'] })
    .returning();
  if (!company) throw new Error('no company');
  const user = await aUser(ctx, clientAccountId, { contractorId: company.id, contractorPortalEnabled: true });
  return { ...user, contractorId: String(company.id) };
};

const isSystemField = (name: string) => (systemFields as readonly string[]).includes(name);

/** The registered definition of a resource (tests iterate `ctx.schema.definitions`). */
export const definitionOf = (ctx: AppContext, name: string): ResourceDefinition => {
  const def = ctx.schema.definitions.find((d) => d.name === name);
  if (!def) throw new Error(`no resource ${name}`);
  return def;
};

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A random text of letters and digits, fitted to the field's length bounds. */
const randomText = (f: FieldDef, wanted = 12): string => {
  const length = Math.max(f.minLength ?? 1, Math.min(wanted, f.maxLength ?? wanted));
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[(bytes[i] ?? 0) % (i === 0 ? 26 : alphabet.length)];
  return out;
};

const clamp = (n: number, f: FieldDef) => Math.min(Math.max(n, f.min ?? n), f.max ?? n);

/**
 * A valid value of one field as the API accepts it (unique fields get random values).
 * Ref fields are not handled here: validPayloadFor creates the referenced rows.
 */
export const validValueFor = (f: FieldDef): unknown => {
  switch (f.kind) {
    case 'string':
    case 'text':
      return randomText(f);
    case 'email':
      return `${randomText({ kind: 'string' }, 10)}@example.com`;
    case 'phone':
      return '+48 600 100 200';
    case 'url':
      return `https://example.com/${randomText({ kind: 'string' }, 8)}`;
    case 'password':
      return testPassword;
    case 'integer':
      return clamp(7, f);
    case 'decimal':
      return clamp(12.5, f);
    case 'boolean':
      return f.default !== true;
    case 'date':
      return '2024-05-17';
    case 'datetime':
      return '2024-05-17T10:20:30.000Z';
    case 'enum':
      return f.options?.[1] ?? f.options?.[0];
    case 'enumList':
      return f.options?.slice(0, 2) ?? [];
    case 'tags':
      return ['alpha', randomText({ kind: 'string' }, 6)];
    case 'json':
      return { answer: 42, list: [1, 'two'] };
    case 'color':
      return '#12ab34';
    case 'ref':
      return undefined;
  }
};

/**
 * A valid write payload of a resource, built from its field metadata: every writable field gets a
 * value of its kind; ref fields point at rows created first in the same account, unless `refs`
 * names the row to use.
 */
export const validPayloadFor = async (
  ctx: AppContext,
  def: ResourceDefinition,
  clientAccountId: string,
  refs: Readonly<Record<string, string>> = {},
): Promise<Row> => {
  const payload: Row = {};
  for (const [name, f] of writableFields(def)) {
    if (f.kind !== 'ref') {
      payload[name] = validValueFor(f);
      continue;
    }
    const given = refs[name];
    if (given) payload[name] = given;
    else if (f.ref !== def.name) {
      const target = await aRecord(ctx, definitionOf(ctx, f.ref ?? ''), clientAccountId);
      payload[name] = target.id;
    }
    // A reference to the same resource stays empty: it would need a row of its own first.
  }
  return payload;
};

/**
 * A stored row of any resource in an account, inserted directly (no API, no record log): writable
 * fields from validPayloadFor (normalised like the API does), server-written fields with values of
 * their kind. Users are made by aUser.
 */
export const aRecord = async (
  ctx: AppContext,
  def: ResourceDefinition,
  clientAccountId: string,
  overrides: Row = {},
): Promise<Row> => {
  const payload = await validPayloadFor(ctx, def, clientAccountId);
  if (def.name === 'user') {
    const { password: _password, ...fields } = { ...payload, ...overrides };
    // A user linked to a contractor is a contractor user; keep made-up users plain staff.
    return (await aUser(ctx, clientAccountId, { ...fields, contractorId: overrides.contractorId ?? null }))
      .row;
  }
  const checked = validateRecord(def, payload);
  if (checked.errors.length)
    throw new Error(`invalid payload for ${def.name}: ${JSON.stringify(checked.errors)}`);
  const values: Row = { ...checked.value };
  for (const [name, f] of Object.entries(def.fields)) {
    if (!f.readOnly || f.internal || f.virtual) continue;
    if (f.kind === 'ref') {
      const target = f.ref === 'user' ? (await aUser(ctx, clientAccountId)).row : undefined;
      values[name] = target?.id ?? null;
    } else values[name] = validValueFor(f);
  }
  const table = ctx.schema.resourceTables[def.name];
  if (!table) throw new Error(`no table for ${def.name}`);
  const [row] = await ctx.db
    .insert(table)
    .values({
      clientAccountId,
      ...toDbValues(def, { ...values, ...overrides }),
      // System columns (id, clientAccountId, createdAt…) may be overridden too.
      ...Object.fromEntries(Object.entries(overrides).filter(([k]) => isSystemField(k))),
    })
    .returning();
  if (!row) throw new Error(`no ${def.name}`);
  return row;
};

/** A company e-mail account (SMTP settings) of the account; `overrides` set any field. */
export const anEmailAccount = async (
  ctx: AppContext,
  clientAccountId: string,
  overrides: Row = {},
): Promise<Row> => {
  const table = ctx.schema.resourceTables.emailAccount;
  if (!table) throw new Error('no emailAccount table');
  const [row] = await ctx.db
    .insert(table)
    .values({
      clientAccountId,
      sender: 'Warehouse <office@example.com>',
      smtpServer: '127.0.0.1',
      port: 25,
      secure: false,
      isDefault: true,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no email account');
  return row;
};
