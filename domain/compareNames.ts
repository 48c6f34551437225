/**
 * Orders identifiers (resource names, menu keys: letters and digits) as `localeCompare` does, alphabetically
 * ignoring case and then lower case first, without the collator: the first `localeCompare` of a page loads ICU's
 * collation data (about 50 ms on a slow handheld), and the route registry and the menu sort before the terminal's
 * first screen. test/domain/compareNames.test.ts checks the two orders agree.
 */
export const compareNames = (a: string, b: string): number => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  // Same letters: the first difference is one of case, and the lower case letter has the higher code.
  return a === b ? 0 : a > b ? -1 : 1;
};
