import { calendarRoutes } from '../features/calendar/calendarRoutes';
import { importRoutes } from '../features/import/importRoutes';
import { logisticsRoutes } from '../features/documents/logisticsRoutes';
import { sellOfferRoutes } from '../features/sellOffers/sellOfferRoutes';
import { shippingRoutes } from '../features/shipping/shippingRoutes';
import { infrastructureRoutes } from '../features/locations/infrastructureRoutes';
import { syncRoutes } from '../features/sync/syncRoutes';
import { officeRoutes } from '../features/office/officeRoutes';
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
export const featureRoutes: readonly FeatureRoute[] = [
  { path: '/client-account', element: <ClientAccountPage /> },
  ...infrastructureRoutes,
  ...logisticsRoutes,
  ...shippingRoutes,
  ...calendarRoutes,
  ...sellOfferRoutes,
  ...terminalRoutes,
  ...syncRoutes,
  ...officeRoutes,
  ...importRoutes,
  ...resourceRoutes,
];
