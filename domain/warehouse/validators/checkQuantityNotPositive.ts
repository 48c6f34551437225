import { issue } from '../issues';
import { isPositiveQuantity } from '../quantity';
import type { DocumentRule } from '../resolveDocument';

export const checkQuantityNotPositive: DocumentRule = ({ positions }) =>
  positions
    .filter((p) => !isPositiveQuantity(p.draft.quantity))
    .map((p) => issue('quantityNotPositive', { positionIndex: p.index, field: 'quantity' }));
