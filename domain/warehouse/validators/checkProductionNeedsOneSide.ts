import { issue } from '../issues';
import type { DocumentRule } from '../resolveDocument';

/**
 * A production position either consumes material (source location) or produces goods (destination
 * location); with both or neither its stock effect would be meaningless.
 */
export const checkProductionNeedsOneSide: DocumentRule = ({ type, positions }) => {
  if (type?.kind !== 'production') return [];
  return positions
    .filter((p) => (p.sourceLocationId === null) === (p.destinationLocationId === null))
    .map((p) =>
      issue('productionNeedsOneSide', {
        positionIndex: p.index,
        field: p.sourceLocationId === null ? 'destinationLocationId' : 'sourceLocationId',
      }),
    );
};
