import type { PrintObjectType } from './printVocabulary';

/** A layout as the PrintLayout resource stores it (without the system fields). */
export interface PrintLayoutInput {
  readonly name: string;
  readonly objectType: PrintObjectType;
  readonly content: string;
  /** 'a4' pages, or labels of labelWidthMm × labelHeightMm. */
  readonly paper: 'a4' | 'label';
  readonly labelWidthMm: number;
  readonly labelHeightMm: number;
  /** The layout used for its kind of record when the person printing does not choose one. */
  readonly isDefault: boolean;
}

const lines = [
  '{{#each lines}}',
  '## {{line.no}}. {{line.product.index}} {{line.product.name}}',
  '{{line.quantity}} {{line.product.unit}}   {{line.location}}   {{line.product.lot}} {{line.product.expiryDate}}',
  '{{/each}}',
];

/**
 * The layouts every company starts with, one per kind of record (a new account and the demo company get them):
 * working examples of each placeholder, barcode and the loop, to copy and change.
 */
export const defaultPrintLayouts: readonly PrintLayoutInput[] = [
  {
    name: 'Document (A4)',
    objectType: 'document',
    paper: 'a4',
    labelWidthMm: 100,
    labelHeightMm: 150,
    isDefault: true,
    content: [
      '# {{document.type}} {{document.number}}',
      '{{company}}',
      '{{document.date}}   {{document.contractor}}',
      '{{barcode:code128 document.number}}',
      '',
      ...lines,
      '',
      '{{document.comment}}',
    ].join('\n'),
  },
  {
    name: 'Order (A4)',
    objectType: 'order',
    paper: 'a4',
    labelWidthMm: 100,
    labelHeightMm: 150,
    isDefault: true,
    content: [
      '# {{order.type}} {{order.number}}',
      '{{company}}',
      '{{order.date}}   {{order.contractor}}',
      '{{barcode:code128 order.number}}',
      '',
      ...lines,
      '',
      '{{order.comment}}',
    ].join('\n'),
  },
  {
    name: 'Location label',
    objectType: 'location',
    paper: 'label',
    labelWidthMm: 70,
    labelHeightMm: 36,
    isDefault: true,
    content: ['{{barcode:code128 location.code}}', '# {{location.code}}', '{{location.type}}'].join('\n'),
  },
  {
    name: 'Product label',
    objectType: 'product',
    paper: 'label',
    labelWidthMm: 100,
    labelHeightMm: 60,
    isDefault: true,
    content: [
      '## {{product.index}}',
      '{{product.name}}',
      '{{barcode:gs1-128 product}}',
      'LOT {{product.lot}}   EXP {{product.expiryDate}}   {{product.quantity}} {{product.unit}}',
    ].join('\n'),
  },
  {
    name: 'Shipping label',
    objectType: 'shippingLabel',
    paper: 'label',
    labelWidthMm: 100,
    labelHeightMm: 150,
    isDefault: true,
    content: [
      '## {{sender.name}}',
      '{{sender.street}}, {{sender.postalCode}} {{sender.city}}',
      '',
      '# {{recipient.name}}',
      '{{recipient.street}}',
      '{{recipient.postalCode}} {{recipient.city}}',
      '{{recipient.country}}',
      '',
      '{{barcode:code128 document.number}}',
      '{{document.number}}   {{parcels}}',
    ].join('\n'),
  },
];
