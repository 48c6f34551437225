import { sql } from 'drizzle-orm';
import { companyExchangePrice, metalRate, type PricingGroup } from '../../../domain/catalyst/pricing';
import type { Executor, Tx } from '../../db/client';
import { rowsOf } from '../../db/rawRows';
import { exchangeOfRow, metalOfRow, type SnapshotExchange, type SnapshotMetal } from '../pricingSnapshot';
import { readRecyclingConfig } from '../recyclingConfig';

/** The company's own rates are the group-neutral ones: multipliers of 1. */
export const neutralGroup: PricingGroup = {
  id: null,
  stockRateMultiplyValue: 1,
  currencyRateMultiplyValue: 1,
};

export type RateKind = 'metal' | 'currency';
export const rateTables: Readonly<Record<RateKind, string>> = {
  metal: 'company_stock_rate_rule',
  currency: 'company_currency_rate_rule',
};
export const rateResources: Readonly<Record<RateKind, string>> = {
  metal: 'companyStockRateRule',
  currency: 'companyCurrencyRateRule',
};

export const readMetals = async (db: Executor, clientAccountId: string): Promise<SnapshotMetal[]> =>
  rowsOf(
    await db.execute(
      sql`select * from company_stock_rate_rule where client_account_id = ${clientAccountId}::uuid order by short_name`,
    ),
  ).map(metalOfRow);

export const readExchanges = async (db: Executor, clientAccountId: string): Promise<SnapshotExchange[]> =>
  rowsOf(
    await db.execute(
      sql`select * from company_currency_rate_rule where client_account_id = ${clientAccountId}::uuid order by pair_name`,
    ),
  ).map(exchangeOfRow);

/** The changed rows of a refresh, by kind. */
export interface RefreshedRates {
  readonly metals: string[];
  readonly exchanges: string[];
}

/**
 * Brings the stored company rates in line with the current quotes, rules and configuration: each exchange
 * rate's company price and each metal's effective rate (per gram, in the configured currency). Run in the
 * transaction of whatever changed them; `without` leaves out an exchange rate being deleted.
 */
export const refreshCompanyRates = async (
  tx: Tx,
  clientAccountId: string,
  without?: string,
): Promise<RefreshedRates> => {
  const [metals, allExchanges, config] = await Promise.all([
    readMetals(tx, clientAccountId),
    readExchanges(tx, clientAccountId),
    readRecyclingConfig(tx, clientAccountId),
  ]);
  const exchanges = allExchanges.filter((e) => e.id !== without);
  const stored = rowsOf(
    await tx.execute(
      sql`select id, latest_company_currency_price as price from company_currency_rate_rule where client_account_id = ${clientAccountId}::uuid`,
    ),
  );
  const changed: RefreshedRates = { metals: [], exchanges: [] };
  for (const e of exchanges) {
    const price = companyExchangePrice(e);
    const before = stored.find((r) => r.id === e.id)?.price ?? null;
    if (price === before) continue;
    await tx.execute(
      sql`update company_currency_rate_rule set latest_company_currency_price = ${price} where id = ${e.id}::uuid`,
    );
    changed.exchanges.push(e.id);
  }
  for (const m of metals) {
    const r = metalRate(m, exchanges, config, neutralGroup);
    const rate = r.ok ? r.steps.rate : null;
    if (rate === m.effectiveRate) continue;
    await tx.execute(
      sql`update company_stock_rate_rule set effective_rate = ${rate} where id = ${m.id}::uuid`,
    );
    changed.metals.push(m.id);
  }
  return changed;
};

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The effective rate per gram a metal rate row (field names, as the generic service has it) gives now. */
export const effectiveRateOf = async (
  tx: Tx,
  clientAccountId: string,
  row: Record<string, unknown>,
): Promise<number | null> => {
  const [exchanges, config] = await Promise.all([
    readExchanges(tx, clientAccountId),
    readRecyclingConfig(tx, clientAccountId),
  ]);
  const columns = Object.fromEntries(Object.entries(row).map(([k, v]) => [snake(k), v]));
  const r = metalRate(metalOfRow(columns), exchanges, config, neutralGroup);
  return r.ok ? r.steps.rate : null;
};
