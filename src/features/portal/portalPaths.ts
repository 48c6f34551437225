/** Where the contractor portal's screens live. */
export const portalPaths = {
  home: '/portal',
  catalogue: '/portal/new-order',
  basket: '/portal/basket',
  orders: '/portal/orders',
  order: (id: string) => `/portal/orders/${encodeURIComponent(id)}`,
  lastOrders: '/portal/last-orders',
} as const;
