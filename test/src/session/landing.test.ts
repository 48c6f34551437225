import { describe, expect, it } from 'vitest';
import { buildMenu } from '../../../domain/menu';
import { contractorMayOpen, isTerminalUser, startPathOf } from '../../../src/session/landing';
import { someClaims } from '../../support/claims';

const base = someClaims();
const picker = { ...base, TerminalEnabled: true };
const manager = { ...base, IsPowerUser: true, LogisticsEnabled: true, TerminalEnabled: true };
const contractor = { ...base, ctr: 'acme', ContractorPortalEnabled: true };
const menu = buildMenu([]);

describe('where a user starts', () => {
  it('sends a picker (terminal, no desktop screens) to the terminal, staff to the dashboard', () => {
    expect(isTerminalUser(picker)).toBe(true);
    expect(isTerminalUser(manager)).toBe(false);
    expect(isTerminalUser({ ...picker, LogisticsEnabled: true })).toBe(false);
    expect(startPathOf(menu, picker, () => true)).toBe('/terminal');
    expect(startPathOf(menu, manager, () => true)).toBe('/');
  });

  it('sends a contractor to the first portal screen the app has, or nowhere', () => {
    // The portal's home (the basket count and the ways on) comes first; without it, the next screen the app has.
    expect(startPathOf(menu, contractor, () => true)).toBe('/portal');
    expect(startPathOf(menu, contractor, (path) => path !== '/portal')).toBe('/portal/orders');
    expect(startPathOf(menu, contractor, () => false)).toBeUndefined();
  });

  it('lets a contractor open the portal only, never a staff screen', () => {
    expect(contractorMayOpen(menu, contractor, '/portal/orders')).toBe(true);
    expect(contractorMayOpen(menu, contractor, '/portal/orders/123')).toBe(true);
    for (const path of ['/companies', '/documents/1', '/terminal/receipt', '/stock', '/portalx'])
      expect(contractorMayOpen(menu, contractor, path), path).toBe(false);
  });
});
