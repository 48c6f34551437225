import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/testApp';

/** The built app next to the API: client routes get the shell, missing files a 404 (never HTML). */
describe('serving the web app', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'aisle-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Aisle</title>');
    writeFileSync(join(webDir, 'assets', 'app-1.js'), 'console.log(1)');
    t = await createTestApp({ config: { webDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('answers client routes with the app shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/terminal/receipt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Aisle</title>');
  });

  it('serves built files and answers a missing one with 404, not the shell', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-1.js' })).body).toBe('console.log(1)');
    for (const url of ['/assets/app-2.js', '/workbox-123.js', '/icon-1024.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<title>Aisle</title>');
    }
  });

  it('keeps the error shape for unknown API paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/NoSuchThing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: expect.any(String) });
  });
});
