import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenDataSchema } from '../../../domain/auth/claims';
import { printObjectTypes } from '../../../domain/print/printVocabulary';
import { secretCode } from '../../../server/auth/secretCode';
import { clientAccount } from '../../../server/db/internalTables';
import { anAccount, aUser } from '../../support/builders';
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from '../../support/smtpCapture';
import { createTestApp, type TestApp } from '../../support/testApp';

const password = 'Long-enough-1';

const codeOf = (mail: CapturedMail, path: string): string => {
  const link = mail.links.find((l) => l.startsWith(`http://aisle.test${path}?code=`));
  if (!link) throw new Error(`no ${path} link in:\n${mail.text}`);
  return new URL(link).searchParams.get('code') ?? '';
};

describe('registration, activation and password reset', () => {
  let t: TestApp;
  let smtp: SmtpCapture;

  const unique = () => randomUUID().slice(0, 8);
  const form = (overrides: Record<string, unknown> = {}) => {
    const id = unique();
    return {
      companyName: `Company ${id}`,
      username: `Owner-${id}`,
      email: `Owner-${id}@Example.com`,
      password,
      confirmPassword: password,
      visibleName: `Owner ${id}`,
      phoneNumber: '+48 600 100 200',
      acceptTerms: true,
      ...overrides,
    };
  };
  const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/Register', payload, headers });
  const signIn = (username: string, pw = password) =>
    t.app.inject({ method: 'POST', url: '/api/Auth', payload: { username, password: pw } });
  const users = () => t.ctx.schema.resourceTables.user!;
  const userRow = async (id: string) => {
    const [row] = await t.ctx.db.select().from(users()).where(eq(users().id!, id));
    return row;
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'Aisle <no-reply@aisle.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('registers a company and its super user, e-mails the activation link; activation enables sign-in', async () => {
    const data = form();
    const res = await register(data);
    expect(res.statusCode, res.body).toBe(201);
    const { userId } = res.json() as { userId: string };

    const user = await userRow(userId);
    expect(user).toMatchObject({
      username: data.username.toLowerCase(),
      email: data.email.toLowerCase(),
      isActivated: false,
      isSuperUser: true,
      isPowerUser: true,
      logisticsEnabled: true,
      terminalEnabled: true,
      shippingEnabled: true,
      transportEnabled: true,
      contractorPortalEnabled: false,
      defaultLanguage: 'en-us',
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [account] = await t.ctx.db
      .select()
      .from(clientAccount)
      .where(eq(clientAccount.id, String(user?.clientAccountId)));
    expect(account?.name).toBe(data.companyName);
    // The new company can print every kind of record from the start: one default layout of each.
    const layouts = await t.ctx.db
      .select()
      .from(t.ctx.schema.resourceTables.printLayout!)
      .where(eq(t.ctx.schema.resourceTables.printLayout!.clientAccountId!, String(user?.clientAccountId)));
    expect(layouts.map((l) => [l.objectType, l.isDefault]).sort()).toEqual(
      printObjectTypes.map((type) => [type, true]).sort(),
    );

    const mail = await smtp.waitFor((m) => m.to.includes(data.email.toLowerCase()));
    expect(mail.from).toBe('no-reply@aisle.test');
    expect(mail.subject).toBe('Activate your Aisle account');
    const code = codeOf(mail, '/activate');
    expect(secretCode.isWellFormed(code)).toBe(true);
    // Only the hash is kept.
    expect(user?.activationCode).toBe(secretCode.hash(code));

    const before = await signIn(data.username);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({ code: 'accountNotActivated' });

    const activated = await t.app.inject({ method: 'GET', url: `/api/Register/activate/${code}` });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toEqual({ activated: true });

    const after = await signIn(data.username);
    expect(after.statusCode, after.body).toBe(200);
    expect(tokenDataSchema.parse(after.json()).claims).toMatchObject({
      sub: userId,
      IsSuperUser: true,
      LogisticsEnabled: true,
      ContractorPortalEnabled: false,
    });

    const again = await t.app.inject({ method: 'GET', url: `/api/Register/activate/${code}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'activationCodeNotFound' });
  });

  it('writes the activation e-mail in the language of the form or of the browser', async () => {
    const polish = form({ language: 'pl-pl' });
    expect((await register(polish)).statusCode).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes(polish.email.toLowerCase()));
    expect(mail.subject).toBe('Aktywuj konto w Aisle');
    expect(mail.text).toContain('Dziękujemy za rejestrację');

    const german = form();
    const res = await register(german, { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' });
    const mail2 = await smtp.waitFor((m) => m.to.includes(german.email.toLowerCase()));
    expect(mail2.subject).toBe('Aktivieren Sie Ihr Aisle-Konto');
    expect((await userRow(res.json().userId))?.defaultLanguage).toBe('de-de');
  });

  it('answers 400 formHasErrors with a rule per field', async () => {
    const res = await register({
      companyName: '',
      username: 'a b',
      email: 'not-an-email',
      password: 'short',
      confirmPassword: 'other',
      phoneNumber: '600100200',
      acceptTerms: false,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; fields: { field: string; rule: string }[] };
    expect(body.code).toBe('formHasErrors');
    const rules = Object.fromEntries(body.fields.map((f) => [f.field, f.rule]));
    expect(rules).toEqual({
      companyName: 'required',
      username: 'forbiddenChar',
      email: 'email',
      password: 'minLength',
      confirmPassword: 'sameAsPassword',
      phoneNumber: 'phoneCountryCode',
      acceptTerms: 'termsNotAccepted',
    });
    expect(body.fields.find((f) => f.field === 'password')).toMatchObject({ params: { min: 8 } });

    const more = await register({
      ...form(),
      username: 'ab',
      confirmPassword: undefined,
      acceptTerms: undefined,
    });
    expect(more.json().fields).toEqual(
      expect.arrayContaining([
        { field: 'username', rule: 'minLength', params: { min: 3 } },
        { field: 'confirmPassword', rule: 'required' },
        { field: 'acceptTerms', rule: 'termsNotAccepted' },
      ]),
    );
    for (const bad of ['with@at', 'with/slash', 'with\\backslash']) {
      const r = await register(form({ username: bad }));
      expect(r.json().fields).toEqual([{ field: 'username', rule: 'forbiddenChar' }]);
    }
    const empty = await t.app.inject({ method: 'POST', url: '/api/Register' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'formHasErrors' });
  });

  it('answers 409 usernameExist when the user name is taken in any company', async () => {
    const existing = await aUser(t.ctx, await anAccount(t.ctx));
    const res = await register(form({ username: String(existing.row.username).toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'usernameExist',
      fields: [{ field: 'username', rule: 'usernameExist' }],
    });
  });

  it('keeps the account and logs the failure when the activation e-mail cannot be sent', async () => {
    smtp.rejectMessages = true;
    try {
      const data = form();
      const res = await register(data);
      expect(res.statusCode, res.body).toBe(201);
      expect(await userRow(res.json().userId)).toBeDefined();
      const logs = t.ctx.schema.resourceTables.systemLog!;
      const rows = await t.ctx.db.select().from(logs).where(eq(logs.source!, 'mail'));
      expect(rows.some((r) => String(r.message).includes(data.email.toLowerCase()))).toBe(true);
    } finally {
      smtp.rejectMessages = false;
    }
  });

  it('answers 400 wrongActivationCode for a malformed code and 404 for an unknown one', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/Register/activate/too-short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'wrongActivationCode' });
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/Register/activate/${secretCode.create().code}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'activationCodeNotFound' });
  });

  it('resets a forgotten password through the e-mailed link and ends the old sessions', async () => {
    const user = await aUser(t.ctx, await anAccount(t.ctx, 'Reset Company'), { defaultLanguage: 'en-us' });
    const username = String(user.row.username);
    const email = String(user.row.email);
    const session = tokenDataSchema.parse((await signIn(username, 'Secret-pass-1')).json());

    const sent = await t.app.inject({
      method: 'GET',
      url: `/api/Register/send-reset/${encodeURIComponent(email.toUpperCase())}`,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sent: true });
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject === 'Password reset in Aisle');
    expect(mail.text).toContain(username);
    const code = codeOf(mail, '/recovery');

    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/Register/make-reset',
      payload: { code, password: 'New-password-1', confirmPassword: 'New-password-2' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      code: 'formHasErrors',
      fields: [{ field: 'confirmPassword', rule: 'sameAsPassword' }],
    });
    const tooShort = await t.app.inject({
      method: 'POST',
      url: '/api/Register/make-reset',
      payload: { code, password: 'short', confirmPassword: 'short' },
    });
    expect(tooShort.json()).toMatchObject({
      fields: [{ field: 'password', rule: 'minLength', params: { min: 8 } }],
    });

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/Register/make-reset',
      payload: { code, password: 'New-password-1', confirmPassword: 'New-password-1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ changed: true });

    expect((await signIn(username, 'Secret-pass-1')).statusCode).toBe(401);
    expect((await signIn(username, 'New-password-1')).statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/Auth',
      headers: { authorization: `Bearer ${session.refreshToken}` },
    });
    expect(refreshed.statusCode).toBe(401);

    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/Register/make-reset',
      payload: { code, password: 'Other-password-1', confirmPassword: 'Other-password-1' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'wrongResetCode' });
  });

  it('sends the reset link through the company e-mail account of the user', async () => {
    const acc = await anAccount(t.ctx);
    const table = t.ctx.schema.resourceTables.emailAccount!;
    await t.ctx.db.insert(table).values({
      clientAccountId: acc,
      sender: 'Warehouse Office <office@warehouse.test>',
      smtpServer: smtp.host,
      port: smtp.port,
      secure: false,
      login: 'office-login',
      password: 'office-secret',
      isDefault: true,
    });
    const user = await aUser(t.ctx, acc, { defaultLanguage: 'fr-fr' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/Register/send-reset/${String(user.row.email)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(String(user.row.email)));
    expect(mail.from).toBe('office@warehouse.test');
    expect(mail.auth).toEqual({ username: 'office-login', password: 'office-secret' });
    expect(mail.subject).toBe('Réinitialisation du mot de passe Aisle');
    expect(codeOf(mail, '/recovery')).toHaveLength(43);
  });

  it('answers 400 wrongResetCode for malformed, unknown and expired codes', async () => {
    const attempt = (code: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Register/make-reset',
        payload: { code, password: 'New-password-1', confirmPassword: 'New-password-1' },
      });
    for (const code of [undefined, 'short', secretCode.create().code]) {
      const res = await attempt(code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'wrongResetCode' });
    }
    const user = await aUser(t.ctx, await anAccount(t.ctx));
    const expired = secretCode.create();
    await t.ctx.db
      .update(users())
      .set({ resetCode: expired.hash, resetCodeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users().id!, String(user.row.id)));
    const res = await attempt(expired.code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'wrongResetCode' });
  });

  it('answers 404 emailNotFound for an unknown address', async () => {
    for (const email of ['nobody@example.com', 'not-an-address']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/Register/send-reset/${email}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'emailNotFound' });
    }
  });
});

describe('registration switched off (REGISTRATION_BLOCKED)', () => {
  it('answers 403 registrationBlocked', async () => {
    const t = await createTestApp({ config: { registrationBlocked: true } });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/Register', payload: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'registrationBlocked' });
    } finally {
      await t.close();
    }
  });
});
