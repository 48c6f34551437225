import { sql } from 'drizzle-orm';
import { companyExchangePrice, metalRate } from '../../../domain/catalyst/pricing';
import type { QuoteSource } from '../../../domain/catalyst/rateOptions';
import { AppError } from '../../../domain/errors';
import { isUuid } from '../../../domain/rowValues';
import { rowsOf } from '../../db/rawRows';
import { catalystRateQuote } from '../catalystTables';
import { exchangeOfRow, metalOfRow } from '../pricingSnapshot';
import { readRecyclingConfig } from '../recyclingConfig';
import type { CatalystUnit } from '../unitOfWork';
import {
  neutralGroup,
  type RateKind,
  rateResources,
  rateTables,
  readExchanges,
  refreshCompanyRates,
} from './companyRates';

export interface NewQuote {
  readonly kind: RateKind;
  readonly rateId: string;
  /** Metals: per gram in the rate's quote currency; exchange rates: one unit of the pair's first currency. */
  readonly price: number;
  readonly at: Date;
  readonly source: QuoteSource;
}

const validPrice = (price: number) => Number.isFinite(price) && price > 0 && price <= 1e9;

/**
 * Records market quotes: every one in the history; per rate the newest becomes the latest quote unless the
 * stored one is newer (a late file row does not undo a newer quote). The company's rates are brought up to
 * date once, in the same transaction; the changes are announced after the commit. Returns the ids of the
 * rates whose latest quote changed.
 */
export const recordQuotes = async (
  unit: CatalystUnit,
  clientAccountId: string,
  quotes: readonly NewQuote[],
): Promise<string[]> => {
  for (const q of quotes) {
    if (!isUuid(q.rateId)) throw new AppError('notFoundOrNoPermission');
    if (!validPrice(q.price))
      throw new AppError('formHasErrors', { fields: [{ field: 'price', rule: 'invalidValue' }] });
  }
  const [exchanges, config] = await Promise.all([
    readExchanges(unit.tx, clientAccountId),
    readRecyclingConfig(unit.tx, clientAccountId),
  ]);
  const byRate = new Map<string, NewQuote[]>();
  for (const q of quotes) byRate.set(q.rateId, [...(byRate.get(q.rateId) ?? []), q]);
  const latest: string[] = [];
  for (const [rateId, list] of byRate) {
    const kind = list[0]?.kind ?? 'metal';
    const table = sql.raw(rateTables[kind]);
    const [row] = rowsOf(
      await unit.tx.execute(
        sql`select * from ${table} where id = ${rateId}::uuid and client_account_id = ${clientAccountId}::uuid for update`,
      ),
    );
    if (!row) throw new AppError('notFoundOrNoPermission');
    const companyPrice = (price: number): number | null => {
      if (kind === 'currency') return companyExchangePrice({ ...exchangeOfRow(row), marketPrice: price });
      const r = metalRate({ ...metalOfRow(row), marketRate: price }, exchanges, config, neutralGroup);
      return r.ok ? r.steps.rate : null;
    };
    await unit.tx.insert(catalystRateQuote).values(
      list.map((q) => ({
        clientAccountId,
        rateKind: kind,
        rateId,
        price: q.price,
        companyPrice: companyPrice(q.price),
        at: q.at,
        source: q.source,
      })),
    );
    const newest = list.reduce((a, b) => (b.at.getTime() >= a.at.getTime() ? b : a));
    const storedAt = row.market_rate_at
      ? new Date(
          String(row.market_rate_at instanceof Date ? row.market_rate_at.toISOString() : row.market_rate_at),
        )
      : null;
    if (storedAt !== null && newest.at.getTime() < storedAt.getTime()) continue;
    const priceColumn = sql.raw(kind === 'metal' ? 'latest_market_rate' : 'latest_base_currency_price');
    await unit.tx.execute(
      sql`update ${table} set ${priceColumn} = ${newest.price}, market_rate_at = ${newest.at.toISOString()}::timestamptz,
          last_source_error = null, updated_at = now(), version = version + 1 where id = ${rateId}::uuid`,
    );
    latest.push(rateId);
    unit.changes.push({ clientAccountId, resourceType: rateResources[kind], id: rateId, action: 'update' });
  }
  if (latest.length === 0) return latest;
  const refreshed = await refreshCompanyRates(unit.tx, clientAccountId);
  const announce = (kind: RateKind, id: string) => {
    if (!latest.includes(id))
      unit.changes.push({ clientAccountId, resourceType: rateResources[kind], id, action: 'update' });
  };
  for (const id of refreshed.metals) announce('metal', id);
  for (const id of refreshed.exchanges) announce('currency', id);
  return latest;
};

/** One quote (see recordQuotes); whether it became the latest. */
export const recordQuote = async (
  unit: CatalystUnit,
  clientAccountId: string,
  quote: NewQuote,
): Promise<boolean> => (await recordQuotes(unit, clientAccountId, [quote])).length > 0;
