import { resourceExtensions } from '../../resources/extensions';
import type { FeatureRoute } from '../../ui/featureRoute';
import { LogisticsConfigPage } from '../logisticsConfig/LogisticsConfigPage';
import { ProductImagePanel } from '../products/ProductImagePanel';
import { BinInventoryPage } from '../stock/BinInventoryPage';
import { InventoryPage } from '../stock/InventoryPage';
import { StockByWarehousePage } from '../stock/StockByWarehousePage';
import { LocationGeneratorPage } from './LocationGeneratorPage';
import { LocationTreePage } from './LocationTreePage';
import { StorageSpaceListActions } from './StorageSpaceListActions';
import { StorageSpacePreviewExtra } from './StorageSpacePreviewExtra';

// The supervisor screens' additions to the generic product and location screens; registered here
// because this module is loaded with the routes, before any screen renders.
resourceExtensions.addPreviewExtra('product', ProductImagePanel);
resourceExtensions.addPreviewExtra('storageSpace', StorageSpacePreviewExtra);
resourceExtensions.addListAction('storageSpace', StorageSpaceListActions);

/**
 * Supervisor screens for locations, stock and the logistics configuration. Listed before the generic
 * resource routes in featureRoutes.tsx (/storage-spaces/tree is not a record id).
 */
export const infrastructureRoutes: readonly FeatureRoute[] = [
  { path: '/storage-spaces/tree', element: <LocationTreePage /> },
  { path: '/storage-spaces/generate', element: <LocationGeneratorPage /> },
  { path: '/stock', element: <StockByWarehousePage /> },
  { path: '/inventory', element: <InventoryPage /> },
  { path: '/bin-inventory', element: <BinInventoryPage /> },
  { path: '/logistics-config', element: <LogisticsConfigPage /> },
];
