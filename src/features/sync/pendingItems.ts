import { numberOf, textOf } from '../../../domain/rowValues';
import type { IntentSubject } from '../../../domain/sync/intentDefinition';
import { subjectOf } from '../../../domain/sync/intents';
import type { StoreTx } from '../../../sync/ports';
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
  const subjects = new Map(entries.map((e) => [e, subjectOf(e.intent)]));
  const ids = (pick: (s: IntentSubject) => string | undefined) =>
    [...new Set([...subjects.values()].map(pick))].filter((id): id is string => id !== undefined);
  const created = new Map<string, string>();
  for (const s of subjects.values())
    if (s.documentId && s.provisionalNumber) created.set(s.documentId, s.provisionalNumber);
  const index = (rows: readonly Row[]) => new Map(rows.map((r) => [r.id, r]));
  const documents = index(
    await tx.get(
      'wmsDocument',
      ids((s) => s.documentId),
    ),
  );
  const lines = index(
    await tx.get(
      'wmsDocumentPosition',
      ids((s) => (s.productId ? undefined : s.lineId)),
    ),
  );
  const positions = index(
    await tx.get(
      'wmsOrderPosition',
      ids((s) => s.orderPositionId),
    ),
  );
  const productIds = new Set(ids((s) => s.productId));
  for (const r of [...lines.values(), ...positions.values()]) productIds.add(String(r.productId));
  const products = index(await tx.get('product', [...productIds]));
  const orders = index(
    await tx.get(
      'wmsOrder',
      ids((s) => s.orderId),
    ),
  );
  const docNumber = (id: string) => textOf(documents.get(id)?.documentNumber) ?? created.get(id) ?? null;
  const productIndex = (id: string | undefined) => (id ? (textOf(products.get(id)?.index) ?? null) : null);

  const describe = (entry: OutboxEntry): PendingItem => {
    const group = groupOf(entry) ?? 'waiting';
    const s = subjects.get(entry) ?? {};
    // A line or order position named without its product: the view's row says which product and how many.
    const row = s.productId
      ? undefined
      : s.lineId
        ? lines.get(s.lineId)
        : s.orderPositionId
          ? positions.get(s.orderPositionId)
          : undefined;
    const number = s.orderId
      ? textOf(orders.get(s.orderId)?.orderNumber)
      : s.documentId
        ? docNumber(s.documentId)
        : null;
    return {
      entry,
      group,
      number,
      product: productIndex(s.productId ?? (row ? String(row.productId) : undefined)),
      quantity: s.quantity ?? (row && s.lineId ? numberOf(row.quantity) : null),
    };
  };
  const items = entries.map(describe);
  return items.sort((a, b) => order[a.group] - order[b.group] || a.entry.mutationId - b.entry.mutationId);
};
