import type { ResourceDefinition } from '../../../domain/resources/types';
import { generateLocationsSchema } from '../../../domain/warehouse/locationGenerator';
import { groupMovementSchema } from '../../warehouse/documents/stockActions';
import { bulkSchema as orderBulkSchema } from '../../warehouse/orders/orderRoutes';
import { statusBody } from '../../warehouse/orders/orderService';
import { generateProductionBody, orderIdBody } from '../../warehouse/production/productionService';
import { placeSchema } from '../../warehouse/records/mapPlaces';
import {
  fullSchema as mapSchemaBody,
  patchSchema as mapSchemaPatch,
} from '../../warehouse/records/mapSchema';
import { treeQuery } from '../../warehouse/records/storageSpaceRoutes';
import { bestSourceQuery, suggestQuery } from '../../warehouse/stock/inventoryRoutes';
import { containerStockView, inventoryView, productStockView } from '../../warehouse/stock/inventoryViews';
import { doc, type RouteDoc } from '../openapiRegistry';
import { pageQuerySchema, resourceBodySchema, resourceWriteDocs } from '../openapiResources';
import { defOf } from './routeDocHelpers';

/** Documents, orders, stock and locations (server/warehouse) beyond the generic resource calls. */
export const warehouseRouteDocs = (definitions: readonly ResourceDefinition[]): RouteDoc[] => {
  const order = defOf(definitions, 'wmsOrder');
  const document = defOf(definitions, 'wmsDocument');
  const position = defOf(definitions, 'wmsDocumentPosition');
  const orderPosition = defOf(definitions, 'wmsOrderPosition');
  return [
    ...resourceWriteDocs(order, 'WmsOrder', orderBulkSchema),
    doc('PUT /api/WmsDocument/:id', 'WmsDocument', 'Changes a working document and its positions.', {
      body: resourceBodySchema(document),
    }),
    doc(
      'POST /api/WmsDocument/:id/revert',
      'WmsDocument',
      'Reverts a confirmed document (a reversing document).',
    ),
    doc(
      'DELETE /api/WmsDocument/ByPrecedingDocumentId/:id',
      'WmsDocument',
      'Deletes the working documents made from a document.',
    ),
    doc('GET /api/WmsDocument/:id/Positions', 'WmsDocument', "A document's positions, paged and filtered.", {
      query: pageQuerySchema(position),
    }),
    doc(
      'POST /api/WmsDocumentPosition/groupmovement',
      'WmsDocument',
      'Moves several stock rows to another location in one document.',
      { body: groupMovementSchema },
    ),
    doc(
      'POST /api/WmsDocumentPosition/ReleaseStorageSpace/:id',
      'WmsDocument',
      'Empties a location into a release document.',
    ),
    doc('POST /api/WmsOrder/:id/status', 'WmsOrder', "Changes an order's status.", { body: statusBody }),
    doc(
      'GET /api/WmsOrder/:id/clonetotype/:type',
      'WmsOrder',
      'A copy of an order as another order type (not saved).',
    ),
    doc('GET /api/WmsOrder/:id/Positions', 'WmsOrder', "An order's positions.", {
      query: pageQuerySchema(orderPosition),
    }),
    doc('GET /api/WmsOrder/Move/Progress', 'WmsOrder', 'Progress of the orders being moved (picked).', {
      query: pageQuerySchema(order),
    }),
    doc('GET /api/WmsOrder/Verify/Progress', 'WmsOrder', 'Progress of the orders being verified.', {
      query: pageQuerySchema(order),
    }),
    doc(
      'GET /api/WmsOrder/Move/:id/PositionsProgress',
      'WmsOrder',
      'Per position: how much of an order has been moved.',
    ),
    doc(
      'GET /api/WmsOrder/Move/:id/PositionsProgressWithStock',
      'WmsOrder',
      'Per position: moved so far and the stock available.',
    ),
    doc(
      'GET /api/WmsOrder/Verify/:id/PositionsProgress',
      'WmsOrder',
      'Per position: how much of an order has been verified.',
    ),
    doc('GET /api/WmsOrder/Offers/Sell', 'WmsOrder', 'Orders with a sell offer.', {
      query: pageQuerySchema(order),
    }),
    doc(
      'POST /api/WmsOrder/:id/verify/approve',
      'WmsOrder',
      'Approves a verification that found differences.',
    ),
    doc(
      'POST /api/WmsOrder/GenerateProduction',
      'Production',
      'Makes production orders for what orders lack.',
      { body: generateProductionBody, status: 201 },
    ),
    doc('GET /api/WmsOrder/Offers/Sell/:id', 'WmsOrder', 'The sell offer of an order.'),
    doc('POST /api/WmsOrder/:id/offer/send', 'WmsOrder', "Sends an order's sell offer to the customer."),
    doc('POST /api/WmsOrder/:id/offer/accept', 'WmsOrder', "Accepts an order's sell offer."),
    doc('POST /api/WmsOrder/:id/offer/reject', 'WmsOrder', "Rejects an order's sell offer."),
    doc(
      'POST /api/Production/GenerateDocuments',
      'Production',
      'Makes the documents of a production order.',
      {
        body: orderIdBody,
      },
    ),
    doc(
      'GET /api/Production/:id/GetProductionDocuments',
      'Production',
      'The documents of a production order.',
    ),
    doc(
      'GET /api/Production/:id/ConfirmDocuments',
      'Production',
      'Confirms the documents of a production order.',
    ),

    // Stock and locations
    doc('GET /api/WmsInventory/inventory', 'Stock', "Detailed stock (also for a shared link's session).", {
      query: pageQuerySchema(inventoryView),
    }),
    doc('GET /api/WmsInventory/containerStock', 'Stock', 'Stock by container.', {
      query: pageQuerySchema(containerStockView),
    }),
    doc(
      'GET /api/WmsInventory/productStock',
      'Stock',
      "Stock by product and warehouse (also for a shared link's session).",
      { query: pageQuerySchema(productStockView) },
    ),
    doc('GET /api/WmsInventory/bestsourcematerial/:id', 'Stock', 'Where to take a product from.', {
      query: bestSourceQuery,
    }),
    doc('GET /api/WmsInventory/locationsuggestin', 'Stock', 'Where to put a product away.', {
      query: suggestQuery,
    }),
    doc('GET /api/StorageSpace/tree', 'StorageSpace', 'One level of the location tree.', {
      query: treeQuery,
    }),
    doc(
      'POST /api/StorageSpace/generate',
      'StorageSpace',
      'Starts generating locations from a pattern (a job).',
      { body: generateLocationsSchema, status: 202 },
    ),
    doc('GET /api/StorageSpace/generate/:jobId', 'StorageSpace', 'Progress of a location generation job.'),
    doc(
      'GET /api/StorageSpace/generate/:jobId/events',
      'StorageSpace',
      'Progress of a generation job as server-sent events.',
      { produces: 'text/event-stream' },
    ),
    doc(
      'GET /api/StorageSpace/:id/schema',
      'StorageSpace',
      'The map of a location: drawing, bounds and dimensions.',
    ),
    doc('GET /api/StorageSpace/:id/schema/svg', 'StorageSpace', 'The map drawing as SVG.', {
      produces: 'image/svg+xml',
    }),
    doc(
      'POST /api/StorageSpace/:id/schema',
      'StorageSpace',
      "Uploads or replaces a location's map (SVG is sanitized).",
      { body: mapSchemaBody },
    ),
    doc('PATCH /api/StorageSpace/:id/schema', 'StorageSpace', "Changes a map's bounds or dimensions.", {
      body: mapSchemaPatch,
    }),
    doc(
      'GET /api/StorageSpace/:id/schema/places',
      'StorageSpace',
      "The map's child locations: where each lies, its stock and fill level.",
    ),
    doc(
      'PUT /api/StorageSpace/:id/schema/places/:childId',
      'StorageSpace',
      'Places a child location on the map (within its bounds).',
      { body: placeSchema },
    ),
  ];
};
