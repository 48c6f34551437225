/**
 * The company account's usage (docs/decisions.md, "Usage of the account"): what the last days cost in documents,
 * people and terminals, the files kept, and the month's documents against the subscription's limit.
 */

/** How many days the usage screen shows, today included. */
export const usageDays = 7;

/** One day of usage; `from` is the start of the day in the caller's time zone, as an ISO instant. */
export interface UsageDay {
  readonly from: string;
  /** Documents created that day (every type, whatever became of them). */
  readonly documents: number;
  /** Different users who signed in, renewed their session or pushed work from a terminal that day. */
  readonly activeUsers: number;
  /** Different terminal devices that pushed work or pulled changes that day. */
  readonly terminalDevices: number;
  /** Bytes of the files attached that day (still kept). */
  readonly filesAdded: number;
}

export interface MonthUsage {
  /** Start of the month in the caller's time zone, as an ISO instant. */
  readonly from: string;
  readonly documents: number;
  readonly limit: number;
  /** Documents past the limit this month. */
  readonly overLimit: number;
  /** Price of one document past the limit, EUR. */
  readonly extraDocumentPrice: number;
  /** What the documents past the limit cost at that price, EUR. */
  readonly extraCost: number;
  /** The budget set aside for operations past the limit, EUR. */
  readonly extraBudget: number;
}

/** GET /api/ClientAccount/usage. */
export interface AccountUsage {
  readonly days: readonly UsageDay[];
  /** Bytes of every file the company keeps. */
  readonly storageBytes: number;
  readonly month: MonthUsage;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Start instants of the last `count` days ending with the day starting at `todayFrom` (oldest first). Days are
 * 24 hours long: on a daylight-saving change one day of the window is an hour off, which a usage chart tolerates.
 */
export const usageWindow = (todayFrom: Date, count = usageDays): Date[] =>
  Array.from({ length: count }, (_, i) => new Date(todayFrom.getTime() - (count - 1 - i) * dayMs));

/** The month's documents against the limit: how many are past it and what they cost at the extra price. */
export const monthUsage = (input: {
  readonly from: string;
  readonly documents: number;
  readonly limit: number;
  readonly extraDocumentPrice: number;
  readonly extraBudget: number;
}): MonthUsage => {
  const overLimit = Math.max(0, input.documents - input.limit);
  // Cents, so that 3 × 0.1 EUR is 0.3 and not 0.30000000000000004.
  const extraCost = Math.round(overLimit * input.extraDocumentPrice * 100) / 100;
  return { ...input, overLimit, extraCost };
};
