import type { OutboxEntry } from '../../../sync/types';

/** An outbox entry of user `userId` confirming document `d<mutationId>`, in the given state. */
export const anOutboxEntry = (
  mutationId: number,
  status: OutboxEntry['status'],
  userId = 'u1',
): OutboxEntry => ({
  mutationId,
  deviceId: 'D1',
  userId,
  idempotencyKey: `k${mutationId}`,
  createdAt: '2026-03-15T08:00:00.000Z',
  intent: { kind: 'document.confirm', documentId: `d${mutationId}` },
  status,
  attempts: 0,
  sent: false,
});
