/** Market phases of a metal's trading day, moved by the scheduler at the metal's update hours. */
export const marketPhases = ['beforeOpening', 'opening', 'beforeClosing', 'closing'] as const;
export type MarketPhase = (typeof marketPhases)[number];

/** Where a rate's quotes come from: typed in, imported from a file, or fetched from an HTTP JSON source. */
export const quoteSources = ['manual', 'file', 'http'] as const;
export type QuoteSource = (typeof quoteSources)[number];

/** The unit a source quotes a metal in: per gram, per troy ounce or per kilogram. */
export const quoteUnits = ['g', 'ozt', 'kg'] as const;
export type QuoteUnit = (typeof quoteUnits)[number];

/** Grams in one unit. */
export const gramsPerUnit: Readonly<Record<QuoteUnit, number>> = { g: 1, ozt: 31.1034768, kg: 1000 };
