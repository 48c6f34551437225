import { issue, type WarehouseIssueCode } from '../issues';
import type { DocumentRule } from '../resolveDocument';
import type { ProductRules } from '../validationInput';

/** A product that requires a batch attribute needs it on every movement, or its stock rows cannot be told apart. */
export const requiredAttributeRule =
  (
    flag: keyof Pick<ProductRules, 'requiredExpDate' | 'requiredProdDate' | 'requiredSerial'>,
    field: 'expDate' | 'prodDate' | 'serialNumber',
    code: WarehouseIssueCode,
  ): DocumentRule =>
  ({ positions }) =>
    positions
      .filter((p) => p.product?.[flag] && !p.draft[field]?.trim())
      .map((p) =>
        issue(code, { positionIndex: p.index, field, params: { product: p.product?.index ?? '' } }),
      );
