import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenData } from '../../../domain/auth/claims';
import { someClaims } from '../../support/claims';
import { installMemoryStorage } from '../../support/memoryStorage';

installMemoryStorage();
const { api, ApiError } = await import('../../../src/api/http');
const { useAuthStore } = await import('../../../src/state/authStore');
const { useLoadingStore } = await import('../../../src/state/loadingStore');
const { useNetworkStore } = await import('../../../src/state/networkStore');

const claims = someClaims({
  sub: 'u1',
  acc: 'a1',
  name: 'admin',
  IsSuperUser: true,
  IsPowerUser: true,
  LogisticsEnabled: true,
  TerminalEnabled: true,
});
const tokens = (token: string, refreshToken: string): TokenData => ({
  token,
  refreshToken,
  expiresAt: Date.now() + 60_000,
  refreshExpiresAt: Date.now() + 3_600_000,
  claims,
});

interface Seen {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | undefined;
}

/** A fake server: answers each request with the next handler's response and records what it saw. */
const fakeFetch = (handler: (req: Seen, loadingDuringCall: number) => Response | Promise<Response>) => {
  const seen: Seen[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const req: Seen = {
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    seen.push(req);
    return handler(req, useLoadingStore.getState().count);
  });
  vi.stubGlobal('fetch', fetchMock);
  return seen;
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the HTTP client', () => {
  beforeEach(() => {
    useAuthStore.getState().setTokens(tokens('access-1', 'refresh-1'));
    useLoadingStore.setState({ count: 0 });
    useNetworkStore.getState().hideOfflineNotice();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends JSON with the bearer token and an x-request-id, and counts the call as loading', async () => {
    let during = -1;
    const seen = fakeFetch((_req, loading) => {
      during = loading;
      return json(201, { id: 'c1' });
    });
    const result = await api.post<{ id: string }>('/api/Company', { shortName: 'ACME' });
    expect(result).toEqual({ id: 'c1' });
    const [req] = seen;
    expect(req?.method).toBe('POST');
    expect(req?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(req?.headers.get('Content-Type')).toBe('application/json');
    expect(req?.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{16,}$/);
    expect(JSON.parse(req?.body ?? '{}')).toEqual({ shortName: 'ACME' });
    expect(during).toBe(1);
    expect(useLoadingStore.getState().count).toBe(0);
  });

  it('re-throws a failure as ApiError with the server code and resets the loading flag', async () => {
    fakeFetch(() => json(409, { code: 'uniqueConflict', message: 'taken', fields: [] }));
    const error = await api.post('/api/Company', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).code).toBe('uniqueConflict');
    expect((error as InstanceType<typeof ApiError>).status).toBe(409);
    expect(useLoadingStore.getState().count).toBe(0);
  });

  it('on a 401 refreshes with the refresh token once and repeats the request with the new token', async () => {
    const seen = fakeFetch((req) => {
      if (req.url.endsWith('/api/Auth')) return json(200, tokens('access-2', 'refresh-2'));
      return req.headers.get('Authorization') === 'Bearer access-2'
        ? json(200, { ok: true })
        : json(401, { code: 'unauthorized', message: 'expired' });
    });
    await expect(api.get('/api/Company')).resolves.toEqual({ ok: true });
    expect(seen.map((r) => `${r.method} ${r.url} ${r.headers.get('Authorization')}`)).toEqual([
      'GET /api/Company Bearer access-1',
      'GET /api/Auth Bearer refresh-1',
      'GET /api/Company Bearer access-2',
    ]);
    expect(useAuthStore.getState().refreshToken).toBe('refresh-2');
  });

  it('calls that fail together share one refresh', async () => {
    const seen = fakeFetch((req) => {
      if (req.url.endsWith('/api/Auth')) return json(200, tokens('access-2', 'refresh-2'));
      return req.headers.get('Authorization') === 'Bearer access-2'
        ? json(200, { url: req.url })
        : json(401, { code: 'unauthorized', message: 'expired' });
    });
    await Promise.all([api.get('/api/Company'), api.get('/api/Person'), api.get('/api/Address')]);
    expect(seen.filter((r) => r.url.endsWith('/api/Auth'))).toHaveLength(1);
  });

  it('signs the user out when the refresh itself gets a 401', async () => {
    fakeFetch(() => json(401, { code: 'sessionExpired', message: 'expired' }));
    const error = await api.get('/api/Company').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(useAuthStore.getState().token).toBeNull();
    expect(useAuthStore.getState().signOutReason).toBe('expired');
  });

  it('shows the persistent offline notice when no response comes at all', async () => {
    fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await api.get('/api/Company').catch((e: unknown) => e);
    expect((error as InstanceType<typeof ApiError>).isNetworkError).toBe(true);
    expect(useNetworkStore.getState().offlineNotice).toBe(true);
    expect(useLoadingStore.getState().count).toBe(0);
  });
});
