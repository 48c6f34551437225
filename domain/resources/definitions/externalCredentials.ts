import { defineResource } from '../types';

/** The external services Aisle has an adapter for (server/external/). */
export const externalServiceTypes = ['wooCommerce'] as const;
export type ExternalServiceType = (typeof externalServiceTypes)[number];

/**
 * Credentials of an external service (a web shop, an ERP) the company connects to: the service's address, the
 * user name (WooCommerce: the consumer key) and a secret (WooCommerce: the consumer secret). The secret is
 * sealed at rest with the server's office key and never returned. Saved credentials start inactive: a super
 * user reads their configuration, which issues a one-time activation code, and activates them with it; the
 * activation checks them against the service (server/external/externalCredentialsService.ts).
 */
export const externalCredentialsResource = defineResource({
  name: 'externalCredentials',
  path: 'ExternalCredentials',
  route: 'external-credentials',
  section: 'administration',
  menu: { order: 60 },
  titleField: 'serviceName',
  read: 'super',
  write: 'super',
  defaultSort: { column: 'serviceName' },
  fields: {
    serviceType: {
      kind: 'enum',
      options: externalServiceTypes,
      required: true,
      default: 'wooCommerce',
      list: true,
    },
    serviceName: { kind: 'string', required: true, maxLength: 100, unique: 'account', list: true },
    baseUrl: { kind: 'url', required: true, maxLength: 1000, list: true },
    username: { kind: 'string', maxLength: 255, list: true },
    secret: { kind: 'password', maxLength: 1000, writeOnly: true },
    isActive: { kind: 'boolean', readOnly: true, default: false, list: true },
    refreshTokenValidity: { kind: 'datetime', readOnly: true },
    /** The shop's last modification date already imported: the next import asks only for later changes. */
    importedUntil: { kind: 'datetime', readOnly: true, list: true },
    /** SHA-256 of the pending activation code, and until when it holds. */
    activationCodeHash: { kind: 'string', maxLength: 64, internal: true },
    activationCodeValidUntil: { kind: 'datetime', internal: true },
  },
});
