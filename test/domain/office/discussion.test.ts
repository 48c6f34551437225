import { describe, expect, it } from 'vitest';
import type { Claims } from '../../../domain/auth/claims';
import { discussionPostSchema, mayTakePart } from '../../../domain/office/discussion';
import { someClaims } from '../../support/claims';

const claims = (overrides: Partial<Claims> = {}): Claims =>
  someClaims({ sub: 'u1', acc: 'A', name: 'U', ...overrides });

const readable = async () => true;
const unreadable = async () => false;

describe('mayTakePart', () => {
  it("a record thread: the owner account's users who may read the record", async () => {
    const base = { ownerAccountId: 'A', audience: { kind: 'record' } as const, isListedParticipant: false };
    expect(await mayTakePart({ ...base, who: claims(), canReadRecord: readable })).toBe(true);
    expect(await mayTakePart({ ...base, who: claims(), canReadRecord: unreadable })).toBe(false);
    // Another account never, even if something claims the record is readable.
    expect(await mayTakePart({ ...base, who: claims({ acc: 'B' }), canReadRecord: readable })).toBe(false);
  });

  it('a members thread: listed accounts with the access level, contractors never, listed people always', async () => {
    const audience = { kind: 'members', accounts: ['A', 'C'], access: 'shipping' } as const;
    const base = { ownerAccountId: 'A', audience, canReadRecord: unreadable };
    expect(
      await mayTakePart({
        ...base,
        isListedParticipant: false,
        who: claims({ acc: 'C', ShippingEnabled: true }),
      }),
    ).toBe(true);
    expect(await mayTakePart({ ...base, isListedParticipant: false, who: claims({ acc: 'C' }) })).toBe(false);
    expect(
      await mayTakePart({
        ...base,
        isListedParticipant: false,
        who: claims({ acc: 'B', IsSuperUser: true }),
      }),
    ).toBe(false);
    expect(
      await mayTakePart({
        ...base,
        isListedParticipant: false,
        who: claims({ acc: 'C', ctr: 'x', ShippingEnabled: true }),
      }),
    ).toBe(false);
    expect(await mayTakePart({ ...base, isListedParticipant: true, who: claims({ acc: 'B' }) })).toBe(true);
  });

  it("a carrier's thread: the warehouse's shipping staff and that carrier's transport users, no other carrier", async () => {
    const audience = { kind: 'members', accounts: ['A'], access: 'shipping', carriers: ['K1'] } as const;
    const base = { ownerAccountId: 'A', audience, canReadRecord: readable, isListedParticipant: false };
    const carrierUser = (crr: string, TransportEnabled = true) =>
      claims({ crr, TransportEnabled, IsPowerUser: true, ShippingEnabled: true });
    expect(await mayTakePart({ ...base, who: claims({ ShippingEnabled: true }) })).toBe(true);
    expect(await mayTakePart({ ...base, who: claims({ LogisticsEnabled: true }) })).toBe(false);
    expect(await mayTakePart({ ...base, who: carrierUser('K1') })).toBe(true);
    // Another carrier of the same account, whatever staff switches its user has ticked.
    expect(await mayTakePart({ ...base, who: carrierUser('K2') })).toBe(false);
    expect(await mayTakePart({ ...base, who: carrierUser('K1', false) })).toBe(false);
    // A members thread that names no carrier keeps every carrier's user out.
    const staffOnly = { ...base, audience: { kind: 'members', accounts: ['A'] } as const };
    expect(await mayTakePart({ ...staffOnly, who: carrierUser('K1') })).toBe(false);
  });
});

describe('discussionPostSchema', () => {
  it('trims, and refuses empty and over-long texts with the form rules', () => {
    expect(discussionPostSchema.parse({ text: '  hi  ' }).text).toBe('hi');
    expect(discussionPostSchema.safeParse({ text: ' ' }).error?.issues[0]?.message).toBe('required');
    expect(discussionPostSchema.safeParse({ text: 'x'.repeat(4001) }).error?.issues[0]?.message).toBe(
      'maxLength',
    );
  });
});
