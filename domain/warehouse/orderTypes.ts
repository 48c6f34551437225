import type { DocumentTypeCode } from './documentTypes';

/**
 * Warehouse order types (docs/warehouse-rules.md, "Order types"). OPR (production) and OSO (sell offer) are
 * our codes; the rest are the spec's. `generates` lists the document types an order turns into: a count
 * yields a receipt for surpluses and a release for shortages.
 */
export const orderTypeCodes = [
  'OIN',
  'OOU',
  'OPI',
  'OPR',
  'VER-A',
  'VER-P',
  'VER-C',
  'VER-L',
  'OSO',
] as const;
export type OrderTypeCode = (typeof orderTypeCodes)[number];

/** Which list and progress screen the order belongs to (WmsOrder/Move, /Verify, production, /Offers/Sell). */
export type OrderGroup = 'move' | 'verify' | 'production' | 'offer';

/** What a verification order counts. */
export type VerificationScope = 'all' | 'product' | 'contractor' | 'location';

export interface OrderTypeDef {
  readonly code: OrderTypeCode;
  readonly name: string;
  readonly group: OrderGroup;
  readonly generates: readonly DocumentTypeCode[];
  readonly verificationScope?: VerificationScope;
}

const verify = { group: 'verify', generates: ['SVI', 'SVO'] } as const;

export const orderTypes: Readonly<Record<OrderTypeCode, OrderTypeDef>> = {
  OIN: { code: 'OIN', name: 'receipt', group: 'move', generates: ['OIN'] },
  OOU: { code: 'OOU', name: 'release', group: 'move', generates: ['OOU'] },
  OPI: { code: 'OPI', name: 'picking', group: 'move', generates: ['OPK'] },
  OPR: { code: 'OPR', name: 'production', group: 'production', generates: ['PRO'] },
  'VER-A': { code: 'VER-A', name: 'verifyAll', ...verify, verificationScope: 'all' },
  'VER-P': { code: 'VER-P', name: 'verifyByProduct', ...verify, verificationScope: 'product' },
  'VER-C': { code: 'VER-C', name: 'verifyByContractor', ...verify, verificationScope: 'contractor' },
  'VER-L': { code: 'VER-L', name: 'verifyByLocation', ...verify, verificationScope: 'location' },
  // A sell offer moves no stock; it is cloned into a release order (WmsOrder/{id}/clonetotype/OOU).
  OSO: { code: 'OSO', name: 'sellOffer', group: 'offer', generates: [] },
};

export const isOrderTypeCode = (code: unknown): code is OrderTypeCode =>
  typeof code === 'string' && (orderTypeCodes as readonly string[]).includes(code);

export const orderTypeOf = (code: string | null | undefined): OrderTypeDef | undefined =>
  isOrderTypeCode(code) ? orderTypes[code] : undefined;
