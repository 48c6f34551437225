import { catalogueView } from '../../../domain/portal/catalogueView';
import type { ResourceDefinition } from '../../../domain/resources/types';
import { pageSchema as basketPageQuery } from '../../portal/basket';
import { searchSchema as catalogueSearch } from '../../portal/catalogue';
import { lastSchema as lastOrdersQuery } from '../../portal/contractorOrders';
import { openBody } from '../../sharedAccess/sharedAccessRoutes';
import { doc, type JsonSchema, type RouteDoc } from '../openapiRegistry';
import { pageQuerySchema, resourceBodySchema } from '../openapiResources';
import { defOf, publicRoute } from './routeDocHelpers';

/** The contractor portal and the time-limited shared links (server/portal, server/sharedAccess). */
export const portalRouteDocs = (definitions: readonly ResourceDefinition[]): RouteDoc[] => {
  const order = defOf(definitions, 'wmsOrder');
  // A link is checked by its record's rules (a duration as a number of minutes or null works as well), and an
  // address the link is e-mailed to, which the handler checks itself.
  const link = resourceBodySchema(defOf(definitions, 'sharedAccess'));
  const sharedLinkBody: JsonSchema = {
    ...link,
    properties: {
      ...(link.properties as object),
      email: { type: ['string', 'null'], format: 'email', maxLength: 256 },
    },
  };
  return [
    doc('GET /api/contractororders/list-cart-product', 'Portal', "The basket's lines.", {
      query: basketPageQuery,
    }),
    doc('GET /api/contractororders/cart-summary', 'Portal', "The basket's totals."),
    doc('POST /api/contractororders/add-to-cart', 'Portal', 'Adds a product to the basket.'),
    doc('PATCH /api/contractororders/edit-cart-product', 'Portal', 'Changes a basket line.'),
    doc('DELETE /api/contractororders/delete-cart-product', 'Portal', 'Removes a basket line.'),
    doc('POST /api/contractororders/confirm-order', 'Portal', 'Orders the basket.'),
    doc('GET /api/contractororders/availible-products', 'Portal', 'Products the contractor may order.', {
      query: pageQuerySchema(catalogueView).extend({ search: catalogueSearch }),
    }),
    doc('GET /api/contractororders/availible-prod-groups', 'Portal', 'Product groups of those products.'),
    doc('GET /api/contractororders/last-orders', 'Portal', "The contractor's last orders.", {
      query: lastOrdersQuery,
    }),
    doc('GET /api/contractororders/my-orders', 'Portal', "The contractor's orders.", {
      query: pageQuerySchema(order),
    }),
    doc('GET /api/contractororders/order/:id', 'Portal', "One of the contractor's orders."),
    doc(
      'POST /api/contractororders/repeat-order/:id',
      'Portal',
      "Puts an earlier order's lines into the basket.",
    ),

    // Shared links
    doc('POST /api/SharedAccess', 'Shared links', 'Creates a time-limited link to stock.', {
      body: sharedLinkBody,
      status: 201,
    }),
    doc('POST /api/SharedAccess/:id/withdraw', 'Shared links', 'Withdraws a link.'),
    doc('DELETE /api/SharedAccess/:id', 'Shared links', 'Deletes a link.', { status: 204 }),
    doc('POST /api/shared/open', 'Shared links', 'Opens a link with its key: a read-only session.', {
      ...publicRoute,
      body: openBody,
    }),
    doc('GET /api/shared/export/:view', 'Shared links', 'Exports what a link shows.', {
      produces: 'application/octet-stream',
    }),
  ];
};
