import { issue } from '../issues';
import type { DocumentRule } from '../resolveDocument';

/** Nothing enters a location locked for receipt; a stock count still books what it found. */
export const checkDestinationLocationLocked: DocumentRule = ({ type, positions }) =>
  type?.correction
    ? []
    : positions
        .filter((p) => p.puts && p.destination?.lockedIn)
        .map((p) =>
          issue('destinationLocationLocked', {
            positionIndex: p.index,
            field: 'destinationLocationId',
            params: { location: p.destination?.label ?? '' },
          }),
        );
