import { describe, expect, it } from 'vitest';
import {
  expiresAtOf,
  isSharedDuration,
  linkState,
  maxSessionMinutes,
  sessionExpiresAt,
  sessionState,
  sharedPagePath,
  viewsOf,
} from '../../../domain/sharedAccess/sharedLinks';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 25, 12, 0) + minutes * 60_000);
const open = { expiresAt: null, singleUse: false, usedAt: null, withdrawnAt: null };

describe('shared link rules', () => {
  it('lives 30 min, 60 min, 24 h, 7 days or without limit', () => {
    expect(expiresAtOf(at(0), 30)).toEqual(at(30));
    expect(expiresAtOf(at(0), 10080)).toEqual(at(7 * 24 * 60));
    expect(expiresAtOf(at(0), null)).toBeNull();
    expect(isSharedDuration(1440)).toBe(true);
    expect(isSharedDuration(45)).toBe(false);
  });

  it('ends when its time is up, at its first use if single use, when withdrawn', () => {
    expect(linkState({ ...open, expiresAt: at(30) }, at(29))).toBe('available');
    expect(linkState({ ...open, expiresAt: at(30) }, at(30))).toBe('expired');
    expect(linkState({ ...open, singleUse: true }, at(5))).toBe('available');
    expect(linkState({ ...open, singleUse: true, usedAt: at(1) }, at(5))).toBe('used');
    expect(linkState({ ...open, usedAt: at(1) }, at(5))).toBe('available');
    expect(linkState({ ...open, withdrawnAt: at(2) }, at(5))).toBe('withdrawn');
  });

  it('gives the earliest of the ends that happened as the reason', () => {
    const link = { expiresAt: at(30), singleUse: true, usedAt: at(10), withdrawnAt: at(20) };
    expect(linkState(link, at(15))).toBe('used');
    expect(linkState({ ...link, usedAt: null }, at(40))).toBe('withdrawn');
    expect(linkState({ ...link, usedAt: null, withdrawnAt: at(35) }, at(40))).toBe('expired');
  });

  it("keeps the single-use link's own session open until its time is up or it is withdrawn", () => {
    const used = { expiresAt: at(60), singleUse: true, usedAt: at(1), withdrawnAt: null };
    expect(sessionState(used, at(30))).toBe('available');
    expect(sessionState(used, at(60))).toBe('expired');
    expect(sessionState({ ...used, withdrawnAt: at(31) }, at(32))).toBe('withdrawn');
  });

  it("ends a session with the link's time, at most after the longest session", () => {
    expect(sessionExpiresAt({ expiresAt: at(30) }, at(0))).toEqual(at(30));
    expect(sessionExpiresAt({ expiresAt: null }, at(0))).toEqual(at(maxSessionMinutes));
  });

  it('shows the page of its type, both calls for API access', () => {
    expect(viewsOf('inventory')).toEqual(['inventory']);
    expect(viewsOf('stock')).toEqual(['productStock']);
    expect(viewsOf('api')).toEqual(['inventory', 'productStock']);
    expect(sharedPagePath('inventory')).toBe('/shared/wms-inventory');
    expect(sharedPagePath('stock')).toBe('/shared/wms-stock');
  });
});
