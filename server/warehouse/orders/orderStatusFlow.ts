import type { OrderGroup } from '../../../domain/warehouse/orderTypes';
import type { PositionProgress } from '../../../domain/warehouse/positionsProgress';
import { canTransition, type OrderStatus } from '../../../domain/warehouse/statuses';

/** Statuses an order moves through by itself while it is being realised (documents, terminal counts). */
const automatic: readonly OrderStatus[] = [
  'waitingToProcess',
  'inProgress',
  'doneUnconfirmed',
  'doneConfirmed',
  'closedFully',
];

/**
 * The steps from one status to another, each allowed by the domain's transition table
 * (shortest path through the realisation statuses); [] when already there, null when unreachable.
 */
export const statusPath = (from: OrderStatus, to: OrderStatus): OrderStatus[] | null => {
  if (from === to) return [];
  const previous = new Map<OrderStatus, OrderStatus>();
  const queue: OrderStatus[] = [from];
  while (queue.length > 0) {
    const at = queue.shift() as OrderStatus;
    for (const next of automatic) {
      if (next === from || previous.has(next) || !canTransition(at, next)) continue;
      previous.set(next, at);
      if (next === to) {
        const path: OrderStatus[] = [to];
        for (let s = at; s !== from; s = previous.get(s) as OrderStatus) path.unshift(s);
        return path;
      }
      queue.push(next);
    }
  }
  return null;
};

/**
 * Where realisation has brought an order: done (confirmed or not) once every position is realised, in progress
 * once realisation began or when a done order lost part of it (a reverted document). Statuses outside
 * realisation (preparation, closed) never move by themselves; counts finish only through verify/finish.
 */
export const realisationStatus = (
  current: OrderStatus,
  group: OrderGroup,
  progress: readonly PositionProgress[],
  realisationStarted: boolean,
): OrderStatus => {
  if (!['waitingToProcess', 'inProgress', 'doneUnconfirmed', 'doneConfirmed'].includes(current))
    return current;
  if (group === 'offer') return current;
  if (group === 'verify')
    return current === 'waitingToProcess' && realisationStarted ? 'inProgress' : current;
  const allDone = progress.length > 0 && progress.every((p) => p.done);
  if (allDone) return progress.every((p) => p.confirmedDone) ? 'doneConfirmed' : 'doneUnconfirmed';
  if (realisationStarted || current === 'doneUnconfirmed' || current === 'doneConfirmed') return 'inProgress';
  return current;
};
