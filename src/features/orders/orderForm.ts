import type { RuleIssue } from '../../../domain/errors';
import { textOf } from '../../../domain/rowValues';
import { type OrderTypeCode, orderTypeCodes, orderTypeOf } from '../../../domain/warehouse/orderTypes';
import { checkQuantityNotPositive } from '../../../domain/warehouse/validators/checkQuantityNotPositive';
import { isoToLocalInput, localInputToIso } from '../../resources/formValues';
import {
  emptyHeader,
  type HeaderValues,
  headerFromRow,
  headerInputOf,
  instantIssues,
  type PositionValues,
  type SideRules,
  sideRulesOf,
  toPositionInput,
  withoutForbiddenSides,
} from '../documents/documentForm';
import type { OrderInput, OrderRow } from './orderApi';

export interface OrderHeaderValues extends HeaderValues {
  readonly assignedUserId: string | null;
  readonly verifyProductId: string | null;
  readonly verifyLocationId: string | null;
  /** datetime-local value. */
  readonly deliveryDate: string;
}

/** Order types edited with positions by hand (counts take their lines from stock: /verification-orders). */
export const editorOrderTypes: readonly OrderTypeCode[] = orderTypeCodes.filter(
  (c) => orderTypeOf(c)?.group !== 'verify',
);

/** The document type an order turns into decides which location and bin sides its lines have. */
export const documentTypeOfOrder = (typeCode: string | null): string | null =>
  orderTypeOf(typeCode)?.generates[0] ?? null;

/**
 * The header sides of an order: those its document type forbids are not offered; the others stay optional,
 * as the locations may be chosen when the documents are made.
 */
export const orderSideRules = (typeCode: string | null): SideRules => {
  const rules = sideRulesOf(documentTypeOfOrder(typeCode));
  const optional = (rule: SideRules[keyof SideRules]) => (rule === 'forbidden' ? 'forbidden' : 'optional');
  return {
    sourceLocation: optional(rules.sourceLocation),
    destinationLocation: optional(rules.destinationLocation),
    sourceContainer: optional(rules.sourceContainer),
    destinationContainer: optional(rules.destinationContainer),
  };
};

export const emptyOrderHeader = (typeCode: string | null): OrderHeaderValues => ({
  ...emptyHeader(typeCode),
  assignedUserId: null,
  verifyProductId: null,
  verifyLocationId: null,
  deliveryDate: '',
});

export const orderHeaderFromRow = (row: OrderRow): OrderHeaderValues => ({
  ...headerFromRow(row),
  assignedUserId: textOf(row.assignedUserId),
  verifyProductId: textOf(row.verifyProductId),
  verifyLocationId: textOf(row.verifyLocationId),
  deliveryDate: isoToLocalInput(row.deliveryDate),
});

/** Header sides the generated document type forbids are left out (null). */
export const toOrderInput = (
  header: OrderHeaderValues,
  positions: readonly PositionValues[] | null,
): OrderInput => ({
  ...headerInputOf(withoutForbiddenSides(header, documentTypeOfOrder(header.typeCode))),
  assignedUserId: header.assignedUserId,
  verifyProductId: header.verifyProductId,
  verifyLocationId: header.verifyLocationId,
  deliveryDate: localInputToIso(header.deliveryDate) ?? null,
  ...(positions ? { positions: positions.map(toPositionInput) } : {}),
});

/**
 * Instant feedback on order lines: their shape and a quantity above 0 (what the server checks on save;
 * locations may stay open until the documents are made, so the side rules wait for those).
 */
export const orderInstantIssues = (input: OrderInput): RuleIssue[] =>
  instantIssues(
    {
      typeCode: documentTypeOfOrder(input.typeCode) ?? '',
      contractorId: input.contractorId,
      sourceLocationId: input.sourceLocationId,
      destinationLocationId: input.destinationLocationId,
      sourceContainer: input.sourceContainer,
      destinationContainer: input.destinationContainer,
      positions: input.positions,
    },
    new Map(),
    [checkQuantityNotPositive],
  );
