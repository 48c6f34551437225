import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { gramsPerUnit, quoteUnits } from '../../../domain/catalyst/rateOptions';
import { AppError } from '../../../domain/errors';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/rawRows';
import { readRecyclingConfig, saveRecyclingConfig } from '../recyclingConfig';
import { staffScope } from '../staffScope';
import { inUnit } from '../unitOfWork';
import {
  type RateKind,
  rateResources,
  rateTables,
  readExchanges,
  readMetals,
  refreshCompanyRates,
} from './companyRates';
import { fetchHttpQuote, SourceError } from './httpSource';
import { readQuoteFile } from './quoteFile';
import { recordQuote, recordQuotes } from './quotes';

type IdParams = { id: string };

export const quoteSchema = z.object({
  price: z.preprocess(
    (v) => (typeof v === 'string' ? Number(v.replace(',', '.')) : v),
    z.number().positive().max(1e9),
  ),
  unit: z.enum(quoteUnits).optional(),
  at: z.iso.datetime({ offset: true }).optional(),
});

export const chartSchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  rateId: z.union([z.uuid(), z.array(z.uuid()).max(50)]).optional(),
});

const paths: Readonly<Record<RateKind, string>> = {
  metal: '/api/catalyst/companystockraterule',
  currency: '/api/catalyst/companycurrencyraterule',
};

/** Longest history a chart answers with per rate (the newest points). */
const maxPoints = 5000;

/**
 * The company configuration (GET and PUT catalyst/ClientRecyclingConfig), quotes typed in, fetched on demand
 * from a rate's HTTP source or imported from a CSV/XLSX file, the current market and the history charts.
 */
export const registerRateRoutes = (
  app: FastifyInstance,
  ctx: AppContext,
  opts: { readonly clock: () => Date; readonly allowPrivateSources: boolean },
): void => {
  const userGroups = ctx.schema.resourceTables.catalystUserGroup;
  if (!userGroups) throw new Error('the client group resource is missing');

  app.get('/api/catalyst/ClientRecyclingConfig', async (request) =>
    readRecyclingConfig(ctx.db, staffScope(request).clientAccountId),
  );

  app.put('/api/catalyst/ClientRecyclingConfig', async (request) => {
    const scope = staffScope(request);
    return inUnit(ctx, async (unit) => {
      const saved = await saveRecyclingConfig(unit.tx, scope.clientAccountId, userGroups, request.body);
      // The currency or rounding may have changed: the company's rates follow, and clients hear of it.
      await refreshCompanyRates(unit.tx, scope.clientAccountId);
      unit.changes.push({
        clientAccountId: scope.clientAccountId,
        resourceType: 'clientRecyclingConfig',
        id: scope.clientAccountId,
        action: 'update',
      });
      return saved;
    });
  });

  for (const kind of ['metal', 'currency'] as const) {
    const base = paths[kind];

    app.post<{ Params: IdParams }>(`${base}/:id/quote`, async (request) => {
      const scope = staffScope(request);
      const body = quoteSchema.safeParse(request.body);
      if (!body.success)
        throw new AppError('formHasErrors', {
          fields: body.error.issues.map((i) => ({
            field: String(i.path[0] ?? 'price'),
            rule: 'invalidValue' as const,
          })),
        });
      const price =
        kind === 'metal' ? body.data.price / gramsPerUnit[body.data.unit ?? 'g'] : body.data.price;
      const at = body.data.at ? new Date(body.data.at) : opts.clock();
      const latest = await inUnit(ctx, (unit) =>
        recordQuote(unit, scope.clientAccountId, {
          kind,
          rateId: request.params.id,
          price,
          at,
          source: 'manual',
        }),
      );
      return { latest };
    });

    /** Reads the rate's HTTP source now (the scheduler does so at the update hours). */
    app.post<{ Params: IdParams }>(`${base}/:id/fetch`, async (request) => {
      const scope = staffScope(request);
      if (!z.uuid().safeParse(request.params.id).success) throw new AppError('notFoundOrNoPermission');
      const table = sql.raw(rateTables[kind]);
      const [rate] = rowsOf(
        await ctx.db.execute(sql`select * from ${table} where id = ${request.params.id}::uuid
          and client_account_id = ${scope.clientAccountId}::uuid`),
      );
      if (!rate) throw new AppError('notFoundOrNoPermission');
      if (!rate.source_url || !rate.source_field)
        throw new AppError('formHasErrors', { fields: [{ field: 'sourceUrl', rule: 'required' }] });
      let raw: number;
      try {
        raw = await fetchHttpQuote(
          { url: String(rate.source_url), field: String(rate.source_field) },
          { allowPrivate: opts.allowPrivateSources, timeoutMs: 10_000 },
        );
      } catch (error) {
        if (!(error instanceof SourceError)) throw error;
        await inUnit(ctx, async (unit) => {
          await unit.tx.execute(
            sql`update ${table} set last_source_error = ${error.message.slice(0, 500)} where id = ${String(rate.id)}::uuid`,
          );
          unit.changes.push({
            clientAccountId: scope.clientAccountId,
            resourceType: rateResources[kind],
            id: String(rate.id),
            action: 'update',
          });
        });
        throw new AppError('quoteSourceFailed', { detail: error.message });
      }
      const unitOfSource = (quoteUnits as readonly string[]).includes(String(rate.source_unit))
        ? (rate.source_unit as keyof typeof gramsPerUnit)
        : 'g';
      const price = kind === 'metal' ? raw / gramsPerUnit[unitOfSource] : raw;
      await inUnit(ctx, (unit) =>
        recordQuote(unit, scope.clientAccountId, {
          kind,
          rateId: String(rate.id),
          price,
          at: opts.clock(),
          source: 'http',
        }),
      );
      return { price };
    });

    /** History of quotes per rate: market price and the company's rate at that time. */
    app.get(`${base}/charts`, async (request) => {
      const scope = staffScope(request);
      const q = chartSchema.safeParse(request.query);
      if (!q.success) throw new AppError('badRequest');
      const to = q.data.to ? new Date(q.data.to) : opts.clock();
      const from = q.data.from ? new Date(q.data.from) : new Date(to.getTime() - 30 * 86_400_000);
      const ids = q.data.rateId === undefined ? undefined : [q.data.rateId].flat();
      const rates =
        kind === 'metal'
          ? (await readMetals(ctx.db, scope.clientAccountId)).map((m) => ({
              id: m.id,
              label: m.shortName,
              name: m.name,
            }))
          : (await readExchanges(ctx.db, scope.clientAccountId)).map((e) => ({
              id: e.id,
              label: e.pairName,
              name: e.pairFullName ?? e.pairName,
            }));
      const series = [];
      for (const rate of rates.filter((r) => !ids || ids.includes(r.id))) {
        const points = rowsOf(
          await ctx.db.execute(sql`
            select * from (
              select at, price, company_price from catalyst_rate_quote
              where client_account_id = ${scope.clientAccountId}::uuid and rate_id = ${rate.id}::uuid
                and at >= ${from.toISOString()}::timestamptz and at <= ${to.toISOString()}::timestamptz
              order by at desc limit ${maxPoints}) newest
            order by at`),
        ).map((p) => ({
          at: p.at instanceof Date ? p.at.toISOString() : new Date(String(p.at)).toISOString(),
          price: Number(p.price),
          companyPrice: p.company_price === null ? null : Number(p.company_price),
        }));
        series.push({ rateId: rate.id, label: rate.label, name: rate.name, points });
      }
      return { from: from.toISOString(), to: to.toISOString(), series };
    });
  }

  /** The market now: metal rates with phases and exchange rates, with the configuration's currency. */
  app.get('/api/catalyst/market', async (request) => {
    const scope = staffScope(request);
    const [metals, exchanges, config] = await Promise.all([
      readMetals(ctx.db, scope.clientAccountId),
      readExchanges(ctx.db, scope.clientAccountId),
      readRecyclingConfig(ctx.db, scope.clientAccountId),
    ]);
    return { now: opts.clock().toISOString(), currency: config.currency, metals, exchanges };
  });

  /** Quotes from a CSV or XLSX file: symbol (metal symbol or currency pair), price, optional unit and time. */
  app.post('/api/catalyst/rates/import', async (request) => {
    const scope = staffScope(request);
    if (!request.isMultipart()) throw new AppError('badRequest');
    const part = await request.file();
    if (!part) throw new AppError('formHasErrors', { fields: [{ field: 'file', rule: 'required' }] });
    const data = await part.toBuffer();
    const [metals, exchanges] = await Promise.all([
      readMetals(ctx.db, scope.clientAccountId),
      readExchanges(ctx.db, scope.clientAccountId),
    ]);
    const read = await readQuoteFile(part.filename, data, { metals, exchanges, now: opts.clock() });
    const updated = read.quotes.length
      ? await inUnit(ctx, (unit) => recordQuotes(unit, scope.clientAccountId, read.quotes))
      : [];
    return { imported: read.quotes.length, updated: updated.length, warnings: read.warnings };
  });
};
