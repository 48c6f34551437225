import { pickRule } from './individualRules';
import {
  contentGramsOf,
  dryMassOf,
  finalPriceOf,
  fixedValueOf,
  metalRate,
  type PricingCatalyst,
  type PricingGroup,
  type PricingRates,
  type PricingRule,
  payableGramsOf,
  processingCostOf,
  refiningChargeOf,
  returnRateOf,
  ruleChangeOf,
  wetMassOf,
} from './pricing';

/**
 * Many catalysts priced at once, price only: the same formula as priceCatalyst (the shared steps of
 * domain/catalyst/pricing.ts, in the same order, so every price is the same number to the last bit — the
 * property tests compare them), without the breakdown. The catalogue is turned into columns once (typed
 * arrays, the content as one list with each catalyst's start); a call then works out each metal's rate for the
 * group once and runs one loop that allocates nothing per catalyst. 20,000 catalysts for 20 client groups are
 * a few tens of milliseconds (bench/catalyst.bench.ts).
 */
export interface CatalogueColumns {
  readonly count: number;
  readonly ids: readonly string[];
  readonly producerIds: readonly (string | null)[];
  readonly catalystGroupIds: readonly (string | null)[];
  readonly wetMass: Float64Array;
  readonly dryMass: Float64Array;
  readonly processingCost: Float64Array;
  /** NaN: no fixed value. */
  readonly fixedValue: Float64Array;
  /** Catalyst i's content is entries contentStart[i] … contentStart[i + 1] − 1, in the catalyst's order. */
  readonly contentStart: Int32Array;
  /** Index into `metalIds`. */
  readonly contentMetal: Int32Array;
  readonly contentGrams: Float64Array;
  /** The metal ids the content names. */
  readonly metalIds: readonly string[];
}

/** The columns of a catalogue (content entries with no grams are left out: they add nothing). */
export const catalogueColumnsOf = (catalysts: readonly PricingCatalyst[]): CatalogueColumns => {
  const count = catalysts.length;
  const metalIndex = new Map<string, number>();
  const wetMass = new Float64Array(count);
  const dryMass = new Float64Array(count);
  const processingCost = new Float64Array(count);
  const fixedValue = new Float64Array(count);
  const contentStart = new Int32Array(count + 1);
  const metals: number[] = [];
  const grams: number[] = [];
  catalysts.forEach((c, i) => {
    wetMass[i] = wetMassOf(c);
    dryMass[i] = dryMassOf(wetMass[i] as number, c.humidity);
    processingCost[i] = processingCostOf(c);
    fixedValue[i] = fixedValueOf(c) ?? Number.NaN;
    contentStart[i] = metals.length;
    for (const entry of c.content) {
      const g = contentGramsOf(entry.gramsPerKg);
      if (g === 0) continue;
      let m = metalIndex.get(entry.metalId);
      if (m === undefined) {
        m = metalIndex.size;
        metalIndex.set(entry.metalId, m);
      }
      metals.push(m);
      grams.push(g);
    }
  });
  contentStart[count] = metals.length;
  return {
    count,
    ids: catalysts.map((c) => c.id),
    producerIds: catalysts.map((c) => c.producerId),
    catalystGroupIds: catalysts.map((c) => c.catalystGroupId),
    wetMass,
    dryMass,
    processingCost,
    fixedValue,
    contentStart,
    contentMetal: Int32Array.from(metals),
    contentGrams: Float64Array.from(grams),
    metalIds: [...metalIndex.keys()],
  };
};

/** The rule that may apply to someone of this client and group (the others never do). */
const rulesFor = (rules: readonly PricingRule[], clientUserId: string | null, groupId: string | null) =>
  rules.filter(
    (r) =>
      (r.clientUserId === null || r.clientUserId === clientUserId) &&
      (r.userGroupId === null || r.userGroupId === groupId),
  );

/** What a content entry's metal is for this call's rates. */
const unknownMetal = 0;
const metalMissing = 1;
const metalPriced = 2;

/**
 * The price of every catalyst of `columns` for a client (or a group's clients when `clientUserId` is null):
 * `out[i]` is catalyst i's price, NaN where priceCatalyst's would be null (a rate it needs is missing).
 */
export const priceCatalogue = (
  rates: PricingRates,
  group: PricingGroup,
  rules: readonly PricingRule[],
  clientUserId: string | null,
  columns: CatalogueColumns,
  out: Float64Array = new Float64Array(columns.count),
): Float64Array => {
  // Each metal the content names, once: how it stands and, when quoted, its rate and return rate for the group.
  const metalCount = columns.metalIds.length;
  const state = new Uint8Array(metalCount);
  const rate = new Float64Array(metalCount);
  const returnRate = new Float64Array(metalCount);
  // Of metals sharing an id, the last one counts (as priceCatalyst's map by id does).
  const byId = new Map(rates.metals.map((m) => [m.id, m]));
  columns.metalIds.forEach((id, m) => {
    const metal = byId.get(id);
    if (!metal) return;
    const r = metalRate(metal, rates.exchanges, rates.config, group);
    state[m] = r.ok ? metalPriced : metalMissing;
    rate[m] = r.ok ? r.steps.rate : 0;
    returnRate[m] = returnRateOf(metal);
  });
  const chargePerKg = refiningChargeOf(rates.config);
  const applicable = rulesFor(rules, clientUserId, group.id);
  const target = { id: '', catalystGroupId: null as string | null, producerId: null as string | null };
  const { wetMass, dryMass, processingCost, fixedValue, contentStart, contentMetal, contentGrams } = columns;

  for (let i = 0; i < columns.count; i++) {
    const fixed = fixedValue[i] as number;
    if (!Number.isNaN(fixed)) {
      out[i] = finalPriceOf(0 + fixed, rates.config);
      continue;
    }
    const wet = wetMass[i] as number;
    const dry = dryMass[i] as number;
    // The lines' sum in priceCatalyst's order: metal values, processing cost, refining charge.
    let computed = 0;
    let missing = false;
    for (let k = contentStart[i] as number, end = contentStart[i + 1] as number; k < end; k++) {
      const m = contentMetal[k] as number;
      const s = state[m];
      if (s === unknownMetal) continue;
      if (s === metalMissing) {
        missing = true;
        continue;
      }
      computed +=
        payableGramsOf(wet, contentGrams[k] as number, returnRate[m] as number) * (rate[m] as number);
    }
    const processing = processingCost[i] as number;
    if (processing > 0) computed += -processing;
    if (chargePerKg > 0 && dry > 0) computed += -chargePerKg * dry;

    let rule: PricingRule | undefined;
    if (applicable.length > 0) {
      target.id = columns.ids[i] as string;
      target.catalystGroupId = columns.catalystGroupIds[i] ?? null;
      target.producerId = columns.producerIds[i] ?? null;
      rule = pickRule(applicable, target, clientUserId, group.id);
    }
    if (rule && rule.fixedPrice !== null) {
      // A fixed individual price does not need the rates.
      const base = missing ? 0 : computed;
      out[i] = finalPriceOf(base + ruleChangeOf(rule, base), rates.config);
    } else if (missing) out[i] = Number.NaN;
    else if (rule) out[i] = finalPriceOf(computed + ruleChangeOf(rule, computed), rates.config);
    else out[i] = finalPriceOf(computed, rates.config);
  }
  return out;
};

/** A price of priceCatalogue's answer as the API gives it: null where it is unknown. */
export const priceAt = (prices: Float64Array, i: number): number | null => {
  const p = prices[i] as number;
  return Number.isNaN(p) ? null : p;
};
