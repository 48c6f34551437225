import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hasAccess, isContractor } from '../../domain/auth/claims';
import { terminalStatusEvent } from '../../domain/dashboard';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';
import { requireAuth } from '../context';
import { dashboardTables } from '../db/dashboardTables';
import { DashboardQueries } from './dashboardQueries';

export const reportSchema = z.object({
  deviceId: z.string().min(1).max(100),
  pending: z.number().int().min(0).max(1_000_000),
  rejected: z.number().int().min(0).max(1_000_000),
  lastSyncAt: z.number().int().min(0).nullable(),
});

export const dashboardQuery = z.object({ todayFrom: z.iso.datetime({ offset: true }).optional() });

const badRequest = (issues: readonly { path: readonly PropertyKey[] }[]) =>
  new AppError('badRequest', {
    fields: issues.map((i) => ({ field: String(i.path[0] ?? ''), rule: 'invalidValue' as const })),
  });

/** Midnight (UTC) of `now`: the day when the caller does not say where theirs starts. */
const utcMidnight = (now: Date): Date => new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);

/**
 * GET /api/Dashboard (staff with desktop screens: logistics, power or super users) and POST /api/TerminalStatus (a
 * terminal's report of itself). Each report is announced on the live connection, so open dashboards refresh.
 */
export const registerDashboardRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const queries = new DashboardQueries(ctx);

  app.get('/api/Dashboard', async (request) => {
    const claims = requireAuth(request);
    if (isContractor(claims) || !(hasAccess(claims, 'logistics') || hasAccess(claims, 'power')))
      throw new AppError('forbidden');
    const query = dashboardQuery.safeParse(request.query ?? {});
    if (!query.success) throw badRequest(query.error.issues);
    const now = new Date(ctx.clock.now());
    const todayFrom = query.data.todayFrom ? new Date(query.data.todayFrom) : utcMidnight(now);
    return queries.figures(claims.acc, todayFrom, now);
  });

  app.post('/api/TerminalStatus', async (request, reply) => {
    const claims = requireAuth(request);
    if (isContractor(claims) || !(hasAccess(claims, 'terminal') || hasAccess(claims, 'logistics')))
      throw new AppError('forbidden');
    const body = reportSchema.safeParse(request.body ?? {});
    if (!body.success) throw badRequest(body.error.issues);
    const report = body.data;
    const { terminalStatus } = dashboardTables;
    const values = {
      clientAccountId: claims.acc,
      deviceId: report.deviceId,
      userId: claims.sub,
      pending: report.pending,
      rejected: report.rejected,
      lastSyncAt: report.lastSyncAt === null ? null : new Date(report.lastSyncAt),
      reportedAt: new Date(ctx.clock.now()),
    };
    await ctx.db
      .insert(terminalStatus)
      .values(values)
      .onConflictDoUpdate({
        target: [terminalStatus.clientAccountId, terminalStatus.deviceId],
        set: {
          userId: values.userId,
          pending: values.pending,
          rejected: values.rejected,
          lastSyncAt: sql`coalesce(excluded.last_sync_at, ${terminalStatus.lastSyncAt})`,
          reportedAt: values.reportedAt,
        },
      });
    ctx.changes.next({
      clientAccountId: claims.acc,
      resourceType: terminalStatusEvent,
      id: report.deviceId,
      action: 'update',
    });
    return reply.code(204).send();
  });
};
