import { storagePrefix } from '../state/storage';

const key = `${storagePrefix}-redirect`;

/** Public paths: reachable without signing in (everything else needs a session). */
export const publicPaths = ['/signin', '/signup', '/activate', '/recovery', '/title', '/shared'] as const;

export const isPublicPath = (pathname: string): boolean => {
  const p = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return publicPaths.some((pub) => p === pub) || p.startsWith('/shared/');
};

/** Remembers the full path (pathname + search) an unauthenticated visitor asked for. */
export const rememberPath = (fullPath: string): void => {
  const pathname = fullPath.split('?')[0] ?? '/';
  // The bare root is the app's start, not a request: the last active menu link serves better.
  if (isPublicPath(pathname) || fullPath === '/') return;
  try {
    sessionStorage.setItem(key, fullPath);
  } catch {
    // no session storage: the user lands on the default page after sign-in
  }
};

/** The remembered path, removed from memory. */
export const takeRememberedPath = (): string | null => {
  try {
    const value = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return value;
  } catch {
    return null;
  }
};

export const forgetRememberedPath = (): void => {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing to forget
  }
};
