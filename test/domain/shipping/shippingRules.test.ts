import { describe, expect, it } from 'vitest';
import { carrierMayOffer, carrierSeesTicket } from '../../../domain/shipping/carrierVisibility';
import { findTransportQuerySchema } from '../../../domain/shipping/findTransportQuery';
import { proposeLoad } from '../../../domain/shipping/loadProposal';
import {
  deliveryBeforePickup,
  missingForPublish,
  offerRefusal,
  ticketActions,
  ticketRefusal,
  ticketStatuses,
} from '../../../domain/shipping/ticketRules';

describe('ticket actions by state', () => {
  it('every state allows exactly its actions and refuses the others with its own code', () => {
    const expected: Record<string, Record<string, string | null>> = {
      workingCopy: {
        edit: null,
        delete: null,
        publish: null,
        unpublish: 'ticketNotPublished',
        archive: null,
        offer: 'ticketNotPublished',
        confirm: 'ticketNotPublished',
        reschedule: null,
      },
      published: {
        edit: 'ticketNotWorkingCopy',
        delete: 'ticketNotWorkingCopy',
        publish: 'ticketNotWorkingCopy',
        unpublish: null,
        archive: null,
        offer: null,
        confirm: null,
        reschedule: null,
      },
      assigned: {
        edit: 'ticketAlreadyAssigned',
        delete: 'ticketAlreadyAssigned',
        publish: 'ticketAlreadyAssigned',
        unpublish: 'ticketAlreadyAssigned',
        archive: null,
        offer: 'ticketAlreadyAssigned',
        confirm: 'ticketAlreadyAssigned',
        reschedule: null,
      },
      archived: Object.fromEntries(ticketActions.map((a) => [a, 'ticketArchived'])),
    };
    for (const status of ticketStatuses)
      for (const action of ticketActions)
        expect([status, action, ticketRefusal(status, action)]).toEqual([
          status,
          action,
          expected[status]?.[action],
        ]);
    expect(ticketRefusal('bogus', 'edit')).toBe('statusForbidsChange');
  });

  it('offers: only an active, valid one is confirmed; a confirmed one is binding', () => {
    const now = new Date('2031-01-01T00:00:00Z');
    expect(
      offerRefusal({ statusCode: 'active', validUntil: '2031-01-02T00:00:00Z' }, 'confirm', now),
    ).toBeNull();
    expect(offerRefusal({ statusCode: 'active', validUntil: null }, 'confirm', now)).toBeNull();
    expect(offerRefusal({ statusCode: 'active', validUntil: '2030-12-31T00:00:00Z' }, 'confirm', now)).toBe(
      'offerExpired',
    );
    expect(
      offerRefusal({ statusCode: 'active', validUntil: '2030-12-31T00:00:00Z' }, 'withdraw', now),
    ).toBeNull();
    expect(offerRefusal({ statusCode: 'confirmed' }, 'withdraw', now)).toBe('offerConfirmed');
    expect(offerRefusal({ statusCode: 'archived' }, 'confirm', now)).toBe('offerArchived');
  });

  it('publishing needs the route and the pickup time; delivery never before pickup', () => {
    expect(missingForPublish({ pickupCountry: 'PL', destinationCountry: ' ', pickupTime: null })).toEqual([
      'destinationCountry',
      'pickupTime',
    ]);
    expect(deliveryBeforePickup('2031-01-02T00:00:00Z', '2031-01-01T00:00:00Z')).toBe(true);
    expect(deliveryBeforePickup('2031-01-01T00:00:00Z', '2031-01-01T00:00:00Z')).toBe(false);
    expect(deliveryBeforePickup(null, '2031-01-01T00:00:00Z')).toBe(false);
  });
});

describe('what a carrier sees', () => {
  const published = { statusCode: 'published', invitedCarrierIds: [], assignedCarrierId: null };
  it('published to all or to it; assigned (and archived) only when it won', () => {
    expect(carrierSeesTicket(published, 'a')).toBe(true);
    expect(carrierSeesTicket({ ...published, invitedCarrierIds: ['b'] }, 'a')).toBe(false);
    expect(carrierSeesTicket({ ...published, invitedCarrierIds: ['a', 'b'] }, 'a')).toBe(true);
    expect(carrierSeesTicket({ ...published, statusCode: 'workingCopy' }, 'a')).toBe(false);
    expect(
      carrierSeesTicket({ statusCode: 'assigned', invitedCarrierIds: [], assignedCarrierId: 'a' }, 'a'),
    ).toBe(true);
    expect(
      carrierSeesTicket({ statusCode: 'assigned', invitedCarrierIds: [], assignedCarrierId: 'b' }, 'a'),
    ).toBe(false);
    expect(
      carrierSeesTicket({ statusCode: 'archived', invitedCarrierIds: [], assignedCarrierId: 'a' }, 'a'),
    ).toBe(true);
    expect(
      carrierMayOffer({ statusCode: 'assigned', invitedCarrierIds: [], assignedCarrierId: 'a' }, 'a'),
    ).toBe(false);
  });
});

describe('load proposal', () => {
  it('weight from unit weights, pallets per line rounded up', () => {
    expect(
      proposeLoad([
        { quantity: 100, unitWeight: 12.5, paletteQuantity: 40 },
        { quantity: 30, unitWeight: 0.2, paletteQuantity: null },
        { quantity: 0.1, unitWeight: 0.2, paletteQuantity: 1 },
      ]),
    ).toEqual({ loadWeight: 1256.02, palletCount: 4, linesWithoutWeight: 0, linesWithoutPallets: 1 });
    expect(proposeLoad([{ quantity: 5, unitWeight: null, paletteQuantity: 0 }])).toEqual({
      loadWeight: null,
      palletCount: null,
      linesWithoutWeight: 1,
      linesWithoutPallets: 1,
    });
  });
});

describe('find transport filters', () => {
  it('countries upper-cased, blanks ignored, ranges checked', () => {
    expect(
      findTransportQuerySchema.parse({ pickupCountry: 'pl', destinationCountry: '', minWeight: '10' }),
    ).toMatchObject({
      pickupCountry: 'PL',
      minWeight: 10,
      PageNumber: 1,
      PageSize: 25,
    });
    expect(findTransportQuerySchema.safeParse({ pickupCountry: 'POL' }).success).toBe(false);
    expect(findTransportQuerySchema.safeParse({ minWeight: '5', maxWeight: '1' }).success).toBe(false);
  });
});
