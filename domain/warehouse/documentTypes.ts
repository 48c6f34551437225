/**
 * The 13 warehouse document types (docs/warehouse-rules.md, "Document types"). The spec gives nine short
 * codes; OPK, PRO, SVI and SVO are ours. Every rule about a document reads its type from here.
 */
export const documentTypeCodes = [
  'DIN',
  'DOU',
  'IIN',
  'IOU',
  'OIN',
  'OOU',
  'OPK',
  'PRL',
  'PRO',
  'ARL',
  'LCR',
  'SVI',
  'SVO',
] as const;
export type DocumentTypeCode = (typeof documentTypeCodes)[number];

export const documentKinds = ['receipt', 'release', 'relocation', 'production'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** Whether a side (location or container) must, may or must not be given. */
export type SideRule = 'required' | 'optional' | 'forbidden';

export interface DocumentTypeDef {
  readonly code: DocumentTypeCode;
  /** camelCase name: translation key `warehouse:documentTypes.<code>` uses the code, this is for code readers. */
  readonly name: string;
  readonly kind: DocumentKind;
  readonly sourceLocation: SideRule;
  readonly destinationLocation: SideRule;
  readonly sourceContainer: SideRule;
  readonly destinationContainer: SideRule;
  /** Internal documents move the warehouse's own goods: no contractor may be linked. */
  readonly internal: boolean;
  /** Needs a warehouse order (orderId). */
  readonly orderBased: boolean;
  /** Positions come from an order or a count and cannot be edited by hand. */
  readonly generated: boolean;
  /**
   * Records a stock count: product locks, expiry, temperature, capacity and order-quantity rules
   * are skipped, because the goods are (or are not) physically there whatever the policy says.
   */
  readonly correction: boolean;
  /** The whole bin moves: the destination container defaults to (and may equal) the source container. */
  readonly movesContainer: boolean;
  /** Stock effect of one position: quantity × sign at the source and at the destination (0 = no effect). */
  readonly effect: { readonly source: -1 | 0; readonly destination: 1 | 0 };
}

const receipt = {
  kind: 'receipt',
  sourceLocation: 'forbidden',
  destinationLocation: 'required',
  sourceContainer: 'forbidden',
  destinationContainer: 'optional',
  movesContainer: false,
  effect: { source: 0, destination: 1 },
} as const;

const release = {
  kind: 'release',
  sourceLocation: 'required',
  destinationLocation: 'forbidden',
  sourceContainer: 'optional',
  destinationContainer: 'forbidden',
  movesContainer: false,
  effect: { source: -1, destination: 0 },
} as const;

const relocation = {
  kind: 'relocation',
  sourceLocation: 'required',
  destinationLocation: 'required',
  sourceContainer: 'optional',
  destinationContainer: 'optional',
  movesContainer: false,
  effect: { source: -1, destination: 1 },
} as const;

// A production position either consumes (source) or produces (destination); see checkProductionNeedsOneSide.
const production = {
  kind: 'production',
  sourceLocation: 'optional',
  destinationLocation: 'optional',
  sourceContainer: 'optional',
  destinationContainer: 'optional',
  movesContainer: false,
  effect: { source: -1, destination: 1 },
} as const;

const plain = { internal: false, orderBased: false, generated: false, correction: false } as const;
const fromOrder = { internal: false, orderBased: true, generated: true, correction: false } as const;
const fromCount = { internal: false, orderBased: true, generated: true, correction: true } as const;

export const documentTypes: Readonly<Record<DocumentTypeCode, DocumentTypeDef>> = {
  DIN: { code: 'DIN', name: 'directReceipt', ...receipt, ...plain },
  DOU: { code: 'DOU', name: 'directRelease', ...release, ...plain },
  IIN: { code: 'IIN', name: 'internalReceipt', ...receipt, ...plain, internal: true },
  IOU: { code: 'IOU', name: 'internalRelease', ...release, ...plain, internal: true },
  OIN: { code: 'OIN', name: 'orderReceipt', ...receipt, ...fromOrder },
  OOU: { code: 'OOU', name: 'orderRelease', ...release, ...fromOrder },
  OPK: { code: 'OPK', name: 'orderPicking', ...relocation, ...fromOrder },
  PRL: { code: 'PRL', name: 'production', ...production, ...plain },
  PRO: { code: 'PRO', name: 'productionFromOrder', ...production, ...fromOrder },
  ARL: { code: 'ARL', name: 'productRelocation', ...relocation, ...plain },
  LCR: {
    code: 'LCR',
    name: 'containerRelocation',
    ...relocation,
    ...plain,
    sourceContainer: 'required',
    movesContainer: true,
  },
  SVI: { code: 'SVI', name: 'verifyReceipt', ...receipt, ...fromCount },
  SVO: { code: 'SVO', name: 'verifyRelease', ...release, ...fromCount },
};

export const isDocumentTypeCode = (code: unknown): code is DocumentTypeCode =>
  typeof code === 'string' && (documentTypeCodes as readonly string[]).includes(code);

/** The definition of a type code, or undefined for a code this build does not know. */
export const documentTypeOf = (code: string | null | undefined): DocumentTypeDef | undefined =>
  isDocumentTypeCode(code) ? documentTypes[code] : undefined;

/** Positions of generated documents (order-based, verification, production from order) are not edited by hand. */
export const canEditPositionsByHand = (code: DocumentTypeCode): boolean => !documentTypes[code].generated;
