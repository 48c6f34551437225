import { type Claims, hasAccess } from './auth/claims';
import { compareNames } from './compareNames';
import type { Access, ResourceDefinition } from './resources/types';

export interface MenuItem {
  /** Stable id (test ids, the user's folded sections): a resource's name, or a feature screen's key. */
  readonly key: string;
  /** Client path. */
  readonly link: string;
  readonly access: Access;
  /**
   * Translation key of the label, with its namespace: a resource's list title (`resources:<name>.title`, so the
   * menu and the page say the same), or `common:menu.items.<key>` for a feature screen.
   */
  readonly label: string;
}
export interface MenuSection {
  /** Translation key under `menu.sections.`. */
  readonly key: string;
  readonly items: readonly MenuItem[];
}

/** The drawer's sections, in order; a resource's `section` must be one of these. */
export const menuSectionKeys = [
  'home',
  'administration',
  'business',
  'assortment',
  'infrastructure',
  'logistics',
  'terminal',
  'portal',
  'shipping',
  'calendar',
  'catalyst',
  'other',
] as const;

/** A screen of a feature (not a generic resource list) that has a menu entry. */
export interface FeatureMenuItem {
  readonly key: string;
  readonly link: string;
  readonly access: Access;
  readonly section: (typeof menuSectionKeys)[number];
  /** Place in the section among resources and other features (smaller first; resources default to 100). */
  readonly order: number;
}

/**
 * Menu entries of the feature screens. Resource lists are not listed here: their entry comes from the
 * definition (`section`, and `menu` for its place, access or absence), see `buildMenu`.
 */
export const featureMenuItems: readonly FeatureMenuItem[] = [
  { key: 'home', link: '/', access: 'any', section: 'home', order: 10 },
  { key: 'clientAccount', link: '/client-account', access: 'super', section: 'administration', order: 20 },
  { key: 'sharedAccess', link: '/shared-access', access: 'power', section: 'administration', order: 30 },
  { key: 'import', link: '/import', access: 'power', section: 'administration', order: 40 },
  {
    key: 'operationalOrders',
    link: '/operational-orders',
    access: 'logistics',
    section: 'logistics',
    order: 40,
  },
  {
    key: 'verificationOrders',
    link: '/verification-orders',
    access: 'logistics',
    section: 'logistics',
    order: 50,
  },
  {
    key: 'locationMap',
    link: '/storage-spaces/map',
    access: 'logistics',
    section: 'infrastructure',
    order: 20,
  },
  { key: 'stock', link: '/stock', access: 'logistics', section: 'logistics', order: 60 },
  { key: 'inventory', link: '/inventory', access: 'logistics', section: 'logistics', order: 70 },
  { key: 'binInventory', link: '/bin-inventory', access: 'logistics', section: 'logistics', order: 80 },
  { key: 'receipt', link: '/terminal/receipt', access: 'terminal', section: 'terminal', order: 10 },
  { key: 'release', link: '/terminal/release', access: 'terminal', section: 'terminal', order: 20 },
  { key: 'picking', link: '/terminal/picking', access: 'terminal', section: 'terminal', order: 30 },
  { key: 'verify', link: '/terminal/verify', access: 'terminal', section: 'terminal', order: 40 },
  { key: 'portalHome', link: '/portal', access: 'portal', section: 'portal', order: 5 },
  { key: 'myOrders', link: '/portal/orders', access: 'portal', section: 'portal', order: 10 },
  { key: 'newOrder', link: '/portal/new-order', access: 'portal', section: 'portal', order: 20 },
  { key: 'basket', link: '/portal/basket', access: 'portal', section: 'portal', order: 30 },
  { key: 'lastOrders', link: '/portal/last-orders', access: 'portal', section: 'portal', order: 40 },
  { key: 'shipmentTickets', link: '/shipment-tickets', access: 'shipping', section: 'shipping', order: 10 },
  { key: 'findTransport', link: '/transport', access: 'transport', section: 'shipping', order: 30 },
  { key: 'myFreightOffers', link: '/transport/offers', access: 'transport', section: 'shipping', order: 40 },
  { key: 'sellOffers', link: '/sell-offers', access: 'logistics', section: 'logistics', order: 90 },
  { key: 'monthView', link: '/calendar', access: 'any', section: 'calendar', order: 10 },
  { key: 'resourcePlanner', link: '/calendar/planner', access: 'any', section: 'calendar', order: 20 },
  { key: 'logisticsConfig', link: '/logistics-config', access: 'power', section: 'other', order: 60 },
  { key: 'faceDatabase', link: '/face-database', access: 'faces', section: 'administration', order: 60 },
  { key: 'discussions', link: '/discussions', access: 'any', section: 'other', order: 5 },
  { key: 'history', link: '/history', access: 'power', section: 'other', order: 30 },
  {
    key: 'catalystStockMarket',
    link: '/catalyst-stock-market',
    access: 'catalyst',
    section: 'catalyst',
    order: 60,
  },
  {
    key: 'catalystStatistics',
    link: '/catalyst-statistics',
    access: 'catalyst',
    section: 'catalyst',
    order: 200,
  },
];

/** Where a resource's list sits when its definition does not say (after the ordered entries). */
const defaultOrder = 100;

const isSection = (key: string): key is (typeof menuSectionKeys)[number] =>
  (menuSectionKeys as readonly string[]).includes(key);

/**
 * The whole menu: every resource's list screen in its definition's `section` (unless `menu: false`), with the
 * definition's read access (or `menu.access`), and the feature screens of `features`. Within a section, by
 * `order`, then by key; empty sections dropped. A resource and a feature on the same link count once (the
 * resource's entry wins). Throws on a section that is not in `menuSectionKeys`.
 */
export const buildMenu = (
  definitions: readonly ResourceDefinition[],
  features: readonly FeatureMenuItem[] = featureMenuItems,
): MenuSection[] => {
  const entries: { section: string; order: number; item: MenuItem }[] = [];
  for (const def of definitions) {
    if (def.menu === false) continue;
    if (!isSection(def.section))
      throw new Error(
        `Resource ${def.name}: menu section "${def.section}" is not one of ${menuSectionKeys.join(', ')}`,
      );
    entries.push({
      section: def.section,
      order: def.menu?.order ?? defaultOrder,
      item: {
        key: def.name,
        link: `/${def.route}`,
        access: def.menu?.access ?? def.read,
        label: `resources:${def.name}.title`,
      },
    });
  }
  const resourceLinks = new Set(entries.map((e) => e.item.link.toLowerCase()));
  for (const f of features) {
    if (resourceLinks.has(f.link.toLowerCase())) continue;
    entries.push({
      section: f.section,
      order: f.order,
      item: { key: f.key, link: f.link, access: f.access, label: `common:menu.items.${f.key}` },
    });
  }
  return menuSectionKeys
    .map((key) => ({
      key,
      items: entries
        .filter((e) => e.section === key)
        .sort((a, b) => a.order - b.order || compareNames(a.item.key, b.item.key))
        .map((e) => e.item),
    }))
    .filter((s) => s.items.length > 0);
};

/** Sections of `menu` with only the items the claims grant; empty sections dropped. */
export const drawerSectionsFor = (menu: readonly MenuSection[], claims: Omit<Claims, 'exp'>): MenuSection[] =>
  menu
    .map((s) => ({ ...s, items: s.items.filter((i) => hasAccess(claims, i.access)) }))
    .filter((s) => s.items.length > 0);
