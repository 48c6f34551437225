import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Claims, TokenData } from '../../domain/auth/claims';
import { aisleStorage } from './storage';

/** The signed-in user as returned in the startup configuration. */
export interface SessionUser {
  readonly id: string;
  readonly username: string;
  readonly visibleName?: string | null;
  readonly email?: string | null;
  readonly defaultLanguage?: string | null;
  readonly contractorId?: string | null;
  readonly [key: string]: unknown;
}

/** Why the session ended: the user signed out, or the refresh token was refused. */
export type SignOutReason = 'user' | 'expired';

interface AuthState {
  token: string | null;
  refreshToken: string | null;
  /** Access token expiry, ms since epoch. */
  expiresAt: number | null;
  refreshExpiresAt: number | null;
  claims: Claims | null;
  user: SessionUser | null;
  /** Not persisted: set when the session ends, cleared by the next sign-in. */
  signOutReason: SignOutReason | null;
  setTokens: (data: TokenData) => void;
  setUser: (user: SessionUser | null) => void;
  clear: (reason: SignOutReason) => void;
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: null,
      refreshToken: null,
      expiresAt: null,
      refreshExpiresAt: null,
      claims: null,
      user: null,
      signOutReason: null,
      setTokens: (data) =>
        set({
          token: data.token,
          refreshToken: data.refreshToken,
          expiresAt: data.expiresAt,
          refreshExpiresAt: data.refreshExpiresAt,
          claims: data.claims,
          signOutReason: null,
        }),
      setUser: (user) => set({ user }),
      clear: (reason) =>
        set({
          token: null,
          refreshToken: null,
          expiresAt: null,
          refreshExpiresAt: null,
          claims: null,
          user: null,
          signOutReason: reason,
        }),
    }),
    {
      name: 'aisle-auth',
      storage: aisleStorage,
      version: 1,
      partialize: ({ token, refreshToken, expiresAt, refreshExpiresAt, claims, user }) => ({
        token,
        refreshToken,
        expiresAt,
        refreshExpiresAt,
        claims,
        user,
      }),
    },
  ),
);

/** Whether someone is signed in (has an access token). */
export const useIsSignedIn = (): boolean => useAuthStore((s) => s.token !== null);
