import { issue } from '../issues';
import type { DocumentRule } from '../resolveDocument';

/** A contractor's document moves only that contractor's products (a product without one belongs to the warehouse). */
export const checkContractorMismatch: DocumentRule = ({ document, positions }) => {
  if (document.contractorId === null) return [];
  return positions.flatMap((p) =>
    p.product && p.product.contractorId !== document.contractorId
      ? [
          issue('contractorMismatch', {
            positionIndex: p.index,
            field: 'productId',
            params: { product: p.product.index },
          }),
        ]
      : [],
  );
};
