import { textOf } from '../../../../domain/rowValues';
import { subjectOf } from '../../../../domain/sync/intents';
import type { RowReader, StoreTx } from '../../../../sync/ports';
import type { Rejection, Row } from '../../../../sync/types';
import { directTypeOf, type FlowKind, flowKindOfDocument, scannedSideOf } from './flowKinds';
import { byLineNo } from './lineOrder';
import { documentState, entriesOfDocument, type LineState, lineStates, type SyncState } from './syncStates';

/**
 * The terminal's reads of the replica (the view: server rows with this device's pending work applied): a document the terminal is filling (lines with their sync states) and the working copies to resume.
 * Every function takes a read transaction of the store (`store.read(tx => …)` or useReplicaQuery). See ./index.ts.
 */

export interface LineView extends LineState {
  readonly product: Row | undefined;
  /** The location the flow scanned for this line (receipt: destination; release: source). */
  readonly location: Row | undefined;
}

export interface DocumentView {
  readonly document: Row | null;
  /** The number to show: the final one once the server gave it, else the provisional one. */
  readonly number: string;
  /** Still the device's provisional number (the server has not answered the creation yet). */
  readonly provisional: boolean;
  readonly kind: FlowKind | null;
  readonly state: SyncState;
  readonly rejection?: Rejection;
  readonly rejectedMutationId?: number;
  readonly lines: readonly LineView[];
}

/**
 * A document the terminal is filling: its number (provisional until the server answers), its state, and
 * every line with its sync state — including lines the server refused (kept as ghosts with the reason).
 */
export const documentInProgress = async (tx: StoreTx, documentId: string): Promise<DocumentView> => {
  const [document] = await tx.get('wmsDocument', [documentId]);
  const rows = (await tx.where('wmsDocumentPosition', 'documentId', [documentId])).sort(byLineNo);
  const entries = entriesOfDocument([...(await tx.outboxOpen()), ...(await tx.outboxRejected())], documentId);
  const states = lineStates(rows, entries);
  const kind = flowKindOfDocument(document?.typeCode);
  const side = scannedSideOf(kind ?? 'release');
  const productIds = [...new Set(states.map((s) => String(s.line.productId ?? '')))].filter(
    (id) => id !== '',
  );
  const locationIds = [
    ...new Set(
      states.map((s) => textOf(s.line[`${side}LocationId`])).filter((id): id is string => id !== null),
    ),
  ];
  const products = new Map((await tx.get('product', productIds)).map((p) => [p.id, p]));
  const locations = new Map((await tx.get('storageSpace', locationIds)).map((l) => [l.id, l]));
  const number =
    textOf(document?.documentNumber) ??
    entries.map((e) => subjectOf(e.intent).provisionalNumber).find((n) => n !== undefined) ??
    '';
  const offline = textOf(document?.offlineNumber);
  return {
    document: document ?? null,
    number,
    provisional: offline !== null && offline === number,
    kind,
    ...documentState(entries),
    lines: states.map((s) => {
      const locationId = textOf(s.line[`${side}LocationId`]);
      return {
        ...s,
        product: products.get(String(s.line.productId ?? '')),
        location: locationId ? locations.get(locationId) : undefined,
      };
    }),
  };
};

export interface DocumentSummary {
  readonly id: string;
  readonly number: string;
  readonly typeCode: string;
  readonly createdAt: string | null;
  readonly lines: number;
}

/** Working copies of the flow's direct document type (started here or elsewhere), newest first: to resume. */
export const openDocuments = async (tx: RowReader, kind: FlowKind): Promise<DocumentSummary[]> => {
  const type = directTypeOf[kind];
  if (!type) return [];
  const documents = (await tx.where('wmsDocument', 'typeCode', [type])).filter(
    (d) => d.statusCode === 'workingCopy',
  );
  const lines = documents.length
    ? await tx.where(
        'wmsDocumentPosition',
        'documentId',
        documents.map((d) => d.id),
      )
    : [];
  const count = new Map<string, number>();
  for (const l of lines) count.set(String(l.documentId), (count.get(String(l.documentId)) ?? 0) + 1);
  return documents
    .map((d) => ({
      id: d.id,
      number: String(d.documentNumber ?? ''),
      typeCode: type,
      createdAt: textOf(d.createdAt),
      lines: count.get(d.id) ?? 0,
    }))
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.number.localeCompare(a.number));
};
