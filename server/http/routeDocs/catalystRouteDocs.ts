import {
  catalystAdminUserDefinition,
  catalystCartDefinition,
} from '../../../domain/catalyst/syntheticDefinitions';
import type { ResourceDefinition } from '../../../domain/resources/types';
import { addSchema, imageQuery, recalcSchema, setSchema } from '../../catalyst/asClientRoutes';
import { whySchema } from '../../catalyst/catalystRoutes';
import { signInSchema } from '../../catalyst/clientAuth';
import { catalogueQuerySchema } from '../../catalyst/clientCatalogue';
import { chartSchema, quoteSchema } from '../../catalyst/rates/rateRoutes';
import { inputSchema as recyclingConfigInput } from '../../catalyst/recyclingConfig';
import { doc, type RouteDoc } from '../openapiRegistry';
import { genericResourceDocs, resourceWriteDocs } from '../openapiResources';
import { publicRoute } from './routeDocHelpers';

/** The catalyst module: its staff calls and the mobile app's client calls (server/catalyst). */
export const catalystRouteDocs = (definitions: readonly ResourceDefinition[]): RouteDoc[] => {
  const catalyst = definitions.find((d) => d.name === 'catalyst');
  return [
    // The module's own resources over its tables (server/catalyst/syntheticRoutes.ts): the generic calls.
    ...genericResourceDocs([catalystAdminUserDefinition, catalystCartDefinition]),
    ...(catalyst ? resourceWriteDocs(catalyst, 'Catalyst') : []),
    doc('GET /api/catalyst/catalyst/:id/images', 'Catalyst', "A catalyst's photos."),
    doc(
      'DELETE /api/catalyst/catalyst/:id/delete-image/:fileInfoId',
      'Catalyst',
      'Deletes a catalyst photo.',
    ),
    doc(
      'PUT /api/catalyst/catalyst/:id/avatar/:fileInfoId',
      'Catalyst',
      "Makes a photo the catalyst's picture.",
    ),
    doc('GET /api/catalyst/catalyst/:id/why', 'Catalyst', "How a catalyst's price is made for a client.", {
      query: whySchema,
    }),
    doc('GET /api/catalyst/ClientRecyclingConfig', 'Catalyst', 'The pricing configuration.'),
    doc('PUT /api/catalyst/ClientRecyclingConfig', 'Catalyst', 'Changes the pricing configuration.', {
      body: recyclingConfigInput,
    }),
    doc('POST /api/catalyst/companystockraterule/:id/quote', 'Catalyst', 'Records a metal quote.', {
      body: quoteSchema,
    }),
    doc('POST /api/catalyst/companystockraterule/:id/fetch', 'Catalyst', "Reads a metal rate's source now."),
    doc('GET /api/catalyst/companystockraterule/charts', 'Catalyst', 'Metal rate history.', {
      query: chartSchema,
    }),
    doc('POST /api/catalyst/companycurrencyraterule/:id/quote', 'Catalyst', 'Records a currency quote.', {
      body: quoteSchema,
    }),
    doc(
      'POST /api/catalyst/companycurrencyraterule/:id/fetch',
      'Catalyst',
      "Reads a currency rate's source now.",
    ),
    doc('GET /api/catalyst/companycurrencyraterule/charts', 'Catalyst', 'Currency rate history.', {
      query: chartSchema,
    }),
    doc('GET /api/catalyst/market', 'Catalyst', 'Current market prices.'),
    doc('POST /api/catalyst/rates/import', 'Catalyst', 'Imports quotes from a file.', {
      upload: 'multipart',
    }),
    doc('GET /api/catalyst/clientuser/:id/devices', 'Catalyst', "A client user's devices."),
    doc(
      'DELETE /api/catalyst/clientuser/:id/devices/:deviceRowId',
      'Catalyst',
      "Removes a client user's device.",
    ),
    doc('GET /api/catalyst/statistics', 'Catalyst', 'Usage of the mobile app.'),
    doc('POST /api/catalyst/client/auth', 'Catalyst client', 'Signs a mobile app device in.', {
      ...publicRoute,
      body: signInSchema,
    }),
    doc('GET /api/catalyst/client/auth', 'Catalyst client', 'The signed-in client device.'),
    doc('DELETE /api/catalyst/client/auth', 'Catalyst client', 'Signs a device out.'),
    doc('POST /api/catalyst/hub/negotiate', 'Catalyst client', "Starts the client app's live connection."),
    doc('GET /api/catalyst/catalyst/as-client', 'Catalyst client', 'The catalogue as a client sees it.', {
      query: catalogueQuerySchema,
    }),
    doc('GET /api/catalyst/catalyst/as-client/me', 'Catalyst client', 'The client user.'),
    doc(
      'GET /api/catalyst/catalyst/as-client/rates',
      'Catalyst client',
      "The rates the client's prices use.",
    ),
    doc('GET /api/catalyst/catalyst/as-client/cart', 'Catalyst client', "The client's cart."),
    doc('POST /api/catalyst/catalyst/as-client/cart/submit', 'Catalyst client', 'Submits the cart.'),
    doc('POST /api/catalyst/catalyst/as-client', 'Catalyst client', 'Adds a catalyst to the cart.', {
      body: addSchema,
    }),
    doc('PUT /api/catalyst/catalyst/as-client/:id', 'Catalyst client', "Changes a cart line's quantity.", {
      body: setSchema,
    }),
    doc('DELETE /api/catalyst/catalyst/as-client/:id', 'Catalyst client', 'Removes a cart line.'),
    doc('POST /api/catalyst/catalyst/as-client/recalc', 'Catalyst client', 'Prices the cart again.', {
      body: recalcSchema,
    }),
    doc('GET /api/catalyst/catalyst/as-client/image/:id', 'Catalyst client', 'A catalyst photo.', {
      query: imageQuery,
      produces: 'image/*',
    }),
    doc(
      'GET /api/catalyst/catalyst/as-client/:id',
      'Catalyst client',
      "One catalyst as the client sees it; for staff, the id is a client user's and the answer that client's catalogue.",
      { query: catalogueQuerySchema },
    ),
    doc(
      'GET /api/catalyst/catalyst/as-client/:customUserId/:catalystId',
      'Catalyst client',
      'One catalyst as a given client sees it (staff).',
    ),
  ];
};
