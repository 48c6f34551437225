import { ApiError } from '../../api/apiError';
import { apiUrl, type QueryParams } from '../../api/http';

/**
 * Calls of a catalyst client account (the company's mobile app users), apart from the staff session: the
 * client's own token and this browser's device id go with every call. Both are kept in localStorage, so a
 * reload stays signed in on the same device (the device counts once against the group's limit).
 */
const tokenKey = 'aisle.catalystClient.token';
const deviceKey = 'aisle.catalystClient.device';

export interface ClientSession {
  readonly token: string;
  readonly refreshToken: string;
  readonly username: string;
}

const newDeviceId = (): string =>
  typeof crypto.randomUUID === 'function'
    ? `web-${crypto.randomUUID()}`
    : `web-${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;

/** This browser's device id, made once. */
export const clientDeviceId = (): string => {
  const known = localStorage.getItem(deviceKey);
  if (known) return known;
  const made = newDeviceId();
  localStorage.setItem(deviceKey, made);
  return made;
};

export const storedClientSession = (): ClientSession | undefined => {
  try {
    const raw = localStorage.getItem(tokenKey);
    return raw ? (JSON.parse(raw) as ClientSession) : undefined;
  } catch {
    return undefined;
  }
};

const storeSession = (session: ClientSession | undefined): void => {
  if (session) localStorage.setItem(tokenKey, JSON.stringify(session));
  else localStorage.removeItem(tokenKey);
};

const call = async <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { token?: string; body?: unknown; query?: QueryParams } = {},
): Promise<T> => {
  const headers: Record<string, string> = { 'X-Device-Id': clientDeviceId(), Accept: 'application/json' };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path, opts.query), {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch {
    // No answer at all: the network is down or the server unreachable.
    throw ApiError.fromResponse(0, undefined, undefined);
  }
  const text = await response.text();
  const payload: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw ApiError.fromResponse(response.status, payload);
  return payload as T;
};

/** Signs the account in on this device; a device over the group's limit is refused (deviceLimitReached). */
export const signInClient = async (username: string, password: string): Promise<ClientSession> => {
  const data = await call<ClientSession>('POST', '/api/catalyst/client/auth', {
    body: { username, password, deviceName: navigator.userAgent.slice(0, 200) },
  });
  const session = { token: data.token, refreshToken: data.refreshToken, username: data.username };
  storeSession(session);
  return session;
};

/** Renews the tokens with the refresh token; undefined (and signed out) when that fails too. */
const renew = async (session: ClientSession): Promise<ClientSession | undefined> => {
  try {
    const data = await call<ClientSession>('GET', '/api/catalyst/client/auth', {
      token: session.refreshToken,
    });
    const next = { token: data.token, refreshToken: data.refreshToken, username: data.username };
    storeSession(next);
    return next;
  } catch {
    storeSession(undefined);
    return undefined;
  }
};

/** Signs the device out and frees its place in the account's device limit. */
export const signOutClient = async (session: ClientSession): Promise<void> => {
  storeSession(undefined);
  await call('DELETE', '/api/catalyst/client/auth', { token: session.token }).catch(() => undefined);
};

/** A call as the signed-in client; an expired token is renewed once. */
export const clientCall = async <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { body?: unknown; query?: QueryParams } = {},
): Promise<T> => {
  const session = storedClientSession();
  if (!session) throw ApiError.fromResponse(401, undefined);
  try {
    return await call<T>(method, path, { ...opts, token: session.token });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    const renewed = await renew(session);
    if (!renewed) throw error;
    return call<T>(method, path, { ...opts, token: renewed.token });
  }
};
