import type { FeatureRoute } from '../../ui/featureRoute';
import { lazyNamed } from '../../ui/lazyNamed';

const SellOfferPage = lazyNamed(() => import('./SellOfferPage'), 'SellOfferPage');
const SellOffersPage = lazyNamed(() => import('./SellOffersPage'), 'SellOffersPage');

export const sellOfferRoutes: readonly FeatureRoute[] = [
  { path: '/sell-offers', element: <SellOffersPage /> },
  { path: '/sell-offers/:id', element: <SellOfferPage /> },
];
