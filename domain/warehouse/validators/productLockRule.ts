import type { DocumentKind } from '../documentTypes';
import { issue, type WarehouseIssueCode } from '../issues';
import type { DocumentRule, ResolvedPosition } from '../resolveDocument';
import type { ProductRules } from '../validationInput';

type Movement = 'receipt' | 'release' | 'relocation';

/** What a position does to the product: production consumes (release) or produces (receipt) per position. */
const movementOf = (kind: DocumentKind, p: ResolvedPosition): Movement | null => {
  if (kind !== 'production') return kind;
  if (p.puts && !p.takes) return 'receipt';
  if (p.takes && !p.puts) return 'release';
  return null;
};

/** The product lock flag matching a movement; stock counts ignore locks (they record what is there). */
export const productLockRule =
  (
    movement: Movement,
    flag: keyof Pick<ProductRules, 'lockIn' | 'lockOut' | 'lockRelocate'>,
    code: WarehouseIssueCode,
  ): DocumentRule =>
  ({ type, positions }) => {
    if (!type || type.correction) return [];
    return positions
      .filter((p) => p.product?.[flag] && movementOf(type.kind, p) === movement)
      .map((p) =>
        issue(code, {
          positionIndex: p.index,
          field: 'productId',
          params: { product: p.product?.index ?? '' },
        }),
      );
  };
