import { useEffect, useState } from 'react';
import type { StoreTx } from '../../../sync/ports';
import { useReplicaQuery } from '../../db/useReplicaQuery';
import { type MapRead, readLocationMap, savedAtOf, storedMap } from '../locations/mapOffline';

/** Where a location is shown on a map: the mapped location (whose planner opens) and its place on it. */
export interface MapTarget {
  /** The location whose map shows the place (the warehouse or hall). */
  readonly mapId: string;
  /** The location marked on that map: the location itself or the one holding it (its rack). */
  readonly placeId: string;
}

/** Deepest first: the location, its parent, … up to the top (a cycle or a missing row ends the walk). */
const lineOf = async (tx: StoreTx, locationId: string): Promise<string[]> => {
  const line: string[] = [];
  let id: string | null = locationId;
  while (id && !line.includes(id) && line.length < 16) {
    line.push(id);
    const [row] = await tx.get('storageSpace', [id]);
    id = typeof row?.parentId === 'string' ? row.parentId : null;
  }
  return line;
};

/** Copies younger than this are not read again from the server: a picker's next stops mostly share one map. */
const freshForMs = 5 * 60_000;

/** Whether a map read shows `placeId` as a placed location. */
const shows = (read: MapRead | null, placeId: string): boolean =>
  read?.kind === 'map' && read.view.places.some((p) => p.id === placeId && p.x !== null && p.y !== null);

/**
 * The nearest map that shows a location (the picker's next one), or null: none, or none known on this device.
 * The device's copies answer first, so it works offline once a map was seen; online the server is asked too
 * (nearest location first), which keeps those copies current, unless every copy on the way up is younger than
 * five minutes. Never waits on the network to show the screen.
 */
export const useLocationOnMap = (locationId: string | null): MapTarget | null => {
  const line = useReplicaQuery(
    (tx) => (locationId ? lineOf(tx, locationId) : Promise.resolve([])),
    [locationId],
  );
  const lineKey = (line ?? []).join('/');
  const [target, setTarget] = useState<MapTarget | null>(null);

  useEffect(() => {
    const ids = lineKey ? lineKey.split('/') : [];
    const pairs = ids.slice(1).map((mapId, i) => ({ mapId, placeId: ids[i] ?? '' }));
    let live = true;
    const find = async (read: (mapId: string) => Promise<MapRead | null>): Promise<MapTarget | null> => {
      for (const pair of pairs) if (shows(await read(pair.mapId), pair.placeId)) return pair;
      return null;
    };
    void (async () => {
      let fresh = true;
      const known = await find(async (id) => {
        const copy = await storedMap(id);
        if (!copy || Date.now() - Date.parse(savedAtOf(copy)) > freshForMs) fresh = false;
        return copy?.kind === 'map' ? { ...copy, offline: true } : copy;
      }).catch(() => null);
      if (live) setTarget(known);
      if (fresh || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
      // An unreachable server answers the copies again (readLocationMap), so this only ever corrects them.
      const current = await find((id) => readLocationMap(id).catch(() => null)).catch(() => null);
      if (live) setTarget(current);
    })();
    return () => {
      live = false;
    };
  }, [lineKey]);

  return target;
};
