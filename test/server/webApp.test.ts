import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp';

/** The built web app as the server sends it: precompressed copies, immutable hashed assets, a revalidated shell. */
describe('serving the web app', () => {
  const webDir = mkdtempSync(join(tmpdir(), 'aisle-web-'));
  const script = 'console.log("the terminal");'.repeat(100);
  let t: TestApp;

  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><script src="/assets/index-abc123.js"></script>');
    writeFileSync(join(webDir, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(webDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(webDir, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    writeFileSync(join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    t = await createTestApp({ config: { webDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the brotli or gzip copy the browser accepts, and the plain file otherwise', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.byteLength).toBeLessThan(script.length / 5);
    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches hashed assets for a year as immutable, and revalidates the shell and the service worker', async () => {
    expect((await get('/assets/index-abc123.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const url of ['/sw.js', '/terminal/receipt', '/']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a missing asset with 404, never with the app shell', async () => {
    expect((await get('/assets/index-old999.js', 'br')).statusCode).toBe(404);
  });
});
