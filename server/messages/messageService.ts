import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../domain/errors';
import { addressFits, normalPhone, type SendMessageInput } from '../../domain/office/message';
import { type RenderedTemplate, renderTemplate } from '../../domain/office/templates';
import type { ResourceDefinition } from '../../domain/resources/types';
import type { AppContext } from '../context';
import { clientAccount } from '../db/internalTables';
import { FileStore } from '../files/fileStore';
import { translate } from '../i18n';
import type { MailAttachment } from '../mail/mailer';
import { OfficeSettingsService } from '../office/officeSettingsService';
import { ResourceService } from '../resources/resourceService';
import { type Row, toApiRow } from '../resources/rows';
import type { Scope } from '../resources/scope';
import { httpSmsGateway, type SmsGateway } from './smsGateway';
import { type TemplateRecord, templateValues } from './templateValues';

/** Where each kind of recipient keeps its e-mail address and phone number. */
const addressFields = {
  person: {
    email: 'email',
    sms: 'phone',
    name: (r: Row) => [r.firstName, r.lastName].filter(Boolean).join(' '),
  },
  user: { email: 'email', sms: 'phoneNumber', name: (r: Row) => String(r.visibleName || r.username || '') },
  company: {
    email: 'officeMail',
    sms: 'officePhone',
    name: (r: Row) => String(r.fullName || r.shortName || ''),
  },
} as const;

interface Resolved {
  readonly address: string;
  readonly name: string;
}

/** What a message will say, before it goes. */
export interface ComposedMessage extends RenderedTemplate {
  readonly recipients: readonly Resolved[];
  /** Recipients without an address for the channel (their names, or the address typed). */
  readonly missing: readonly string[];
  readonly record: TemplateRecord | undefined;
  readonly templateId: string | null;
}

const def = (ctx: AppContext, name: string): ResourceDefinition => {
  const found = ctx.schema.definitions.find((d) => d.name === name);
  if (!found) throw new Error(`the ${name} resource is missing`);
  return found;
};

/**
 * Messages by e-mail and SMS (POST Message/send): recipients resolved within the account, a template filled from
 * the record the message is about (in the sender's language), files of records attached; sent through the
 * company's e-mail account, SMTP_URL or an .eml file, or the SMS gateway. Every message is kept with its status
 * and, when it did not go, the reason.
 */
export class MessageService {
  private readonly messages: ResourceService;
  private readonly files: FileStore;
  private readonly settings: OfficeSettingsService;

  constructor(
    private readonly ctx: AppContext,
    private readonly gatewayOf: (settings: { url: string; token: string }) => SmsGateway = httpSmsGateway,
  ) {
    this.messages = new ResourceService(ctx, def(ctx, 'message'));
    this.files = new FileStore(ctx);
    this.settings = new OfficeSettingsService(ctx);
  }

  private async resolve(
    scope: Scope,
    input: SendMessageInput,
  ): Promise<{ found: Resolved[]; missing: string[] }> {
    const found: Resolved[] = [];
    const missing: string[] = [];
    for (const kind of ['person', 'user', 'company'] as const) {
      const ids = input.recipients.flatMap((r) => (r.type === kind ? [r.id] : []));
      if (!ids.length) continue;
      const table = this.ctx.schema.resourceTables[kind];
      if (!table) continue;
      // Users are read for their address only: a basic user may write to a colleague without reading user records.
      if (kind !== 'user') new ResourceService(this.ctx, def(this.ctx, kind)).assertRead(scope);
      const rows = await this.ctx.db
        .select()
        .from(table)
        .where(
          and(
            eq(table.clientAccountId as PgColumn, scope.clientAccountId),
            inArray(table.id as PgColumn, ids),
          ),
        );
      if (rows.length !== new Set(ids).size) throw new AppError('notFoundOrNoPermission');
      const fields = addressFields[kind];
      for (const row of rows) {
        const raw = row[fields[input.channel]];
        const address = typeof raw === 'string' ? raw.trim() : '';
        const name = fields.name(row);
        if (address && addressFits(input.channel, address))
          found.push({ address: input.channel === 'sms' ? normalPhone(address) : address, name });
        else missing.push(name || String(row.id));
      }
    }
    for (const r of input.recipients)
      if (r.type === 'address') {
        if (addressFits(input.channel, r.address))
          found.push({ address: input.channel === 'sms' ? normalPhone(r.address) : r.address, name: '' });
        else missing.push(r.address);
      }
    const unique = new Map(found.map((r) => [r.address.toLowerCase(), r]));
    return { found: [...unique.values()], missing };
  }

  /** Subject, text and HTML of a message, as the recipient will read them (the preview shows this). */
  async compose(scope: Scope, input: SendMessageInput): Promise<ComposedMessage> {
    this.messages.assertWrite(scope);
    let record: TemplateRecord | undefined;
    if (input.refResourceType && input.refResourceId) {
      const wanted = input.refResourceType.toLowerCase();
      const recordDef = this.ctx.schema.definitions.find(
        (d) => d.name.toLowerCase() === wanted || d.path.toLowerCase() === wanted,
      );
      if (!recordDef) throw new AppError('notFoundOrNoPermission');
      // The caller must see the record: its read access and tenancy decide.
      record = {
        def: recordDef,
        row: await new ResourceService(this.ctx, recordDef).get(scope, input.refResourceId),
      };
    }
    const template = input.templateId
      ? await new ResourceService(this.ctx, def(this.ctx, 'emailTemplate')).get(scope, input.templateId)
      : undefined;
    const { found, missing } = await this.resolve(scope, input);
    const [company] = await this.ctx.db
      .select({ name: clientAccount.name })
      .from(clientAccount)
      .where(eq(clientAccount.id, scope.clientAccountId));
    const lng = input.language ?? scope.claims.lng;
    const values = await templateValues(this.ctx, scope.clientAccountId, lng, record, {
      recipientName: found.length === 1 ? (found[0]?.name ?? '') : '',
      userName: scope.userName,
      companyName: company?.name ?? '',
      link: record
        ? `${this.ctx.config.publicUrl}/${record.def.route}/${String(record.row.id)}`
        : this.ctx.config.publicUrl,
    });
    const rendered = renderTemplate(
      {
        subject: input.subject ?? (typeof template?.subject === 'string' ? template.subject : ''),
        body: input.text ?? (typeof template?.body === 'string' ? template.body : ''),
      },
      values,
    );
    if (!rendered.text.trim())
      throw new AppError('formHasErrors', { fields: [{ field: 'text', rule: 'required' }] });
    if (input.channel === 'email' && !rendered.subject)
      throw new AppError('formHasErrors', { fields: [{ field: 'subject', rule: 'required' }] });
    return {
      ...rendered,
      recipients: found,
      missing,
      record,
      templateId: template ? String(template.id) : null,
    };
  }

  private async attachments(
    scope: Scope,
    ids: readonly string[],
    fileName?: string,
  ): Promise<MailAttachment[]> {
    const out: MailAttachment[] = [];
    for (const id of ids) {
      const file = await this.files.download(scope, id);
      out.push({
        filename: (ids.length === 1 && fileName) || String(file.info.fileName),
        content: file.data,
        contentType: String(file.info.contentType),
      });
    }
    return out;
  }

  /** Sends and keeps the message; answers with it (status sent, saved, notSent or failed, and the reason). */
  async send(scope: Scope, input: SendMessageInput, opts: { fileName?: string } = {}): Promise<Row> {
    const message = await this.compose(scope, input);
    const files = await this.attachments(scope, input.fileInfoIds ?? [], opts.fileName);
    const lng = scope.claims.lng;
    const reason = (key: string, params: Record<string, string> = {}) =>
      translate(lng, 'office', `messages.reasons.${key}`, params);
    const addresses = message.recipients.map((r) => r.address);
    let status: 'sent' | 'saved' | 'notSent' | 'failed';
    let sender = '';
    const errors: string[] = message.missing.length
      ? [reason('noAddress', { names: message.missing.join(', ') })]
      : [];
    if (!addresses.length) {
      status = 'notSent';
      if (!errors.length) errors.push(reason('noRecipients'));
    } else if (input.channel === 'email') {
      try {
        const delivery = await this.ctx.mailer.send(scope.clientAccountId, {
          to: addresses.join(', '),
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: files,
        });
        sender = delivery.from;
        status = delivery.via === 'file' ? 'saved' : 'sent';
      } catch (error) {
        status = 'failed';
        errors.push(
          reason('mailRefused', { detail: error instanceof Error ? error.message : String(error) }),
        );
      }
    } else {
      const gateway = await this.settings.gateway(scope.clientAccountId);
      if (!gateway) {
        status = 'notSent';
        errors.push(reason('noSmsGateway'));
      } else {
        sender = gateway.sender ?? '';
        const carrier = this.gatewayOf(gateway);
        const refused: string[] = [];
        for (const to of addresses) {
          try {
            await carrier.send({ to, text: message.text, from: gateway.sender });
          } catch (error) {
            refused.push(`${to}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
        status = refused.length === addresses.length ? 'failed' : 'sent';
        if (refused.length) errors.push(reason('gatewayRefused', { detail: refused.join('; ') }));
      }
    }
    return this.keep(scope, input, message, {
      status,
      sender,
      addresses,
      error: errors.join('\n') || null,
      attachments: files.map((f) => f.filename),
    });
  }

  private async keep(
    scope: Scope,
    input: SendMessageInput,
    message: ComposedMessage,
    outcome: {
      status: string;
      sender: string;
      addresses: string[];
      error: string | null;
      attachments: string[];
    },
  ): Promise<Row> {
    const table = this.ctx.schema.resourceTables.message;
    if (!table) throw new Error('the message resource is missing');
    const row = await this.ctx.db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(table)
        .values({
          clientAccountId: scope.clientAccountId,
          channel: input.channel,
          subject: input.channel === 'email' ? message.subject : message.subject || null,
          text: message.text,
          sender: outcome.sender || null,
          recipients: outcome.addresses,
          status: outcome.status,
          sentAt: outcome.status === 'sent' || outcome.status === 'saved' ? new Date() : null,
          error: outcome.error,
          refResourceType: message.record?.def.name ?? null,
          refResourceId: message.record ? String(message.record.row.id) : null,
          templateId: message.templateId,
          attachments: outcome.attachments,
          createdById: scope.userId,
        })
        .returning();
      if (!stored) throw new AppError('saveFailed');
      await this.messages.log(tx, scope, 'create', String(stored.id), undefined, stored);
      return stored;
    });
    this.messages.publish(scope, String(row.id), 'create');
    return toApiRow(this.messages.def, row);
  }

  /** The preview: what the recipient would read, in the sender's (or the chosen) language. */
  async preview(scope: Scope, input: SendMessageInput) {
    const m = await this.compose(scope, input);
    return {
      subject: m.subject,
      text: m.text,
      html: m.html,
      recipients: m.recipients.map((r) => r.address),
      missing: m.missing,
    };
  }
}
