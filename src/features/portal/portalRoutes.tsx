import type { FeatureRoute } from '../../ui/featureRoute';
import { BasketPage } from './BasketPage';
import { CataloguePage } from './CataloguePage';
import { LastOrdersPage } from './LastOrdersPage';
import { MyOrdersPage } from './MyOrdersPage';
import { PortalHomePage } from './PortalHomePage';
import { PortalOrderPage } from './PortalOrderPage';
import { portalPaths } from './portalPaths';

/** The contractor portal's screens (contractor users; the server answers others with 403). */
export const portalRoutes: readonly FeatureRoute[] = [
  { path: portalPaths.home, element: <PortalHomePage /> },
  { path: portalPaths.catalogue, element: <CataloguePage /> },
  { path: portalPaths.basket, element: <BasketPage /> },
  { path: portalPaths.orders, element: <MyOrdersPage /> },
  { path: '/portal/orders/:id', element: <PortalOrderPage /> },
  { path: portalPaths.lastOrders, element: <LastOrdersPage /> },
];
