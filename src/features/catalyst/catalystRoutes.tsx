import { resourceExtensions } from '../../resources/extensions';
import type { FeatureRoute } from '../../ui/featureRoute';
import { lazyNamed } from '../../ui/lazyNamed';

const CatalystCataloguePage = lazyNamed(() => import('./CatalystCataloguePage'), 'CatalystCataloguePage');
const CatalystMarketPage = lazyNamed(() => import('./CatalystMarketPage'), 'CatalystMarketPage');
const CatalystStatisticsPage = lazyNamed(() => import('./CatalystStatisticsPage'), 'CatalystStatisticsPage');
const CatalystForm = lazyNamed(() => import('./CatalystForm'), 'CatalystForm');

// Catalysts are written by their own form (the metals, a photo): its way in from every catalyst's preview.
resourceExtensions.addPreviewExtra(
  'catalyst',
  lazyNamed(() => import('./CatalystEditButton'), 'CatalystEditButton'),
);
// "Why this price" in every catalyst's preview.
resourceExtensions.addPreviewExtra(
  'catalyst',
  lazyNamed(() => import('./WhyThisPrice'), 'WhyThisPrice'),
);

/** The catalyst module's own screens (its records otherwise use the generic screens). */
export const catalystRoutes: FeatureRoute[] = [
  // The general catalogue: a photo grid beside the generic list, at the catalyst resource's own address.
  { path: '/catalyst-general-catalog', element: <CatalystCataloguePage /> },
  { path: '/catalyst-general-catalog/new', element: <CatalystForm /> },
  { path: '/catalyst-general-catalog/:id/edit', element: <CatalystForm /> },
  { path: '/catalyst-stock-market', element: <CatalystMarketPage /> },
  { path: '/catalyst-statistics', element: <CatalystStatisticsPage /> },
];
