import { calendarRoutes } from '../features/calendar/calendarRoutes';
import { catalystRoutes } from '../features/catalyst/catalystRoutes';
import { logisticsRoutes } from '../features/documents/logisticsRoutes';
import { faceRoutes } from '../features/faces/faceRoutes';
import { importRoutes } from '../features/import/importRoutes';
import { infrastructureRoutes } from '../features/locations/infrastructureRoutes';
import { officeRoutes } from '../features/office/officeRoutes';
import { portalRoutes } from '../features/portal/portalRoutes';
import { printRoutes } from '../features/print/printRoutes';
import { sellOfferRoutes } from '../features/sellOffers/sellOfferRoutes';
import { sharedAccessRoutes } from '../features/sharedAccess/sharedAccessRoutes';
import { shippingRoutes } from '../features/shipping/shippingRoutes';
import { syncRoutes } from '../features/sync/syncRoutes';
import { terminalRoutes } from '../features/terminal/terminalRoutes';
import { resourceRoutes } from '../resources/resourceRoutes';
import type { FeatureRoute } from '../ui/featureRoute';
import { lazyNamed } from '../ui/lazyNamed';

const ClientAccountPage = lazyNamed(
  () => import('../features/clientAccount/ClientAccountPage'),
  'ClientAccountPage',
);

/**
 * The route registry hook point: features add their screens here; the generic resource screens
 * come from src/resources/resourceRoutes.tsx. Menu items whose link matches none of these are hidden.
 */
const areaRoutes: readonly FeatureRoute[] = [
  { path: '/client-account', element: <ClientAccountPage /> },
  ...infrastructureRoutes,
  ...logisticsRoutes,
  ...shippingRoutes,
  ...calendarRoutes,
  ...sellOfferRoutes,
  ...terminalRoutes,
  ...syncRoutes,
  ...officeRoutes,
  ...faceRoutes,
  ...portalRoutes,
  ...sharedAccessRoutes,
  ...importRoutes,
  ...catalystRoutes,
  ...printRoutes,
];

/** A feature screen at a resource's own address replaces that generic screen (the catalyst catalogue's grid). */
const replaced = new Set(areaRoutes.map((r) => r.path));

export const featureRoutes: readonly FeatureRoute[] = [
  ...areaRoutes,
  ...resourceRoutes.filter((r) => !replaced.has(r.path)),
];
