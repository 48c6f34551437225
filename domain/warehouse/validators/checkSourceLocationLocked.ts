import { issue } from '../issues';
import type { DocumentRule } from '../resolveDocument';

/** Nothing leaves a location locked for issue; a stock count still books what it found. */
export const checkSourceLocationLocked: DocumentRule = ({ type, positions }) =>
  type?.correction
    ? []
    : positions
        .filter((p) => p.takes && p.source?.lockedOut)
        .map((p) =>
          issue('sourceLocationLocked', {
            positionIndex: p.index,
            field: 'sourceLocationId',
            params: { location: p.source?.label ?? '' },
          }),
        );
