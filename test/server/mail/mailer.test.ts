import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppMailer } from '../../../server/mail/createMailer';
import { anAccount, anEmailAccount, aPowerUser, aSuperUser } from '../../support/builders';
import { parseMail, type SmtpCapture, startSmtpCapture } from '../../support/smtpCapture';
import { createTestApp, type TestApp } from '../../support/testApp';

const registration = (id: string) => ({
  companyName: `Mail Company ${id}`,
  username: `mail-owner-${id}`,
  email: `mail-owner-${id}@example.com`,
  password: 'Long-enough-1',
  confirmPassword: 'Long-enough-1',
  acceptTerms: true,
});

describe('mailer without SMTP and with a data directory', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'aisle-mail-'));
    t = await createTestApp({ config: { dataDir: dir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the message to dataDir/mail as .eml and prints its link to the console', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/Register', payload: registration('eml') });
      expect(res.statusCode, res.body).toBe(201);
      const files = readdirSync(join(dir, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T.*-mail-owner-eml@example\.com\.eml$/);
      const mail = parseMail(readFileSync(join(dir, 'mail', files[0] ?? ''), 'utf8'));
      expect(mail.subject).toBe('Activate your Aisle account');
      const link = mail.links.find((l) => l.startsWith('http://aisle.test/activate?code='));
      expect(link).toBeDefined();
      const printed = log.mock.calls.map((c) => c.join(' ')).join('\n');
      expect(printed).toContain(link);
      const code = new URL(link ?? '').searchParams.get('code');
      const activated = await t.app.inject({ method: 'GET', url: `/api/Register/activate/${code}` });
      expect(activated.statusCode).toBe(200);
    } finally {
      log.mockRestore();
    }
  });
});

describe('mailer', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('keeps messages in memory only when there is neither SMTP nor a data directory', async () => {
    const mailer = t.ctx.mailer as AppMailer;
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await mailer.send(undefined, {
        to: 'someone@example.com',
        subject: 'Hello',
        text: 'See http://x.test/a?b=c',
      });
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
    const last = mailer.outbox.at(-1);
    expect(last).toMatchObject({ to: 'someone@example.com', subject: 'Hello', file: undefined });
    expect(last?.from).toBe(t.ctx.config.mailFrom);
    expect(parseMail(last?.raw ?? '').links).toEqual(['http://x.test/a?b=c']);
  });

  it("sends through the company's default e-mail account with its login and sender", async () => {
    const acc = await anAccount(t.ctx);
    await anEmailAccount(t.ctx, acc, {
      smtpServer: '127.0.0.1',
      port: 9, // nothing listens there: must not be chosen
      isDefault: false,
      sender: 'Other <other@company.test>',
    });
    await anEmailAccount(t.ctx, acc, {
      smtpServer: smtp.host,
      port: smtp.port,
      login: 'mailer',
      password: 'smtp-secret',
      isDefault: true,
      sender: 'Company Office <office@company.test>',
    });
    await t.ctx.mailer.send(acc, { to: 'client@example.com', subject: 'Via company', text: 'Body' });
    const mail = await smtp.waitFor((m) => m.subject === 'Via company');
    expect(mail).toMatchObject({
      from: 'office@company.test',
      to: ['client@example.com'],
      auth: { username: 'mailer', password: 'smtp-secret' },
    });
    expect(mail.raw).toContain('From: Company Office <office@company.test>');
  });

  it("does not use another company's account and falls back to the outbox", async () => {
    const other = await anAccount(t.ctx);
    await anEmailAccount(t.ctx, other, { smtpServer: smtp.host, port: smtp.port });
    const acc = await anAccount(t.ctx);
    const mailer = t.ctx.mailer as AppMailer;
    await mailer.send(acc, { to: 'x@example.com', subject: 'Not via other', text: 'Body' });
    expect(mailer.outbox.at(-1)).toMatchObject({ subject: 'Not via other', clientAccountId: acc });
    expect(smtp.messages.some((m) => m.subject === 'Not via other')).toBe(false);
  });

  it('reports a failure of the company SMTP server to the caller', async () => {
    const acc = await anAccount(t.ctx);
    await anEmailAccount(t.ctx, acc, { smtpServer: smtp.host, port: smtp.port });
    smtp.rejectMessages = true;
    try {
      await expect(
        t.ctx.mailer.send(acc, { to: 'x@example.com', subject: 'Refused', text: 'Body' }),
      ).rejects.toThrow();
    } finally {
      smtp.rejectMessages = false;
    }
  });
});

describe('mailer with SMTP_URL', () => {
  it('sends through the server-wide SMTP with the configured sender', async () => {
    const smtp = await startSmtpCapture();
    const t = await createTestApp({
      config: {
        smtpUrl: `smtp://user:pa%40ss@127.0.0.1:${smtp.port}`,
        mailFrom: 'Aisle <aisle@server.test>',
      },
    });
    try {
      await t.ctx.mailer.send(undefined, { to: 'x@example.com', subject: 'Server wide', text: 'Body' });
      const mail = await smtp.waitFor((m) => m.subject === 'Server wide');
      expect(mail).toMatchObject({
        from: 'aisle@server.test',
        auth: { username: 'user', password: 'pa@ss' },
      });
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe('EmailAccount resource', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is managed by super users; the password is stored but never returned', async () => {
    const acc = await anAccount(t.ctx);
    const admin = await aSuperUser(t.ctx, acc);
    const payload = {
      sender: 'Office <office@example.com>',
      smtpServer: 'smtp.example.com',
      port: 587,
      login: 'office',
      password: 'smtp-password',
      isDefault: true,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/EmailAccount',
      headers: admin.headers,
      payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json() as Record<string, unknown>;
    expect(row).toMatchObject({ smtpServer: 'smtp.example.com', port: 587, secure: false, isDefault: true });
    expect(row).not.toHaveProperty('password');
    const table = t.ctx.schema.resourceTables.emailAccount!;
    const [stored] = await t.ctx.db
      .select()
      .from(table)
      .where(eq(table.id!, String(row.id)));
    expect(stored?.password).toBe('smtp-password');

    const list = await t.app.inject({ method: 'GET', url: '/api/emailaccount', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).not.toContain('smtp-password');

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/EmailAccount',
      headers: admin.headers,
      payload: { sender: 'x', port: 70000 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual(
      expect.arrayContaining([
        { field: 'smtpServer', rule: 'required' },
        { field: 'port', rule: 'maxValue', params: { max: 65535 } },
      ]),
    );

    const power = await aPowerUser(t.ctx, acc);
    const refused = await t.app.inject({ method: 'GET', url: '/api/EmailAccount', headers: power.headers });
    expect(refused.statusCode).toBe(403);
  });
});
