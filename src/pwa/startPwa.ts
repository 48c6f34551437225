import { activeSync$ } from '../db/activeSync';
import { isUpdatePromptVisible, reportClientOutdated, useUpdateStore } from '../state/updateStore';
import { checkForUpdate, registerServiceWorker } from './registerServiceWorker';
import { hideUpdateNotification, showUpdateNotification } from './UpdateNotification';
import { watchOutdatedSync } from './watchOutdatedSync';

let started = false;

type UpdateState = ReturnType<typeof useUpdateStore.getState>;

/**
 * The installable app: registers the service worker, shows the update prompt when a new version waits
 * or the server says this one is out of date (then also checks for the new version at once).
 * It starts once the first screen is up (src/main.tsx): what the store already holds then is followed at once.
 */
export const startPwa = (): void => {
  if (started) return;
  started = true;
  let shown = false;
  const follow = (state: UpdateState, wasOutdated: boolean): void => {
    if (state.outdated && !wasOutdated) void checkForUpdate();
    const visible = isUpdatePromptVisible(state);
    if (visible === shown) return;
    // Set first: hiding calls the notification's onClose, which comes back here.
    shown = visible;
    if (visible) showUpdateNotification();
    else hideUpdateNotification();
  };
  useUpdateStore.subscribe((state, previous) => follow(state, previous.outdated));
  registerServiceWorker();
  follow(useUpdateStore.getState(), false);
  watchOutdatedSync(activeSync$, reportClientOutdated);
};
