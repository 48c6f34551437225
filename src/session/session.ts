import type { TokenData } from '../../domain/auth/claims';
import { api } from '../api/http';
import { applyUserLanguage } from '../i18n/i18n';
import { useAuthStore } from '../state/authStore';
import { endSession } from '../state/endSession';
import { type StartupConfig, useStartupStore } from '../state/startupStore';
import { useUiStore } from '../state/uiStore';
import { isTerminalUser, terminalHome } from './landing';
import { forgetRememberedPath, takeRememberedPath } from './redirectMemory';

let loading: Promise<StartupConfig | null> | null = null;

/** GET config/getuserstartupconfig into the startup store (one call at a time; keeps the old copy on failure). */
export const loadStartupConfig = (): Promise<StartupConfig | null> => {
  if (!loading) {
    const store = useStartupStore.getState();
    store.setStatus('loading');
    loading = api
      .get<StartupConfig>('/api/config/getuserstartupconfig')
      .then((config) => {
        if (!useAuthStore.getState().token) return null;
        useStartupStore.getState().setConfig({ ...config, drawerSections: config.drawerSections ?? [] });
        if (config.user) useAuthStore.getState().setUser(config.user);
        return config;
      })
      .catch((error: unknown) => {
        useStartupStore.getState().setStatus('failed');
        throw error;
      })
      .finally(() => {
        loading = null;
      });
  }
  return loading;
};

/** Stores the session's tokens, then loads the startup configuration and applies the user's language. */
const startSession = async (data: TokenData): Promise<void> => {
  useStartupStore.getState().clear();
  useAuthStore.getState().setTokens(data);
  let defaultLanguage: string | null | undefined = data.claims?.lng;
  try {
    const config = await loadStartupConfig();
    defaultLanguage = config?.user?.defaultLanguage ?? defaultLanguage;
  } catch (error) {
    // The shell retries and tells the user; signing in still succeeded.
    console.warn('startup configuration not loaded', error);
  }
  await applyUserLanguage(defaultLanguage);
};

/** POST /api/Auth, then the session starts (startup configuration, default language). Throws ApiError. */
export const signIn = async (username: string, password: string): Promise<void> =>
  startSession(await api.post<TokenData>('/api/Auth', { username, password }));

/** Signs in with a Google ID token (Google Identity Services), for a Google account Aisle knows by e-mail. */
export const signInWithGoogle = async (idToken: string): Promise<void> =>
  startSession(await api.get<TokenData>(`/api/Auth/GoogleToken/${encodeURIComponent(idToken)}`));

/** Ends the session on the user's request. */
export const signOut = (): void => {
  forgetRememberedPath();
  endSession('user');
};

/**
 * Where to go after signing in: the remembered path, else the terminal for a picker, else the last active menu
 * link, else the start page.
 */
export const postSignInPath = (): string => {
  const remembered = takeRememberedPath();
  if (remembered) return remembered;
  const claims = useAuthStore.getState().claims;
  if (claims && isTerminalUser(claims)) return terminalHome;
  return useUiStore.getState().lastActiveLink ?? '/';
};
