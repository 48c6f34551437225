import { issue, type WarehouseIssue } from '../issues';
import type { DocumentRule } from '../resolveDocument';

/** Stock lives only at locations whose type handles stock (a rack level, not the aisle or the hall). */
export const checkLocationDoesNotHoldStock: DocumentRule = ({ positions }) =>
  positions.flatMap((p) => {
    const out: WarehouseIssue[] = [];
    if (p.takes && p.source && !p.source.handleStock) {
      out.push(
        issue('locationDoesNotHoldStock', {
          positionIndex: p.index,
          field: 'sourceLocationId',
          params: { location: p.source.label },
        }),
      );
    }
    if (p.puts && p.destination && !p.destination.handleStock) {
      out.push(
        issue('locationDoesNotHoldStock', {
          positionIndex: p.index,
          field: 'destinationLocationId',
          params: { location: p.destination.label },
        }),
      );
    }
    return out;
  });
