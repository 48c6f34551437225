import { resourceExtensions } from '../../resources/extensions';
import type { FeatureRoute } from '../../ui/featureRoute';
import { lazyNamed } from '../../ui/lazyNamed';

const LocationTreePage = lazyNamed(() => import('./LocationTreePage'), 'LocationTreePage');
const LocationMapPage = lazyNamed(() => import('./LocationMapPage'), 'LocationMapPage');
const LocationMapIndexPage = lazyNamed(() => import('./LocationMapIndexPage'), 'LocationMapIndexPage');
const LocationGeneratorPage = lazyNamed(() => import('./LocationGeneratorPage'), 'LocationGeneratorPage');
const StockByWarehousePage = lazyNamed(() => import('../stock/StockByWarehousePage'), 'StockByWarehousePage');
const InventoryPage = lazyNamed(() => import('../stock/InventoryPage'), 'InventoryPage');
const BinInventoryPage = lazyNamed(() => import('../stock/BinInventoryPage'), 'BinInventoryPage');
const LogisticsConfigPage = lazyNamed(
  () => import('../logisticsConfig/LogisticsConfigPage'),
  'LogisticsConfigPage',
);

// The supervisor screens' additions to the generic product and location screens; registered here because this
// module is loaded with the routes, before any screen renders (the components load with the screens).
resourceExtensions.addPreviewExtra(
  'product',
  lazyNamed(() => import('../products/ProductImagePanel'), 'ProductImagePanel'),
);
resourceExtensions.addPreviewExtra(
  'storageSpace',
  lazyNamed(() => import('./StorageSpacePreviewExtra'), 'StorageSpacePreviewExtra'),
);
resourceExtensions.addListAction(
  'storageSpace',
  lazyNamed(() => import('./StorageSpaceListActions'), 'StorageSpaceListActions'),
);

/**
 * Supervisor screens for locations, stock and the logistics configuration, each loaded on demand. Listed before
 * the generic resource routes in featureRoutes.tsx (/storage-spaces/tree is not a record id).
 */
export const infrastructureRoutes: readonly FeatureRoute[] = [
  { path: '/storage-spaces/tree', element: <LocationTreePage /> },
  { path: '/storage-spaces/generate', element: <LocationGeneratorPage /> },
  { path: '/storage-spaces/map', element: <LocationMapIndexPage /> },
  { path: '/storage-spaces/:id/map', element: <LocationMapPage /> },
  { path: '/stock', element: <StockByWarehousePage /> },
  { path: '/inventory', element: <InventoryPage /> },
  { path: '/bin-inventory', element: <BinInventoryPage /> },
  { path: '/logistics-config', element: <LogisticsConfigPage /> },
];
