import type { Page } from '../../../domain/resources/query';

/** Decimal columns arrive as numbers or as numeric strings ("10.000000"); null when absent or not a number. */
export const toNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
};

/** A quantity for display: no trailing zeros of the 6-decimal storage precision. */
export const formatQuantity = (value: unknown): string => {
  const n = toNumber(value);
  return n === null ? '' : String(Number(n.toFixed(6)));
};

/** Text or null (blank → null), for payloads. */
export const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export const stringOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * A list answer in either shape the warehouse routes use: a paged `{ results, allFilteredRowCount }`
 * or a bare array.
 */
export const asPage = <T>(payload: unknown): Page<T> => {
  if (Array.isArray(payload)) return { results: payload as T[], allFilteredRowCount: payload.length };
  if (typeof payload === 'object' && payload !== null) {
    const p = payload as { results?: unknown; allFilteredRowCount?: unknown };
    if (Array.isArray(p.results)) {
      const total = toNumber(p.allFilteredRowCount);
      return { results: p.results as T[], allFilteredRowCount: total ?? p.results.length };
    }
  }
  return { results: [], allFilteredRowCount: 0 };
};

/** The paged-list query of the generic resource calls (docs/api.md). */
export const pageQuery = (
  page: number,
  pageSize: number,
  filters: readonly { field: string; operator: string; value?: unknown }[] = [],
  sort?: { column: string; descending?: boolean },
): Record<string, string> => ({
  PageNumber: String(page),
  PageSize: String(pageSize),
  ...(sort ? { sortColumn: sort.column, sortDescending: String(sort.descending ?? false) } : {}),
  ...(filters.length ? { BasicFiltersSerialized: JSON.stringify(filters) } : {}),
});
