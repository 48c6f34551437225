import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hstsValue } from '../../../server/http/securityHeaders';
import { createTestApp, type TestApp } from '../../support/testApp';

/** Issue 24 defences: security headers on every response (app shell, files, API, errors). */
describe('security headers', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'aisle-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Aisle</title>');
    writeFileSync(join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    t = await createTestApp({ config: { webDir, trustProxy: true } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const directives = (csp: unknown): Map<string, string> =>
    new Map(
      String(csp)
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => {
          const [name = '', ...values] = d.split(/\s+/);
          return [name, values.join(' ')] as const;
        }),
    );

  it('gives the app shell a CSP of exactly what the app needs, and no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/stock' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'self'");
    // WebAssembly (face descriptors on the device) may compile; JavaScript eval and inline scripts stay refused.
    expect(csp.get('script-src')).toBe("'self' 'wasm-unsafe-eval'");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('worker-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('script-src')?.replace("'wasm-unsafe-eval'", '')).not.toMatch(/unsafe|data:|\*/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toContain('camera=(self)');
  });

  it('sends the same headers with files, API answers and errors', async () => {
    for (const url of ['/sw.js', '/api/health', '/api/NoSuchThing', '/api/Product']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('sends HSTS only to requests that came over TLS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toBe(hstsValue);
  });
});
