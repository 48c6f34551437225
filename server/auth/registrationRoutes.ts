import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { matchLanguage } from '../../domain/languages';
import type { AppContext } from '../context';
import { clientAccount } from '../db/internalTables';
import { fromDatabaseError } from '../http/dbErrors';
import { writeSystemLog } from '../http/systemLog';
import { type MailKind, mailTemplate } from '../mail/templates';
import { seedPrintLayouts } from '../print/seedPrintLayouts';
import type { Row } from '../resources/rows';
import { authForms } from './authForms';
import { hashPassword } from './password';
import { RefreshTokens } from './refreshTokens';
import { secretCode } from './secretCode';
import { userTable } from './userTable';

const resetValidMs = 60 * 60 * 1000;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Sign-up, activation and password reset (docs/api.md, "Registration and password reset"):
 * POST /api/Register, GET /api/Register/activate/{code}, GET /api/Register/send-reset/{email},
 * POST /api/Register/make-reset. Codes travel only in e-mail links; the database keeps their hashes.
 */
export const registerRegistrationRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const { table: users, col } = userTable(ctx.schema);
  const refreshTokens = new RefreshTokens(ctx);

  /** Sends one of the account e-mails; a failure is logged, the account stays as it is. */
  const sendAccountMail = async (
    request: FastifyRequest,
    kind: MailKind,
    user: Row,
    company: string,
    link: string,
  ): Promise<boolean> => {
    const to = String(user.email);
    // At most a few account e-mails to one address an hour, whatever the number of requests. The caller's
    // answer is the same either way: nobody learns from it whether a message went out.
    if (!(await ctx.rateLimiter.take('accountMail', undefined, to)).allowed) {
      request.log.warn(`${kind} e-mail to one address over its limit: not sent`);
      return true;
    }
    const username = String(user.username);
    const content = mailTemplate(
      kind,
      typeof user.defaultLanguage === 'string' ? user.defaultLanguage : undefined,
      {
        name: typeof user.visibleName === 'string' && user.visibleName ? user.visibleName : username,
        username,
        company,
        link,
      },
    );
    try {
      await ctx.mailer.send(String(user.clientAccountId), { to, ...content });
      return true;
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      request.log.error({ err }, `${kind} e-mail not sent`);
      await writeSystemLog(ctx, request, {
        level: 'error',
        message: `The ${kind} e-mail to ${to} could not be sent: ${e.message}`,
        exception: e.stack,
        source: 'mail',
        properties: { userId: String(user.id), clientAccountId: String(user.clientAccountId) },
      });
      return false;
    }
  };

  /** Activation and password changes are edits of the user record: new version, change event. */
  const edited = () => ({ updatedAt: new Date(), version: sql`${col('version')} + 1` });
  const publishEdit = (rows: readonly { id: unknown; clientAccountId: unknown }[]) => {
    for (const row of rows)
      ctx.changes.next({
        clientAccountId: String(row.clientAccountId),
        resourceType: 'user',
        id: String(row.id),
        action: 'update',
      });
  };

  const usernameTaken = () =>
    new AppError('usernameExist', { fields: [{ field: 'username', rule: 'usernameExist' }] });

  app.post('/api/Register', async (request, reply) => {
    if (ctx.config.registrationBlocked) throw new AppError('registrationBlocked');
    const form = authForms.registration(request.body);
    await ctx.rateLimiter.assert('register', request.ip, form.email);
    const [taken] = await ctx.db
      .select({ id: col('id') })
      .from(users)
      .where(eq(col('username'), form.username))
      .limit(1);
    if (taken) throw usernameTaken();
    const passwordHash = await hashPassword(form.password);
    const activation = secretCode.create();
    const language = matchLanguage(form.language ?? request.headers['accept-language']);
    let user: Row | undefined;
    try {
      user = await ctx.db.transaction(async (tx) => {
        const [account] = await tx
          .insert(clientAccount)
          .values({ name: form.companyName })
          .returning({ id: clientAccount.id });
        if (!account) throw new AppError('saveFailed');
        await seedPrintLayouts(tx, ctx.schema, account.id);
        const [created] = await tx
          .insert(users)
          .values({
            clientAccountId: account.id,
            username: form.username,
            email: form.email,
            visibleName: form.visibleName,
            phoneNumber: form.phoneNumber,
            defaultLanguage: language,
            passwordHash,
            isActivated: false,
            activationCode: activation.hash,
            isBlocked: false,
            isSuperUser: true,
            isPowerUser: true,
            logisticsEnabled: true,
            terminalEnabled: true,
            shippingEnabled: true,
            transportEnabled: true,
            contractorPortalEnabled: false,
            createdDate: new Date(),
          })
          .returning();
        if (!created) throw new AppError('saveFailed');
        return created;
      });
    } catch (err) {
      // Two sign-ups with the same name at once: the unique index decides.
      const mapped = err instanceof AppError ? err : fromDatabaseError(err);
      if (mapped?.code === 'uniqueConflict' && mapped.fields?.some((f) => f.field === 'username'))
        throw usernameTaken();
      throw err;
    }
    const link = `${ctx.config.publicUrl}/activate?code=${activation.code}`;
    await sendAccountMail(request, 'activation', user, form.companyName, link);
    return reply.status(201).send({ userId: String(user.id) });
  });

  app.get<{ Params: { code: string } }>('/api/Register/activate/:code', async (request) => {
    const { code } = request.params;
    await ctx.rateLimiter.assert('activate', request.ip, code);
    if (!secretCode.isWellFormed(code)) throw new AppError('wrongActivationCode');
    // Using the code clears it: a second use finds nothing.
    const activated = await ctx.db
      .update(users)
      .set({ isActivated: true, activationCode: null, ...edited() })
      .where(eq(col('activationCode'), secretCode.hash(code)))
      .returning({ id: col('id'), clientAccountId: col('clientAccountId') });
    if (!activated.length) throw new AppError('activationCodeNotFound');
    publishEdit(activated);
    return { activated: true };
  });

  app.get<{ Params: { email: string } }>('/api/Register/send-reset/:email', async (request) => {
    const email = request.params.email.trim().toLowerCase();
    // Counted before anything is looked up, known address or not: "e-mail not found" (which the app expects)
    // tells whether an address has an account, so it is answered only within these limits (docs/decisions.md).
    await ctx.rateLimiter.assert('resetRequest', request.ip, email);
    if (!emailPattern.test(email)) throw new AppError('emailNotFound');
    const found = await ctx.db
      .select({ user: users, company: clientAccount.name })
      .from(users)
      .innerJoin(clientAccount, eq(clientAccount.id, col('clientAccountId')))
      .where(and(eq(col('email'), email), eq(col('isBlocked'), false)));
    if (!found.length) throw new AppError('emailNotFound');
    // E-mail addresses are unique per company only: each user of the address gets a link of its own.
    let sent = 0;
    for (const { user, company } of found) {
      const reset = secretCode.create();
      await ctx.db
        .update(users)
        .set({ resetCode: reset.hash, resetCodeExpiresAt: new Date(Date.now() + resetValidMs) })
        .where(eq(col('id'), String(user.id)));
      const link = `${ctx.config.publicUrl}/recovery?code=${reset.code}`;
      if (await sendAccountMail(request, 'reset', user, company, link)) sent++;
    }
    if (!sent) throw new AppError('somethingWentWrong', { detail: 'the reset e-mail could not be sent' });
    return { sent: true };
  });

  app.post('/api/Register/make-reset', async (request) => {
    const body = request.body;
    const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
    await ctx.rateLimiter.assert('reset', request.ip, typeof code === 'string' ? code : undefined);
    if (!secretCode.isWellFormed(code)) throw new AppError('wrongResetCode');
    const form = authForms.reset(body);
    const passwordHash = await hashPassword(form.password);
    const changed = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .select({ id: col('id'), clientAccountId: col('clientAccountId') })
        .from(users)
        .where(and(eq(col('resetCode'), secretCode.hash(code)), gt(col('resetCodeExpiresAt'), new Date())))
        .for('update');
      if (!user) throw new AppError('wrongResetCode');
      await tx
        .update(users)
        // A new password ends the sessions of the old one: refresh tokens below, access tokens by version.
        .set({
          passwordHash,
          resetCode: null,
          resetCodeExpiresAt: null,
          sessionEpoch: sql`coalesce(${col('sessionEpoch')}, 0) + 1`,
          ...edited(),
        })
        .where(eq(col('id'), String(user.id)));
      // A new password ends every session signed in with the old one.
      await refreshTokens.revokeUser(tx, String(user.id));
      return user;
    });
    publishEdit([changed]);
    return { changed: true };
  });
};
