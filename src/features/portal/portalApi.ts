import type { Page } from '../../../domain/resources/query';
import { api } from '../../api/http';

/** A product as the contractor sees it in the catalogue (GET contractororders/availible-products). */
export interface CatalogueEntry {
  readonly productId: string;
  readonly index: string;
  readonly name: string;
  readonly description: string | null;
  readonly unit: string | null;
  readonly groupId: string | null;
  readonly barcodes: string[];
  readonly imageUrl: string | null;
  readonly portalComment: string | null;
  readonly available: number;
  readonly inBasket: number;
}

export interface ProductGroupEntry {
  readonly id: string;
  readonly name: string;
  readonly color: string | null;
  readonly products: number;
}

/** A basket line (GET contractororders/cart-summary, list-cart-product). */
export interface BasketLine {
  readonly id: string;
  readonly productId: string;
  readonly index: string;
  readonly name: string;
  readonly unit: string | null;
  readonly portalComment: string | null;
  readonly quantity: number;
  readonly available: number;
  readonly short: number;
}

export interface BasketSummary {
  readonly positions: BasketLine[];
  readonly lines: number;
  readonly totalQuantity: number;
  readonly shortLines: number;
}

export interface PortalOrderLine {
  readonly id: string;
  readonly productId: string;
  readonly index: string;
  readonly name: string;
  readonly unit: string | null;
  readonly ordered: number;
  readonly picked: number;
  readonly done: boolean;
}

export interface PortalOrder {
  readonly id: string;
  readonly orderNumber: string;
  readonly statusCode: string;
  readonly deliveryDate: string | null;
  readonly comment: string | null;
  readonly createdAt: string;
  readonly lines: PortalOrderLine[];
  readonly linesDone: number;
  readonly orderedQuantity: number;
  readonly pickedQuantity: number;
}

export interface RepeatResult {
  readonly added: { productId: string; quantity: number; index: string; name: string }[];
  readonly refused: {
    readonly line: number;
    readonly productId: string | null;
    readonly index: string;
    readonly name: string;
    readonly reason: 'productUnavailable' | 'nothingAvailable' | 'reduced';
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
