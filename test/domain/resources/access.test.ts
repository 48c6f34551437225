import { describe, expect, it } from 'vitest';
import type { Claims } from '../../../domain/auth/claims';
import { canRead, canWrite } from '../../../domain/resources/access';
import { type Access, defineResource, type ResourceDefinition } from '../../../domain/resources/types';
import { someClaims } from '../../support/claims';

type Who = Omit<Claims, 'exp'>;
const base: Who = someClaims({ name: 'n' });
const who = {
  super: { ...base, IsSuperUser: true },
  power: { ...base, IsPowerUser: true },
  basic: base,
  logistics: { ...base, LogisticsEnabled: true },
  terminal: { ...base, TerminalEnabled: true },
  shipping: { ...base, ShippingEnabled: true },
  contractor: { ...base, ctr: 'c', ContractorPortalEnabled: true },
  contractorWithoutPortal: { ...base, ctr: 'c' },
  // Flags of a contractor never count, even when the token carries them.
  contractorWithFlags: {
    ...base,
    ctr: 'c',
    ContractorPortalEnabled: true,
    IsSuperUser: true,
    IsPowerUser: true,
  },
} satisfies Record<string, Who>;
type WhoName = keyof typeof who;

const resource = (read: Access, write: Access, extra: Partial<ResourceDefinition> = {}): ResourceDefinition =>
  defineResource({
    name: 'thing',
    path: 'Thing',
    route: 'things',
    section: 'other',
    titleField: 'name',
    read,
    write,
    fields: { name: { kind: 'string' }, contractorId: { kind: 'ref', ref: 'company' } },
    ...extra,
  });

const allowed = (check: (who: Who) => boolean): WhoName[] =>
  (Object.keys(who) as WhoName[]).filter((name) => check(who[name]));

describe('canRead / canWrite', () => {
  it('reads by access level; contractors read nothing without a contractor field', () => {
    expect(allowed((w) => canRead(resource('any', 'none'), w))).toEqual([
      'super',
      'power',
      'basic',
      'logistics',
      'terminal',
      'shipping',
    ]);
    expect(allowed((w) => canRead(resource('power', 'none'), w))).toEqual(['super', 'power']);
    expect(allowed((w) => canRead(resource('super', 'none'), w))).toEqual(['super']);
    expect(allowed((w) => canRead(resource('logistics', 'none'), w))).toEqual(['super', 'logistics']);
    expect(allowed((w) => canRead(resource('terminal', 'none'), w))).toEqual(['super', 'terminal']);
    expect(allowed((w) => canRead(resource('shipping', 'none'), w))).toEqual(['super', 'shipping']);
    expect(allowed((w) => canRead(resource('none', 'none'), w))).toEqual([]);
  });

  it('contractors with the portal read resources that carry a contractor field', () => {
    const own = resource('logistics', 'logistics', { contractorField: 'contractorId' });
    expect(allowed((w) => canRead(own, w))).toEqual([
      'super',
      'logistics',
      'contractor',
      'contractorWithFlags',
    ]);
    expect(allowed((w) => canWrite(own, w))).toEqual(['super', 'logistics']);
  });

  it('writes by access level; never read-only resources, never contractors', () => {
    expect(allowed((w) => canWrite(resource('any', 'any'), w))).toEqual([
      'super',
      'power',
      'basic',
      'logistics',
      'terminal',
      'shipping',
    ]);
    expect(allowed((w) => canWrite(resource('any', 'power'), w))).toEqual(['super', 'power']);
    expect(allowed((w) => canWrite(resource('any', 'super'), w))).toEqual(['super']);
    expect(allowed((w) => canWrite(resource('any', 'portal'), w))).toEqual([]);
    expect(allowed((w) => canWrite(resource('any', 'any', { readOnly: true }), w))).toEqual([]);
  });
});
