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

/** POST /api/Auth, then the startup configuration and the user's default language. Throws ApiError. */
export const signIn = async (username: string, password: string): Promise<void> => {
  const data = await api.post<TokenData>('/api/Auth', { username, password });
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
