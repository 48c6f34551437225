import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { catalystCartDefinition } from '../../domain/catalyst/syntheticDefinitions';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';
import { rowsOf } from '../db/rawRows';
import type { ResourceTable } from '../db/resourceTables';
import { toApiRow } from '../resources/rows';
import { adminUserResource } from './adminUsers';
import { readCartForStaff } from './carts';
import { catalystCart, catalystClientDevice } from './catalystTables';
import { staffScope } from './staffScope';
import { registerSyntheticRoutes } from './syntheticRoutes';
import { type UsageCounter, usageKinds } from './usage';

const uuid = z.uuid();
type Params = { id: string; deviceRowId: string };

const iso = (v: unknown): string | null =>
  v === null || v === undefined
    ? null
    : v instanceof Date
      ? v.toISOString()
      : new Date(String(v)).toISOString();

/**
 * Staff calls about client accounts: their devices (list, free one), carts (read only), catalyst
 * administrators, and the usage statistics of the last 7 days.
 */
export const registerClientAdminRoutes = (
  app: FastifyInstance,
  ctx: AppContext,
  deps: { readonly usage: UsageCounter; readonly clock: () => Date },
): void => {
  registerSyntheticRoutes(app, ctx, adminUserResource(ctx));

  const cartTable = catalystCart as unknown as ResourceTable;
  registerSyntheticRoutes(app, ctx, {
    def: catalystCartDefinition,
    table: cartTable,
    where: (scope) => eq(catalystCart.clientAccountId, scope.clientAccountId),
    toApi: (row) => toApiRow(catalystCartDefinition, row),
    detail: async (scope, row) => {
      const { lines } = await readCartForStaff(ctx.db, scope.clientAccountId, String(row.id));
      return {
        ...toApiRow(catalystCartDefinition, row),
        lines: lines.map((l) => ({
          catalystId: String(l.catalyst_id),
          name: String(l.name),
          serialNumbers: l.serial_numbers,
          quantity: Number(l.quantity),
          price: l.price === null ? null : Number(l.price),
        })),
      };
    },
  });

  app.get<{ Params: Params }>('/api/catalyst/clientuser/:id/devices', async (request) => {
    const scope = staffScope(request);
    if (!uuid.safeParse(request.params.id).success) throw new AppError('notFoundOrNoPermission');
    const known = rowsOf(
      await ctx.db.execute(sql`select 1 from catalyst_client_user where id = ${request.params.id}::uuid
        and client_account_id = ${scope.clientAccountId}::uuid`),
    );
    if (!known.length) throw new AppError('notFoundOrNoPermission');
    const rows = await ctx.db
      .select({
        id: catalystClientDevice.id,
        deviceId: catalystClientDevice.deviceId,
        deviceName: catalystClientDevice.deviceName,
        createdAt: catalystClientDevice.createdAt,
        lastSeenAt: catalystClientDevice.lastSeenAt,
      })
      .from(catalystClientDevice)
      .where(
        and(
          eq(catalystClientDevice.clientAccountId, scope.clientAccountId),
          eq(catalystClientDevice.clientUserId, request.params.id),
        ),
      )
      .orderBy(catalystClientDevice.createdAt);
    return {
      results: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt), lastSeenAt: iso(r.lastSeenAt) })),
    };
  });

  /** Frees a device: its sign-in ends (the next call is refused) and the account may sign in elsewhere. */
  app.delete<{ Params: Params }>(
    '/api/catalyst/clientuser/:id/devices/:deviceRowId',
    async (request, reply) => {
      const scope = staffScope(request);
      if (!uuid.safeParse(request.params.id).success || !uuid.safeParse(request.params.deviceRowId).success)
        throw new AppError('notFoundOrNoPermission');
      const removed = await ctx.db
        .delete(catalystClientDevice)
        .where(
          and(
            eq(catalystClientDevice.clientAccountId, scope.clientAccountId),
            eq(catalystClientDevice.clientUserId, request.params.id),
            eq(catalystClientDevice.id, request.params.deviceRowId),
          ),
        )
        .returning({ id: catalystClientDevice.id });
      if (!removed.length) throw new AppError('notFoundOrNoPermission');
      return reply.status(204).send();
    },
  );

  /** Usage of client accounts over the last 7 days (UTC days, today included): per day and per client. */
  app.get('/api/catalyst/statistics', async (request) => {
    const scope = staffScope(request);
    await deps.usage.flush();
    const today = deps.clock().toISOString().slice(0, 10);
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const acc = sql`${scope.clientAccountId}::uuid`;
    const perDay = rowsOf(
      await ctx.db.execute(sql`
        select day::text as day, kind, sum(count)::int as count, count(distinct client_user_id)::int as clients
        from catalyst_usage where client_account_id = ${acc} and day >= ${from}::date and day <= ${today}::date
        group by day, kind`),
    );
    const active = rowsOf(
      await ctx.db.execute(sql`
        select day::text as day, count(distinct client_user_id)::int as clients from catalyst_usage
        where client_account_id = ${acc} and day >= ${from}::date and day <= ${today}::date group by day`),
    );
    const perClient = rowsOf(
      await ctx.db.execute(sql`
        select u.id, u.username, u.name, g.name as group_name, u.last_login,
          coalesce(sum(s.count), 0)::int as calls,
          coalesce(sum(s.count) filter (where s.kind = 'signIn'), 0)::int as sign_ins,
          coalesce(sum(s.count) filter (where s.kind = 'submit'), 0)::int as submits,
          (select count(*)::int from catalyst_client_device d where d.client_user_id = u.id) as devices
        from catalyst_client_user u
        left join catalyst_user_group g on g.id = u.user_group_id
        left join catalyst_usage s on s.client_user_id = u.id and s.day >= ${from}::date and s.day <= ${today}::date
        where u.client_account_id = ${acc}
        group by u.id, g.name order by calls desc, u.username limit 500`),
    );
    const days = Array.from({ length: 7 }, (_, i) =>
      new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    ).map((day) => ({
      day,
      activeClients: Number(active.find((a) => a.day === day)?.clients ?? 0),
      ...Object.fromEntries(
        usageKinds.map((kind) => [
          kind,
          Number(perDay.find((r) => r.day === day && r.kind === kind)?.count ?? 0),
        ]),
      ),
    }));
    return {
      from,
      to: today,
      days,
      clients: perClient.map((c) => ({
        clientUserId: String(c.id),
        username: String(c.username),
        name: c.name ?? null,
        groupName: c.group_name ?? null,
        lastLogin: iso(c.last_login),
        calls: Number(c.calls),
        signIns: Number(c.sign_ins),
        submits: Number(c.submits),
        devices: Number(c.devices),
      })),
    };
  });
};
