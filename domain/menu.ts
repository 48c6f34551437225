import { type Claims, hasAccess } from './auth/claims';
import type { Access } from './resources/types';

export interface MenuItem {
  /** Translation key under `menu.items.` and stable id. */
  readonly key: string;
  /** Client path. */
  readonly link: string;
  readonly access: Access;
}
export interface MenuSection {
  /** Translation key under `menu.sections.`. */
  readonly key: string;
  readonly items: readonly MenuItem[];
}

/** The drawer sections of §2; the server filters them by the caller's claims. */
export const menuSections: readonly MenuSection[] = [
  { key: 'home', items: [{ key: 'home', link: '/', access: 'any' }] },
  {
    key: 'administration',
    items: [
      { key: 'users', link: '/users', access: 'power' },
      { key: 'clientAccount', link: '/client-account', access: 'super' },
      { key: 'sharedAccess', link: '/shared-access', access: 'power' },
    ],
  },
  {
    key: 'business',
    items: [
      { key: 'companies', link: '/companies', access: 'any' },
      { key: 'persons', link: '/persons', access: 'any' },
      { key: 'addresses', link: '/addresses', access: 'any' },
    ],
  },
  {
    key: 'assortment',
    items: [
      { key: 'products', link: '/products', access: 'logistics' },
      { key: 'productGroups', link: '/product-groups', access: 'logistics' },
      { key: 'productExternals', link: '/product-externals', access: 'logistics' },
    ],
  },
  {
    key: 'infrastructure',
    items: [
      { key: 'storageSpaces', link: '/storage-spaces', access: 'logistics' },
      { key: 'storageSpaceTypes', link: '/storage-space-types', access: 'logistics' },
    ],
  },
  {
    key: 'logistics',
    items: [
      { key: 'documents', link: '/documents', access: 'logistics' },
      { key: 'documentPositions', link: '/document-positions', access: 'logistics' },
      { key: 'orders', link: '/orders', access: 'logistics' },
      { key: 'operationalOrders', link: '/operational-orders', access: 'logistics' },
      { key: 'verificationOrders', link: '/verification-orders', access: 'logistics' },
      { key: 'stock', link: '/stock', access: 'logistics' },
      { key: 'inventory', link: '/inventory', access: 'logistics' },
      { key: 'binInventory', link: '/bin-inventory', access: 'logistics' },
    ],
  },
  {
    key: 'terminal',
    items: [
      { key: 'receipt', link: '/terminal/receipt', access: 'terminal' },
      { key: 'release', link: '/terminal/release', access: 'terminal' },
      { key: 'picking', link: '/terminal/picking', access: 'terminal' },
      { key: 'verify', link: '/terminal/verify', access: 'terminal' },
    ],
  },
  {
    key: 'portal',
    items: [
      { key: 'myOrders', link: '/portal/orders', access: 'portal' },
      { key: 'newOrder', link: '/portal/new-order', access: 'portal' },
    ],
  },
  {
    key: 'shipping',
    items: [{ key: 'shipmentTickets', link: '/shipment-tickets', access: 'shipping' }],
  },
  {
    key: 'other',
    items: [
      { key: 'dictionaries', link: '/dictionaries', access: 'any' },
      { key: 'favorites', link: '/favorites', access: 'any' },
      { key: 'recordLog', link: '/log', access: 'power' },
      { key: 'systemLog', link: '/system-log', access: 'super' },
      { key: 'emailAccounts', link: '/email-accounts', access: 'super' },
      { key: 'logisticsConfig', link: '/logistics-config', access: 'power' },
    ],
  },
];

/** Sections with only the items the claims grant; empty sections dropped. */
export const drawerSectionsFor = (claims: Omit<Claims, 'exp'>): MenuSection[] =>
  menuSections
    .map((s) => ({ ...s, items: s.items.filter((i) => hasAccess(claims, i.access)) }))
    .filter((s) => s.items.length > 0);
