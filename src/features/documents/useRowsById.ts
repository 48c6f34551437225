import { useEffect, useMemo, useState } from 'react';
import { definitionByName } from '../../resources/registry';
import { type Row, resourceApi } from '../../resources/resourceApi';

/**
 * Rows of a resource by id, fetched in one call for the ids not loaded yet and kept for the life of the
 * screen (the positions grid needs each product's flags; ids come and go as rows change).
 */
export const useRowsById = (
  resourceName: string,
  ids: readonly (string | null)[],
): ReadonlyMap<string, Row> => {
  const [rows, setRows] = useState<ReadonlyMap<string, Row>>(new Map());
  const wanted = useMemo(
    () => [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))].sort(),
    [ids],
  );
  const missing = wanted.filter((id) => !rows.has(id));
  const key = missing.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the content of `missing`
  useEffect(() => {
    const def = definitionByName(resourceName);
    if (!def || missing.length === 0) return;
    let cancelled = false;
    resourceApi
      .byIds(def, missing)
      .then((found) => {
        if (cancelled || found.length === 0) return;
        setRows((current) => {
          const next = new Map(current);
          for (const row of found) next.set(row.id, row);
          return next;
        });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [resourceName, key]);

  return rows;
};
