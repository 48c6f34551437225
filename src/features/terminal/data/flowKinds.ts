import type { DocumentTypeCode } from '../../../../domain/warehouse/documentTypes';
import { type OrderTypeCode, orderTypeOf } from '../../../../domain/warehouse/orderTypes';

/** The four terminal flows (docs/glossary.md, "Terminal"). */
export const flowKinds = ['receipt', 'release', 'picking', 'verify'] as const;
export type FlowKind = (typeof flowKinds)[number];

export const isFlowKind = (value: unknown): value is FlowKind =>
  typeof value === 'string' && (flowKinds as readonly string[]).includes(value);

/** The order types each flow works on. */
export const orderTypesOf: Readonly<Record<FlowKind, readonly OrderTypeCode[]>> = {
  receipt: ['OIN'],
  release: ['OOU'],
  picking: ['OPI'],
  verify: ['VER-A', 'VER-P', 'VER-C', 'VER-L'],
};

/**
 * The document a flow may start without an order (a direct receipt or release). Picking and counting
 * always work on an order.
 */
export const directTypeOf: Readonly<Record<FlowKind, DocumentTypeCode | null>> = {
  receipt: 'DIN',
  release: 'DOU',
  picking: null,
  verify: null,
};

/** The flow an order belongs to, or null for orders the terminal does not handle (production, offers). */
export const flowKindOfOrder = (typeCode: unknown): FlowKind | null => {
  for (const kind of flowKinds)
    if ((orderTypesOf[kind] as readonly unknown[]).includes(typeCode)) return kind;
  return null;
};

/** The flow a direct document belongs to. */
export const flowKindOfDocument = (typeCode: unknown): FlowKind | null => {
  for (const kind of flowKinds)
    if (directTypeOf[kind] !== null && directTypeOf[kind] === typeCode) return kind;
  return null;
};

/** The document type an order turns into (OIN → OIN, OOU → OOU, OPI → OPK); null for counts. */
export const generatedTypeOf = (orderTypeCode: unknown): DocumentTypeCode | null => {
  const def = orderTypeOf(typeof orderTypeCode === 'string' ? orderTypeCode : null);
  if (def?.group !== 'move') return null;
  return def.generates[0] ?? null;
};

/**
 * Which side of a line the scanned location is: goods come in at the destination (receipt) and leave
 * the source (release, picking); a count records where the goods lie (its positions' source).
 */
export const scannedSideOf = (kind: FlowKind): 'source' | 'destination' =>
  kind === 'receipt' ? 'destination' : 'source';
