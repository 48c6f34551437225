import type { FeatureRoute } from '../../ui/featureRoute';
import { SellOfferPage } from './SellOfferPage';
import { SellOffersPage } from './SellOffersPage';

export const sellOfferRoutes: readonly FeatureRoute[] = [
  { path: '/sell-offers', element: <SellOffersPage /> },
  { path: '/sell-offers/:id', element: <SellOfferPage /> },
];
