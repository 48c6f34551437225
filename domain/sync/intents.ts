import type { SyncEntity } from './wire';

/**
 * What a terminal action asks the server to do: the spec's own call (000 §7), kept in the outbox as data so it
 * can be applied to the replica at once, shown on its line, replayed exactly once and rebased. Ids of records
 * made offline are client UUIDv7s, so later intents refer to them before the server has seen them.
 */

/** A document line as the terminal records it (a position of POST /api/WmsDocumentPosition). */
export interface LinePayload {
  readonly id: string;
  readonly documentId: string;
  readonly productId: string;
  readonly quantity: number;
  readonly sourceLocationId?: string | null;
  readonly destinationLocationId?: string | null;
  readonly sourceContainer?: string | null;
  readonly destinationContainer?: string | null;
  readonly serialNumber?: string | null;
  readonly prodDate?: string | null;
  readonly expDate?: string | null;
  readonly comment?: string | null;
}

export interface DocumentHeaderPayload {
  readonly id: string;
  readonly typeCode: string;
  /** The working-copy (provisional) number made offline; the server gives the final one. */
  readonly documentNumber: string;
  readonly orderId?: string | null;
  readonly contractorId?: string | null;
  readonly sourceLocationId?: string | null;
  readonly destinationLocationId?: string | null;
  readonly sourceContainer?: string | null;
  readonly destinationContainer?: string | null;
  readonly comment?: string | null;
}

export type Intent =
  | { readonly kind: 'document.create'; readonly document: DocumentHeaderPayload }
  | { readonly kind: 'document.confirm'; readonly documentId: string }
  | { readonly kind: 'document.delete'; readonly documentId: string }
  | { readonly kind: 'line.add'; readonly line: LinePayload }
  | { readonly kind: 'line.update'; readonly line: LinePayload }
  | { readonly kind: 'line.remove'; readonly lineId: string; readonly documentId: string }
  | {
      readonly kind: 'orderPosition.quantityReal';
      readonly orderPositionId: string;
      readonly orderId: string;
      readonly quantityReal: number;
    }
  | { readonly kind: 'order.generateDocuments'; readonly orderId: string; readonly confirm: boolean }
  | { readonly kind: 'verification.finish'; readonly orderId: string; readonly generateDocuments: boolean };

export type IntentKind = Intent['kind'];

export interface HttpCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/** The spec call of an intent (docs/sync-contract.md "Intents"). */
export const callOf = (intent: Intent): HttpCall => {
  switch (intent.kind) {
    case 'document.create':
      return { method: 'POST', path: '/api/WmsDocument', body: { ...intent.document, positions: [] } };
    case 'document.confirm':
      return { method: 'POST', path: `/api/WmsDocument/${intent.documentId}/confirm` };
    case 'document.delete':
      return { method: 'DELETE', path: `/api/WmsDocument/${intent.documentId}` };
    case 'line.add':
      return { method: 'POST', path: '/api/WmsDocumentPosition', body: intent.line };
    case 'line.update':
      return { method: 'PUT', path: `/api/WmsDocumentPosition/${intent.line.id}`, body: intent.line };
    case 'line.remove':
      return { method: 'DELETE', path: `/api/WmsDocumentPosition/${intent.lineId}` };
    case 'orderPosition.quantityReal':
      return {
        method: 'PATCH',
        path: `/api/WmsOrderPosition/${intent.orderPositionId}/QuantityReal`,
        query: { quantityReal: String(intent.quantityReal) },
      };
    case 'order.generateDocuments':
      return {
        method: 'GET',
        path: `/api/WmsOrder/${intent.orderId}/GenerateDocuments`,
        query: { confirm: String(intent.confirm) },
      };
    case 'verification.finish':
      return {
        method: 'POST',
        path: `/api/WmsOrder/${intent.orderId}/verify/finish`,
        body: { generateDocuments: intent.generateDocuments },
      };
  }
};

/** The record an intent concerns: where its outcome (and a rejection) is shown. */
export const targetOf = (intent: Intent): { readonly entity: SyncEntity; readonly id: string } => {
  switch (intent.kind) {
    case 'document.create':
      return { entity: 'wmsDocument', id: intent.document.id };
    case 'document.confirm':
    case 'document.delete':
      return { entity: 'wmsDocument', id: intent.documentId };
    case 'line.add':
    case 'line.update':
      return { entity: 'wmsDocumentPosition', id: intent.line.id };
    case 'line.remove':
      return { entity: 'wmsDocumentPosition', id: intent.lineId };
    case 'orderPosition.quantityReal':
      return { entity: 'wmsOrderPosition', id: intent.orderPositionId };
    case 'order.generateDocuments':
    case 'verification.finish':
      return { entity: 'wmsOrder', id: intent.orderId };
  }
};
