import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the replica on localhost', () => {
  it('turns off the debug mode Dexie turns on by itself there (a console task per request)', async () => {
    vi.stubGlobal('location', { href: 'http://localhost:5173/terminal' });
    vi.resetModules();
    const { default: Dexie } = await import('dexie');
    expect(Dexie.debug).toBe(true);
    await import('../../../src/db/replicaDb');
    expect(Dexie.debug).toBe(false);
  });
});
