import { defineResource } from '../types';

/** Contact people, optionally linked to a company; a linked company cannot be deleted. */
export const personResource = defineResource({
  name: 'person',
  path: 'Person',
  route: 'persons',
  section: 'business',
  menu: { order: 20 },
  titleField: 'lastName',
  read: 'any',
  write: 'power',
  defaultSort: { column: 'lastName' },
  fields: {
    firstName: { kind: 'string', maxLength: 100, list: true },
    lastName: { kind: 'string', required: true, maxLength: 100, list: true },
    email: { kind: 'email', maxLength: 256, lowerCase: true, list: true },
    phone: { kind: 'phone', maxLength: 32, list: true },
    skype: { kind: 'string', maxLength: 100 },
    position: { kind: 'string', maxLength: 100, list: true },
    url: { kind: 'url', maxLength: 1000 },
    tags: { kind: 'tags', tagPicker: true, list: true },
    description: { kind: 'text', maxLength: 4000 },
    companyId: { kind: 'ref', ref: 'company', list: true },
  },
});
