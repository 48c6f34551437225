import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  type AccountUsage,
  billingMonthEnd,
  billingMonthOf,
  billingMonthStart,
  monthUsage,
  usageDays,
  usageWindow,
} from '../../domain/account/usage';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';
import { requireAuth } from '../context';
import { accountDocumentMonth, clientAccount } from '../db/internalTables';
import { rowsOf } from '../db/rawRows';

export const usageQuery = z.object({
  /**
   * The caller's midnight today (their time zone; UTC when not given) and the first instant of the month to show
   * against the limit: the billing month (UTC) of the server's clock when not given, which is what the limit
   * counts (docs/decisions.md, "The monthly document limit").
   */
  todayFrom: z.iso.datetime({ offset: true }).optional(),
  monthFrom: z.iso.datetime({ offset: true }).optional(),
});

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const utcMidnight = (now: Date): Date => new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
/** Half a month: the billing month of a month start given in any time zone is the one it is well inside of. */
const halfMonthMs = 15 * 24 * 60 * 60 * 1000;

/**
 * GET /api/ClientAccount/usage (super users of the company): the last seven days (documents, active users,
 * terminal devices, files added), the files kept, and the month's documents against the subscription's limit.
 * Each figure is one statement over the day starts; every table is read through its account index.
 */
export const registerAccountUsageRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const table = (name: string) => {
    const found = ctx.schema.resourceTables[name];
    if (!found) throw new Error(`the ${name} table is missing`);
    return found;
  };
  const documents = table('wmsDocument');
  const files = table('fileInfo');

  app.get('/api/ClientAccount/usage', async (request): Promise<AccountUsage> => {
    const claims = requireAuth(request);
    if (!claims.IsSuperUser || claims.ctr) throw new AppError('forbidden');
    const query = usageQuery.safeParse(request.query ?? {});
    if (!query.success)
      throw new AppError('badRequest', {
        fields: query.error.issues.map((i) => ({
          field: String(i.path[0] ?? ''),
          rule: 'invalidValue' as const,
        })),
      });
    const now = new Date(ctx.clock.now());
    const todayFrom = query.data.todayFrom ? new Date(query.data.todayFrom) : utcMidnight(now);
    const monthFrom = query.data.monthFrom
      ? new Date(query.data.monthFrom)
      : billingMonthStart(billingMonthOf(now.getTime()));
    const billingMonth = billingMonthOf(monthFrom.getTime() + halfMonthMs);
    // The month's end, as far from the billing month's end as the given start is from its start (time zones).
    const monthTo = new Date(
      billingMonthEnd(billingMonth).getTime() +
        monthFrom.getTime() -
        billingMonthStart(billingMonth).getTime(),
    );
    const starts = usageWindow(todayFrom, usageDays);
    const account = claims.acc;
    // The window's days as (i, start, end) rows; every figure joins its events to them.
    const days = sql`(select i, s as day_start, s + interval '1 day' as day_end
      from unnest(${`{${starts.map((d) => `"${d.toISOString()}"`).join(',')}}`}::timestamptz[]) with ordinality as w(s, i)) d`;

    const [perDay, users, devices, kept, month, [row], [counted]] = await Promise.all([
      ctx.db.execute(sql`
        select d.i, x.n as documents, f.size as files_added
        from ${days}
        cross join lateral (select count(*)::int as n from ${documents}
          where client_account_id = ${account} and created_at >= d.day_start and created_at < d.day_end) x
        cross join lateral (select coalesce(sum(size), 0)::bigint as size from ${files}
          where client_account_id = ${account} and created_at >= d.day_start and created_at < d.day_end) f
        order by d.i`),
      ctx.db.execute(sql`
        select d.i, count(distinct a.user_id)::int as n from ${days}
        left join (
          select user_id, created_at as at from refresh_token where client_account_id = ${account}
          union all
          select user_id, created_at from sync_mutation where client_account_id = ${account}
        ) a on a.at >= d.day_start and a.at < d.day_end
        group by d.i order by d.i`),
      ctx.db.execute(sql`
        select d.i, count(distinct a.device_id)::int as n from ${days}
        left join (
          select device_id, created_at as at from sync_mutation
            where client_account_id = ${account} and device_id is not null
          union all
          select device_id, last_seen_at from sync_device where client_account_id = ${account}
        ) a on a.at >= d.day_start and a.at < d.day_end
        group by d.i order by d.i`),
      ctx.db.execute(
        sql`select coalesce(sum(size), 0)::bigint as n from ${files} where client_account_id = ${account}`,
      ),
      ctx.db.execute(sql`
        select count(*)::int as n from ${documents}
        where client_account_id = ${account} and created_at >= ${monthFrom.toISOString()}
          and created_at < ${monthTo.toISOString()}`),
      ctx.db
        .select({
          limit: clientAccount.monthlyDocumentLimit,
          price: clientAccount.extraDocumentPrice,
          budget: clientAccount.extraBudget,
        })
        .from(clientAccount)
        .where(eq(clientAccount.id, account)),
      // What the limit counted (deleted documents too): at least the documents still there.
      ctx.db
        .select({ documents: accountDocumentMonth.documents })
        .from(accountDocumentMonth)
        .where(
          and(
            eq(accountDocumentMonth.clientAccountId, account),
            eq(accountDocumentMonth.month, billingMonth),
          ),
        ),
    ]);
    if (!row) throw new AppError('notFoundOrNoPermission');
    const byDay = rowsOf(perDay);
    const usersByDay = rowsOf(users);
    const devicesByDay = rowsOf(devices);
    return {
      days: starts.map((start, index) => ({
        from: start.toISOString(),
        documents: num(byDay[index]?.documents),
        activeUsers: num(usersByDay[index]?.n),
        terminalDevices: num(devicesByDay[index]?.n),
        filesAdded: num(byDay[index]?.files_added),
      })),
      storageBytes: num(rowsOf(kept)[0]?.n),
      month: monthUsage({
        from: monthFrom.toISOString(),
        documents: Math.max(num(rowsOf(month)[0]?.n), counted?.documents ?? 0),
        limit: row.limit,
        extraDocumentPrice: num(row.price),
        extraBudget: num(row.budget),
      }),
    };
  });
};
