import { newId } from '../../sync/ids';
import type { DeviceCounters } from '../../sync/ports';

/** localStorage key of this device's id (docs/sync-contract.md, "Engine"). */
export const deviceIdKey = 'aisle.deviceId';

const counterKeys = { mutationId: 'aisle.sync.mutationId', deviceSeq: 'aisle.sync.deviceSeq' } as const;

const storage = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

/**
 * This device's id: kept in localStorage; else the one a replica remembers (a great reset wiped the key but
 * the replica and its outbox survived); else a new UUIDv7.
 */
export const deviceIdOf = (remembered: string | null): string => {
  const s = storage();
  const id = s?.getItem(deviceIdKey) || remembered || newId();
  try {
    s?.setItem(deviceIdKey, id);
  } catch {
    // storage full or denied: the id still holds for this page load
  }
  return id;
};

/**
 * Device-wide counters (mutation ids, provisional-number sequence) in localStorage, shared by every user's
 * replica on this device; each replica also keeps its own highest value, and the larger one wins.
 */
export const localCounters = (): DeviceCounters => ({
  read: (name) => {
    const v = Number(storage()?.getItem(counterKeys[name]) ?? 0);
    return Number.isSafeInteger(v) && v > 0 ? v : 0;
  },
  write: (name, value) => {
    try {
      storage()?.setItem(counterKeys[name], String(value));
    } catch {
      // the replica's own copy still keeps the sequence growing
    }
  },
});
