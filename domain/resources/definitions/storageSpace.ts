import { defineResource } from '../types';

/**
 * Storage locations (docs/glossary.md, "Location"), a tree through parentId. The label is the CODE128 barcode
 * content, unique per account and stored upper case.
 */
export const storageSpaceResource = defineResource({
  name: 'storageSpace',
  path: 'StorageSpace',
  route: 'storage-spaces',
  section: 'infrastructure',
  menu: { order: 10, access: 'logistics' },
  titleField: 'label',
  read: 'any',
  write: 'power',
  defaultSort: { column: 'label' },
  fields: {
    label: {
      kind: 'string',
      required: true,
      maxLength: 64,
      unique: 'account',
      upperCase: true,
      forbiddenChars: ' ',
      list: true,
    },
    parentId: { kind: 'ref', ref: 'storageSpace', list: true },
    typeId: { kind: 'ref', ref: 'storageSpaceType', list: true },
    capacityKg: { kind: 'decimal', min: 0, max: 10_000_000 },
    temperature: { kind: 'decimal', min: -100, max: 100, list: true },
    description: { kind: 'text', maxLength: 1000 },
    x: { kind: 'decimal' },
    y: { kind: 'decimal' },
    z: { kind: 'decimal' },
    sizeX: { kind: 'decimal', min: 0 },
    sizeY: { kind: 'decimal', min: 0 },
    sizeZ: { kind: 'decimal', min: 0 },
    pickupOrder: { kind: 'integer', min: 0, list: true },
    isDefault: { kind: 'boolean' },
    outside: { kind: 'boolean' },
    protected: { kind: 'boolean' },
    cooled: { kind: 'boolean', list: true },
    lockedIn: { kind: 'boolean', list: true },
    lockedOut: { kind: 'boolean', list: true },
    zoneIn: { kind: 'boolean' },
    zoneOut: { kind: 'boolean' },
    zoneCpl: { kind: 'boolean' },
  },
});
