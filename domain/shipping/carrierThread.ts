/**
 * Carrier messaging (docs/decisions.md, "Carrier messaging"): one discussion per shipment ticket and carrier
 * company. What the warehouse's ticket screen lists, one line per carrier that offered or was written to.
 */
export interface CarrierThreadLine {
  readonly carrierId: string;
  readonly carrierName: string;
  /** The carrier made an offer on the ticket. */
  readonly offered: boolean;
  readonly discussionId: string | null;
  readonly messageCount: number;
  /** Messages of others the caller has not read. */
  readonly unread: number;
  readonly lastMessageAt: string | null;
}

/** A carrier's own thread with the warehouse about one ticket (null until either side starts it). */
export interface OwnCarrierThread {
  readonly discussionId: string | null;
  readonly unread: number;
}
