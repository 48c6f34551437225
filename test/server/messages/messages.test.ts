import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppMailer } from '../../../server/mail/createMailer';
import type { Row } from '../../../server/resources/rows';
import {
  aDocument,
  anAccount,
  anEmailAccount,
  aPowerUser,
  aRecord,
  aStockLocation,
  aStockProduct,
  aSuperUser,
  aUser,
  definitionOf,
  multipartBody,
  type TestUser,
} from '../../support/builders';
import { type SmtpCapture, startSmtpCapture } from '../../support/smtpCapture';
import { createTestApp, type TestApp } from '../../support/testApp';

/** A local SMS gateway speaking the HTTP adapter's protocol; `fail` makes it refuse. */
const startGateway = async () => {
  const received: { body: Record<string, unknown>; authorization: string | undefined }[] = [];
  const state = { fail: false };
  const server: Server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (c: Buffer) => {
      text += c.toString('utf8');
    });
    req.on('end', () => {
      if (state.fail) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('operator unavailable');
        return;
      }
      received.push({
        body: JSON.parse(text) as Record<string, unknown>,
        authorization: req.headers.authorization,
      });
      res
        .writeHead(202, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: `sms-${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describe('messages by e-mail and SMS, templates, e-mail accounts', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let acc: string;
  let admin: TestUser;
  let basic: TestUser;
  let stranger: TestUser;
  let person: Row;
  let company: Row;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    gateway = await startGateway();
    t = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'Aisle <no-reply@aisle.test>' } });
    acc = await anAccount(t.ctx, 'Message Co');
    admin = await aSuperUser(t.ctx, acc, { defaultLanguage: 'en-us' });
    basic = await aUser(t.ctx, acc);
    stranger = await aSuperUser(t.ctx, await anAccount(t.ctx));
    company = await aRecord(t.ctx, definitionOf(t.ctx, 'company'), acc, {
      shortName: 'ACME',
      fullName: 'ACME Trading',
      roles: ['contractor'],
      officeMail: 'office@acme.test',
      officePhone: '+48 600 700 800',
      parentId: null,
    });
    person = await aRecord(t.ctx, definitionOf(t.ctx, 'person'), acc, {
      firstName: 'Paula',
      lastName: 'Buyer',
      email: 'paula@acme.test',
      phone: '+48 601 000 111',
      companyId: company.id,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await gateway.close();
  });

  const template = async (who: TestUser, body: Row) => {
    const res = await t.call(who, 'POST', '/api/emailTemplate', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Row;
  };
  const send = (who: TestUser, body: Row) => t.call(who, 'POST', '/api/Message/send', body);

  it('sends a document by e-mail with a template filled from it (number, contractor, lines) and keeps the message', async () => {
    const product = await aStockProduct(t.ctx, acc, {
      index: 'BOLT-8',
      name: 'Bolt M8',
      contractorId: company.id,
    });
    const location = await aStockLocation(t.ctx, acc);
    const document = await aDocument(t.ctx, admin, {
      typeCode: 'DIN',
      contractorId: company.id,
      destinationLocationId: location.id,
      positions: [{ productId: product.id, quantity: 12 }],
    });
    const tpl = await template(admin, {
      name: 'Receipt note',
      refResourceType: 'wmsDocument',
      subject: 'Receipt {{documentNumber}} for {{contractor}}',
      body: 'Hello {{recipient.name}},\n\nwe received for {{contractor}}:\n{{lines}}\n\nRegards, {{user.name}} ({{company.name}})',
    });
    const res = await send(admin, {
      channel: 'email',
      templateId: tpl.id,
      refResourceType: 'WmsDocument',
      refResourceId: document.id,
      recipients: [{ type: 'person', id: person.id }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json() as Row;
    expect(message).toMatchObject({
      channel: 'email',
      status: 'sent',
      sender: 'Aisle <no-reply@aisle.test>',
      recipients: ['paula@acme.test'],
      refResourceType: 'wmsDocument',
      refResourceId: document.id,
      templateId: tpl.id,
      error: null,
    });
    expect(message.subject).toBe(`Receipt ${document.documentNumber} for ACME`);
    const mail = await smtp.waitFor((m) => m.to.includes('paula@acme.test') && m.subject === message.subject);
    expect(mail.text).toContain('Hello Paula Buyer');
    expect(mail.text).toContain('BOLT-8');
    expect(mail.text).toContain('12');
    expect(mail.text).toContain('Message Co');
    // The HTML part has the lines as a table, values escaped.
    expect(mail.raw).toContain('<table');

    const kept = await t.call(admin, 'GET', `/api/Message/${message.id}`);
    expect(kept.json()).toMatchObject({ status: 'sent', subject: message.subject });
    const log = await t.call(
      admin,
      'GET',
      `/api/RecordLog?BasicFiltersSerialized=${encodeURIComponent(JSON.stringify([{ field: 'resourceId', operator: 'eq', value: message.id }]))}`,
    );
    expect((log.json() as { results: Row[] }).results).toHaveLength(1);
  });

  it("previews in the sender's language before sending (enum values translated), without sending", async () => {
    const tpl = await template(admin, {
      name: 'Company card',
      refResourceType: 'company',
      subject: '{{shortName}}',
      body: 'Roles: {{roles}}; full name: {{fullName}}',
    });
    const count = smtp.messages.length;
    const body = {
      channel: 'email',
      templateId: tpl.id,
      refResourceType: 'company',
      refResourceId: company.id,
      recipients: [{ type: 'company', id: company.id }],
    };
    const english = (await t.call(admin, 'POST', '/api/Message/preview', body)).json() as Row;
    expect(english).toMatchObject({ subject: 'ACME', recipients: ['office@acme.test'], missing: [] });
    expect(english.text).toContain('full name: ACME Trading');
    const polish = (
      await t.call(admin, 'POST', '/api/Message/preview', { ...body, language: 'pl-pl' })
    ).json() as Row;
    expect(polish.text).not.toBe(english.text);
    expect(String(polish.html)).toContain('ACME Trading');
    expect(smtp.messages.length).toBe(count);
  });

  it("sends through the company's own e-mail account when it has one", async () => {
    const other = await anAccount(t.ctx, 'Own Mail Co');
    const owner = await aSuperUser(t.ctx, other);
    await anEmailAccount(t.ctx, other, {
      sender: 'Own Mail <desk@ownmail.test>',
      smtpServer: smtp.host,
      port: smtp.port,
      login: 'desk',
      password: 'desk-pass',
    });
    const res = await send(owner, {
      channel: 'email',
      subject: 'Hello',
      text: 'Through our account',
      recipients: [{ type: 'address', address: 'someone@example.test' }],
    });
    expect(res.json()).toMatchObject({ status: 'sent', sender: 'Own Mail <desk@ownmail.test>' });
    const mail = await smtp.waitFor((m) => m.to.includes('someone@example.test'));
    expect(mail.auth).toEqual({ username: 'desk', password: 'desk-pass' });
  });

  it('keeps a refused e-mail as failed with the server answer', async () => {
    smtp.rejectMessages = true;
    try {
      const res = await send(admin, {
        channel: 'email',
        subject: 'Refused',
        text: 'x',
        recipients: [{ type: 'person', id: person.id }],
      });
      expect(res.statusCode).toBe(201);
      const message = res.json() as Row;
      expect(message.status).toBe('failed');
      expect(String(message.error)).toContain('550');
      expect(message.sentAt).toBeNull();
    } finally {
      smtp.rejectMessages = false;
    }
  });

  it('keeps an SMS as not sent, with the reason, when the company has no gateway', async () => {
    const res = await send(basic, {
      channel: 'sms',
      text: 'Truck at 8',
      recipients: [{ type: 'person', id: person.id }],
    });
    expect(res.statusCode).toBe(201);
    const message = res.json() as Row;
    expect(message).toMatchObject({ channel: 'sms', status: 'notSent', recipients: ['+48601000111'] });
    expect(String(message.error)).toContain('SMS');
  });

  it('sends SMS through the HTTP gateway adapter (token sealed at rest, never returned); a refusal is kept', async () => {
    const set = await t.call(admin, 'PUT', '/api/OfficeSettings', {
      smsGatewayUrl: gateway.url,
      smsGatewayToken: 'gw-secret',
      smsSender: 'ACMEWH',
    });
    expect(set.json()).toEqual({
      maxFileMb: 10,
      smsGatewayUrl: gateway.url,
      smsSender: 'ACMEWH',
      hasSmsGatewayToken: true,
    });
    expect(set.body).not.toContain('gw-secret');
    const res = await send(basic, {
      channel: 'sms',
      text: 'Truck at 8',
      recipients: [
        { type: 'person', id: person.id },
        { type: 'company', id: company.id },
      ],
    });
    expect(res.json()).toMatchObject({
      status: 'sent',
      sender: 'ACMEWH',
      recipients: ['+48601000111', '+48600700800'],
    });
    expect(gateway.received.map((r) => r.body)).toEqual([
      { to: '+48601000111', text: 'Truck at 8', from: 'ACMEWH' },
      { to: '+48600700800', text: 'Truck at 8', from: 'ACMEWH' },
    ]);
    expect(gateway.received[0]?.authorization).toBe('Bearer gw-secret');

    gateway.state.fail = true;
    try {
      const refused = (
        await send(basic, { channel: 'sms', text: 'x', recipients: [{ type: 'person', id: person.id }] })
      ).json() as Row;
      expect(refused.status).toBe('failed');
      expect(String(refused.error)).toContain('operator unavailable');
    } finally {
      gateway.state.fail = false;
    }
  });

  it('sends a file by e-mail (File/send-by-email) with the attachment named as asked', async () => {
    const body = multipartBody('files', [
      { fileName: 'offer.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/File/upload?refResourceType=company&refResourceId=${company.id}`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    const fileId = String((uploaded.json() as { files: Row[] }).files[0]?.id);
    const res = await t.call(
      admin,
      'GET',
      `/api/File/send-by-email/${fileId}?personId=${person.id}&fileName=Offer-2026.pdf`,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'sent',
      attachments: ['Offer-2026.pdf'],
      refResourceType: 'company',
    });
    const mail = await smtp.waitFor((m) => m.raw.includes('Offer-2026.pdf'));
    expect(mail.raw).toMatch(/Content-Disposition: attachment;\s+filename=Offer-2026.pdf/);
  });

  it("hides another company's messages, templates, people, records and files", async () => {
    const mine = (
      await send(admin, {
        channel: 'email',
        subject: 'Mine',
        text: 'x',
        recipients: [{ type: 'person', id: person.id }],
      })
    ).json() as Row;
    expect((await t.call(stranger, 'GET', `/api/Message/${mine.id}`)).statusCode).toBe(404);
    const filtered = await t.call(
      stranger,
      'GET',
      `/api/Message?BasicFiltersSerialized=${encodeURIComponent(JSON.stringify([{ field: 'id', operator: 'eq', value: mine.id }]))}`,
    );
    expect(filtered.json()).toMatchObject({ results: [], allFilteredRowCount: 0 });
    const tpl = await template(admin, { name: 'Private', subject: 's', body: 'b' });
    for (const body of [
      { channel: 'email', subject: 's', text: 't', recipients: [{ type: 'person', id: person.id }] },
      { channel: 'email', templateId: tpl.id, recipients: [{ type: 'address', address: 'a@b.test' }] },
      {
        channel: 'email',
        subject: 's',
        text: 't',
        refResourceType: 'company',
        refResourceId: company.id,
        recipients: [{ type: 'address', address: 'a@b.test' }],
      },
    ])
      expect((await send(stranger, body)).statusCode).toBe(404);
  });

  it('refuses a message without recipients or without a subject', async () => {
    expect((await send(admin, { channel: 'email', subject: 's', text: 't' })).json()).toMatchObject({
      code: 'formHasErrors',
      fields: [{ field: 'recipients', rule: 'required' }],
    });
    expect(
      (
        await send(admin, { channel: 'email', text: 't', recipients: [{ type: 'person', id: person.id }] })
      ).json(),
    ).toMatchObject({
      fields: [{ field: 'subject', rule: 'required' }],
    });
    expect((await send(admin, { channel: 'fax', text: 't', recipients: [] })).statusCode).toBe(400);
  });

  it('offers the placeholders of a kind of record', async () => {
    const res = await t.call(basic, 'GET', '/api/emailTemplate/placeholders?refResourceType=wmsDocument');
    const names = (res.json() as { results: string[] }).results;
    expect(names).toEqual(
      expect.arrayContaining(['documentNumber', 'contractor', 'lines', 'recipient.name']),
    );
  });

  it('"send test message" of an e-mail account goes through that account, or says why not', async () => {
    const account = await anEmailAccount(t.ctx, acc, {
      sender: 'Test Desk <test@message.test>',
      smtpServer: smtp.host,
      port: smtp.port,
      isDefault: false,
    });
    const res = await t.call(admin, 'POST', `/api/EmailAccount/${account.id}/test`, {
      to: 'check@message.test',
    });
    expect(res.json()).toEqual({ sent: true, to: 'check@message.test' });
    const mail = await smtp.waitFor((m) => m.to.includes('check@message.test'));
    expect(mail.from).toBe('test@message.test');
    expect(mail.subject).toBe('Aisle test message');

    const power = await aPowerUser(t.ctx, acc);
    expect((await t.call(power, 'POST', `/api/EmailAccount/${account.id}/test`, {})).statusCode).toBe(403);
    expect((await t.call(stranger, 'POST', `/api/EmailAccount/${account.id}/test`, {})).statusCode).toBe(404);

    const dead = await anEmailAccount(t.ctx, acc, { smtpServer: '127.0.0.1', port: 1, isDefault: false });
    const failed = await t.call(admin, 'POST', `/api/EmailAccount/${dead.id}/test`, {
      to: 'check@message.test',
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'mailSendFailed' });
    expect((failed.json() as { message: string }).message).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('messages without a mail server', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ config: { smtpUrl: undefined } });
  });
  afterAll(async () => bare.close());

  it('writes an .eml file when no mail server is configured (status saved)', async () => {
    const a = await anAccount(bare.ctx);
    const u = await aSuperUser(bare.ctx, a);
    const res = await bare.call(u, 'POST', '/api/Message/send', {
      channel: 'email',
      subject: 'Kept',
      text: 'No SMTP here',
      recipients: [{ type: 'address', address: 'x@example.test' }],
    });
    expect(res.json()).toMatchObject({ status: 'saved' });
    expect((bare.ctx.mailer as AppMailer).outbox.at(-1)).toMatchObject({
      to: 'x@example.test',
      subject: 'Kept',
    });
  });
});
