import { activeSync$ } from '../db/activeSync';
import { isUpdatePromptVisible, reportClientOutdated, useUpdateStore } from '../state/updateStore';
import { checkForUpdate, registerServiceWorker } from './registerServiceWorker';
import { hideUpdateNotification, showUpdateNotification } from './UpdateNotification';
import { watchOutdatedSync } from './watchOutdatedSync';

let started = false;

/**
 * The installable app: registers the service worker, shows the update prompt when a new version waits
 * or the server says this one is out of date (then also checks for the new version at once).
 */
export const startPwa = (): void => {
  if (started) return;
  started = true;
  registerServiceWorker();
  watchOutdatedSync(activeSync$, reportClientOutdated);
  let shown = false;
  useUpdateStore.subscribe((state, previous) => {
    if (state.outdated && !previous.outdated) void checkForUpdate();
    const visible = isUpdatePromptVisible(state);
    if (visible === shown) return;
    // Set first: hiding calls the notification's onClose, which comes back here.
    shown = visible;
    if (visible) showUpdateNotification();
    else hideUpdateNotification();
  });
};
