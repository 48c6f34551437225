import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { demoPassword, seedDemo } from '../../server/demo/seedDemo';

const root = join(import.meta.dirname, '..', '..');

/** Chromium as the project runs it (README, Playwright config). */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The real server in this process (buildApp on in-memory PGlite with the demo data), serving the web app built
 * from the current sources (scripts/buildIfStale.mjs). Returns its address and `close`.
 */
export const startBenchApp = async (): Promise<{ base: string; close: () => Promise<void> }> => {
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'buildIfStale.mjs')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the web app did not build');
  const app = await buildApp({
    config: { databaseUrl: undefined, dataDir: undefined, webDir: join(root, 'dist'), demo: true },
  });
  await seedDemo(app.ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: () => app.close(),
  };
};

/** Switches the demo company's face recognition on, as its manager would in the logistics configuration. */
export const switchFacesOn = async (base: string): Promise<void> => {
  const auth = await fetch(`${base}/api/Auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'manager', password: demoPassword }),
  }).then((r) => r.json() as Promise<{ token: string }>);
  const headers = { authorization: `Bearer ${auth.token}`, 'content-type': 'application/json' };
  const config = (await fetch(`${base}/api/ClientLogisticsConfig`, { headers }).then((r) => r.json())) as {
    terminal: Record<string, unknown>;
  };
  const saved = await fetch(`${base}/api/ClientLogisticsConfig`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...config, terminal: { ...config.terminal, faceRecognition: true } }),
  });
  if (!saved.ok) throw new Error(`face recognition not switched on: ${saved.status}`);
};
