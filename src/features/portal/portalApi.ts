import type { RepeatRefusal } from '../../../domain/portal/basket';
import type {
  BasketLineView,
  BasketSummary,
  CatalogueEntry,
  PortalOrderProgress,
} from '../../../domain/portal/portalTypes';
import type { Page } from '../../../domain/resources/query';
import { api } from '../../api/http';

export type { BasketSummary, CatalogueEntry } from '../../../domain/portal/portalTypes';

export interface ProductGroupEntry {
  readonly id: string;
  readonly name: string;
  readonly color: string | null;
  readonly products: number;
}

/** A basket line as the basket shows it. */
export type BasketLine = BasketLineView;

/** One of the contractor's orders: the order's fields the portal shows, with its lines and progress. */
export type PortalOrder = PortalOrderProgress & {
  readonly id: string;
  readonly orderNumber: string;
  readonly statusCode: string;
  readonly deliveryDate: string | null;
  readonly comment: string | null;
  readonly createdAt: string;
};

export interface RepeatResult {
  readonly added: { productId: string; quantity: number; index: string; name: string }[];
  readonly refused: {
    readonly line: number;
    readonly productId: string | null;
    readonly index: string;
    readonly name: string;
    readonly reason: RepeatRefusal;
    readonly wanted: number;
    readonly added: number;
    readonly available: number;
  }[];
}

const base = '/api/contractororders';

/** The contractor portal's calls (docs/api.md "Contractor portal"). */
export const portalApi = {
  catalogue: (query: Record<string, string>) =>
    api.get<Page<CatalogueEntry>>(`${base}/availible-products`, query),
  groups: () => api.get<{ results: ProductGroupEntry[] }>(`${base}/availible-prod-groups`),
  summary: (silent = false) => api.get<BasketSummary>(`${base}/cart-summary`, null, { silent }),
  add: (productId: string, quantity: number) =>
    api.post<{ id: string; quantity: number }>(`${base}/add-to-cart`, undefined, {
      query: { productId, quantity },
    }),
  edit: (id: string, quantity: number) =>
    api.patch<{ id: string; quantity: number }>(`${base}/edit-cart-product`, { id, quantity }),
  remove: (id: string) => api.delete(`${base}/delete-cart-product`, undefined, { query: { id } }),
  confirm: (deliveryDate: string, comment: string) =>
    api.post<PortalOrder>(`${base}/confirm-order`, { comment }, { query: { deliveryDate } }),
  myOrders: (query: Record<string, string>, silent = false) =>
    api.get<Page<PortalOrder>>(`${base}/my-orders`, query, { silent }),
  order: (id: string, silent = false) =>
    api.get<PortalOrder>(`${base}/order/${encodeURIComponent(id)}`, null, { silent }),
  lastOrders: () => api.get<{ results: PortalOrder[] }>('/api/ContractorOrders/last-orders'),
  repeat: (id: string) => api.post<RepeatResult>(`${base}/repeat-order/${encodeURIComponent(id)}`),
};
