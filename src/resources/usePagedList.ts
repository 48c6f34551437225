import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Page } from '../../domain/resources/query';
import type { ResourceDefinition } from '../../domain/resources/types';
import { errorMessage } from '../i18n/i18n';
import { buildListQuery, type ListState, listStateToSearch, pageCount, parseListSearch } from './listState';

export interface PagedList<R> {
  /** The list state read from the URL. */
  readonly state: ListState;
  /** Writes a new state to the URL (`replace` for typing in filters: no history entry each time). */
  readonly update: (next: ListState, replace?: boolean) => void;
  readonly page: Page<R> | null;
  readonly rows: readonly R[];
  readonly total: number;
  readonly pages: number;
  readonly loading: boolean;
  /** Translated message of the last failed load. */
  readonly error: string | null;
  /** Loads the current page again. */
  readonly refresh: () => void;
}

/**
 * A paged, sorted, filtered list whose state lives in the URL query string: loads the page for the
 * state (with `load`, e.g. GET /api/<path>), reloads when the state changes and, when rows were deleted
 * meanwhile and the page is past the end, moves to the last page.
 */
export const usePagedList = <R>(
  def: ResourceDefinition,
  load: (state: ListState) => Promise<Page<R>>,
): PagedList<R> => {
  const { t } = useTranslation(['resources', 'errors']);
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListSearch(def, searchParams), [def, searchParams]);
  const queryKey = JSON.stringify(buildListQuery(def, state));
  const [page, setPage] = useState<Page<R> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  // The loader may be a new closure each render; the query key decides when to load.
  const loadRef = useRef(load);
  loadRef.current = load;

  // Rendered at once (flushSync), not in a transition as the router does by default: the address and the state a
  // filter's handler builds on never disagree, so a filter picked right after a search keeps that search instead of
  // writing back the one before it.
  const update = useCallback(
    (next: ListState, replace = false) =>
      setSearchParams(listStateToSearch(def, next), { replace, flushSync: true }),
    [def, setSearchParams],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: queryKey is the content of `state`; reload forces a refetch
  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setError(null);
    loadRef
      .current(state)
      .then((result) => {
        if (!cancelled) setPage(result);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(errorMessage(t, e));
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [def, queryKey, reload]);

  const total = page?.allFilteredRowCount ?? 0;
  const pages = pageCount(total, state.pageSize);

  // Past the last page (rows were deleted meanwhile): go to the last one.
  useEffect(() => {
    if (!loading && page && page.results.length === 0 && total > 0 && state.page > pages) {
      // Not through `update`: flushSync cannot render from inside an effect.
      setSearchParams(listStateToSearch(def, { ...state, page: pages }), { replace: true });
    }
  }, [loading, page, total, pages, state, def, setSearchParams]);

  const rows = useMemo(() => page?.results ?? [], [page]);
  const refresh = useCallback(() => setReload((n) => n + 1), []);
  return { state, update, page, rows, total, pages, loading, error, refresh };
};
