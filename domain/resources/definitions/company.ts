import { defineResource } from '../types';

export const companyRoles = ['contractor', 'supplier', 'recipient', 'carrier', 'other'] as const;

/** Business partners (docs/glossary.md, "Company"): contractors, suppliers, recipients, carriers. */
export const companyResource = defineResource({
  name: 'company',
  path: 'Company',
  route: 'companies',
  section: 'business',
  menu: { order: 10 },
  titleField: 'shortName',
  read: 'any',
  write: 'power',
  defaultSort: { column: 'shortName' },
  fields: {
    shortName: { kind: 'string', required: true, maxLength: 100, unique: 'account', list: true },
    fullName: { kind: 'string', maxLength: 300, list: true },
    taxId: { kind: 'string', maxLength: 32, list: true },
    taxCountry: { kind: 'string', maxLength: 2, minLength: 2, upperCase: true },
    roles: { kind: 'enumList', options: companyRoles, list: true },
    parentId: { kind: 'ref', ref: 'company', onDelete: 'setNull' },
    tags: { kind: 'tags', tagPicker: true, list: true },
    groups: { kind: 'tags' },
    bankAccount: { kind: 'string', maxLength: 64 },
    bankName: { kind: 'string', maxLength: 200 },
    swift: { kind: 'string', maxLength: 11, upperCase: true },
    paymentMethod: { kind: 'string', maxLength: 100 },
    officeMail: { kind: 'email', maxLength: 256 },
    officePhone: { kind: 'phone', maxLength: 32 },
    logoUrl: { kind: 'url', maxLength: 1000 },
    websiteUrl: { kind: 'url', maxLength: 1000 },
  },
});
