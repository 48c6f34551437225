import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { someClaims } from '../../../support/claims';
import { installMemoryStorage } from '../../../support/memoryStorage';

installMemoryStorage();
const { readLocationMap } = await import('../../../../src/features/locations/mapOffline');
const { useAuthStore } = await import('../../../../src/state/authStore');

const claimsOf = (acc: string, sub: string) => someClaims({ acc, sub, TerminalEnabled: true });

/** Cache Storage as the browser has it, in memory: caches by name, answers by key. */
const memoryCaches = () => {
  const stores = new Map<string, Map<string, string>>();
  return {
    names: () => [...stores.keys()],
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, string>();
      stores.set(name, store);
      return {
        put: async (key: string, response: Response) => void store.set(key, await response.text()),
        match: async (key: string) => {
          const body = store.get(key);
          return body === undefined ? undefined : new Response(body);
        },
      };
    },
  };
};

const bounds = { southWestX: 0, southWestY: 0, northEastX: 100, northEastY: 100 };
const hallMap = { storageSpaceId: 'hall', svg: '<svg/>', bounds, dimensions: null, version: 1 };
const rack = { id: 'rack', label: 'R1', x: 80, y: 20, fill: 'empty', quantity: 0, loadKg: 0 };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: the hall has a map with the rack on it, the dock has none, anything else is not found. */
const server = vi.fn(async (input: string | URL | Request) => {
  const path = new URL(String(input), 'http://localhost').pathname;
  if (path === '/api/StorageSpace/hall') return json(200, { id: 'hall', label: 'Hall A' });
  if (path === '/api/StorageSpace/hall/schema') return json(200, hallMap);
  if (path === '/api/StorageSpace/hall/schema/places') return json(200, { results: [rack] });
  if (path === '/api/StorageSpace/dock') return json(200, { id: 'dock', label: 'Dock' });
  if (path === '/api/StorageSpace/dock/schema')
    return json(404, { code: 'locationHasNoMap', message: 'no map' });
  return json(404, { code: 'notFoundOrNoPermission', message: 'not found' });
});
const unreachable = vi.fn(async () => {
  throw new TypeError('Failed to fetch');
});

describe('a location’s map offline (mapOffline.ts)', () => {
  let caches: ReturnType<typeof memoryCaches>;
  beforeEach(() => {
    caches = memoryCaches();
    vi.stubGlobal('caches', caches);
    useAuthStore.setState({ claims: claimsOf('acc-1', 'picker-1'), token: 't' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the server online and keeps a copy; offline it answers the copy, marked offline', async () => {
    vi.stubGlobal('fetch', server);
    const online = await readLocationMap('hall');
    expect(online).toMatchObject({ kind: 'map', offline: false, view: { label: 'Hall A', places: [rack] } });
    expect(caches.names()).toEqual(['aisle-maps-acc-1-picker-1']);

    vi.stubGlobal('fetch', unreachable);
    const offline = await readLocationMap('hall');
    expect(offline).toMatchObject({ kind: 'map', offline: true, view: { label: 'Hall A', map: hallMap } });
    expect(offline.kind === 'map' && offline.view.places).toEqual([rack]);
  });

  it('offline, a map never read on this device, or read by another user, is not available', async () => {
    vi.stubGlobal('fetch', server);
    await readLocationMap('hall');
    vi.stubGlobal('fetch', unreachable);
    expect(await readLocationMap('other')).toEqual({ kind: 'notOffline' });
    useAuthStore.setState({ claims: claimsOf('acc-1', 'picker-2'), token: 't' });
    expect(await readLocationMap('hall')).toEqual({ kind: 'notOffline' });
  });

  it('remembers a location without a map; other refusals are thrown, not answered from the copy', async () => {
    vi.stubGlobal('fetch', server);
    expect(await readLocationMap('dock')).toMatchObject({ kind: 'none', label: 'Dock' });
    await expect(readLocationMap('nowhere')).rejects.toMatchObject({ code: 'notFoundOrNoPermission' });
    vi.stubGlobal('fetch', unreachable);
    expect(await readLocationMap('dock')).toMatchObject({ kind: 'none', label: 'Dock' });
  });

  it('without Cache Storage (an insecure origin) the map is online only', async () => {
    vi.stubGlobal('caches', undefined);
    vi.stubGlobal('fetch', server);
    expect(await readLocationMap('hall')).toMatchObject({ kind: 'map', offline: false });
    vi.stubGlobal('fetch', unreachable);
    expect(await readLocationMap('hall')).toEqual({ kind: 'notOffline' });
  });
});
