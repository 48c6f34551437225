import type { StoreTx } from '../../../sync/ports';
import { numberOf, textOf } from '../../../sync/rows';
import type { OutboxEntry, Row } from '../../../sync/types';

/** Where an entry stands: refused (until the user acts), waiting to be sent, or sent and awaiting the pull. */
export type PendingGroup = 'rejected' | 'waiting' | 'sent';

export interface PendingItem {
  readonly entry: OutboxEntry;
  readonly group: PendingGroup;
  /** The number of the document (or order) the entry concerns, as the replica shows it now. */
  readonly number: string | null;
  /** The product's index, for lines and counted quantities. */
  readonly product: string | null;
  readonly quantity: number | null;
}

const groupOf = (e: OutboxEntry): PendingGroup | null => {
  if (e.status === 'pending') return 'waiting';
  if (e.status === 'accepted') return 'sent';
  return e.resolvedAt ? null : 'rejected';
};

const order: Record<PendingGroup, number> = { rejected: 0, waiting: 1, sent: 2 };

/** The outbox as the inspector lists it, with the records' numbers and products looked up on the replica. */
export const pendingItems = async (tx: StoreTx): Promise<PendingItem[]> => {
  const entries = (await tx.outboxAll()).filter((e) => groupOf(e) !== null);
  const documentIds = new Set<string>();
  const lineIds = new Set<string>();
  const productIds = new Set<string>();
  const positionIds = new Set<string>();
  const orderIds = new Set<string>();
  const created = new Map<string, string>();
  for (const { intent } of entries) {
    switch (intent.kind) {
      case 'document.create':
        created.set(intent.document.id, intent.document.documentNumber);
        documentIds.add(intent.document.id);
        break;
      case 'document.confirm':
      case 'document.delete':
        documentIds.add(intent.documentId);
        break;
      case 'line.add':
      case 'line.update':
        documentIds.add(intent.line.documentId);
        productIds.add(intent.line.productId);
        break;
      case 'line.remove':
        documentIds.add(intent.documentId);
        lineIds.add(intent.lineId);
        break;
      case 'orderPosition.quantityReal':
        positionIds.add(intent.orderPositionId);
        orderIds.add(intent.orderId);
        break;
      case 'order.generateDocuments':
      case 'verification.finish':
        orderIds.add(intent.orderId);
        break;
    }
  }
  const index = (rows: readonly Row[]) => new Map(rows.map((r) => [r.id, r]));
  const documents = index(await tx.get('wmsDocument', [...documentIds]));
  const lines = index(await tx.get('wmsDocumentPosition', [...lineIds]));
  const positions = index(await tx.get('wmsOrderPosition', [...positionIds]));
  for (const r of [...lines.values(), ...positions.values()]) productIds.add(String(r.productId));
  const products = index(await tx.get('product', [...productIds]));
  const orders = index(await tx.get('wmsOrder', [...orderIds]));
  const docNumber = (id: string) => textOf(documents.get(id)?.documentNumber) ?? created.get(id) ?? null;
  const productIndex = (id: string | undefined) => (id ? (textOf(products.get(id)?.index) ?? null) : null);

  const describe = (entry: OutboxEntry): PendingItem => {
    const group = groupOf(entry) ?? 'waiting';
    const { intent } = entry;
    switch (intent.kind) {
      case 'document.create':
      case 'document.confirm':
      case 'document.delete': {
        const id = intent.kind === 'document.create' ? intent.document.id : intent.documentId;
        return { entry, group, number: docNumber(id), product: null, quantity: null };
      }
      case 'line.add':
      case 'line.update':
        return {
          entry,
          group,
          number: docNumber(intent.line.documentId),
          product: productIndex(intent.line.productId),
          quantity: intent.line.quantity,
        };
      case 'line.remove': {
        const line = lines.get(intent.lineId);
        return {
          entry,
          group,
          number: docNumber(intent.documentId),
          product: productIndex(line ? String(line.productId) : undefined),
          quantity: line ? numberOf(line.quantity) : null,
        };
      }
      case 'orderPosition.quantityReal': {
        const position = positions.get(intent.orderPositionId);
        return {
          entry,
          group,
          number: textOf(orders.get(intent.orderId)?.orderNumber),
          product: productIndex(position ? String(position.productId) : undefined),
          quantity: intent.quantityReal,
        };
      }
      case 'order.generateDocuments':
      case 'verification.finish':
        return {
          entry,
          group,
          number: textOf(orders.get(intent.orderId)?.orderNumber),
          product: null,
          quantity: null,
        };
    }
  };
  const items = entries.map(describe);
  return items.sort((a, b) => order[a.group] - order[b.group] || a.entry.mutationId - b.entry.mutationId);
};
