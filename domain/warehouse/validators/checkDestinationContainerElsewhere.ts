import { issue, type WarehouseIssue } from '../issues';
import type { DocumentRule } from '../resolveDocument';

/**
 * Goods go into a bin only where that bin stands (or into a new bin). Earlier positions of the same document
 * count: two positions may not place one new bin at two locations. A bin relocation moving its own bin is exempt.
 */
export const checkDestinationContainerElsewhere: DocumentRule = ({ type, positions, context }) => {
  const placed = new Map(context.containerLocations);
  const out: WarehouseIssue[] = [];
  for (const p of positions) {
    const container = p.destinationContainer;
    if (!p.puts || container === null || p.destinationLocationId === null) continue;
    if (type?.movesContainer && container === p.sourceContainer) continue;
    const where = placed.get(container);
    if (where !== undefined && where !== p.destinationLocationId) {
      const location = context.locations.get(where)?.label ?? where;
      out.push(
        issue('destinationContainerElsewhere', {
          positionIndex: p.index,
          field: 'destinationContainer',
          params: { container, location },
        }),
      );
    } else {
      placed.set(container, p.destinationLocationId);
    }
  }
  return out;
};
