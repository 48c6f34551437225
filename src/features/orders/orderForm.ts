import type { RuleIssue } from '../../../domain/errors';
import { documentTypeOf } from '../../../domain/warehouse/documentTypes';
import { type OrderTypeCode, orderTypeCodes, orderTypeOf } from '../../../domain/warehouse/orderTypes';
import { checkQuantityNotPositive } from '../../../domain/warehouse/validators/checkQuantityNotPositive';
import { isoToLocalInput, localInputToIso } from '../../resources/formValues';
import { instantIssues, type PositionValues, toPositionInput } from '../documents/documentForm';
import { stringOf, textOrNull } from '../documents/values';
import type { OrderInput, OrderRow } from './orderApi';

export interface OrderHeaderValues {
  readonly typeCode: string | null;
  readonly contractorId: string | null;
  readonly assignedUserId: string | null;
  readonly priority: string;
  readonly sourceLocationId: string | null;
  readonly destinationLocationId: string | null;
  readonly sourceContainer: string;
  readonly destinationContainer: string;
  readonly verifyProductId: string | null;
  readonly verifyLocationId: string | null;
  /** datetime-local values. */
  readonly plannedDate: string;
  readonly deliveryDate: string;
  readonly comment: string;
}

/** Order types edited with positions by hand (counts take their lines from stock: /verification-orders). */
export const editorOrderTypes: readonly OrderTypeCode[] = orderTypeCodes.filter(
  (c) => orderTypeOf(c)?.group !== 'verify',
);

/** The document type an order turns into decides which location and bin sides its lines have. */
export const documentTypeOfOrder = (typeCode: string | null): string | null =>
  orderTypeOf(typeCode)?.generates[0] ?? null;

export const emptyOrderHeader = (typeCode: string | null): OrderHeaderValues => ({
  typeCode,
  contractorId: null,
  assignedUserId: null,
  priority: 'normal',
  sourceLocationId: null,
  destinationLocationId: null,
  sourceContainer: '',
  destinationContainer: '',
  verifyProductId: null,
  verifyLocationId: null,
  plannedDate: '',
  deliveryDate: '',
  comment: '',
});

const idOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export const orderHeaderFromRow = (row: OrderRow): OrderHeaderValues => ({
  typeCode: row.typeCode,
  contractorId: idOrNull(row.contractorId),
  assignedUserId: idOrNull(row.assignedUserId),
  priority: stringOf(row.priority) || 'normal',
  sourceLocationId: idOrNull(row.sourceLocationId),
  destinationLocationId: idOrNull(row.destinationLocationId),
  sourceContainer: stringOf(row.sourceContainer),
  destinationContainer: stringOf(row.destinationContainer),
  verifyProductId: idOrNull(row.verifyProductId),
  verifyLocationId: idOrNull(row.verifyLocationId),
  plannedDate: isoToLocalInput(row.plannedDate),
  deliveryDate: isoToLocalInput(row.deliveryDate),
  comment: stringOf(row.comment),
});

/** Header sides the generated document type forbids are left out (null). */
export const toOrderInput = (
  header: OrderHeaderValues,
  positions: readonly PositionValues[] | null,
): OrderInput => {
  const type = documentTypeOf(documentTypeOfOrder(header.typeCode));
  const allowed = (rule: string | undefined) => rule !== 'forbidden';
  return {
    typeCode: header.typeCode ?? '',
    contractorId: header.contractorId,
    assignedUserId: header.assignedUserId,
    priority: header.priority,
    sourceLocationId: allowed(type?.sourceLocation) ? header.sourceLocationId : null,
    destinationLocationId: allowed(type?.destinationLocation) ? header.destinationLocationId : null,
    sourceContainer: allowed(type?.sourceContainer) ? textOrNull(header.sourceContainer) : null,
    destinationContainer: allowed(type?.destinationContainer)
      ? textOrNull(header.destinationContainer)
      : null,
    verifyProductId: header.verifyProductId,
    verifyLocationId: header.verifyLocationId,
    plannedDate: localInputToIso(header.plannedDate) ?? null,
    deliveryDate: localInputToIso(header.deliveryDate) ?? null,
    comment: textOrNull(header.comment),
    ...(positions ? { positions: positions.map(toPositionInput) } : {}),
  };
};

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
