import { textOf } from '../../../../domain/rowValues';
import type { DocumentTypeCode } from '../../../../domain/warehouse/documentTypes';
import type { WarehouseIssue } from '../../../../domain/warehouse/issues';
import { addQuantities } from '../../../../domain/warehouse/quantity';
import { validateDocument } from '../../../../domain/warehouse/validateDocument';
import type { DocumentDraft, PositionDraft } from '../../../../domain/warehouse/validationInput';
import type { RowReader } from '../../../../sync/ports';
import type { Row } from '../../../../sync/types';
import { buildValidationContext, readLogisticsConfig } from '../../../../sync/validationContext';
import { type FlowKind, flowKindOfOrder, generatedTypeOf, scannedSideOf } from './flowKinds';
import type { LineDraft } from './lineDraft';

/** What the check needs of the order's positions (queries PositionView). */
export interface CheckedPosition {
  readonly productId: string;
  readonly remaining: number;
  readonly destinationLocationId: string | null;
}

export interface LineContext {
  readonly kind: FlowKind;
  /** The document type the line is (or will be) a position of. */
  readonly typeCode: DocumentTypeCode;
  /** A move order's line: its order and positions (what is left, where picks go). */
  readonly order?: { readonly row: Row; readonly positions: readonly CheckedPosition[] };
  /** Judge the stock available at the source (the engine does when the document reserves or confirms). */
  readonly availability: boolean;
}

/**
 * The document rules for one line, before anything is queued: domain validateDocument on a context read from
 * the replica — the engine's own check of a line (locks, required dates and serial, expiry, temperature,
 * containers, capacity, stock available at the source, what is left on an order). Used where no intent
 * carries the line yet: the first line of a direct document (created together with it) and a line of a move
 * order (recorded as its positions' quantities: the order's documents are generated from them and their
 * positions cannot be edited by hand, so the line is judged as a position of the document the order will
 * generate). Empty = the line may be recorded.
 */
export const checkLine = async (
  tx: RowReader,
  context: LineContext,
  draft: LineDraft,
  today: string,
): Promise<WarehouseIssue[]> => {
  const { kind, typeCode, order } = context;
  const document: DocumentDraft = {
    typeCode,
    statusCode: 'workingCopy',
    contractorId: order ? textOf(order.row.contractorId) : null,
    orderId: order ? order.row.id : null,
    sourceLocationId: null,
    destinationLocationId: null,
    sourceContainer: null,
    destinationContainer: null,
  };
  const batch = { serialNumber: draft.serialNumber, prodDate: draft.prodDate, expDate: draft.expDate };
  const target = order
    ? (order.positions.find((p) => p.productId === draft.productId && p.destinationLocationId)
        ?.destinationLocationId ?? textOf(order.row.destinationLocationId))
    : null;
  const position: PositionDraft =
    scannedSideOf(kind) === 'destination'
      ? {
          productId: draft.productId,
          quantity: draft.quantity,
          destinationLocationId: draft.locationId,
          destinationContainer: draft.container,
          ...batch,
        }
      : {
          productId: draft.productId,
          quantity: draft.quantity,
          sourceLocationId: draft.locationId,
          sourceContainer: draft.container,
          ...(kind === 'picking' ? { destinationLocationId: target } : {}),
          ...batch,
        };
  const config = await readLogisticsConfig(tx);
  const built = await buildValidationContext(tx, config, today, document, [position], {
    availability: context.availability,
  });
  // What is left on an order is what its positions still lack after the terminal's recorded quantities.
  const remaining = new Map<string, number>();
  for (const p of order?.positions ?? [])
    remaining.set(p.productId, addQuantities(remaining.get(p.productId) ?? 0, p.remaining));
  const orderRules = built.order ? { ...built.order, remaining } : undefined;
  return validateDocument(document, [position], { ...built, ...(orderRules ? { order: orderRules } : {}) });
};

/** checkLine for a line of a move order (counts are not judged: they record what is there). */
export const checkOrderLine = async (
  tx: RowReader,
  order: Row,
  positions: readonly CheckedPosition[],
  draft: LineDraft,
  today: string,
): Promise<WarehouseIssue[]> => {
  const typeCode = generatedTypeOf(order.typeCode);
  const kind = flowKindOfOrder(order.typeCode);
  if (!typeCode || !kind || kind === 'verify') return [];
  return checkLine(
    tx,
    { kind, typeCode, order: { row: order, positions }, availability: kind !== 'receipt' },
    draft,
    today,
  );
};
