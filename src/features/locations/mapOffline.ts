import { storageSpaceResource } from '../../../domain/resources/definitions/storageSpace';
import type { MapPlace } from '../../../domain/warehouse/mapFill';
import { isApiError } from '../../api/http';
import { resourceApi } from '../../resources/resourceApi';
import { useAuthStore } from '../../state/authStore';
import { type LocationMap, mapApi } from './mapApi';

/** What the planner shows of a location: its label, map and places (with stock as of `savedAt`). */
export interface MapView {
  readonly label: string;
  readonly map: LocationMap;
  readonly places: readonly MapPlace[];
  readonly savedAt: string;
}

/**
 * A location's map as it could be read: `map` (from the server, or from this device's copy when offline, then
 * `offline` with the copy's time), `none` (the location has no map), `notOffline` (offline, and this device has
 * never seen the map).
 */
export type MapRead =
  | { readonly kind: 'map'; readonly view: MapView; readonly offline: boolean }
  | { readonly kind: 'none'; readonly label: string; readonly savedAt: string }
  | { readonly kind: 'notOffline' };

/** A device's copy: the map, or that the location had none (at `savedAt`). */
export type StoredMap =
  | { readonly kind: 'map'; readonly view: MapView }
  | { readonly kind: 'none'; readonly label: string; readonly savedAt: string };

/** When a copy was made. */
export const savedAtOf = (copy: StoredMap): string =>
  copy.kind === 'map' ? copy.view.savedAt : copy.savedAt;

/**
 * The device's copies of maps it has shown (docs/decisions.md, "The warehouse map offline"): one Cache Storage
 * cache per company and user, like the replica's database, so another user of the device never reads them.
 * Null where the browser has none (an insecure origin, tests without it): the map is then online only.
 */
const openCache = async (): Promise<Cache | null> => {
  const claims = useAuthStore.getState().claims;
  if (!claims || typeof caches === 'undefined') return null;
  try {
    return await caches.open(`aisle-maps-${claims.acc}-${claims.sub}`);
  } catch {
    return null;
  }
};

/** The cache key of a location's copy (never a real URL: the service worker does not serve these). */
const keyOf = (id: string): string => `/aisle-map-copy/${encodeURIComponent(id)}`;

const keep = async (id: string, stored: StoredMap): Promise<void> => {
  const cache = await openCache();
  await cache?.put(
    keyOf(id),
    new Response(JSON.stringify(stored), { headers: { 'content-type': 'application/json' } }),
  );
};

/** This device's copy of a location's map, if it has one. */
export const storedMap = async (id: string): Promise<StoredMap | null> => {
  const cache = await openCache();
  const hit = await cache?.match(keyOf(id));
  return hit ? ((await hit.json()) as StoredMap) : null;
};

const isNetworkFailure = (e: unknown): boolean => isApiError(e) && e.isNetworkError;

/**
 * Reads a location's map from the server and keeps a copy on the device; when the server cannot be reached,
 * answers the copy (or `notOffline`). Other failures (no such location, no right) are thrown.
 */
export const readLocationMap = async (id: string): Promise<MapRead> => {
  try {
    const row = await resourceApi.get(storageSpaceResource, id);
    const label = String(row.label ?? '');
    let stored: StoredMap;
    try {
      const [map, places] = await Promise.all([mapApi.get(id), mapApi.places(id)]);
      stored = { kind: 'map', view: { label, map, places, savedAt: new Date().toISOString() } };
    } catch (e) {
      if (!isApiError(e) || e.code !== 'locationHasNoMap') throw e;
      stored = { kind: 'none', label, savedAt: new Date().toISOString() };
    }
    await keep(id, stored);
    return stored.kind === 'map' ? { ...stored, offline: false } : stored;
  } catch (e) {
    if (!isNetworkFailure(e)) throw e;
    const copy = await storedMap(id);
    if (!copy) return { kind: 'notOffline' };
    return copy.kind === 'map' ? { ...copy, offline: true } : copy;
  }
};

/** Keeps the device's copy in step after a change made on this screen (upload, placing a location). */
export const keepLocationMap = (id: string, view: Omit<MapView, 'savedAt'>): Promise<void> =>
  keep(id, { kind: 'map', view: { ...view, savedAt: new Date().toISOString() } });
