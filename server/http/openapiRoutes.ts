import type { ResourceDefinition } from '../../domain/resources/types';
import type { RouteDoc } from './openapiRegistry';
import { genericResourceDocs } from './openapiResources';
import { accessRouteDocs } from './routeDocs/accessRouteDocs';
import { catalystRouteDocs } from './routeDocs/catalystRouteDocs';
import { officeRouteDocs } from './routeDocs/officeRouteDocs';
import { portalRouteDocs } from './routeDocs/portalRouteDocs';
import { shippingRouteDocs } from './routeDocs/shippingRouteDocs';
import { warehouseRouteDocs } from './routeDocs/warehouseRouteDocs';

/**
 * Every route of the API, described once: the generic resources from their definitions and every other route,
 * one list per area (server/http/routeDocs/). A route missing here fails test/server/http/openapi tests.
 */
export const describedRoutes = (definitions: readonly ResourceDefinition[]): RouteDoc[] => [
  ...genericResourceDocs(definitions),
  ...accessRouteDocs(definitions),
  ...warehouseRouteDocs(definitions),
  ...shippingRouteDocs(definitions),
  ...portalRouteDocs(definitions),
  ...officeRouteDocs(),
  ...catalystRouteDocs(definitions),
];
