import type { Page } from '../../../domain/resources/query';
import type { CarrierThreadLine, OwnCarrierThread } from '../../../domain/shipping/carrierThread';
import { api } from '../../api/http';
import type { Row } from '../../resources/resourceApi';

export interface TicketDetail {
  readonly ticket: Row;
  readonly loads: readonly Row[];
  readonly offers: readonly Row[];
}

const id = (value: string) => encodeURIComponent(value);

/** The shipping calls (server/shipping/shippingRoutes.ts). */
export const shippingApi = {
  detail: (ticketId: string) => api.get<TicketDetail>(`/api/ShipmentTicket/${id(ticketId)}/Detail`),
  get: (ticketId: string) => api.get<Row>(`/api/ShipmentTicket/${id(ticketId)}`),
  proposal: (query: { orderId?: string; documentId?: string }) =>
    api.get<Row>('/api/ShipmentTicket/Proposal', query),
  carriers: () => api.get<{ results: { id: string; name: string }[] }>('/api/ShipmentTicket/Carriers'),
  create: (body: Record<string, unknown>) => api.post<Row>('/api/ShipmentTicket', body),
  update: (ticketId: string, body: Record<string, unknown>) =>
    api.put<Row>(`/api/ShipmentTicket/${id(ticketId)}`, body),
  remove: (ticketId: string) => api.delete(`/api/ShipmentTicket/${id(ticketId)}`),
  action: (ticketId: string, action: 'publish' | 'unpublish' | 'archive') =>
    api.post<Row>(`/api/ShipmentTicket/${id(ticketId)}/${action}`),
  confirm: (offerId: string) => api.post<Row>(`/api/FreightOffer/${id(offerId)}/confirm`),
  findTransport: (query: Record<string, string>) => api.get<Page<Row>>('/api/Transport/Tickets', query),
  carrierTicket: (ticketId: string) => api.get<Row>(`/api/Transport/Tickets/${id(ticketId)}`),
  makeOffer: (ticketId: string, body: Record<string, unknown>) =>
    api.post<Row>(`/api/Transport/Tickets/${id(ticketId)}/Offers`, body),
  myOffers: (query: Record<string, string>) => api.get<Page<Row>>('/api/Transport/Offers', query),
  carrierThreads: (ticketId: string) =>
    api.get<{ results: CarrierThreadLine[] }>(`/api/ShipmentTicket/${id(ticketId)}/CarrierThreads`),
  startCarrierThread: (ticketId: string, carrierId: string) =>
    api.post<{ discussionId: string }>(`/api/ShipmentTicket/${id(ticketId)}/CarrierThreads`, { carrierId }),
  ownThread: (ticketId: string) => api.get<OwnCarrierThread>(`/api/Transport/Tickets/${id(ticketId)}/Thread`),
  startOwnThread: (ticketId: string) =>
    api.post<{ discussionId: string }>(`/api/Transport/Tickets/${id(ticketId)}/Thread`),
  withdraw: (offerId: string) => api.post<Row>(`/api/Transport/Offers/${id(offerId)}/withdraw`),
};
