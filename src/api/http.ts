import { type TokenData, tokenDataSchema } from '../../domain/auth/claims';
import { useAuthStore } from '../state/authStore';
import { endSession } from '../state/endSession';
import { useLoadingStore } from '../state/loadingStore';
import { useNetworkStore } from '../state/networkStore';
import { reportClientOutdated } from '../state/updateStore';
import { ApiError } from './apiError';
import { fileNameFromDisposition, saveBlob } from './saveFile';

export { ApiError, isApiError } from './apiError';

export type QueryScalar = string | number | boolean | null | undefined;
export type QueryValue = QueryScalar | readonly QueryScalar[];
export type QueryParams = Readonly<Record<string, QueryValue>>;

export interface RequestOptions {
  /** Query parameters appended to the path (null/undefined skipped, arrays repeated). */
  readonly query?: QueryParams;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
  /** Leave the global loading counter alone (background calls). */
  readonly silent?: boolean;
}

export interface DownloadOptions extends RequestOptions {
  /** Hand the file to the browser as a download (default true). */
  readonly save?: boolean;
  /** File name to use instead of the one in Content-Disposition. */
  readonly fileName?: string;
}

export interface DownloadedFile {
  readonly blob: Blob;
  readonly filename: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** API origin; empty = same origin (the dev server proxies /api). */
const baseUrl = (import.meta.env?.VITE_API_URL ?? '').replace(/\/+$/, '');

const queryString = (query: QueryParams | undefined): string => {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values as readonly QueryScalar[]) {
      if (v === null || v === undefined) continue;
      params.append(key, String(v));
    }
  }
  return params.toString();
};

/** Full URL of an API path: '/api/Company', 'Company' and absolute URLs are all accepted. */
export const apiUrl = (path: string, query?: QueryParams): string => {
  let url: string;
  if (/^https?:\/\//i.test(path)) url = path;
  else if (/^\/api(\/|\?|$)/i.test(path)) url = `${baseUrl}${path}`;
  else url = `${baseUrl}/api/${path.replace(/^\/+/, '')}`;
  const qs = queryString(query);
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
};

/** Sign-in and token refresh: a 401 from them is an answer, not an expired session. */
const isAuthCall = (url: string): boolean => {
  const pathname = new URL(url, globalThis.location?.origin ?? 'http://localhost').pathname;
  return /^\/api\/auth(\/|$)/i.test(pathname);
};

const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

const newRequestId = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
};

const isRawBody = (body: unknown): body is BodyInit =>
  (typeof FormData !== 'undefined' && body instanceof FormData) ||
  (typeof Blob !== 'undefined' && body instanceof Blob) ||
  body instanceof URLSearchParams ||
  body instanceof ArrayBuffer;

const fetchOrOffline = async (url: string, init: RequestInit, requestId: string): Promise<Response> => {
  try {
    const response = await fetch(url, init);
    // The server answered: the "cannot reach the server" notice goes away by itself.
    if (useNetworkStore.getState().offlineNotice) useNetworkStore.getState().hideOfflineNotice();
    return response;
  } catch (error) {
    if (isAbort(error)) throw error;
    useNetworkStore.getState().showOfflineNotice();
    throw ApiError.network(error, requestId);
  }
};

const asTokenData = (payload: unknown): TokenData | null => {
  const parsed = tokenDataSchema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const p = payload as Partial<TokenData> | null;
  return p && typeof p.token === 'string' && typeof p.refreshToken === 'string' ? (p as TokenData) : null;
};

/** GET /api/Auth with the refresh token; true when a new pair is stored, false when the session is over. */
const refreshTokens = async (): Promise<boolean> => {
  const refreshToken = useAuthStore.getState().refreshToken;
  if (!refreshToken) {
    endSession('expired');
    return false;
  }
  const requestId = newRequestId();
  const response = await fetchOrOffline(
    apiUrl('/api/Auth'),
    {
      method: 'GET',
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${refreshToken}`,
        'x-request-id': requestId,
      },
    },
    requestId,
  );
  if (response.status === 401 || response.status === 403) {
    endSession('expired');
    return false;
  }
  const payload = await readBody(response);
  if (!response.ok) throw ApiError.fromResponse(response.status, payload, requestId);
  const data = asTokenData(payload);
  if (!data) throw ApiError.fromResponse(500, payload, requestId);
  // Signed out meanwhile: do not bring the session back.
  if (useAuthStore.getState().refreshToken !== refreshToken) return useAuthStore.getState().token !== null;
  useAuthStore.getState().setTokens(data);
  return true;
};

let renewing: Promise<boolean> | null = null;

/** Renews the access token once for all calls that got a 401 with `usedToken`. */
const renewSession = (usedToken: string): Promise<boolean> => {
  const current = useAuthStore.getState().token;
  if (current !== null && current !== usedToken) return Promise.resolve(true);
  if (current === null) return Promise.resolve(false);
  if (!renewing) {
    renewing = refreshTokens().finally(() => {
      renewing = null;
    });
  }
  return renewing;
};

const send = async (
  method: Method,
  path: string,
  body: unknown,
  opts: RequestOptions,
  accept: string,
  retried = false,
): Promise<Response> => {
  const getQuery =
    method === 'GET' && body !== null && typeof body === 'object' && !isRawBody(body)
      ? (body as QueryParams)
      : undefined;
  const url = apiUrl(path, getQuery || opts.query ? { ...getQuery, ...opts.query } : undefined);
  const token = useAuthStore.getState().token;
  const requestId = newRequestId();
  const headers = new Headers(opts.headers);
  if (!headers.has('Accept')) headers.set('Accept', accept);
  headers.set('x-request-id', requestId);
  // Server messages in the language on screen (i18n keeps <html lang> in step with it).
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang.toLowerCase();
  if (lang && !headers.has('Accept-Language')) headers.set('Accept-Language', lang);
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (method !== 'GET' && body !== undefined) {
    if (isRawBody(body)) payload = body;
    else {
      payload = JSON.stringify(body);
      headers.set('Content-Type', 'application/json');
    }
  }
  const response = await fetchOrOffline(
    url,
    { method, headers, body: payload, signal: opts.signal },
    requestId,
  );
  if (response.status === 401 && !retried && token && !isAuthCall(url)) {
    if (await renewSession(token)) return send(method, path, body, opts, accept, true);
  }
  if (!response.ok) {
    const error = ApiError.fromResponse(response.status, await readBody(response), requestId);
    // The server no longer serves this client's version: offer the update (src/pwa).
    if (error.code === 'clientVersionOutdated') reportClientOutdated();
    throw error;
  }
  return response;
};

const counted = async <T>(opts: RequestOptions | undefined, run: () => Promise<T>): Promise<T> => {
  const loading = useLoadingStore.getState();
  if (!opts?.silent) loading.start();
  try {
    return await run();
  } finally {
    if (!opts?.silent) useLoadingStore.getState().finish();
  }
};

const request = <T>(method: Method, path: string, body?: unknown, opts?: RequestOptions): Promise<T> =>
  counted(
    opts,
    async () => (await readBody(await send(method, path, body, opts ?? {}, 'application/json'))) as T,
  );

/**
 * The HTTP client: JSON in and out, bearer token, x-request-id, the loading counter,
 * one token refresh on a 401, the offline notice on a network failure. Failures are thrown
 * as ApiError. For `get`, an object in place of the body is sent as query parameters.
 */
export const api = {
  get: <T = unknown>(path: string, query?: QueryParams | null, opts?: RequestOptions): Promise<T> =>
    request<T>('GET', path, query ?? undefined, opts),
  post: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> =>
    request<T>('POST', path, body, opts),
  put: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> =>
    request<T>('PUT', path, body, opts),
  patch: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> =>
    request<T>('PATCH', path, body, opts),
  delete: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> =>
    request<T>('DELETE', path, body, opts),
  /** GETs a file; saves it in the browser unless `save: false`; returns the blob and its name. */
  download: (path: string, opts?: DownloadOptions): Promise<DownloadedFile> =>
    counted(opts, async () => {
      const response = await send('GET', path, undefined, opts ?? {}, '*/*');
      const blob = await response.blob();
      const fromPath = path.split('?')[0]?.split('/').pop() || 'download';
      const filename =
        opts?.fileName ?? fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fromPath;
      if (opts?.save !== false) saveBlob(blob, filename);
      return { blob, filename };
    }),
};
