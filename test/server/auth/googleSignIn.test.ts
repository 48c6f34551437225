import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenDataSchema } from '../../../domain/auth/claims';
import { anAccount, aUser } from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

const clientId = 'aisle-test.apps.googleusercontent.com';
type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

describe('GET /api/Auth/GoogleToken/{idToken}', () => {
  let t: TestApp;
  let acc: string;
  let jwks: Server;
  let google: KeyPair;
  let stranger: KeyPair;

  const idToken = (claims: JWTPayload, key: KeyPair = google, kid = 'google-1') =>
    new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer('https://accounts.google.com')
      .setAudience(clientId)
      .setSubject('1234567890')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key.privateKey);
  const signIn = (token: string) => t.app.inject({ method: 'GET', url: `/api/Auth/GoogleToken/${token}` });
  const expectFailed = (res: Awaited<ReturnType<typeof signIn>>) => {
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({ code: 'googleSignInFailed' });
  };

  beforeAll(async () => {
    google = await generateKeyPair('RS256');
    stranger = await generateKeyPair('RS256');
    const publicJwk = { ...(await exportJWK(google.publicKey)), kid: 'google-1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [publicJwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const { port } = jwks.address() as AddressInfo;
    t = await createTestApp({
      config: { googleJwksUrl: `http://127.0.0.1:${port}/certs`, googleClientId: clientId },
    });
    acc = await anAccount(t.ctx);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => jwks.close(resolve));
  });

  it("tells the sign-in screen its client id, and lets Google's script, button and popup work", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Auth/GoogleClientId' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ clientId });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' https://accounts.google.com/gsi/client");
    expect(csp).toContain("frame-src 'self' https://accounts.google.com/gsi/");
    expect(res.headers['referrer-policy']).toBe('strict-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('signs in the user with the verified e-mail address', async () => {
    const user = await aUser(t.ctx, acc);
    const res = await signIn(await idToken({ email: String(user.row.email).toUpperCase() }));
    expect(res.statusCode, res.body).toBe(200);
    const data = tokenDataSchema.parse(res.json());
    expect(data.claims.sub).toBe(user.row.id);
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/Auth',
      headers: { authorization: `Bearer ${data.refreshToken}` },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('also takes the issuer without scheme', async () => {
    const user = await aUser(t.ctx, acc);
    const token = await new SignJWT({ email: user.row.email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'google-1' })
      .setIssuer('accounts.google.com')
      .setAudience(clientId)
      .setExpirationTime('5m')
      .sign(google.privateKey);
    expect((await signIn(token)).statusCode).toBe(200);
  });

  it('refuses a token signed with another key', async () => {
    const user = await aUser(t.ctx, acc);
    expectFailed(await signIn(await idToken({ email: user.row.email }, stranger)));
  });

  it('refuses a token for another application, another issuer, or an expired one', async () => {
    const user = await aUser(t.ctx, acc);
    const otherApp = await new SignJWT({ email: user.row.email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'google-1' })
      .setIssuer('https://accounts.google.com')
      .setAudience('someone-else.apps.googleusercontent.com')
      .setExpirationTime('5m')
      .sign(google.privateKey);
    expectFailed(await signIn(otherApp));
    const otherIssuer = await new SignJWT({ email: user.row.email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'google-1' })
      .setIssuer('https://evil.example.com')
      .setAudience(clientId)
      .setExpirationTime('5m')
      .sign(google.privateKey);
    expectFailed(await signIn(otherIssuer));
    const expired = await new SignJWT({ email: user.row.email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'google-1' })
      .setIssuer('https://accounts.google.com')
      .setAudience(clientId)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(google.privateKey);
    expectFailed(await signIn(expired));
    expectFailed(await signIn('not.a.token'));
  });

  it('refuses an unverified e-mail address', async () => {
    const user = await aUser(t.ctx, acc);
    expectFailed(await signIn(await idToken({ email: user.row.email, email_verified: false })));
  });

  it('refuses an unknown e-mail address and one shared by users of two companies', async () => {
    expectFailed(await signIn(await idToken({ email: 'nobody@example.com' })));
    const email = `shared-${Date.now()}@example.com`;
    await aUser(t.ctx, acc, { email });
    await aUser(t.ctx, await anAccount(t.ctx), { email });
    expectFailed(await signIn(await idToken({ email })));
  });

  it('refuses blocked and not activated users like the password sign-in', async () => {
    const blocked = await aUser(t.ctx, acc, { isBlocked: true });
    const res = await signIn(await idToken({ email: blocked.row.email }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'accountBlocked' });
    const inactive = await aUser(t.ctx, acc, { isActivated: false });
    const res2 = await signIn(await idToken({ email: inactive.row.email }));
    expect(res2.statusCode).toBe(403);
    expect(res2.json()).toMatchObject({ code: 'accountNotActivated' });
  });
});

describe('Google sign-in without a configured client id', () => {
  it('refuses every token', async () => {
    const t = await createTestApp({
      config: { googleClientId: undefined, googleJwksUrl: 'http://127.0.0.1:9/certs' },
    });
    try {
      const key = await generateKeyPair('RS256');
      const token = await new SignJWT({ email: 'x@example.com', email_verified: true })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer('https://accounts.google.com')
        .setExpirationTime('5m')
        .sign(key.privateKey);
      const res = await t.app.inject({ method: 'GET', url: `/api/Auth/GoogleToken/${token}` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'googleSignInFailed' });
      // No client id: the sign-in screen shows no Google button and the strict policy stays.
      const config = await t.app.inject({ method: 'GET', url: '/api/Auth/GoogleClientId' });
      expect(config.json()).toEqual({ clientId: null });
      expect(String(config.headers['content-security-policy'])).not.toContain('accounts.google.com');
      expect(config.headers['referrer-policy']).toBe('no-referrer');
    } finally {
      await t.close();
    }
  });
});
