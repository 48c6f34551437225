import type { ResourceDefinition } from '../../../domain/resources/types';
import { findTransportQuerySchema } from '../../../domain/shipping/findTransportQuery';
import { startThreadBody } from '../../shipping/carrierThreads';
import { carrierOffersQuery } from '../../shipping/offerService';
import { rescheduleBody } from '../../shipping/shippingRoutes';
import { loadSchema, proposalQuery } from '../../shipping/ticketService';
import { jsonSchemaOf } from '../openapiDocument';
import { doc, type JsonSchema, type RouteDoc } from '../openapiRegistry';
import { resourceBodySchema } from '../openapiResources';
import { defOf } from './routeDocHelpers';

/** Shipment tickets as the warehouse sees them, and the carrier's side of them (server/shipping). */
export const shippingRouteDocs = (definitions: readonly ResourceDefinition[]): RouteDoc[] => {
  // A ticket is its record's fields and the orders or documents it carries.
  const ticket = resourceBodySchema(defOf(definitions, 'shipmentTicket'));
  const ticketBody: JsonSchema = {
    ...ticket,
    properties: { ...(ticket.properties as object), loads: jsonSchemaOf(loadSchema, 'input') },
  };
  const offerBody = resourceBodySchema(defOf(definitions, 'freightOffer'));
  return [
    doc(
      'GET /api/ShipmentTicket/Proposal',
      'Shipping',
      'A proposed shipment ticket for an order or document.',
      { query: proposalQuery },
    ),
    doc('GET /api/ShipmentTicket/Carriers', 'Shipping', 'Carriers a ticket can be offered to.'),
    doc('POST /api/ShipmentTicket', 'Shipping', 'Creates a shipment ticket.', {
      body: ticketBody,
      status: 201,
    }),
    doc('PUT /api/ShipmentTicket/:id', 'Shipping', 'Changes a shipment ticket.', { body: ticketBody }),
    doc('DELETE /api/ShipmentTicket/:id', 'Shipping', 'Deletes a shipment ticket.', { status: 204 }),
    doc('GET /api/ShipmentTicket/:id/Detail', 'Shipping', 'A ticket with its offers and threads.'),
    doc('POST /api/ShipmentTicket/:id/publish', 'Shipping', 'Publishes a ticket to carriers.'),
    doc('POST /api/ShipmentTicket/:id/unpublish', 'Shipping', 'Withdraws a ticket from carriers.'),
    doc('POST /api/ShipmentTicket/:id/archive', 'Shipping', 'Archives a ticket.'),
    doc('POST /api/ShipmentTicket/:id/reschedule', 'Shipping', "Moves a ticket's pickup or delivery time.", {
      body: rescheduleBody,
    }),
    doc('GET /api/ShipmentTicket/:id/CarrierThreads', 'Shipping', 'Messages with carriers about a ticket.'),
    doc('POST /api/ShipmentTicket/:id/CarrierThreads', 'Shipping', 'Writes to a carrier about a ticket.', {
      body: startThreadBody,
    }),
    doc('POST /api/FreightOffer/:id/confirm', 'Shipping', "Confirms a carrier's freight offer."),
    doc('GET /api/Transport/Tickets', 'Carrier', 'Tickets offered to the carrier.', {
      query: findTransportQuerySchema,
    }),
    doc('GET /api/Transport/Tickets/:id', 'Carrier', 'One ticket offered to the carrier.'),
    doc('POST /api/Transport/Tickets/:id/Offers', 'Carrier', "The carrier's offer for a ticket.", {
      body: offerBody,
    }),
    doc('GET /api/Transport/Tickets/:id/Thread', 'Carrier', "The carrier's thread about a ticket."),
    doc('POST /api/Transport/Tickets/:id/Thread', 'Carrier', "Writes in the carrier's thread."),
    doc('GET /api/Transport/Offers', 'Carrier', "The carrier's offers.", { query: carrierOffersQuery }),
    doc('PUT /api/Transport/Offers/:id', 'Carrier', 'Changes an offer.', { body: offerBody }),
    doc('POST /api/Transport/Offers/:id/withdraw', 'Carrier', 'Withdraws an offer.'),
  ];
};
