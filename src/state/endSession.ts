import { type SignOutReason, useAuthStore } from './authStore';
import { useStartupStore } from './startupStore';

/** Drops the session (tokens, claims, user, startup configuration). The route guard then shows /signin. */
export const endSession = (reason: SignOutReason): void => {
  useAuthStore.getState().clear(reason);
  useStartupStore.getState().clear();
};
