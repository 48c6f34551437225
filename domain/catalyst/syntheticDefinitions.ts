import { userResource } from '../resources/definitions/user';
import { defineCatalystResource } from './defineCatalystResource';

const userFields = userResource.fields;

/**
 * Resources of the catalyst module kept in tables they do not own, so they are not in
 * domain/resources/definitions (which would make a table for each): the server serves them through the
 * generic call pattern (server/catalyst/syntheticRoutes.ts) and the app shows them on the generic screens.
 */

/** Catalyst administrators: staff users with the catalyst claim (and, made here, nothing else). */
export const catalystAdminUserDefinition = defineCatalystResource({
  name: 'catalystAdminUser',
  path: 'catalyst/adminuser',
  route: 'catalyst-admins',
  titleField: 'username',
  fields: {
    username: userFields.username,
    visibleName: userFields.visibleName,
    email: userFields.email,
    password: userFields.password,
    phoneNumber: userFields.phoneNumber,
    defaultLanguage: userFields.defaultLanguage,
    isBlocked: { kind: 'boolean', list: true },
    lastLogin: userFields.lastLogin,
  },
});

/** Client carts, read only: open ones and those the clients sent (catalyst/clientuser/carts). */
export const catalystCartDefinition = defineCatalystResource({
  name: 'catalystCart',
  path: 'catalyst/clientuser/carts',
  route: 'catalyst-user-carts',
  titleField: 'status',
  write: 'none',
  readOnly: true,
  defaultSort: { column: 'updatedAt', descending: true },
  fields: {
    clientUserId: { kind: 'ref', ref: 'catalystClientUser', list: true },
    status: { kind: 'enum', options: ['open', 'submitted'], list: true },
    lineCount: { kind: 'integer', list: true },
    quantity: { kind: 'integer', list: true },
    total: { kind: 'decimal', list: true },
    currency: { kind: 'string', list: true },
    submittedAt: { kind: 'datetime', list: true },
  },
});
