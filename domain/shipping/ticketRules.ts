import type { ErrorCode } from '../errors';

/**
 * Shipment tickets and freight offers: their states and what each state allows. The spec names the states
 * (ticket: workingCopy, published, assigned, archived; offer: active, confirmed, archived) but not the
 * transitions; the tables below are ours (docs/decisions.md, "Shipping"). The server checks every action
 * against them and answers a refusal with the code returned here, each translated on its own.
 */

export const ticketStatuses = ['workingCopy', 'published', 'assigned', 'archived'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const offerStatuses = ['active', 'confirmed', 'archived'] as const;
export type OfferStatus = (typeof offerStatuses)[number];

/** Why an offer left the active state without being confirmed. */
export const offerArchiveReasons = [
  'withdrawn',
  'otherConfirmed',
  'ticketWithdrawn',
  'ticketArchived',
  'replaced',
] as const;
export type OfferArchiveReason = (typeof offerArchiveReasons)[number];

/** What is done to a ticket. `offer` = a carrier sends an offer; `confirm` = the warehouse confirms one. */
export const ticketActions = [
  'edit',
  'delete',
  'publish',
  'unpublish',
  'archive',
  'offer',
  'confirm',
  'reschedule',
] as const;
export type TicketAction = (typeof ticketActions)[number];

/**
 * The actions each ticket state allows. A working copy is edited and published; a published ticket collects
 * offers until one is confirmed (it is then assigned) or it is taken back to a working copy; pickup and delivery
 * times may be moved (calendar) until the ticket is archived; archived is final.
 */
export const ticketActionsAllowed: Readonly<Record<TicketStatus, readonly TicketAction[]>> = {
  workingCopy: ['edit', 'delete', 'publish', 'archive', 'reschedule'],
  published: ['unpublish', 'archive', 'offer', 'confirm', 'reschedule'],
  assigned: ['archive', 'reschedule'],
  archived: [],
};

/** The state a ticket action leads to (actions that keep the state are absent). */
export const ticketActionTarget: Partial<Record<TicketAction, TicketStatus>> = {
  publish: 'published',
  unpublish: 'workingCopy',
  confirm: 'assigned',
  archive: 'archived',
};

export const isTicketStatus = (value: unknown): value is TicketStatus =>
  typeof value === 'string' && (ticketStatuses as readonly string[]).includes(value);

export const isOfferStatus = (value: unknown): value is OfferStatus =>
  typeof value === 'string' && (offerStatuses as readonly string[]).includes(value);

/** The refusal of a ticket action in a state, or null when allowed. Unknown states allow nothing. */
export const ticketRefusal = (status: unknown, action: TicketAction): ErrorCode | null => {
  if (!isTicketStatus(status)) return 'statusForbidsChange';
  if (ticketActionsAllowed[status].includes(action)) return null;
  switch (status) {
    case 'archived':
      return 'ticketArchived';
    case 'assigned':
      return 'ticketAlreadyAssigned';
    case 'workingCopy':
      return 'ticketNotPublished';
    case 'published':
      return 'ticketNotWorkingCopy';
  }
};

export const offerActions = ['edit', 'withdraw', 'confirm'] as const;
export type OfferAction = (typeof offerActions)[number];

/**
 * The refusal of an offer action, or null when allowed. Only an active offer is changed, withdrawn or
 * confirmed; a confirmed offer is binding (it cannot be withdrawn); an offer past its validity cannot be
 * confirmed (the carrier may still withdraw or renew it).
 */
export const offerRefusal = (
  offer: { readonly statusCode: unknown; readonly validUntil?: Date | string | null },
  action: OfferAction,
  now: Date,
): ErrorCode | null => {
  if (offer.statusCode === 'confirmed') return 'offerConfirmed';
  if (offer.statusCode !== 'active') return 'offerArchived';
  if (action === 'confirm' && isPast(offer.validUntil ?? null, now)) return 'offerExpired';
  return null;
};

const isPast = (value: Date | string | null, now: Date): boolean => {
  if (value === null) return false;
  const at = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isFinite(at) && at < now.getTime();
};

/** What a ticket needs before carriers may see it: where from and to, and when the goods are ready. */
export const publishRequiredFields = ['pickupCountry', 'destinationCountry', 'pickupTime'] as const;

/** Fields of a ticket a publication needs but lacks. */
export const missingForPublish = (ticket: Readonly<Record<string, unknown>>): string[] =>
  publishRequiredFields.filter((f) => {
    const v = ticket[f];
    return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
  });

/** A delivery before the pickup (both given) is a mistake in ticket and offer alike. */
export const deliveryBeforePickup = (
  pickup: Date | string | null | undefined,
  delivery: Date | string | null | undefined,
): boolean => {
  if (!pickup || !delivery) return false;
  const a = pickup instanceof Date ? pickup.getTime() : Date.parse(pickup);
  const b = delivery instanceof Date ? delivery.getTime() : Date.parse(delivery);
  return Number.isFinite(a) && Number.isFinite(b) && b < a;
};
