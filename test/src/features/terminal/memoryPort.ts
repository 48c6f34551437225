import type { TerminalPort } from '../../../../src/features/terminal/data/actions';
import type { MemorySyncStore } from '../../../../sync/memoryStore';
import { discardRejected, enqueueIntent } from '../../../../sync/replica';

/** The terminal's port over a memory replica, as the running sync gives it in the app (fixed clock). */
export const memoryPort = (
  store: MemorySyncStore,
  now = Date.parse('2026-03-15T08:00:00Z'),
): TerminalPort => {
  let ids = 0;
  let keys = 0;
  return {
    read: (work) => store.read(work),
    enqueue: (intent) =>
      store.write((tx) =>
        enqueueIntent(tx, intent, {
          deviceId: 'D1',
          userId: 'u1',
          now,
          newKey: () => {
            keys++;
            return `port-key-${keys}`;
          },
        }),
      ),
    discard: (mutationId) => store.write((tx) => discardRejected(tx, mutationId, now)),
    newId: () => {
      ids++;
      return `new-${ids}`;
    },
    now: () => now,
  };
};
