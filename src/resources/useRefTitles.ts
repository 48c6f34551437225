import { useEffect, useMemo, useState } from 'react';
import type { ResourceDefinition } from '../../domain/resources/types';
import { refIdsToResolve } from './format';
import { definitionByName } from './registry';
import { resourceApi } from './resourceApi';

/**
 * Titles of the rows referenced by `fields` of `rows`, fetched by id from each target resource
 * (rows that carry a display value such as `contractorName` need no call). Failures (e.g. no
 * read access to the target) leave the ids untranslated.
 */
export const useRefTitles = (
  def: ResourceDefinition,
  fields: readonly string[],
  rows: readonly Readonly<Record<string, unknown>>[],
): ReadonlyMap<string, string> => {
  const [titles, setTitles] = useState<ReadonlyMap<string, string>>(new Map());
  const wanted = useMemo(() => refIdsToResolve(def, fields, rows), [def, fields, rows]);
  const key = useMemo(
    () =>
      [...wanted.entries()]
        .map(([name, ids]) => `${name}:${[...ids].sort().join(',')}`)
        .sort()
        .join('|'),
    [wanted],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the content of `wanted`
  useEffect(() => {
    let cancelled = false;
    const jobs = [...wanted.entries()].map(async ([name, ids]) => {
      const target = definitionByName(name);
      if (!target) return [] as [string, string][];
      try {
        const found = await resourceApi.byIds(target, [...ids]);
        return found.map((r): [string, string] => [r.id, String(r[target.titleField] ?? r.id)]);
      } catch {
        return [] as [string, string][];
      }
    });
    void Promise.all(jobs).then((lists) => {
      if (!cancelled && lists.some((l) => l.length)) setTitles(new Map(lists.flat()));
    });
    return () => {
      cancelled = true;
    };
  }, [key]);

  return titles;
};
