import type { ReactNode } from 'react';
import { ClientAccountPage } from '../features/clientAccount/ClientAccountPage';
import { logisticsRoutes } from '../features/documents/logisticsRoutes';
import { infrastructureRoutes } from '../features/locations/infrastructureRoutes';
import { syncRoutes } from '../features/sync/syncRoutes';
import { terminalRoutes } from '../features/terminal/terminalRoutes';
import { resourceRoutes } from '../resources/resourceRoutes';

/** A screen under the main layout (signed-in users). `path` is absolute ('/companies') or relative. */
export interface FeatureRoute {
  readonly path: string;
  readonly element: ReactNode;
}

/**
 * The route registry hook point: features add their screens here; the generic resource screens
 * come from src/resources/resourceRoutes.tsx. Menu items whose link matches none of these are hidden.
 */
export const featureRoutes: readonly FeatureRoute[] = [
  { path: '/client-account', element: <ClientAccountPage /> },
  ...infrastructureRoutes,
  ...logisticsRoutes,
  ...terminalRoutes,
  ...syncRoutes,
  ...resourceRoutes,
];
