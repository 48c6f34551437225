import { offerArchiveReasons, offerStatuses } from '../../shipping/ticketRules';
import { defineResource } from '../types';

/**
 * Freight offers: a carrier's price for a shipment ticket (active, confirmed, archived; docs/decisions.md,
 * "Shipping"). Warehouse staff with shipping read all offers of their tickets here; carriers read only their
 * own, through server/shipping. Writes (offer, withdraw, confirm) go through server/shipping.
 */
export const freightOfferResource = defineResource({
  name: 'freightOffer',
  path: 'FreightOffer',
  route: 'freight-offers',
  section: 'shipping',
  menu: { order: 20 },
  titleField: 'ticketNumber',
  read: 'shipping',
  write: 'shipping',
  customWrite: true,
  defaultSort: { column: 'createdAt', descending: true },
  fields: {
    ticketId: { kind: 'ref', ref: 'shipmentTicket', required: true, onDelete: 'cascade' },
    ticketNumber: { kind: 'string', maxLength: 64, readOnly: true, list: true },
    carrierId: { kind: 'ref', ref: 'company', required: true, list: true },
    statusCode: { kind: 'enum', options: offerStatuses, readOnly: true, default: 'active', list: true },
    price: { kind: 'decimal', required: true, min: 0, max: 1_000_000_000, list: true },
    currency: { kind: 'string', required: true, minLength: 3, maxLength: 3, upperCase: true, list: true },
    pickupTime: { kind: 'datetime', list: true },
    deliveryTime: { kind: 'datetime', list: true },
    validUntil: { kind: 'datetime', list: true },
    comment: { kind: 'text', maxLength: 2000 },
    archivedReason: { kind: 'enum', options: offerArchiveReasons, readOnly: true },
    confirmedAt: { kind: 'datetime', readOnly: true },
    archivedAt: { kind: 'datetime', readOnly: true },
    createdById: { kind: 'ref', ref: 'user', onDelete: 'setNull', readOnly: true },
  },
});
