import type { Claims } from '../../../domain/auth/claims';
import { hasAccess, isContractor } from '../../../domain/auth/claims';
import {
  type DocumentKind,
  type DocumentTypeCode,
  type DocumentTypeDef,
  documentTypeCodes,
  documentTypes,
  type SideRule,
} from '../../../domain/warehouse/documentTypes';
import {
  type OrderGroup,
  type OrderTypeCode,
  type OrderTypeDef,
  orderTypeCodes,
  orderTypes,
  type VerificationScope,
} from '../../../domain/warehouse/orderTypes';
import { translate } from '../../i18n';

type Who = Omit<Claims, 'exp'>;

/** A document type as the app receives it: the domain definition with its translated names. */
export interface DocumentTypeInfo {
  readonly code: DocumentTypeCode;
  /** camelCase key of the type (documentTypes.ts `name`). */
  readonly key: string;
  /** Translated name (warehouse:documentTypes.<code>). */
  readonly name: string;
  readonly kind: DocumentKind;
  readonly kindName: string;
  readonly sourceLocation: SideRule;
  readonly destinationLocation: SideRule;
  readonly sourceContainer: SideRule;
  readonly destinationContainer: SideRule;
  readonly internal: boolean;
  readonly orderBased: boolean;
  readonly generated: boolean;
  readonly correction: boolean;
  readonly movesContainer: boolean;
}

export interface OrderTypeInfo {
  readonly code: OrderTypeCode;
  readonly key: string;
  readonly name: string;
  readonly group: OrderGroup;
  readonly generates: readonly DocumentTypeCode[];
  readonly verificationScope: VerificationScope | null;
}

const documentInfo = (def: DocumentTypeDef, lng: string | undefined): DocumentTypeInfo => ({
  code: def.code,
  key: def.name,
  name: translate(lng, 'warehouse', `documentTypes.${def.code}`),
  kind: def.kind,
  kindName: translate(lng, 'warehouse', `documentKinds.${def.kind}`),
  sourceLocation: def.sourceLocation,
  destinationLocation: def.destinationLocation,
  sourceContainer: def.sourceContainer,
  destinationContainer: def.destinationContainer,
  internal: def.internal,
  orderBased: def.orderBased,
  generated: def.generated,
  correction: def.correction,
  movesContainer: def.movesContainer,
});

const orderInfo = (def: OrderTypeDef, lng: string | undefined): OrderTypeInfo => ({
  code: def.code,
  key: def.name,
  name: translate(lng, 'warehouse', `orderTypes.${def.code}`),
  group: def.group,
  generates: def.generates,
  verificationScope: def.verificationScope ?? null,
});

/** Every document type (AllWarehouseDocumentTypes, wmsDocumentDefinitions), in the domain's order. */
export const allDocumentTypes = (lng: string | undefined): DocumentTypeInfo[] =>
  documentTypeCodes.map((code) => documentInfo(documentTypes[code], lng));

/** Every order type (AllWarehouseOrderTypes, wmsOrderDefinitions). */
export const allOrderTypes = (lng: string | undefined): OrderTypeInfo[] =>
  orderTypeCodes.map((code) => orderInfo(orderTypes[code], lng));

/** What the terminal makes by hand: direct receipts and releases and relocations at the scanner. */
const terminalDocumentTypes: ReadonlySet<DocumentTypeCode> = new Set(['DIN', 'DOU', 'ARL', 'LCR']);

/**
 * The document types the caller may create by hand (WmsDocumentActions): logistics users every type whose
 * positions are not generated from an order or a count; terminal-only users the terminal's direct
 * movements; everyone else (and contractors) none. Generated types come from their orders.
 */
export const documentActionsFor = (who: Who, lng: string | undefined): DocumentTypeInfo[] => {
  if (isContractor(who)) return [];
  const logistics = hasAccess(who, 'logistics');
  const terminal = hasAccess(who, 'terminal');
  return allDocumentTypes(lng).filter(
    (t) => !t.generated && (logistics || (terminal && terminalDocumentTypes.has(t.code))),
  );
};

/** The order types the caller may create (WmsOrderActions): logistics users all, others none. */
export const orderActionsFor = (who: Who, lng: string | undefined): OrderTypeInfo[] =>
  !isContractor(who) && hasAccess(who, 'logistics') ? allOrderTypes(lng) : [];
