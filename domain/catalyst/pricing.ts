import { pickRule } from './individualRules';
import { type RoundingMode, roundPrice } from './rounding';

/**
 * The catalyst pricing engine: one pure function from a catalyst, the company's metal and exchange rates
 * and rules, the client's group, the individual rules and the company configuration to a price and its
 * breakdown. The formula, step by step with a worked example, is in docs/catalyst-pricing.md; the tests
 * check that example's figures.
 *
 * Money is in the configuration's currency; metal rates are per gram; weights in kg; content in grams of
 * metal per kg of wet catalyst; humidity, return and lease rates in percent.
 */

/** A metal rate and the company's rule for it (a company stock rate rule). */
export interface PricingMetal {
  readonly id: string;
  readonly shortName: string;
  /** Currency of the market quote. */
  readonly quoteCurrency: string;
  /** Latest market quote per gram in `quoteCurrency`; null while there is none. */
  readonly marketRate: number | null;
  readonly valueMultiplier: number;
  /** The company deducts at least this much per gram (in the price currency). */
  readonly minimalReduction: number;
  /** Share of the metal the refiner pays for (percent). */
  readonly returnRate: number;
  /** Financing cost of the metal (percent of the rate). */
  readonly leaseRate: number;
  /** Added to the rate per gram after the reductions (negative: a charge per gram). */
  readonly constantValue: number;
  readonly minRate: number | null;
  readonly maxRate: number | null;
}

/** An exchange rate and the company's rule for it (a company currency rate rule). */
export interface PricingExchange {
  /** "USD/EUR": the price of one USD in EUR. */
  readonly pairName: string;
  readonly marketPrice: number | null;
  readonly multiplier: number;
  readonly constantValue: number;
}

/** The company configuration the engine needs (ClientRecyclingConfig). */
export interface PricingConfig {
  readonly currency: string;
  readonly roundingDecimals: number;
  readonly roundingMode: RoundingMode;
  /** Refining charge per kg of dry catalyst. */
  readonly refiningChargePerKg: number;
}

/** The client's group: its multipliers of metal rates and exchange rates. */
export interface PricingGroup {
  readonly id: string | null;
  readonly stockRateMultiplyValue: number;
  readonly currencyRateMultiplyValue: number;
}

export interface PricingContent {
  readonly metalId: string;
  /** Grams of the metal per kg of wet catalyst. */
  readonly gramsPerKg: number;
}

export interface PricingCatalyst {
  readonly id: string;
  readonly producerId: string | null;
  readonly catalystGroupId: string | null;
  readonly weight: number | null;
  /** The catalytic (ceramic) mass the content refers to; the whole weight when not given. */
  readonly ceramicWeight: number | null;
  readonly humidity: number | null;
  /** Processing cost per piece. */
  readonly processingCost: number | null;
  /** When set, the price whatever the rates. */
  readonly fixedValue: number | null;
  readonly content: readonly PricingContent[];
}

/** An individual rule, for a client or a client group, on a catalyst, catalyst group, producer or all. */
export interface PricingRule {
  readonly id: string;
  readonly clientUserId: string | null;
  readonly userGroupId: string | null;
  readonly catalystId: string | null;
  readonly catalystGroupId: string | null;
  readonly producerId: string | null;
  readonly multiplier: number;
  readonly surcharge: number;
  readonly fixedPrice: number | null;
}

/** The company's rates and rules, and the configuration: the same for every catalyst priced at once. */
export interface PricingRates {
  readonly metals: readonly PricingMetal[];
  readonly exchanges: readonly PricingExchange[];
  readonly config: PricingConfig;
}

export interface PricingInput extends PricingRates {
  readonly catalyst: PricingCatalyst;
  readonly group: PricingGroup;
  /** The client's rules and its group's (others are ignored). */
  readonly rules: readonly PricingRule[];
  readonly clientUserId: string | null;
}

/** How a metal's market quote became the rate paid per gram for this group. */
export interface MetalRateSteps {
  readonly marketRate: number;
  /** Price of one unit of the quote currency in the price currency, with the group's multiplier (1: same currency). */
  readonly exchangeRate: number;
  readonly converted: number;
  readonly afterMultiplier: number;
  readonly afterReduction: number;
  readonly afterLease: number;
  readonly afterConstant: number;
  readonly clamped: number;
  readonly groupMultiplier: number;
  /** The effective rate per gram: never negative. */
  readonly rate: number;
}

export type MetalRateResult =
  | { readonly ok: true; readonly steps: MetalRateSteps }
  | { readonly ok: false; readonly missing: 'quote' | 'exchange' };

export type PriceLine =
  | {
      readonly kind: 'metal';
      readonly metalId: string;
      readonly shortName: string;
      readonly gramsPerKg: number;
      readonly grams: number;
      readonly returnRate: number;
      readonly payableGrams: number;
      readonly rate: number;
      readonly steps: MetalRateSteps;
      readonly value: number;
    }
  | { readonly kind: 'processingCost'; readonly value: number }
  | {
      readonly kind: 'refiningCharge';
      readonly dryWeight: number;
      readonly chargePerKg: number;
      readonly value: number;
    }
  | {
      readonly kind: 'individualRule';
      readonly ruleId: string;
      readonly multiplier: number;
      readonly surcharge: number;
      readonly fixedPrice: number | null;
      readonly value: number;
    }
  | { readonly kind: 'fixedValue'; readonly fixedValue: number; readonly value: number }
  | { readonly kind: 'floor'; readonly value: number }
  | { readonly kind: 'rounding'; readonly value: number };

export interface PriceResult {
  /** The price of one piece, rounded; null when a rate it needs is missing. */
  readonly price: number | null;
  readonly currency: string;
  /** Mass the content refers to (ceramic weight, else weight) and its dry part. */
  readonly wetWeight: number;
  readonly dryWeight: number;
  /** The price's parts; their values add up to the price. */
  readonly lines: readonly PriceLine[];
  /** Metals whose rate is missing (no quote, or no exchange rate into the price currency). */
  readonly missing: readonly { readonly shortName: string; readonly missing: 'quote' | 'exchange' }[];
}

const num = (v: number | null | undefined, fallback = 0): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;

const clamp = (v: number, min: number | null, max: number | null): number => {
  let out = v;
  if (min !== null && Number.isFinite(min)) out = Math.max(out, min);
  if (max !== null && Number.isFinite(max)) out = Math.min(out, max);
  return out;
};

/** The company price of one `from` in `to` (with the group's multiplier), or undefined when unknown. */
export const exchangeRateOf = (
  exchanges: readonly PricingExchange[],
  from: string,
  to: string,
  groupMultiplier: number,
): number | undefined => {
  if (from === to) return 1;
  for (const e of exchanges) {
    const company = companyExchangePrice(e);
    if (company === null || company <= 0) continue;
    const [base, quote] = e.pairName.split('/');
    if (base === from && quote === to) return company * groupMultiplier;
    if (base === to && quote === from) return (1 / company) * groupMultiplier;
  }
  return undefined;
};

/** The company's own price of an exchange pair: market price × multiplier + constant; null without a quote. */
export const companyExchangePrice = (e: PricingExchange): number | null =>
  e.marketPrice === null ? null : Math.max(0, e.marketPrice * e.multiplier + e.constantValue);

/**
 * A metal's effective rate per gram in the price currency for a group: the market quote converted, times
 * the value multiplier but at least the minimal reduction below it, less the lease rate, plus the constant
 * value, within the min and max rate, times the group's multiplier; never negative.
 */
export const metalRate = (
  metal: PricingMetal,
  exchanges: readonly PricingExchange[],
  config: Pick<PricingConfig, 'currency'>,
  group: Pick<PricingGroup, 'stockRateMultiplyValue' | 'currencyRateMultiplyValue'>,
): MetalRateResult => {
  if (metal.marketRate === null || !Number.isFinite(metal.marketRate)) return { ok: false, missing: 'quote' };
  const exchangeRate = exchangeRateOf(
    exchanges,
    metal.quoteCurrency,
    config.currency,
    group.currencyRateMultiplyValue,
  );
  if (exchangeRate === undefined) return { ok: false, missing: 'exchange' };
  const marketRate = Math.max(0, metal.marketRate);
  const converted = marketRate * exchangeRate;
  const afterMultiplier = converted * metal.valueMultiplier;
  const afterReduction = Math.min(afterMultiplier, converted - metal.minimalReduction);
  const afterLease = afterReduction * (1 - metal.leaseRate / 100);
  const afterConstant = afterLease + metal.constantValue;
  const clamped = clamp(afterConstant, metal.minRate, metal.maxRate);
  const rate = Math.max(0, clamped * group.stockRateMultiplyValue);
  return {
    ok: true,
    steps: {
      marketRate,
      exchangeRate,
      converted,
      afterMultiplier,
      afterReduction,
      afterLease,
      afterConstant,
      clamped,
      groupMultiplier: group.stockRateMultiplyValue,
      rate,
    },
  };
};

const sum = (lines: readonly PriceLine[]): number => lines.reduce((total, l) => total + l.value, 0);

/*
 * The steps of the formula that priceCatalyst (one catalyst with its breakdown) and priceCatalogue (a whole
 * catalogue, price only: domain/catalyst/priceCatalogue.ts) share, so both compute every figure the same way.
 */

/** The mass the content refers to: the ceramic weight when given, else the whole weight; never negative. */
export const wetMassOf = (catalyst: Pick<PricingCatalyst, 'weight' | 'ceramicWeight'>): number =>
  Math.max(0, num(catalyst.ceramicWeight) > 0 ? num(catalyst.ceramicWeight) : num(catalyst.weight));

/** The dry part of the wet mass (humidity held within 0–100 %). */
export const dryMassOf = (wetMass: number, humidity: number | null): number =>
  wetMass * (1 - Math.min(Math.max(num(humidity), 0), 100) / 100);

/** A fixed value the catalyst's price is, whatever the rates; null when it has none. */
export const fixedValueOf = (catalyst: Pick<PricingCatalyst, 'fixedValue'>): number | null =>
  catalyst.fixedValue !== null && Number.isFinite(catalyst.fixedValue) ? catalyst.fixedValue : null;

/** Grams of a metal per kg as the engine counts them: never negative. */
export const contentGramsOf = (gramsPerKg: number): number => Math.max(0, num(gramsPerKg));

/** The processing cost per piece as the engine counts it: never negative. */
export const processingCostOf = (catalyst: Pick<PricingCatalyst, 'processingCost'>): number =>
  Math.max(0, num(catalyst.processingCost));

/** The refining charge per kg of dry catalyst: never negative. */
export const refiningChargeOf = (config: Pick<PricingConfig, 'refiningChargePerKg'>): number =>
  Math.max(0, num(config.refiningChargePerKg));

/** The share of a metal the refiner pays for, held within 0–100 %. */
export const returnRateOf = (metal: Pick<PricingMetal, 'returnRate'>): number =>
  Math.min(Math.max(metal.returnRate, 0), 100);

/** Payable grams of a metal: wet mass × content × return rate / 100. */
export const payableGramsOf = (wetMass: number, gramsPerKg: number, returnRate: number): number =>
  (wetMass * gramsPerKg * returnRate) / 100;

/** What an individual rule adds to the computed subtotal: to its fixed price, or × multiplier + surcharge. */
export const ruleChangeOf = (
  rule: Pick<PricingRule, 'multiplier' | 'surcharge' | 'fixedPrice'>,
  computed: number,
): number =>
  rule.fixedPrice !== null
    ? rule.fixedPrice - computed
    : computed * rule.multiplier + rule.surcharge - computed;

/** The price from the subtotal: never negative, rounded as configured. */
export const finalPriceOf = (
  subtotal: number,
  config: Pick<PricingConfig, 'roundingDecimals' | 'roundingMode'>,
): number => roundPrice(Math.max(0, subtotal), config.roundingDecimals, config.roundingMode);

/** Prices one catalyst for one client (or a group when `clientUserId` is null); see docs/catalyst-pricing.md. */
export const priceCatalyst = (input: PricingInput): PriceResult => {
  const { catalyst, config, group } = input;
  const wetWeight = wetMassOf(catalyst);
  const dryWeight = dryMassOf(wetWeight, catalyst.humidity);
  const base = { currency: config.currency, wetWeight, dryWeight };
  const finish = (lines: PriceLine[]): PriceResult => {
    const subtotal = sum(lines);
    if (subtotal < 0) lines.push({ kind: 'floor', value: -subtotal });
    const price = finalPriceOf(subtotal, config);
    if (price !== Math.max(0, subtotal)) lines.push({ kind: 'rounding', value: price - sum(lines) });
    return { ...base, price, lines, missing: [] };
  };

  // The catalyst's fixed value overrides everything else.
  const fixedValue = fixedValueOf(catalyst);
  if (fixedValue !== null) return finish([{ kind: 'fixedValue', fixedValue, value: fixedValue }]);

  const metalsById = new Map(input.metals.map((m) => [m.id, m]));
  const lines: PriceLine[] = [];
  const missing: { shortName: string; missing: 'quote' | 'exchange' }[] = [];
  for (const c of catalyst.content) {
    const metal = metalsById.get(c.metalId);
    const gramsPerKg = contentGramsOf(c.gramsPerKg);
    if (!metal || gramsPerKg === 0) continue;
    const rate = metalRate(metal, input.exchanges, config, group);
    if (!rate.ok) {
      missing.push({ shortName: metal.shortName, missing: rate.missing });
      continue;
    }
    const returnRate = returnRateOf(metal);
    const payableGrams = payableGramsOf(wetWeight, gramsPerKg, returnRate);
    lines.push({
      kind: 'metal',
      metalId: metal.id,
      shortName: metal.shortName,
      gramsPerKg,
      grams: wetWeight * gramsPerKg,
      returnRate,
      payableGrams,
      rate: rate.steps.rate,
      steps: rate.steps,
      value: payableGrams * rate.steps.rate,
    });
  }
  const processing = processingCostOf(catalyst);
  if (processing > 0) lines.push({ kind: 'processingCost', value: -processing });
  const chargePerKg = refiningChargeOf(config);
  if (chargePerKg > 0 && dryWeight > 0)
    lines.push({ kind: 'refiningCharge', dryWeight, chargePerKg, value: -chargePerKg * dryWeight });

  const rule = pickRule(input.rules, catalyst, input.clientUserId, group.id);
  if (rule?.fixedPrice !== null && rule?.fixedPrice !== undefined) {
    // A fixed individual price does not need the rates: the computed lines are shown, the rule sets the price.
    const computed = missing.length ? 0 : sum(lines);
    const shown = missing.length ? [] : lines;
    return finish([...shown, { ...ruleLine(rule), value: ruleChangeOf(rule, computed) }]);
  }
  if (missing.length) return { ...base, price: null, lines, missing };
  if (rule) lines.push({ ...ruleLine(rule), value: ruleChangeOf(rule, sum(lines)) });
  return finish(lines);
};

const ruleLine = (rule: PricingRule) => ({
  kind: 'individualRule' as const,
  ruleId: rule.id,
  multiplier: rule.multiplier,
  surcharge: rule.surcharge,
  fixedPrice: rule.fixedPrice,
});
