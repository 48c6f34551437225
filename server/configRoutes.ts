import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../domain/errors';
import { languages } from '../domain/languages';
import { buildMenu, drawerSectionsFor } from '../domain/menu';
import { parseListColumnsParam, withListColumns } from '../domain/resources/listColumns';
import {
  type LogisticsConfig,
  logisticsConfigSchema,
  parseLogisticsConfig,
} from '../domain/warehouse/logisticsConfig';
import type { AppContext } from './context';
import { requestLanguage, requireAuth } from './context';
import { clientAccount } from './db/internalTables';
import { clearTranslationCache } from './i18n';
import { toApiRow } from './resources/rows';
import { fieldErrorsOf } from './warehouse/records/fieldErrors';
import {
  allDocumentTypes,
  allOrderTypes,
  documentActionsFor,
  orderActionsFor,
} from './warehouse/records/warehouseActions';

export const clientAccountUpdate = z.object({
  invoiceName: z.string().trim().max(300).nullable().optional(),
  taxId: z.string().trim().max(32).nullable().optional(),
  address1: z.string().trim().max(300).nullable().optional(),
  address2: z.string().trim().max(300).nullable().optional(),
  invoiceEmail: z.email({ error: 'email' }).max(256).nullable().optional().or(z.literal('')),
  extraBudget: z
    .number({ error: 'invalidValue' })
    .min(0, { error: 'minValue' })
    .max(1_000_000, { error: 'maxValue' })
    .optional(),
  theme: z.string().trim().max(50).optional(),
  windowAnimations: z.boolean().optional(),
  appTitle: z.string().trim().max(100).nullable().optional(),
});

/** PATCH config/changeuserconfig: which preference and its value (a language, or a list's columns). */
export const userConfigQuery = z.object({ paramName: z.string(), paramValue: z.string() });

/** The account as the client sees it (internal switches stay on the server). */
const publicAccount = (row: typeof clientAccount.$inferSelect) => {
  const { registrationBlocked: _hidden, logisticsConfig: _config, ...rest } = row;
  return { ...rest, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
};

/** The stored logistics config with the domain's defaults filled in; an unreadable one reads as the defaults. */
const logisticsConfigOf = (stored: unknown): LogisticsConfig => parseLogisticsConfig(stored);

/** Staff only: contractor users get none of the warehouse configuration. */
const requireStaff = (claims: { ctr: string | null }) => {
  if (claims.ctr) throw new AppError('forbidden');
};

/** Startup and configuration calls and the company account (docs/api.md). */
export const registerConfigRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const users = ctx.schema.resourceTables.user;
  const userDef = ctx.schema.definitions.find((d) => d.name === 'user');
  if (!users || !userDef) throw new Error('the user resource is missing');
  const menu = buildMenu(ctx.schema.definitions);

  const loadAccount = async (id: string) => {
    const [row] = await ctx.db.select().from(clientAccount).where(eq(clientAccount.id, id));
    if (!row) throw new AppError('notFoundOrNoPermission');
    return row;
  };

  app.get('/api/config/getuserstartupconfig', async (request) => {
    const claims = requireAuth(request);
    const [account, userRows] = await Promise.all([
      loadAccount(claims.acc),
      ctx.db
        .select()
        .from(users)
        .where(and(eq(users.id!, claims.sub), eq(users.clientAccountId!, claims.acc))),
    ]);
    const user = userRows[0];
    if (!user) throw new AppError('unauthorized');
    const lng = requestLanguage(request);
    return {
      clientAccount: publicAccount(account),
      clientLogisticsConfig: logisticsConfigOf(account.logisticsConfig),
      wmsDocumentActions: documentActionsFor(claims, lng),
      wmsOrderActions: orderActionsFor(claims, lng),
      wmsDocumentDefinitions: allDocumentTypes(lng),
      wmsOrderDefinitions: allOrderTypes(lng),
      user: toApiRow(userDef, user),
      drawerSections: drawerSectionsFor(menu, claims),
    };
  });

  app.patch('/api/config/changeuserconfig', async (request) => {
    const claims = requireAuth(request);
    const own = and(eq(users.id!, claims.sub), eq(users.clientAccountId!, claims.acc));
    const query = userConfigQuery.safeParse(request.query);
    const columns = query.success ? parseListColumnsParam(query.data.paramName, query.data.paramValue) : null;
    if (columns) {
      // Read and write in one transaction under the row's lock: two lists saved at once both stay saved.
      await ctx.db.transaction(async (tx) => {
        const [row] = await tx.select({ prefs: users.listColumns! }).from(users).where(own).for('update');
        if (!row) throw new AppError('unauthorized');
        const listColumns = withListColumns(row.prefs, columns.list, columns.hidden);
        await tx.update(users).set({ listColumns, updatedAt: new Date() }).where(own);
      });
      return { ok: true };
    }
    const q = z
      .object({ paramName: z.literal('language'), paramValue: z.enum(languages) })
      .safeParse(request.query);
    if (!q.success)
      throw new AppError('badRequest', { fields: [{ field: 'paramValue', rule: 'invalidValue' }] });
    await ctx.db.update(users).set({ defaultLanguage: q.data.paramValue, updatedAt: new Date() }).where(own);
    return { ok: true };
  });

  app.get('/api/ClientAccount', async (request) =>
    publicAccount(await loadAccount(requireAuth(request).acc)),
  );

  app.put('/api/ClientAccount', async (request) => {
    const claims = requireAuth(request);
    if (!claims.IsSuperUser || claims.ctr) throw new AppError('forbidden');
    const body = clientAccountUpdate.safeParse(request.body ?? {});
    if (!body.success) {
      const fields = body.error.issues.map((i) => ({
        field: String(i.path[0] ?? ''),
        rule: (['email', 'minValue', 'maxValue'].includes(i.message)
          ? i.message
          : 'invalidValue') as 'invalidValue',
      }));
      throw new AppError('formHasErrors', { fields });
    }
    const values = {
      ...body.data,
      invoiceEmail: body.data.invoiceEmail === '' ? null : body.data.invoiceEmail,
    };
    const [row] = await ctx.db
      .update(clientAccount)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(clientAccount.id, claims.acc))
      .returning();
    if (!row) throw new AppError('notFoundOrNoPermission');
    return publicAccount(row);
  });

  // Warehouse document and order types (docs/warehouse-api.md, "Configuration"), names in the caller's language.
  app.get('/api/Config/WmsDocumentActions', async (request) =>
    documentActionsFor(requireAuth(request), requestLanguage(request)),
  );
  app.get('/api/Config/WmsOrderActions', async (request) =>
    orderActionsFor(requireAuth(request), requestLanguage(request)),
  );
  app.get('/api/Config/AllWarehouseDocumentTypes', async (request) => {
    requireStaff(requireAuth(request));
    return allDocumentTypes(requestLanguage(request));
  });
  app.get('/api/Config/AllWarehouseOrderTypes', async (request) => {
    requireStaff(requireAuth(request));
    return allOrderTypes(requestLanguage(request));
  });

  // The account's logistics configuration: every staff user reads it, power users change it.
  app.get('/api/ClientLogisticsConfig', async (request) => {
    const claims = requireAuth(request);
    requireStaff(claims);
    return logisticsConfigOf((await loadAccount(claims.acc)).logisticsConfig);
  });

  app.put('/api/ClientLogisticsConfig', async (request) => {
    const claims = requireAuth(request);
    requireStaff(claims);
    if (!claims.IsSuperUser && !claims.IsPowerUser) throw new AppError('forbidden');
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('badRequest');
    // The whole configuration is sent; what is left out takes the domain's default.
    const parsed = logisticsConfigSchema.safeParse(body);
    if (!parsed.success) throw new AppError('formHasErrors', { fields: fieldErrorsOf(parsed.error) });
    const [row] = await ctx.db
      .update(clientAccount)
      .set({
        logisticsConfig: parsed.data as unknown as Record<string, unknown>,
        updatedAt: new Date(),
        version: sql`${clientAccount.version} + 1`,
      })
      .where(eq(clientAccount.id, claims.acc))
      .returning({ logisticsConfig: clientAccount.logisticsConfig });
    if (!row) throw new AppError('notFoundOrNoPermission');
    ctx.changes.next({
      clientAccountId: claims.acc,
      resourceType: 'clientLogisticsConfig',
      id: claims.acc,
      action: 'update',
    });
    return logisticsConfigOf(row.logisticsConfig);
  });

  app.get('/api/systemlog/clearcache', async (request) => {
    const claims = requireAuth(request);
    if (!claims.IsSuperUser || claims.ctr) throw new AppError('forbidden');
    clearTranslationCache();
    return { cleared: true };
  });
};
