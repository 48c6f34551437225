import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, desc, eq } from 'drizzle-orm';
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';
import { textOf } from '../../domain/rowValues';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import type { Schema } from '../db/schema';
import type { EmailAccountSettings, MailDelivery, Mailer, MailMessage } from './mailer';

/** A message that was not sent over SMTP: written to dataDir/mail and/or kept in memory. */
export interface OutboxMail extends MailMessage {
  readonly clientAccountId: string | undefined;
  readonly from: string;
  /** The whole message (RFC 822). */
  readonly raw: string;
  /** Where it was written, when there is a data directory. */
  readonly file: string | undefined;
}

export interface AppMailer extends Mailer {
  /** The last messages that went nowhere but the outbox (no SMTP configured), newest last. */
  readonly outbox: readonly OutboxMail[];
}

const outboxSize = 100;
/** Do not let a dead SMTP server hold a request for minutes (nodemailer waits 2 min by default). */
const timeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 } as const;

const safeFilePart = (s: string): string => s.replace(/[^A-Za-z0-9@._-]/g, '_').slice(0, 100);

/** Links in a message's text, for the console when mail is not really sent. */
const linksOf = (s: string): string[] => s.match(/https?:\/\/[^\s<>"]+/g) ?? [];

/**
 * Outgoing e-mail. A company that set up an e-mail account (the default one first) sends through
 * its own SMTP server; otherwise the server-wide SMTP_URL is used (smtp://user:pass@host:port,
 * smtps:// for implicit TLS, nodemailer options as query parameters, e.g. ?ignoreTLS=true).
 * With neither, the message is written to dataDir/mail/<time>-<to>.eml and its links are printed
 * to the console so that a fresh installation can still activate accounts; without a data
 * directory (tests) it is only kept in memory (`outbox`).
 */
export const createMailer = (config: ServerConfig, db: Db, schema: Schema): AppMailer => {
  const accounts = schema.resourceTables.emailAccount;
  const outbox: OutboxMail[] = [];
  let serverTransport: Transporter | undefined;

  const accountSettings = async (
    clientAccountId: string | undefined,
  ): Promise<EmailAccountSettings | undefined> => {
    const c = accounts;
    if (!c?.clientAccountId || !c.isDefault || !c.createdAt || !clientAccountId) return undefined;
    const [row] = await db
      .select()
      .from(c)
      .where(eq(c.clientAccountId, clientAccountId))
      .orderBy(desc(c.isDefault), asc(c.createdAt))
      .limit(1);
    const smtpServer = textOf(row?.smtpServer);
    if (!row || !smtpServer) return undefined;
    return {
      smtpServer,
      port: typeof row.port === 'number' ? row.port : 587,
      secure: row.secure === true,
      login: textOf(row.login),
      password: textOf(row.password),
      sender: textOf(row.sender) ?? config.mailFrom,
    };
  };

  const toOutbox = async (
    clientAccountId: string | undefined,
    mail: SendMailOptions,
    message: MailMessage,
  ) => {
    const stream = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await stream.sendMail(mail);
    const raw = Buffer.isBuffer(info.message) ? info.message.toString('utf8') : '';
    let file: string | undefined;
    if (config.dataDir) {
      const dir = join(config.dataDir, 'mail');
      mkdirSync(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      file = join(dir, `${stamp}-${safeFilePart(message.to)}.eml`);
      writeFileSync(file, raw);
      const links = linksOf(message.text);
      console.log(
        `[mail] no SMTP configured: "${message.subject}" to ${message.to} saved as ${file}` +
          (links.length ? `\n[mail] links: ${links.join(' ')}` : ''),
      );
    }
    outbox.push({ ...message, clientAccountId, from: String(mail.from), raw, file });
    if (outbox.length > outboxSize) outbox.splice(0, outbox.length - outboxSize);
  };

  const mailOf = (from: string, message: MailMessage): SendMailOptions => ({
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.attachments?.length
      ? {
          attachments: message.attachments.map((a) => ({
            filename: a.filename,
            content: a.content,
            contentType: a.contentType,
          })),
        }
      : {}),
    encoding: 'quoted-printable',
  });

  const sendWithAccount = async (
    account: EmailAccountSettings,
    message: MailMessage,
  ): Promise<MailDelivery> => {
    const transport = createTransport({
      host: account.smtpServer,
      port: account.port,
      secure: account.secure,
      ...(account.login ? { auth: { user: account.login, pass: account.password ?? '' } } : {}),
      ...timeouts,
    });
    try {
      await transport.sendMail(mailOf(account.sender, message));
    } finally {
      transport.close();
    }
    return { via: 'account', from: account.sender };
  };

  return {
    outbox,
    sendWithAccount,
    async send(clientAccountId, message) {
      const account = await accountSettings(clientAccountId);
      if (account) return sendWithAccount(account, message);
      const mail = mailOf(config.mailFrom, message);
      if (config.smtpUrl) {
        serverTransport ??= createTransport({ url: config.smtpUrl, ...timeouts });
        await serverTransport.sendMail(mail);
        return { via: 'server', from: config.mailFrom };
      }
      await toOutbox(clientAccountId, mail, message);
      return { via: 'file', from: config.mailFrom };
    },
  };
};
