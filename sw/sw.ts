/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isSkipWaitingMessage, navigationDenylist } from './swRules';

declare const self: ServiceWorkerGlobalScope & {
  readonly __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

// The build injects the app shell (index.html, JS and CSS chunks — the translations are bundled into
// them), the icons, the manifest and any fonts; see sw/README.md.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Offline navigation to any client route gets the cached shell; the API and the live hub never do.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [...navigationDenylist] }),
);

// API responses are not cached on purpose: the replica in IndexedDB is the offline data, and a cached
// answer would hide that the server cannot be reached.

// The first install takes the open pages at once; later versions wait for the user's consent.
clientsClaim();
self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});
