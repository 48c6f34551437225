/**
 * What a print layout can say: the kinds of record it prints and, for each, the values its placeholders may name.
 * A layout is checked against this list when it is saved, so a misspelt `{{product.nmae}}` is refused then, not
 * printed as a blank on a thousand labels.
 */
export const printObjectTypes = ['document', 'order', 'location', 'product', 'shippingLabel'] as const;
export type PrintObjectType = (typeof printObjectTypes)[number];

export const isPrintObjectType = (value: unknown): value is PrintObjectType =>
  typeof value === 'string' && (printObjectTypes as readonly string[]).includes(value);

/** A value's shape: a printable text, a nested record, or a list of records a layout loops over. */
export type Shape = 'text' | RecordShape | ListShape;
export interface RecordShape {
  readonly [key: string]: Shape;
}
export interface ListShape {
  readonly each: RecordShape;
  readonly list: true;
}

export const isListShape = (shape: Shape): shape is ListShape =>
  typeof shape !== 'string' && shape.list === true;

/** One item of goods: what a product label and each document line say, and what GS1-128 encodes. */
export const goodsShape = {
  index: 'text',
  name: 'text',
  unit: 'text',
  /** The product's first valid GTIN (EAN-8/13, UPC-A, GTIN-14) as 14 digits. */
  gtin: 'text',
  /** Lot or serial number (document lines' "Lot / serial"). */
  lot: 'text',
  /** ISO date. */
  expiryDate: 'text',
  quantity: 'text',
} as const satisfies Shape;

const lineShape = {
  no: 'text',
  quantity: 'text',
  location: 'text',
  product: goodsShape,
} as const satisfies Shape;

const lines = { each: lineShape, list: true } as const;

/** Inside `{{#each lines}} … {{/each}}` the current item is called `line`. */
export const loopItemName = 'line';

const documentShape = {
  number: 'text',
  type: 'text',
  status: 'text',
  date: 'text',
  contractor: 'text',
  sourceLocation: 'text',
  destinationLocation: 'text',
  comment: 'text',
} as const satisfies Shape;

const partyShape = {
  name: 'text',
  street: 'text',
  city: 'text',
  postalCode: 'text',
  country: 'text',
} as const satisfies Shape;

/** The values each kind of record offers its layouts. */
export const printVocabulary: Readonly<Record<PrintObjectType, RecordShape>> = {
  document: { company: 'text', document: documentShape, lines },
  order: {
    company: 'text',
    order: {
      number: 'text',
      type: 'text',
      status: 'text',
      date: 'text',
      contractor: 'text',
      comment: 'text',
    },
    lines,
  },
  location: {
    company: 'text',
    location: { code: 'text', type: 'text', parent: 'text', description: 'text' },
  },
  product: { company: 'text', product: goodsShape },
  shippingLabel: {
    company: 'text',
    document: documentShape,
    sender: partyShape,
    recipient: partyShape,
    parcels: 'text',
  },
};

/** The data a layout is filled with: texts, nested records and lists, shaped like the vocabulary. */
export type PrintValue = string | PrintRecord | readonly PrintRecord[];
export interface PrintRecord {
  readonly [key: string]: PrintValue | undefined;
}

/** The shape a dotted path names, or undefined when the vocabulary has no such value. */
export const shapeAt = (root: RecordShape, path: readonly string[]): Shape | undefined => {
  let here: Shape = root;
  for (const key of path) {
    if (typeof here === 'string' || isListShape(here)) return undefined;
    const next: Shape | undefined = Object.hasOwn(here, key) ? here[key] : undefined;
    if (next === undefined) return undefined;
    here = next;
  }
  return here;
};

/** Every text placeholder a kind of record offers (the editor lists them), loops shown with their item name. */
export const placeholdersOf = (objectType: PrintObjectType): string[] => {
  const out: string[] = [];
  const walk = (shape: RecordShape, prefix: string) => {
    for (const [key, value] of Object.entries(shape)) {
      if (value === 'text') out.push(`${prefix}${key}`);
      else if (isListShape(value)) walk(value.each, `${loopItemName}.`);
      else walk(value, `${prefix}${key}.`);
    }
  };
  walk(printVocabulary[objectType], '');
  return out;
};
