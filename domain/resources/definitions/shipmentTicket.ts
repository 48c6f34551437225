import { ticketStatuses } from '../../shipping/ticketRules';
import { defineResource } from '../types';

/**
 * Shipment tickets: a load the warehouse wants carried, published to carriers who answer with freight
 * offers. Reads are generic (warehouse staff with shipping); writes, publication and offers go through
 * server/shipping, which checks every transition (domain/shipping/ticketRules.ts). Carriers never read this
 * resource directly: they see tickets through "find transport" (docs/decisions.md, "Shipping").
 */
export const shipmentTicketResource = defineResource({
  name: 'shipmentTicket',
  path: 'ShipmentTicket',
  route: 'shipment-tickets',
  section: 'shipping',
  menu: { order: 10 },
  titleField: 'shipmentNumber',
  read: 'shipping',
  write: 'shipping',
  customWrite: true,
  defaultSort: { column: 'createdAt', descending: true },
  fields: {
    shipmentNumber: { kind: 'string', maxLength: 64, unique: 'account', readOnly: true, list: true },
    statusCode: { kind: 'enum', options: ticketStatuses, readOnly: true, default: 'workingCopy', list: true },
    pickupAddressId: { kind: 'ref', ref: 'address', onDelete: 'setNull' },
    pickupPoint: { kind: 'string', maxLength: 300, list: true },
    pickupCountry: { kind: 'string', minLength: 2, maxLength: 2, upperCase: true, list: true },
    destinationAddressId: { kind: 'ref', ref: 'address', onDelete: 'setNull' },
    destinationPoint: { kind: 'string', maxLength: 300, list: true },
    destinationCountry: { kind: 'string', minLength: 2, maxLength: 2, upperCase: true, list: true },
    pickupTime: { kind: 'datetime', list: true },
    deliveryTime: { kind: 'datetime', list: true },
    loadWeight: { kind: 'decimal', min: 0, max: 1_000_000, list: true },
    palletCount: { kind: 'integer', min: 0, max: 10_000, list: true },
    loadText: { kind: 'string', maxLength: 500 },
    description: { kind: 'text', maxLength: 4000 },
    /** Carrier companies the ticket is meant for; empty = every carrier of the account. */
    invitedCarrierIds: { kind: 'tags', hiddenInForm: true },
    assignedCarrierId: { kind: 'ref', ref: 'company', onDelete: 'setNull', readOnly: true, list: true },
    agreedPrice: { kind: 'decimal', readOnly: true },
    agreedCurrency: { kind: 'string', maxLength: 3, readOnly: true },
    offersCount: { kind: 'integer', readOnly: true, default: 0 },
    publishedAt: { kind: 'datetime', readOnly: true },
    assignedAt: { kind: 'datetime', readOnly: true },
    createdById: { kind: 'ref', ref: 'user', onDelete: 'setNull', readOnly: true },
  },
});
