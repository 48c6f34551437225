import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installMemoryStorage } from '../../support/memoryStorage';

describe('greatReset', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('wipes every persisted Aisle key and the flag once, before stores hydrate', async () => {
    const { local, session } = installMemoryStorage();
    local.setItem('aisle-auth', '{"state":{"token":"t"}}');
    local.setItem('aisle-ui', '{"state":{"darkMode":true}}');
    local.setItem('aisle.deviceId', 'T01');
    local.setItem('other-app', 'kept');
    session.setItem('aisle-redirect', '/companies');
    local.setItem('greatReset', '1');

    const { applyGreatReset, wasGreatReset } = await import('../../../src/state/storage');
    expect(applyGreatReset()).toBe(true);
    expect(wasGreatReset()).toBe(true);
    expect(local.getItem('aisle-auth')).toBeNull();
    expect(local.getItem('aisle-ui')).toBeNull();
    expect(local.getItem('aisle.deviceId')).toBeNull();
    expect(session.getItem('aisle-redirect')).toBeNull();
    expect(local.getItem('greatReset')).toBeNull();
    expect(local.getItem('other-app')).toBe('kept');
  });

  it('keeps everything when the flag is not set', async () => {
    const { local } = installMemoryStorage();
    local.setItem('aisle-auth', '{"state":{"token":"t"}}');
    const { applyGreatReset } = await import('../../../src/state/storage');
    expect(applyGreatReset()).toBe(false);
    expect(local.getItem('aisle-auth')).toBe('{"state":{"token":"t"}}');
  });

  it('a persisted store reads nothing of the wiped session', async () => {
    const { local } = installMemoryStorage();
    local.setItem(
      'aisle-auth',
      JSON.stringify({ state: { token: 'old', refreshToken: 'r', claims: null, user: null }, version: 1 }),
    );
    local.setItem('greatReset', 'true');
    const { useAuthStore } = await import('../../../src/state/authStore');
    expect(useAuthStore.getState().token).toBeNull();
    expect(useAuthStore.getState().refreshToken).toBeNull();
    expect(local.getItem('aisle-auth') ?? '').not.toContain('old');
  });
});
