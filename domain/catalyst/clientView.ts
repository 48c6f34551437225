import {
  companyExchangePrice,
  metalRate,
  type PriceResult,
  type PricingExchange,
  type PricingGroup,
  type PricingMetal,
} from './pricing';
import type { MarketPhase } from './rateOptions';

/** What a client group lets its client accounts see and do. */
export interface ClientGroupFlags {
  readonly canDisplayPrices: boolean;
  readonly canDisplayWeight: boolean;
  readonly canDisplayComponents: boolean;
  readonly canDisplayExchangeRates: boolean;
  /** Spelled so on the wire. */
  readonly canDispalyStockRates: boolean;
  readonly canRecalcPrices: boolean;
  readonly canUseCart: boolean;
}

export const clientGroupFlagNames = [
  'canDisplayPrices',
  'canDisplayWeight',
  'canDisplayComponents',
  'canDisplayExchangeRates',
  'canDispalyStockRates',
  'canRecalcPrices',
  'canUseCart',
] as const satisfies readonly (keyof ClientGroupFlags)[];

/** A catalogue entry as the server reads it, before the group's flags are applied. */
export interface CatalogueEntry {
  readonly id: string;
  readonly name: string;
  readonly serialNumbers: readonly string[];
  readonly producerName: string | null;
  readonly catalystGroupName: string | null;
  readonly imageFileId: string | null;
  readonly weight: number | null;
  readonly ceramicWeight: number | null;
  readonly humidity: number | null;
  readonly hiddenFromClients: boolean;
  readonly components: readonly { readonly shortName: string; readonly gramsPerKg: number }[];
}

/** One catalyst as a client account receives it: a field its group does not allow is absent, not null. */
export type ClientCatalyst = Pick<
  CatalogueEntry,
  'id' | 'name' | 'serialNumbers' | 'producerName' | 'catalystGroupName' | 'imageFileId'
> &
  Partial<Pick<CatalogueEntry, 'weight' | 'ceramicWeight' | 'humidity' | 'components'>> & {
    readonly price?: number | null;
    readonly currency?: string;
    readonly cartQuantity?: number;
  };

/**
 * The client's view of one catalyst, or undefined when it is hidden from clients. Fields go in only when
 * the group's flag allows them, so a hidden price is not in the answer at all.
 */
export const clientCatalystView = (
  entry: CatalogueEntry,
  flags: ClientGroupFlags,
  priced: Pick<PriceResult, 'price' | 'currency'> | undefined,
  cartQuantity: number | undefined,
): ClientCatalyst | undefined => {
  if (entry.hiddenFromClients) return undefined;
  const out: { -readonly [K in keyof ClientCatalyst]: ClientCatalyst[K] } = {
    id: entry.id,
    name: entry.name,
    serialNumbers: entry.serialNumbers,
    producerName: entry.producerName,
    catalystGroupName: entry.catalystGroupName,
    imageFileId: entry.imageFileId,
  };
  if (flags.canDisplayPrices) {
    out.price = priced?.price ?? null;
    if (priced) out.currency = priced.currency;
  }
  if (flags.canDisplayWeight) {
    out.weight = entry.weight;
    out.ceramicWeight = entry.ceramicWeight;
    out.humidity = entry.humidity;
  }
  if (flags.canDisplayComponents) out.components = entry.components;
  if (flags.canUseCart) out.cartQuantity = cartQuantity ?? 0;
  return out;
};

export interface ClientMetalRate {
  readonly shortName: string;
  readonly name: string;
  /** Rate per `unit` in the price currency for the client's group; null while there is no quote. */
  readonly rate: number | null;
  readonly unit: string;
  readonly currency: string;
  readonly marketPhase: MarketPhase | null;
  readonly at: string | null;
}

export interface ClientExchangeRate {
  readonly pairName: string;
  readonly pairFullName: string | null;
  readonly price: number | null;
  readonly at: string | null;
}

export interface ClientRates {
  readonly metals?: readonly ClientMetalRate[];
  readonly exchangeRates?: readonly ClientExchangeRate[];
}

/**
 * The rates a client may see: metal rates (effective for its group, per the configured unit) only with
 * `canDispalyStockRates`, exchange rates (the company's, times the group's multiplier) only with
 * `canDisplayExchangeRates`; each list is absent otherwise.
 */
export const clientRatesView = (
  metals: readonly (PricingMetal & { name: string; marketPhase: MarketPhase | null; at: string | null })[],
  exchanges: readonly (PricingExchange & { pairFullName: string | null; at: string | null })[],
  flags: Pick<ClientGroupFlags, 'canDispalyStockRates' | 'canDisplayExchangeRates'>,
  group: PricingGroup,
  config: { readonly currency: string; readonly priceUnit: string; readonly gramsPerUnit: number },
): ClientRates => {
  const out: { metals?: ClientMetalRate[]; exchangeRates?: ClientExchangeRate[] } = {};
  if (flags.canDispalyStockRates)
    out.metals = metals.map((m) => {
      const r = metalRate(m, exchanges, config, group);
      return {
        shortName: m.shortName,
        name: m.name,
        rate: r.ok ? r.steps.rate * config.gramsPerUnit : null,
        unit: config.priceUnit,
        currency: config.currency,
        marketPhase: m.marketPhase,
        at: m.at,
      };
    });
  if (flags.canDisplayExchangeRates)
    out.exchangeRates = exchanges.map((e) => {
      const company = companyExchangePrice(e);
      return {
        pairName: e.pairName,
        pairFullName: e.pairFullName,
        price: company === null ? null : company * group.currencyRateMultiplyValue,
        at: e.at,
      };
    });
  return out;
};
