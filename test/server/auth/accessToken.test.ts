import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../../server/auth/accessToken';
import { claimsOf } from '../../../server/auth/claimsOf';

const secret = 'a-secret-of-at-least-thirty-two-chars!';
const claims = claimsOf({
  id: randomUUID(),
  clientAccountId: randomUUID(),
  username: 'picker',
  isSuperUser: true,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('verifies a token again (from what it remembers) only until it expires', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), toFake: ['Date'] });
    const { token } = await signAccessToken(claims, secret, 60);
    expect(await verifyAccessToken(token, secret)).toMatchObject({ sub: claims.sub, IsSuperUser: true });
    expect(await verifyAccessToken(token, secret)).toMatchObject({ sub: claims.sub });
    vi.setSystemTime(new Date('2026-11-23T10:01:01Z'));
    expect(await verifyAccessToken(token, secret)).toBeUndefined();
  });

  it('a token verified with one secret is not accepted with another', async () => {
    const { token } = await signAccessToken(claims, secret, 60);
    expect(await verifyAccessToken(token, secret)).toBeDefined();
    expect(await verifyAccessToken(token, `${secret}-rotated`)).toBeUndefined();
  });

  it('refuses a tampered token', async () => {
    const { token } = await signAccessToken(claims, secret, 60);
    const [head, body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, IsPowerUser: true, exp: 4102444800 })).toString(
      'base64url',
    );
    expect(body).not.toBe(forged);
    expect(await verifyAccessToken(`${head}.${forged}.${signature}`, secret)).toBeUndefined();
  });
});
