import { Workbox } from 'workbox-window';
import { useUpdateStore } from '../state/updateStore';

/** How often an open app asks the server for a new version. */
const updateCheckMs = 60 * 60 * 1000;

let workbox: Workbox | null = null;
let reloading = false;

/**
 * Registers /sw.js (production builds only: the dev server has no service worker) and reports a new
 * version waiting for consent to the update store. Safe to call more than once.
 */
export const registerServiceWorker = (enabled: boolean = import.meta.env.PROD): void => {
  if (!enabled || workbox || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => useUpdateStore.getState().reportWaiting());
  workbox.register().catch((error: unknown) => console.warn('service worker not registered', error));
  setInterval(() => void checkForUpdate(), updateCheckMs);
};

/** Asks the server for a newer service worker now (e.g. after a clientVersionOutdated answer). */
export const checkForUpdate = async (): Promise<void> => {
  try {
    await workbox?.update();
  } catch {
    // offline: the next check will do
  }
};

/**
 * The user agreed to update: a waiting service worker is told to take over (SKIP_WAITING) and the page
 * reloads once it controls the page; without one (no service worker, or the server's version check came
 * first) the page just reloads and fetches the new version.
 */
export const applyUpdate = (): void => {
  if (reloading) return;
  reloading = true;
  const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (workbox && container && useUpdateStore.getState().waiting) {
    container.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    workbox.messageSkipWaiting();
    return;
  }
  window.location.reload();
};
