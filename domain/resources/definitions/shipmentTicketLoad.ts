import { defineResource } from '../types';

/**
 * What a shipment ticket carries: the warehouse documents and orders loaded on it (one of the two per row).
 * Written by server/shipping with the ticket; a deleted document or order leaves the ticket.
 */
export const shipmentTicketLoadResource = defineResource({
  name: 'shipmentTicketLoad',
  path: 'ShipmentTicketLoad',
  route: 'shipment-ticket-loads',
  section: 'shipping',
  menu: false,
  titleField: 'ticketId',
  read: 'shipping',
  write: 'shipping',
  customWrite: true,
  fields: {
    ticketId: { kind: 'ref', ref: 'shipmentTicket', required: true, onDelete: 'cascade', list: true },
    documentId: { kind: 'ref', ref: 'wmsDocument', onDelete: 'cascade', list: true },
    orderId: { kind: 'ref', ref: 'wmsOrder', onDelete: 'cascade', list: true },
  },
});
