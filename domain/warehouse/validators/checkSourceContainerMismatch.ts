import { issue } from '../issues';
import type { DocumentRule } from '../resolveDocument';

/** Goods are taken from a bin only where that bin actually stands. */
export const checkSourceContainerMismatch: DocumentRule = ({ positions, context }) =>
  positions.flatMap((p) => {
    if (!p.takes || p.sourceContainer === null) return [];
    if (context.containerLocations.get(p.sourceContainer) === p.sourceLocationId) return [];
    return [
      issue('sourceContainerMismatch', {
        positionIndex: p.index,
        field: 'sourceContainer',
        params: { container: p.sourceContainer, location: p.source?.label ?? p.sourceLocationId ?? '' },
      }),
    ];
  });
