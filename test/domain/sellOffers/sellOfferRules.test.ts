import { describe, expect, it } from 'vitest';
import { sellOfferRefusal, validityProblem } from '../../../domain/sellOffers/sellOfferRules';

const now = new Date('2031-01-01T12:00:00Z');
const later = '2031-01-02T00:00:00Z';
const earlier = '2031-01-01T00:00:00Z';

describe('sell offer actions', () => {
  it('draft: edit and send; offered: accept while valid, reject, expire; closed: archive', () => {
    expect(sellOfferRefusal('workingCopy', 'edit', null, now)).toBeNull();
    expect(sellOfferRefusal('workingCopy', 'send', later, now)).toBeNull();
    expect(sellOfferRefusal('workingCopy', 'accept', later, now)).toBe('sellOfferNotOpen');
    expect(sellOfferRefusal('pending', 'edit', later, now)).toBe('sellOfferNotDraft');
    expect(sellOfferRefusal('pending', 'send', later, now)).toBe('sellOfferNotDraft');
    expect(sellOfferRefusal('pending', 'accept', later, now)).toBeNull();
    expect(sellOfferRefusal('pending', 'accept', earlier, now)).toBe('sellOfferExpired');
    expect(sellOfferRefusal('pending', 'reject', earlier, now)).toBeNull();
    expect(sellOfferRefusal('pending', 'expire', earlier, now)).toBeNull();
    expect(sellOfferRefusal('closedFully', 'accept', later, now)).toBe('sellOfferNotOpen');
    expect(sellOfferRefusal('closedManually', 'archive', later, now)).toBeNull();
    expect(sellOfferRefusal('pending', 'archive', later, now)).toBe('statusForbidsChange');
  });
  it('sending needs a validity in the future', () => {
    expect(validityProblem(null, now)).toEqual({ field: 'validUntil', rule: 'required' });
    expect(validityProblem(earlier, now)).toEqual({ field: 'validUntil', rule: 'validityInPast' });
    expect(validityProblem(later, now)).toBeNull();
  });
});
