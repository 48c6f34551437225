import { issue } from '../issues';
import type { DocumentRule } from '../resolveDocument';

export const checkUnknownProduct: DocumentRule = ({ positions }) =>
  positions
    .filter((p) => p.product === undefined)
    .map((p) =>
      issue('unknownProduct', {
        positionIndex: p.index,
        field: 'productId',
        params: { productId: p.draft.productId },
      }),
    );
