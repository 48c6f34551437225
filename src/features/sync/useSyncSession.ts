import { useEffect } from 'react';
import { hasAccess } from '../../../domain/auth/claims';
import { startSync, stopSync } from '../../db/startSync';
import { useAuthStore } from '../../state/authStore';

/**
 * Starts the terminal's sync for the signed-in user when they may use the terminal (the replica of their
 * company and user), and stops it on sign-out or when another user signs in. Call once in the shell.
 */
export const useSyncSession = (): void => {
  const signedIn = useAuthStore((s) => s.token !== null);
  const account = useAuthStore((s) => s.claims?.acc ?? null);
  const user = useAuthStore((s) => s.claims?.sub ?? null);
  const terminal = useAuthStore((s) => (s.claims ? hasAccess(s.claims, 'terminal') : false));
  useEffect(() => {
    if (!signedIn || !account || !user || !terminal) {
      stopSync();
      return;
    }
    startSync({ clientAccountId: account, userId: user }).catch((error: unknown) => {
      console.warn('offline replica not available', error);
    });
  }, [signedIn, account, user, terminal]);
};
