import { createJSONStorage } from 'zustand/middleware';

/** Every localStorage key Aisle persists starts with this prefix. */
export const storagePrefix = 'aisle';

/** Setting this localStorage key to any truthy value wipes Aisle's persisted state at the next start. */
export const greatResetKey = 'greatReset';

let checked = false;
let resetDone = false;

/**
 * Applies a pending great reset once per page load: removes every persisted Aisle key
 * (localStorage and sessionStorage) and the flag itself. Runs before any store hydrates,
 * because every persisted store reads through `aisleStorage`.
 */
export const applyGreatReset = (): boolean => {
  if (checked) return resetDone;
  checked = true;
  try {
    if (!globalThis.localStorage?.getItem(greatResetKey)) return false;
    for (const storage of [globalThis.localStorage, globalThis.sessionStorage]) {
      if (!storage) continue;
      const keys: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key?.startsWith(storagePrefix)) keys.push(key);
      }
      for (const key of keys) storage.removeItem(key);
    }
    globalThis.localStorage.removeItem(greatResetKey);
    resetDone = true;
  } catch {
    // Storage unavailable (private mode, tests): nothing persisted, nothing to reset.
  }
  return resetDone;
};

/** Whether this page load wiped the persisted state (other stores, e.g. IndexedDB, may follow suit). */
export const wasGreatReset = (): boolean => applyGreatReset();

/** JSON localStorage for zustand `persist`, with the great reset applied first. */
export const aisleStorage = createJSONStorage(() => {
  applyGreatReset();
  return localStorage;
});
