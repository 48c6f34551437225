/**
 * What a carrier sees (docs/decisions.md, "Shipping"): a published ticket that is open to every carrier of the
 * account (no invitations) or invites this carrier, and a ticket assigned to it (also once archived). A ticket
 * lost to another carrier is gone from its view; its own offers stay, archived.
 */
export interface TicketForCarrier {
  readonly statusCode: unknown;
  readonly invitedCarrierIds: readonly string[] | null | undefined;
  readonly assignedCarrierId: string | null | undefined;
}

export const carrierSeesTicket = (ticket: TicketForCarrier, carrierId: string): boolean => {
  if (ticket.statusCode === 'published') {
    const invited = ticket.invitedCarrierIds ?? [];
    return invited.length === 0 || invited.includes(carrierId);
  }
  return (
    (ticket.statusCode === 'assigned' || ticket.statusCode === 'archived') &&
    ticket.assignedCarrierId === carrierId
  );
};

/** Whether a published ticket is one the carrier may offer on (the "find transport" list). */
export const carrierMayOffer = (ticket: TicketForCarrier, carrierId: string): boolean =>
  ticket.statusCode === 'published' && carrierSeesTicket(ticket, carrierId);
