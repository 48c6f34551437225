import { defineResource } from '../types';

/** Postal addresses of companies; deleted together with their company. */
export const addressResource = defineResource({
  name: 'address',
  path: 'Address',
  route: 'addresses',
  section: 'business',
  menu: { order: 30 },
  titleField: 'street',
  read: 'any',
  write: 'power',
  defaultSort: { column: 'city' },
  fields: {
    street: { kind: 'string', required: true, maxLength: 200, list: true },
    number: { kind: 'string', maxLength: 20, list: true },
    city: { kind: 'string', required: true, maxLength: 100, list: true },
    postalCode: { kind: 'string', maxLength: 20, upperCase: true, list: true },
    province: { kind: 'string', maxLength: 100 },
    country: { kind: 'string', maxLength: 100, list: true },
    latitude: { kind: 'decimal', min: -90, max: 90 },
    longitude: { kind: 'decimal', min: -180, max: 180 },
    comment: { kind: 'text', maxLength: 2000 },
    companyId: { kind: 'ref', ref: 'company', onDelete: 'cascade', list: true },
  },
});
