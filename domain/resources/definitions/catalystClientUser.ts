import { defineCatalystResource } from '../../catalyst/defineCatalystResource';
import { languages } from '../../languages';
import { userResource } from './user';

/**
 * A client account of the catalyst mobile app: not a staff user. It signs in through the catalyst
 * module's own sign-in (docs/decisions.md, "Catalyst client accounts") and reaches only the as-client calls.
 */
export const catalystClientUserResource = defineCatalystResource({
  name: 'catalystClientUser',
  path: 'catalyst/clientuser',
  route: 'catalyst-users',
  titleField: 'username',
  fields: {
    // The same rules as a staff user name, in a namespace of its own (a client and a staff user may share one).
    username: userResource.fields.username,
    name: { kind: 'string', maxLength: 200, list: true },
    email: { kind: 'email', maxLength: 256, list: true },
    phoneNumber: { kind: 'phone', maxLength: 32 },
    password: { kind: 'password', minLength: 8, maxLength: 128, writeOnly: true, virtual: true },
    userGroupId: { kind: 'ref', ref: 'catalystUserGroup', list: true },
    language: { kind: 'enum', options: languages, default: 'en-us' },
    isBlocked: { kind: 'boolean', list: true },
    note: { kind: 'text', maxLength: 2000 },
    lastLogin: { kind: 'datetime', readOnly: true, hiddenInForm: true, list: true },
    passwordHash: { kind: 'string', internal: true },
  },
});
