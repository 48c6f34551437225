import { z } from 'zod';
import { calendarQuerySchema } from '../../domain/calendar/calendarItems';
import {
  catalystAdminUserDefinition,
  catalystCartDefinition,
} from '../../domain/catalyst/syntheticDefinitions';
import { analyseFaceSchema, analyseResponseSchema, enrolFaceSchema } from '../../domain/faces/enrolment';
import { importOptionsSchema } from '../../domain/import/importJob';
import { discussionPostSchema, openDiscussionSchema } from '../../domain/office/discussion';
import { sendMessageSchema } from '../../domain/office/message';
import { officeSettingsInput } from '../../domain/office/officeSettings';
import { catalogueView } from '../../domain/portal/catalogueView';
import type { ResourceDefinition } from '../../domain/resources/types';
import { findTransportQuerySchema } from '../../domain/shipping/findTransportQuery';
import { intentKinds, intentRegistry } from '../../domain/sync/intents';
import {
  changesLimits,
  changesResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
} from '../../domain/sync/wire';
import { generateLocationsSchema } from '../../domain/warehouse/locationGenerator';
import { logisticsConfigSchema } from '../../domain/warehouse/logisticsConfig';
import { moveBodySchema } from '../calendar/calendarService';
import { addSchema, imageQuery, recalcSchema, setSchema } from '../catalyst/asClientRoutes';
import { whySchema } from '../catalyst/catalystRoutes';
import { signInSchema } from '../catalyst/clientAuth';
import { catalogueQuerySchema } from '../catalyst/clientCatalogue';
import { chartSchema, quoteSchema } from '../catalyst/rates/rateRoutes';
import { inputSchema as recyclingConfigInput } from '../catalyst/recyclingConfig';
import { clientAccountUpdate, userConfigQuery } from '../configRoutes';
import { usageQuery } from '../dashboard/accountUsage';
import { dashboardQuery, reportSchema } from '../dashboard/dashboardRoutes';
import {
  pageSchema as discussionPageQuery,
  messagesSchema,
  readSchema,
} from '../discussions/discussionRoutes';
import { downloadQuery, refQuery } from '../files/fileRoutes';
import { pageSchema as importPageQuery, templateQuery } from '../import/importRoutes';
import { placeholdersQuery, sendByEmailQuery, testQuery as testMailQuery } from '../messages/messageRoutes';
import { pageSchema as basketPageQuery } from '../portal/basket';
import { searchSchema as catalogueSearch } from '../portal/catalogue';
import { lastSchema as lastOrdersQuery } from '../portal/contractorOrders';
import { pdfQuerySchema } from '../print/printRoutes';
import { printRequestSchema } from '../print/printService';
import { openBody } from '../sharedAccess/sharedAccessRoutes';
import { startThreadBody } from '../shipping/carrierThreads';
import { carrierOffersQuery } from '../shipping/offerService';
import { rescheduleBody } from '../shipping/shippingRoutes';
import { loadSchema, proposalQuery } from '../shipping/ticketService';
import { groupMovementSchema } from '../warehouse/documents/stockActions';
import { confirmQuery } from '../warehouse/orders/orderHandlers';
import { bulkSchema as orderBulkSchema } from '../warehouse/orders/orderRoutes';
import { statusBody } from '../warehouse/orders/orderService';
import { finishBody } from '../warehouse/orders/verificationService';
import { generateProductionBody, orderIdBody } from '../warehouse/production/productionService';
import { placeSchema } from '../warehouse/records/mapPlaces';
import { fullSchema as mapSchemaBody, patchSchema as mapSchemaPatch } from '../warehouse/records/mapSchema';
import { treeQuery } from '../warehouse/records/storageSpaceRoutes';
import { bestSourceQuery, suggestQuery } from '../warehouse/stock/inventoryRoutes';
import { containerStockView, inventoryView, productStockView } from '../warehouse/stock/inventoryViews';
import { jsonSchemaOf } from './openapiDocument';
import { doc, type JsonSchema, type RouteDoc } from './openapiRegistry';
import {
  genericResourceDocs,
  pageQuerySchema,
  resourceBodySchema,
  resourceWriteDocs,
} from './openapiResources';

/**
 * Bodies the handlers check by hand (sign-in and registration forms), described here for callers only: the
 * handlers' own checks (server/auth/authForms.ts) are the rule.
 */
const signIn = z.object({ username: z.string(), password: z.string() });
const registration = z.object({
  username: z.string(),
  email: z.email(),
  password: z.string(),
  confirmPassword: z.string(),
  companyName: z.string(),
  acceptTerms: z.literal(true),
  language: z.string().optional(),
});
const passwordReset = z.object({ code: z.string(), password: z.string(), confirmPassword: z.string() });
const changesQuery = z.object({
  since: z.string().optional().describe('The cursor of the previous page; none: from the start.'),
  limit: z.coerce.number().int().min(1).max(changesLimits.max).default(changesLimits.default),
});

const defOf = (definitions: readonly ResourceDefinition[], name: string): ResourceDefinition => {
  const def = definitions.find((d) => d.name === name);
  if (!def) throw new Error(`the ${name} resource is missing`);
  return def;
};

/** The calls the terminal pushes as intents (domain/sync/intents.ts), with the body of the record they write. */
const intentDocs = (definitions: readonly ResourceDefinition[]): RouteDoc[] => {
  const bodies: Partial<Record<string, RouteDoc['body']>> = {
    'document.create': resourceBodySchema(defOf(definitions, 'wmsDocument')),
    'line.add': resourceBodySchema(defOf(definitions, 'wmsDocumentPosition')),
    'line.update': resourceBodySchema(defOf(definitions, 'wmsDocumentPosition')),
    'verification.finish': finishBody,
  };
  const queries: Partial<Record<string, RouteDoc['query']>> = {
    'order.generateDocuments': confirmQuery,
  };
  return intentKinds.map((kind) => {
    const { route } = intentRegistry[kind];
    const body = bodies[kind];
    const query = queries[kind];
    return doc(
      `${route.method} ${route.path}`,
      'Synced intents',
      `The ${kind} intent: run once per Idempotency-Key when the header is sent (a terminal's pushed work).`,
      { ...(body ? { body } : {}), ...(query ? { query } : {}) },
    );
  });
};

/** Every route of the API, described once: the generic resources from their definitions and every other route. */
export const describedRoutes = (definitions: readonly ResourceDefinition[]): RouteDoc[] => {
  const order = defOf(definitions, 'wmsOrder');
  const document = defOf(definitions, 'wmsDocument');
  const position = defOf(definitions, 'wmsDocumentPosition');
  const orderPosition = defOf(definitions, 'wmsOrderPosition');
  // A ticket is its record's fields and the orders or documents it carries.
  const ticket = resourceBodySchema(defOf(definitions, 'shipmentTicket'));
  const ticketBody: JsonSchema = {
    ...ticket,
    properties: { ...(ticket.properties as object), loads: jsonSchemaOf(loadSchema, 'input') },
  };
  const offerBody = resourceBodySchema(defOf(definitions, 'freightOffer'));
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
  const catalyst = definitions.find((d) => d.name === 'catalyst');
  const pub = { access: 'public' } as const;
  return [
    ...genericResourceDocs(definitions),
    ...intentDocs(definitions),

    doc('GET /api/health', 'Service', 'Whether the server and its database answer.', pub),
    doc('GET /api/docs/openapi.json', 'Service', 'This description of the API (OpenAPI 3.1).', pub),

    // Signing in and registration (server/auth)
    doc('POST /api/Auth', 'Auth', 'Signs in with user name and password: access and refresh tokens.', {
      ...pub,
      body: signIn,
    }),
    doc('GET /api/Auth', 'Auth', 'Renews the session: the refresh token as bearer gives new tokens.', pub),
    doc(
      'GET /api/Auth/GoogleClientId',
      'Auth',
      'The Google client id when Google sign-in is configured.',
      pub,
    ),
    doc('GET /api/Auth/GoogleToken/:token', 'Auth', 'Signs in with a Google ID token.', pub),
    doc(
      'POST /api/Register',
      'Auth',
      'Registers a company and its first (super) user; an activation e-mail follows.',
      { ...pub, body: registration, status: 201 },
    ),
    doc(
      'GET /api/Register/activate/:code',
      'Auth',
      'Activates a registered user with the code from the e-mail.',
      pub,
    ),
    doc(
      'GET /api/Register/send-reset/:email',
      'Auth',
      'Sends a password reset e-mail (answers the same for unknown addresses).',
      pub,
    ),
    doc('POST /api/Register/make-reset', 'Auth', 'Sets a new password with the reset code from the e-mail.', {
      ...pub,
      body: passwordReset,
    }),

    // Startup and configuration (server/configRoutes.ts)
    doc(
      'GET /api/config/getuserstartupconfig',
      'Configuration',
      'Everything the app needs after sign-in: account, config, actions, menu, user.',
    ),
    doc(
      'PATCH /api/config/changeuserconfig',
      'Configuration',
      "Saves a user preference (language, a list's columns).",
      { query: userConfigQuery },
    ),
    doc('GET /api/ClientAccount', 'Configuration', 'The company account.'),
    doc('PUT /api/ClientAccount', 'Configuration', 'Changes the company account (super users).', {
      body: clientAccountUpdate,
    }),
    doc(
      'GET /api/ClientAccount/usage',
      'Configuration',
      'Usage of the last seven days and of the month (super users).',
      { query: usageQuery },
    ),
    doc('GET /api/Config/WmsDocumentActions', 'Configuration', 'Document actions the caller may take.'),
    doc('GET /api/Config/WmsOrderActions', 'Configuration', 'Order actions the caller may take.'),
    doc('GET /api/Config/AllWarehouseDocumentTypes', 'Configuration', 'Every warehouse document type.'),
    doc('GET /api/Config/AllWarehouseOrderTypes', 'Configuration', 'Every warehouse order type.'),
    doc('GET /api/ClientLogisticsConfig', 'Configuration', "The company's logistics configuration.", {
      response: logisticsConfigSchema,
    }),
    doc('PUT /api/ClientLogisticsConfig', 'Configuration', 'Changes the logistics configuration.', {
      body: logisticsConfigSchema,
      response: logisticsConfigSchema,
    }),
    doc(
      'GET /api/systemlog/clearcache',
      'Configuration',
      "Clears the server's translation cache (super users).",
    ),
    doc('GET /api/OfficeSettings', 'Configuration', 'The office settings of the company.'),
    doc('PUT /api/OfficeSettings', 'Configuration', 'Changes the office settings.', {
      body: officeSettingsInput,
    }),

    // Sync (server/sync, domain/sync/wire.ts)
    doc(
      'GET /api/sync/changes',
      'Sync',
      "The change feed: records changed after a cursor, in the caller's scope.",
      { query: changesQuery, response: changesResponseSchema },
    ),
    doc('POST /api/sync/push', 'Sync', "A batch of the terminal's pushed calls, each run exactly once.", {
      body: pushRequestSchema,
      response: pushResponseSchema,
    }),
    doc(
      'POST /dataHub/negotiate',
      'Live connection',
      'Starts the live connection (SignalR JSON hub protocol over a WebSocket).',
    ),

    // Documents and orders (server/warehouse)
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

    // Shipping
    doc(
      'GET /api/ShipmentTicket/Proposal',
      'Shipping',
      'A proposed shipment ticket for an order or document.',
      { query: proposalQuery },
    ),
    doc('GET /api/ShipmentTicket/Carriers', 'Shipping', 'Carriers a ticket can be offered to.'),
    doc('POST /api/ShipmentTicket', 'Shipping', 'Creates a shipment ticket.', {
      body: ticketBody,
      status: 201,
    }),
    doc('PUT /api/ShipmentTicket/:id', 'Shipping', 'Changes a shipment ticket.', { body: ticketBody }),
    doc('DELETE /api/ShipmentTicket/:id', 'Shipping', 'Deletes a shipment ticket.', { status: 204 }),
    doc('GET /api/ShipmentTicket/:id/Detail', 'Shipping', 'A ticket with its offers and threads.'),
    doc('POST /api/ShipmentTicket/:id/publish', 'Shipping', 'Publishes a ticket to carriers.'),
    doc('POST /api/ShipmentTicket/:id/unpublish', 'Shipping', 'Withdraws a ticket from carriers.'),
    doc('POST /api/ShipmentTicket/:id/archive', 'Shipping', 'Archives a ticket.'),
    doc('POST /api/ShipmentTicket/:id/reschedule', 'Shipping', "Moves a ticket's pickup or delivery time.", {
      body: rescheduleBody,
    }),
    doc('GET /api/ShipmentTicket/:id/CarrierThreads', 'Shipping', 'Messages with carriers about a ticket.'),
    doc('POST /api/ShipmentTicket/:id/CarrierThreads', 'Shipping', 'Writes to a carrier about a ticket.', {
      body: startThreadBody,
    }),
    doc('POST /api/FreightOffer/:id/confirm', 'Shipping', "Confirms a carrier's freight offer."),
    doc('GET /api/Transport/Tickets', 'Carrier', 'Tickets offered to the carrier.', {
      query: findTransportQuerySchema,
    }),
    doc('GET /api/Transport/Tickets/:id', 'Carrier', 'One ticket offered to the carrier.'),
    doc('POST /api/Transport/Tickets/:id/Offers', 'Carrier', "The carrier's offer for a ticket.", {
      body: offerBody,
    }),
    doc('GET /api/Transport/Tickets/:id/Thread', 'Carrier', "The carrier's thread about a ticket."),
    doc('POST /api/Transport/Tickets/:id/Thread', 'Carrier', "Writes in the carrier's thread."),
    doc('GET /api/Transport/Offers', 'Carrier', "The carrier's offers.", { query: carrierOffersQuery }),
    doc('PUT /api/Transport/Offers/:id', 'Carrier', 'Changes an offer.', { body: offerBody }),
    doc('POST /api/Transport/Offers/:id/withdraw', 'Carrier', 'Withdraws an offer.'),

    // Contractor portal
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
      ...pub,
      body: openBody,
    }),
    doc('GET /api/shared/export/:view', 'Shared links', 'Exports what a link shows.', {
      produces: 'application/octet-stream',
    }),

    // Files, messages, discussions, calendar, dashboard
    doc('POST /api/File/upload', 'Files', 'Attaches files to a record.', {
      query: refQuery,
      upload: 'multipart',
    }),
    doc('GET /api/File/list', 'Files', 'The files of a record.', { query: refQuery }),
    doc('GET /api/File/download/:id', 'Files', 'Downloads a file (an XLSX as PDF on request).', {
      query: downloadQuery,
      produces: 'application/octet-stream',
    }),
    doc('DELETE /api/File/delete/:id', 'Files', 'Deletes a file.'),
    doc('POST /api/Message/send', 'Messages', 'Sends an e-mail message.', { body: sendMessageSchema }),
    doc('POST /api/Message/preview', 'Messages', 'The message as it would be sent.', {
      body: sendMessageSchema,
    }),
    doc('GET /api/File/send-by-email/:id', 'Messages', 'Sends a file by e-mail.', {
      query: sendByEmailQuery,
    }),
    doc('GET /api/emailTemplate/placeholders', 'Messages', 'Placeholders e-mail templates may use.', {
      query: placeholdersQuery,
    }),
    doc('POST /api/EmailAccount/:id/test', 'Messages', 'Sends a test e-mail through a mail account.', {
      body: testMailQuery,
    }),
    doc('GET /api/Discussion', 'Discussions', "The caller's discussions.", { query: discussionPageQuery }),
    doc('GET /api/Discussion/unread', 'Discussions', 'How many discussions have unread messages.'),
    doc('POST /api/Discussion', 'Discussions', 'Opens a discussion.', { body: openDiscussionSchema }),
    doc('GET /api/Discussion/:id', 'Discussions', 'One discussion.'),
    doc('GET /api/Discussion/:id/messages', 'Discussions', "A discussion's messages.", {
      query: messagesSchema,
    }),
    doc('POST /api/Discussion/:id/messages', 'Discussions', 'Writes in a discussion.', {
      body: discussionPostSchema,
    }),
    doc('POST /api/Discussion/:id/read', 'Discussions', 'Marks a discussion read.', { body: readSchema }),
    doc('GET /api/Calendar', 'Calendar', 'Orders, documents and tickets by day.', {
      query: calendarQuerySchema,
    }),
    doc('GET /api/Calendar/Resources', 'Calendar', 'Resources the calendar shows.'),
    doc('POST /api/Calendar/move', 'Calendar', 'Moves an entry to another day.', { body: moveBodySchema }),
    doc('GET /api/Dashboard', 'Dashboard', "The supervisor's dashboard.", { query: dashboardQuery }),
    doc('POST /api/TerminalStatus', 'Dashboard', 'A terminal reports its state.', { body: reportSchema }),

    // Import, printing, faces, external services
    doc('GET /api/config/importtemplate', 'Import', 'The structure of an import (CSV or XLSX template).', {
      query: templateQuery,
    }),
    doc(
      'POST /api/Import/:template',
      'Import',
      "Imports a file (CSV, XLSX) or JSON rows into a template's records: a job.",
      { query: importOptionsSchema, upload: 'multipart', status: 202 },
    ),
    doc('GET /api/Import/jobs', 'Import', "The company's import jobs."),
    doc('GET /api/Import/jobs/:id', 'Import', "One import job's progress."),
    doc('POST /api/Import/jobs/:id/cancel', 'Import', 'Cancels an import job.'),
    doc('GET /api/Import/jobs/:id/problems', 'Import', 'The rows an import refused and why.', {
      query: importPageQuery,
    }),
    doc('GET /api/Import/jobs/:id/report', 'Import', 'The refused rows as a CSV report.', {
      produces: 'text/csv',
    }),
    doc('POST /api/print/pdf', 'Printing', 'A layout printed to PDF.', {
      body: printRequestSchema,
      produces: 'application/pdf',
    }),
    doc('GET /api/print/pdf', 'Printing', 'A layout printed to PDF (a link).', {
      query: pdfQuerySchema,
      produces: 'application/pdf',
    }),
    doc('POST /api/print/printer', 'Printing', 'Sends a label to a network label printer (ZPL).', {
      body: printRequestSchema,
    }),
    doc('POST /api/ComputerVision', 'Faces', 'Enrols a face descriptor for a user.', {
      body: enrolFaceSchema,
    }),
    doc('POST /api/ComputerVision/analyse', 'Faces', 'Who a face descriptor belongs to.', {
      body: analyseFaceSchema,
      response: analyseResponseSchema,
    }),
    doc('DELETE /api/ComputerVision/:id', 'Faces', 'Removes an enrolled face.'),
    doc(
      'GET /api/ExternalCredentials/config/:id',
      'External services',
      'The setup of an external service connection.',
    ),
    doc(
      'GET /api/ExternalCredentials/activate/:id/:code',
      'External services',
      'Activates an external service connection.',
    ),
    doc('GET /api/ProductExternal/import/:id', 'External services', 'Imports products from a shop.'),

    // Catalyst module
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
      ...pub,
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
