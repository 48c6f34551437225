/**
 * GS1 dates (YYMMDD, AIs 11–17) to ISO 'YYYY-MM-DD'.
 *
 * Century rule (GS1 General Specifications, section 7.12): the four-digit year is the one within
 * −49…+50 years of the reference year. With a reference year of 2026: 76 → 2076, 77 → 1977.
 *
 * Day 00 means "only year and month are known". Aisle reads it as the LAST day of the month for
 * due (12), best-before (15), sell-by (16) and expiry (17) dates — the item must be gone by then —
 * and as the FIRST day of the month for production (11) and packaging (13) dates, the earliest
 * the item can have been made, so shelf-life checks stay on the safe side both ways.
 */

/** Days in a month (1–12) of a proleptic Gregorian year. */
export const daysInMonth = (year: number, month: number): number => {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
};

/** The four-digit year for a two-digit GS1 year `yy`, relative to `referenceYear` (−49…+50). */
export const gs1CenturyYear = (yy: number, referenceYear: number): number => {
  let year = referenceYear - (referenceYear % 100) + yy;
  if (year - referenceYear > 50) year -= 100;
  else if (year - referenceYear < -49) year += 100;
  return year;
};

/** What day 00 stands for. */
export type DayZeroMeaning = 'lastDayOfMonth' | 'firstDayOfMonth';

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * ISO 'YYYY-MM-DD' for a six-digit GS1 date, or `undefined` when it is not a calendar date
 * (month outside 01–12, day past the month's end). Day 00 is accepted and resolved by `dayZero`.
 */
export const gs1DateToIso = (
  yymmdd: string,
  referenceYear: number,
  dayZero: DayZeroMeaning,
): string | undefined => {
  if (!/^\d{6}$/.test(yymmdd)) return undefined;
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12) return undefined;
  const year = gs1CenturyYear(yy, referenceYear);
  const last = daysInMonth(year, month);
  if (day > last) return undefined;
  const resolvedDay = day !== 0 ? day : dayZero === 'lastDayOfMonth' ? last : 1;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(resolvedDay)}`;
};
