import { and, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, type ErrorCode } from '../../domain/errors';
import { sendMessageSchema } from '../../domain/office/message';
import type { AppContext } from '../context';
import { FileStore } from '../files/fileStore';
import { translate } from '../i18n';
import { ResourceService } from '../resources/resourceService';
import { scopeOf } from '../resources/scope';
import { MessageService } from './messageService';
import { placeholderNames } from './templateValues';

type IdParams = { id: string };

const ruleOf = (message: string): ErrorCode =>
  (['required', 'maxLength', 'invalidValue'] as const).find((r) => r === message) ?? 'invalidValue';

const parse = <T>(schema: z.ZodType<T>, value: unknown): T => {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError('formHasErrors', {
    fields: result.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), rule: ruleOf(i.message) })),
  });
};

export const sendByEmailQuery = z.object({
  personId: z.uuid({ error: 'invalidValue' }),
  templateId: z.uuid({ error: 'invalidValue' }).optional(),
  fileName: z.string().trim().min(1).max(255).optional(),
});
export const testQuery = z.object({ to: z.email({ error: 'email' }).optional() }).optional();
/** GET emailTemplate/placeholders: the resource (name or path) whose placeholders a template may use. */
export const placeholdersQuery = z.object({ refResourceType: z.string().optional() });

/**
 * Messages: POST Message/send, POST Message/preview, GET File/send-by-email/{fileInfoId}, GET
 * emailTemplate/placeholders, POST EmailAccount/{id}/test ("send test message"). Thin over MessageService.
 */
export const registerMessageRoutes = (
  app: FastifyInstance,
  ctx: AppContext,
  service = new MessageService(ctx),
) => {
  const files = new FileStore(ctx);

  app.post('/api/Message/send', async (request, reply) => {
    const input = parse(sendMessageSchema, request.body ?? {});
    if (!input.recipients.length)
      throw new AppError('formHasErrors', { fields: [{ field: 'recipients', rule: 'required' }] });
    return reply.status(201).send(await service.send(scopeOf(request), input));
  });

  app.post('/api/Message/preview', async (request) =>
    service.preview(scopeOf(request), parse(sendMessageSchema, request.body ?? {})),
  );

  app.get<{ Params: IdParams }>('/api/File/send-by-email/:id', async (request, reply) => {
    const scope = scopeOf(request);
    const q = parse(sendByEmailQuery, request.query);
    const info = await files.info(ctx.db, scope, request.params.id);
    const message = await service.send(
      scope,
      {
        channel: 'email',
        recipients: [{ type: 'person', id: q.personId }],
        templateId: q.templateId,
        refResourceType: String(info.refResourceType),
        refResourceId: String(info.refResourceId),
        fileInfoIds: [request.params.id],
        // Without a template: the file's name says what it is.
        ...(q.templateId
          ? {}
          : { subject: q.fileName ?? String(info.fileName), text: q.fileName ?? String(info.fileName) }),
      },
      { fileName: q.fileName },
    );
    return reply.status(201).send(message);
  });

  app.get('/api/emailTemplate/placeholders', async (request) => {
    const q = placeholdersQuery.safeParse(request.query ?? {});
    const wanted = q.success ? (q.data.refResourceType ?? '').toLowerCase() : '';
    const def = ctx.schema.definitions.find(
      (d) => d.name.toLowerCase() === wanted || d.path.toLowerCase() === wanted,
    );
    scopeOf(request);
    return { results: placeholderNames(ctx, def) };
  });

  app.post<{ Params: IdParams }>('/api/EmailAccount/:id/test', async (request) => {
    const scope = scopeOf(request);
    const accounts = ctx.schema.definitions.find((d) => d.name === 'emailAccount');
    const table = ctx.schema.resourceTables.emailAccount;
    if (!accounts || !table) throw new AppError('notFoundOrNoPermission');
    const resources = new ResourceService(ctx, accounts);
    resources.assertWrite(scope);
    await resources.get(scope, request.params.id);
    const [row] = await ctx.db
      .select()
      .from(table)
      .where(
        and(
          eq(table.id as PgColumn, request.params.id),
          eq(table.clientAccountId as PgColumn, scope.clientAccountId),
        ),
      );
    if (!row) throw new AppError('notFoundOrNoPermission');
    const users = ctx.schema.resourceTables.user;
    const [me] = users
      ? await ctx.db
          .select()
          .from(users)
          .where(eq(users.id as PgColumn, scope.userId))
      : [];
    const to =
      parse(testQuery, request.body ?? undefined)?.to ?? (typeof me?.email === 'string' ? me.email : '');
    if (!to) throw new AppError('formHasErrors', { fields: [{ field: 'to', rule: 'required' }] });
    const t = (key: string) =>
      translate(scope.claims.lng, 'office', `messages.test.${key}`, { sender: String(row.sender) });
    try {
      await ctx.mailer.sendWithAccount(
        {
          smtpServer: String(row.smtpServer),
          port: typeof row.port === 'number' ? row.port : 587,
          secure: row.secure === true,
          login: typeof row.login === 'string' && row.login ? row.login : null,
          password: typeof row.password === 'string' ? row.password : null,
          sender: String(row.sender),
        },
        { to, subject: t('subject'), text: t('body') },
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AppError('mailSendFailed', {
        fields: [{ field: 'smtpServer', rule: 'mailSendFailed', params: { reason } }],
      });
    }
    return { sent: true, to };
  });
};
