import { textOf } from '../../../../domain/rowValues';
import type { LinePayload } from '../../../../domain/sync/intents';
import { positionDraftOf } from '../../../../domain/warehouse/ruleInputs';
import type { Row } from '../../../../sync/types';
import { type FlowKind, scannedSideOf } from './flowKinds';

/** One line as the terminal collected it: what was scanned where, how many, and the batch. */
export interface LineDraft {
  readonly productId: string;
  readonly locationId: string;
  readonly quantity: number;
  /** The bin at the scanned location (source bin of a release, destination bin of a receipt). */
  readonly container: string | null;
  readonly serialNumber: string | null;
  /** ISO dates. */
  readonly prodDate: string | null;
  readonly expDate: string | null;
}

/** The document line of a draft: the scanned location and bin go to the flow's side. */
export const linePayloadOf = (
  kind: FlowKind,
  ids: { readonly id: string; readonly documentId: string },
  draft: LineDraft,
): LinePayload => {
  const side = scannedSideOf(kind);
  return {
    id: ids.id,
    documentId: ids.documentId,
    productId: draft.productId,
    quantity: draft.quantity,
    ...(side === 'source'
      ? { sourceLocationId: draft.locationId, sourceContainer: draft.container }
      : { destinationLocationId: draft.locationId, destinationContainer: draft.container }),
    serialNumber: draft.serialNumber,
    prodDate: draft.prodDate,
    expDate: draft.expDate,
  };
};

/** The payload of an existing line row (to send it again changed). */
export const linePayloadOfRow = (row: Row): LinePayload => ({
  ...positionDraftOf(row),
  id: row.id,
  documentId: String(row.documentId ?? ''),
  comment: textOf(row.comment),
});
