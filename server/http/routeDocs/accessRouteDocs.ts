import { z } from 'zod';
import { officeSettingsInput } from '../../../domain/office/officeSettings';
import type { ResourceDefinition } from '../../../domain/resources/types';
import { intentKinds, intentRegistry } from '../../../domain/sync/intents';
import {
  changesLimits,
  changesResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
} from '../../../domain/sync/wire';
import { logisticsConfigSchema } from '../../../domain/warehouse/logisticsConfig';
import { clientAccountUpdate, userConfigQuery } from '../../configRoutes';
import { usageQuery } from '../../dashboard/accountUsage';
import { confirmQuery } from '../../warehouse/orders/orderHandlers';
import { finishBody } from '../../warehouse/orders/verificationService';
import { doc, type RouteDoc } from '../openapiRegistry';
import { resourceBodySchema } from '../openapiResources';
import { defOf, publicRoute } from './routeDocHelpers';

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

/** The service, signing in and registration, startup and configuration, and the sync calls with their intents. */
export const accessRouteDocs = (definitions: readonly ResourceDefinition[]): RouteDoc[] => [
  ...intentDocs(definitions),

  doc('GET /api/health', 'Service', 'Whether the server and its database answer.', publicRoute),
  doc('GET /api/docs/openapi.json', 'Service', 'This description of the API (OpenAPI 3.1).', publicRoute),

  // Signing in and registration (server/auth)
  doc('POST /api/Auth', 'Auth', 'Signs in with user name and password: access and refresh tokens.', {
    ...publicRoute,
    body: signIn,
  }),
  doc(
    'GET /api/Auth',
    'Auth',
    'Renews the session: the refresh token as bearer gives new tokens.',
    publicRoute,
  ),
  doc(
    'GET /api/Auth/GoogleClientId',
    'Auth',
    'The Google client id when Google sign-in is configured.',
    publicRoute,
  ),
  doc('GET /api/Auth/GoogleToken/:token', 'Auth', 'Signs in with a Google ID token.', publicRoute),
  doc(
    'POST /api/Register',
    'Auth',
    'Registers a company and its first (super) user; an activation e-mail follows.',
    { ...publicRoute, body: registration, status: 201 },
  ),
  doc(
    'GET /api/Register/activate/:code',
    'Auth',
    'Activates a registered user with the code from the e-mail.',
    publicRoute,
  ),
  doc(
    'GET /api/Register/send-reset/:email',
    'Auth',
    'Sends a password reset e-mail (answers the same for unknown addresses).',
    publicRoute,
  ),
  doc('POST /api/Register/make-reset', 'Auth', 'Sets a new password with the reset code from the e-mail.', {
    ...publicRoute,
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
];
