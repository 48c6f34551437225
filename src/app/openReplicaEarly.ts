import { hasAccess } from '../../domain/auth/claims';
import { startSync } from '../db/startSync';
import { useAuthStore } from '../state/authStore';
import { afterFirstScreen } from '../state/firstScreen';

/**
 * Opens the terminal's replica for the session kept on the device as soon as the app's code runs, while the texts
 * and the first screen's chunk still load: the scan field needs the replica, and opening it (IndexedDB, the device
 * identity, the leader election) took as long as the rest of an offline start. The shell's useSyncSession takes
 * the same running sync over (startSync returns it) and stops it on sign-out.
 */
export const openReplicaEarly = (): void => {
  const { token, claims } = useAuthStore.getState();
  if (!token || !claims || !hasAccess(claims, 'terminal')) return;
  // The engine (watchers, leader election, push and pull, status reports) starts once the first screen is up: on a
  // slow handheld its start-up work ran before the first render and delayed the scan field, offline for nothing.
  startSync({ clientAccountId: claims.acc, userId: claims.sub }, { startAfter: afterFirstScreen() }).catch(
    (error: unknown) => {
      console.warn('offline replica not available', error);
    },
  );
};
