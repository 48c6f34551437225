import { defineResource } from '../types';

/** Location types; only types that handle stock may hold products directly. */
export const storageSpaceTypeResource = defineResource({
  name: 'storageSpaceType',
  path: 'StorageSpaceType',
  route: 'storage-space-types',
  section: 'infrastructure',
  menu: { order: 20, access: 'logistics' },
  titleField: 'code',
  read: 'any',
  write: 'power',
  defaultSort: { column: 'code' },
  fields: {
    code: { kind: 'string', required: true, maxLength: 32, unique: 'account', upperCase: true, list: true },
    color: { kind: 'color', list: true },
    icon: { kind: 'string', maxLength: 50 },
    description: { kind: 'text', maxLength: 1000, list: true },
    parentTypeId: { kind: 'ref', ref: 'storageSpaceType', onDelete: 'setNull' },
    handleStock: { kind: 'boolean', default: true, list: true },
  },
});
