/**
 * Readers of untyped row values: API rows, feed data, the replica's rows and the server's rows of tables built
 * from resource definitions. One reading everywhere, so a value means the same to the terminal and the server.
 */

/** A non-empty string, else null ('' means none). */
export const textOf = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A finite number (numbers and numeric text as drivers hand them over), else null. */
export const numberOf = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Only `true` is true (a flag that is missing or null is off). */
export const boolOf = (v: unknown): boolean => v === true;

/** The ISO calendar date (`YYYY-MM-DD`) of a date or timestamp text, else null. */
export const isoDateOf = (v: unknown): string | null => textOf(v)?.slice(0, 10) ?? null;

/** A UUID of any version, in any letter case. */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (v: unknown): v is string => typeof v === 'string' && uuidPattern.test(v);
