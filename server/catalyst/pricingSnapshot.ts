import { type SQL, sql } from 'drizzle-orm';
import type { ClientGroupFlags } from '../../domain/catalyst/clientView';
import type { PricingExchange, PricingGroup, PricingMetal, PricingRule } from '../../domain/catalyst/pricing';
import type { MarketPhase } from '../../domain/catalyst/rateOptions';
import type { Executor } from '../db/client';
import { rowsOf } from '../db/rawRows';
import { configOfRow, defaultRecyclingConfig, type RecyclingConfig } from './recyclingConfig';

type Json = Record<string, unknown>;

/** A metal rate as the engine and the screens need it. */
export interface SnapshotMetal extends PricingMetal {
  readonly name: string;
  readonly marketPhase: MarketPhase | null;
  readonly at: string | null;
  readonly effectiveRate: number | null;
}

export interface SnapshotExchange extends PricingExchange {
  readonly id: string;
  readonly pairFullName: string | null;
  readonly at: string | null;
}

/** A client group: flags, multipliers and device limit. */
export interface SnapshotGroup extends PricingGroup, ClientGroupFlags {
  readonly name: string | null;
  readonly devicesLimit: number;
}

export interface SnapshotClient {
  readonly id: string;
  readonly username: string;
  readonly name: string | null;
  readonly language: string | null;
  readonly isBlocked: boolean;
}

/** Everything one read needs to price catalysts for one client (or one group): read in one statement. */
export interface PricingSnapshot {
  readonly config: RecyclingConfig;
  readonly metals: readonly SnapshotMetal[];
  readonly exchanges: readonly SnapshotExchange[];
  readonly group: SnapshotGroup;
  readonly rules: readonly PricingRule[];
  readonly client: SnapshotClient | null;
  /** The device of the call is still registered for the client (true when no device was asked about). */
  readonly deviceOk: boolean;
}

/**
 * A client without a group (and no default group) sees names only: no prices, weights, components or
 * rates, no cart, one device.
 */
export const noGroup: SnapshotGroup = {
  id: null,
  name: null,
  devicesLimit: 1,
  stockRateMultiplyValue: 1,
  currencyRateMultiplyValue: 1,
  canDisplayPrices: false,
  canDisplayWeight: false,
  canDisplayComponents: false,
  canDisplayExchangeRates: false,
  canDispalyStockRates: false,
  canRecalcPrices: false,
  canUseCart: false,
};

const n = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : v === null || v === undefined || v === ''
      ? null
      : Number.isFinite(Number(v))
        ? Number(v)
        : null;
const s = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const iso = (v: unknown): string | null =>
  v instanceof Date ? v.toISOString() : typeof v === 'string' ? new Date(v).toISOString() : null;

/** A company_stock_rate_rule row (snake_case, as JSON) for the engine. */
export const metalOfRow = (r: Json): SnapshotMetal => ({
  id: String(r.id),
  shortName: String(r.short_name ?? ''),
  name: String(r.name ?? ''),
  quoteCurrency: String(r.quote_currency ?? 'USD'),
  marketRate: n(r.latest_market_rate),
  valueMultiplier: n(r.value_multiplier) ?? 1,
  minimalReduction: n(r.minimal_reduction) ?? 0,
  returnRate: n(r.return_rate) ?? 100,
  leaseRate: n(r.lease_rate) ?? 0,
  constantValue: n(r.constant_value) ?? 0,
  minRate: n(r.min_rate),
  maxRate: n(r.max_rate),
  marketPhase: (s(r.market_phase) as MarketPhase | null) ?? null,
  at: iso(r.market_rate_at),
  effectiveRate: n(r.effective_rate),
});

export const exchangeOfRow = (r: Json): SnapshotExchange => ({
  id: String(r.id),
  pairName: String(r.pair_name ?? ''),
  pairFullName: s(r.pair_full_name),
  marketPrice: n(r.latest_base_currency_price),
  multiplier: n(r.multiplier) ?? 1,
  constantValue: n(r.constant_value) ?? 0,
  at: iso(r.market_rate_at),
});

const groupOfRow = (r: Json | null): SnapshotGroup =>
  r
    ? {
        id: String(r.id),
        name: s(r.name),
        devicesLimit: n(r.devices_limit) ?? 1,
        stockRateMultiplyValue: n(r.stock_rate_multiply_value) ?? 1,
        currencyRateMultiplyValue: n(r.currency_rate_multiply_value) ?? 1,
        canDisplayPrices: r.can_display_prices === true,
        canDisplayWeight: r.can_display_weight === true,
        canDisplayComponents: r.can_display_components === true,
        canDisplayExchangeRates: r.can_display_exchange_rates === true,
        canDispalyStockRates: r.can_dispaly_stock_rates === true,
        canRecalcPrices: r.can_recalc_prices === true,
        canUseCart: r.can_use_cart === true,
      }
    : noGroup;

export const ruleOfRow = (r: Json): PricingRule => ({
  id: String(r.id),
  clientUserId: s(r.client_user_id),
  userGroupId: s(r.user_group_id),
  catalystId: s(r.catalyst_id),
  catalystGroupId: s(r.catalyst_group_id),
  producerId: s(r.producer_id),
  multiplier: n(r.multiplier) ?? 1,
  surcharge: n(r.surcharge) ?? 0,
  fixedPrice: n(r.fixed_price),
});

const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
const list = (v: unknown): Json[] => {
  const parsed = json(v);
  return Array.isArray(parsed) ? (parsed as Json[]) : [];
};

export interface SnapshotRequest {
  readonly clientAccountId: string;
  /** Price as this client account sees it (its group, its rules and its group's). */
  readonly clientUserId?: string;
  /**
   * The client's own group as the caller already read it (null: none, so the config's default group); left out,
   * it is read with the client in the same statement.
   */
  readonly clientGroupId?: string | null;
  /** Or as a client of this group (its rules only); neither: no group. */
  readonly userGroupId?: string;
  /** Check that this device is still registered for the client. */
  readonly deviceId?: string;
}

/** Reads the configuration, rates, the client and its group and their rules in one statement. */
export const loadPricingSnapshot = async (db: Executor, req: SnapshotRequest): Promise<PricingSnapshot> =>
  (await loadPricingSnapshotWith(db, req, sql`null`)).snapshot;

/**
 * The snapshot and one more value in the same statement (`extra`, a scalar SQL expression: the as-client list's
 * count), so a catalogue page costs the embedded database no more statements than its page and count.
 */
export const loadPricingSnapshotWith = async (
  db: Executor,
  req: SnapshotRequest,
  extra: SQL,
): Promise<{ snapshot: PricingSnapshot; extra: unknown }> => {
  const acc = sql`${req.clientAccountId}::uuid`;
  const user = req.clientUserId ? sql`${req.clientUserId}::uuid` : sql`null::uuid`;
  const own =
    req.clientGroupId === undefined
      ? sql`(select user_group_id from u)`
      : req.clientGroupId === null
        ? sql`null::uuid`
        : sql`${req.clientGroupId}::uuid`;
  const groupOf: SQL = req.clientUserId
    ? sql`coalesce(${own}, (select default_user_group_id from cfg))`
    : req.userGroupId
      ? sql`${req.userGroupId}::uuid`
      : sql`null::uuid`;
  const device = req.deviceId
    ? sql`exists (select 1 from catalyst_client_device d where d.client_user_id = ${user} and d.device_id = ${req.deviceId})`
    : sql`true`;
  const result = await db.execute(sql`
    with cfg as (select * from catalyst_config where client_account_id = ${acc}),
    u as (
      select id, username, name, language, is_blocked, user_group_id from catalyst_client_user
      where id = ${user} and client_account_id = ${acc}
    ),
    g as (select * from catalyst_user_group where client_account_id = ${acc} and id = ${groupOf})
    select
      (select row_to_json(cfg) from cfg) as config,
      (select row_to_json(u) from u) as client,
      (select row_to_json(g) from g) as grp,
      (select coalesce(json_agg(m order by m.short_name), '[]'::json) from company_stock_rate_rule m
        where m.client_account_id = ${acc}) as metals,
      (select coalesce(json_agg(e order by e.pair_name), '[]'::json) from company_currency_rate_rule e
        where e.client_account_id = ${acc}) as exchanges,
      (select coalesce(json_agg(r), '[]'::json) from catalyst_individual_rule r
        where r.client_account_id = ${acc}
          and (r.client_user_id is null or r.client_user_id = ${user})
          and (r.user_group_id is null or r.user_group_id = (select id from g))
      ) as rules,
      ${device} as device_ok,
      ${extra} as extra
  `);
  const [row] = rowsOf(result);
  const config = json(row?.config) as Json | null;
  const client = json(row?.client) as Json | null;
  const snapshot: PricingSnapshot = {
    config: config ? configOfRow(config) : defaultRecyclingConfig,
    metals: list(row?.metals).map(metalOfRow),
    exchanges: list(row?.exchanges).map(exchangeOfRow),
    group: groupOfRow(json(row?.grp) as Json | null),
    rules: list(row?.rules).map(ruleOfRow),
    client: client
      ? {
          id: String(client.id),
          username: String(client.username),
          name: s(client.name),
          language: s(client.language),
          isBlocked: client.is_blocked === true,
        }
      : null,
    deviceOk: row?.device_ok === true,
  };
  return { snapshot, extra: row?.extra };
};

/** The company's rates, every client group and every group-wide rule: what pricing the catalogue for all groups needs. */
export interface GroupsPricing {
  readonly config: RecyclingConfig;
  readonly metals: readonly SnapshotMetal[];
  readonly exchanges: readonly SnapshotExchange[];
  readonly groups: readonly SnapshotGroup[];
  /** Rules for a group or for everyone (a client's own rules are not a group's). */
  readonly rules: readonly PricingRule[];
}

/** Reads the rates, the groups (by name) and their rules in one statement. */
export const loadGroupsPricing = async (db: Executor, clientAccountId: string): Promise<GroupsPricing> => {
  const acc = sql`${clientAccountId}::uuid`;
  const [row] = rowsOf(
    await db.execute(sql`
      select
        (select row_to_json(cfg) from catalyst_config cfg where cfg.client_account_id = ${acc}) as config,
        (select coalesce(json_agg(m order by m.short_name), '[]'::json) from company_stock_rate_rule m
          where m.client_account_id = ${acc}) as metals,
        (select coalesce(json_agg(e order by e.pair_name), '[]'::json) from company_currency_rate_rule e
          where e.client_account_id = ${acc}) as exchanges,
        (select coalesce(json_agg(g order by g.name), '[]'::json) from catalyst_user_group g
          where g.client_account_id = ${acc}) as groups,
        (select coalesce(json_agg(r), '[]'::json) from catalyst_individual_rule r
          where r.client_account_id = ${acc} and r.client_user_id is null) as rules
    `),
  );
  const config = json(row?.config) as Json | null;
  return {
    config: config ? configOfRow(config) : defaultRecyclingConfig,
    metals: list(row?.metals).map(metalOfRow),
    exchanges: list(row?.exchanges).map(exchangeOfRow),
    groups: list(row?.groups).map(groupOfRow),
    rules: list(row?.rules).map(ruleOfRow),
  };
};
