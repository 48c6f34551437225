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
  /** Documents counted against the limit this month (every one created, whatever became of it). */
  readonly documents: number;
  /** The subscription's documents a month; null: no limit (nothing is counted against it, nothing refused). */
  readonly limit: number | null;
  /** Documents past the limit this month. */
  readonly overLimit: number;
  /** Price of one document past the limit, EUR. */
  readonly extraDocumentPrice: number;
  /** What the documents past the limit cost at that price, EUR. */
  readonly extraCost: number;
  /** The budget set aside for operations past the limit, EUR. */
  readonly extraBudget: number;
  /** What is left of that budget, EUR (never below zero). */
  readonly budgetLeft: number;
  /** Documents the month still allows (within the limit, then against the budget); null: no cap. */
  readonly documentsLeft: number | null;
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

/** The subscription's terms for documents: the monthly limit (null: none), the price of one past it and the budget. */
export interface DocumentTerms {
  readonly limit: number | null;
  /** EUR per document past the limit. */
  readonly extraDocumentPrice: number;
  /** EUR set aside for documents past the limit. */
  readonly extraBudget: number;
}

/** Prices have four decimals and budgets two: compared in ten-thousandths of a euro, exactly. */
const units = (eur: number): number => Math.round(eur * 10_000);

/**
 * How many documents a month allows in all: the limit, then as many more as the budget pays for at the extra
 * price (each one past the limit is allowed while (documents past the limit) × price ≤ budget). Null: no limit
 * (none set), or documents past it cost nothing.
 */
export const monthAllowance = (terms: DocumentTerms): number | null => {
  if (terms.limit === null) return null;
  const price = units(terms.extraDocumentPrice);
  if (price <= 0) return null;
  return terms.limit + Math.floor(Math.max(0, units(terms.extraBudget)) / price);
};

/** Whether the month's `documents`-th document (counting the new one) may be created under these terms. */
export const documentAllowed = (documents: number, terms: DocumentTerms): boolean => {
  const allowance = monthAllowance(terms);
  return allowance === null || documents <= allowance;
};

/** The calendar month (UTC) an instant falls in, as `YYYY-MM`: documents are counted per company and such month. */
export const billingMonthOf = (instant: number): string => new Date(instant).toISOString().slice(0, 7);

/** The first instant of a `YYYY-MM` month (UTC). */
export const billingMonthStart = (month: string): Date => new Date(`${month}-01T00:00:00.000Z`);

/** The first instant after a `YYYY-MM` month (UTC). */
export const billingMonthEnd = (month: string): Date => {
  const start = billingMonthStart(month);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
};

/** The month's documents against the limit: how many are past it, what they cost, and what the month still allows. */
export const monthUsage = (
  input: DocumentTerms & { readonly from: string; readonly documents: number },
): MonthUsage => {
  const overLimit = input.limit === null ? 0 : Math.max(0, input.documents - input.limit);
  // Cents, so that 3 × 0.1 EUR is 0.3 and not 0.30000000000000004.
  const extraCost = Math.round(overLimit * input.extraDocumentPrice * 100) / 100;
  const budgetLeft = Math.max(0, Math.round((input.extraBudget - extraCost) * 100) / 100);
  const allowance = monthAllowance(input);
  const documentsLeft = allowance === null ? null : Math.max(0, allowance - input.documents);
  return { ...input, overLimit, extraCost, budgetLeft, documentsLeft };
};
