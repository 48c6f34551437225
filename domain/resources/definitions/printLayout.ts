import { printObjectTypes } from '../../print/printVocabulary';
import { defineResource } from '../types';

/**
 * Print layouts: what a document, order, location, product or shipping label looks like on paper (A4 or a label
 * size) and on a label printer (ZPL). The content is the small template language of domain/print/printTemplate.ts,
 * checked on save against the values its kind of record offers. One layout per kind may be the default.
 */
export const printLayoutResource = defineResource({
  name: 'printLayout',
  path: 'PrintLayout',
  route: 'print-layouts',
  section: 'administration',
  menu: { order: 40, access: 'power' },
  titleField: 'name',
  read: 'any',
  write: 'power',
  defaultSort: { column: 'name' },
  fields: {
    name: { kind: 'string', required: true, maxLength: 100, unique: 'account', list: true },
    objectType: { kind: 'enum', options: printObjectTypes, required: true, list: true },
    paper: { kind: 'enum', options: ['a4', 'label'], required: true, default: 'label', list: true },
    labelWidthMm: { kind: 'decimal', min: 10, max: 300, default: 100 },
    labelHeightMm: { kind: 'decimal', min: 10, max: 500, default: 60 },
    isDefault: { kind: 'boolean', default: false, list: true },
    content: { kind: 'text', required: true, maxLength: 20_000 },
  },
});
