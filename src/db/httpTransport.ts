import { newId } from '../../sync/ids';
import type { SyncTransport, TransportRequest, TransportResponse } from '../../sync/ports';
import { apiUrl } from '../api/http';
import { useNetworkStore } from '../state/networkStore';

export interface HttpTransportOptions {
  /** The access token now (null: signed out). */
  readonly token: () => string | null;
  /** False when the session in place is not the one this replica belongs to: nothing is sent. */
  readonly sameUser: () => boolean;
  readonly fetch?: typeof fetch;
}

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * The engine's transport on fetch: bearer token, x-request-id, the UI language, JSON. Never throws — no
 * answer at all is status 0. Deliberately not the app's `api` client: the engine classifies 401/406/409/5xx
 * itself, and a background retry must not raise the loading flag or the offline notice.
 */
export const httpTransport = (options: HttpTransportOptions): SyncTransport => ({
  send: async (request: TransportRequest): Promise<TransportResponse> => {
    const token = options.token();
    if (!token || !options.sameUser())
      return { status: 401, body: { code: 'unauthorized', message: 'unauthorized' } };
    const headers = new Headers(request.headers);
    headers.set('Accept', 'application/json');
    headers.set('Authorization', `Bearer ${token}`);
    headers.set('x-request-id', newId());
    const lang = typeof document === 'undefined' ? '' : document.documentElement.lang.toLowerCase();
    if (lang) headers.set('Accept-Language', lang);
    let body: string | undefined;
    if (request.body !== undefined && request.method !== 'GET') {
      body = JSON.stringify(request.body);
      headers.set('Content-Type', 'application/json');
    }
    try {
      const response = await (options.fetch ?? fetch)(apiUrl(request.path, request.query), {
        method: request.method,
        headers,
        body,
      });
      // The server answered: the "cannot reach the server" notice of the other screens goes away by itself.
      if (useNetworkStore.getState().offlineNotice) useNetworkStore.getState().hideOfflineNotice();
      return {
        status: response.status,
        body: await readBody(response),
        replayed: response.headers.get('idempotent-replayed') === 'true',
      };
    } catch {
      return { status: 0, body: undefined };
    }
  },
});
