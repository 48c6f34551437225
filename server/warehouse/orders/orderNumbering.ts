import type { NumberingSchemeLike } from '../../../domain/numbering/documentNumber';
import { numberingSchemeSchema } from '../../../domain/numbering/numberingScheme';
import type { DocumentTypeCode } from '../../../domain/warehouse/documentTypes';
import { type LogisticsConfig, numberingSchemeFor } from '../../../domain/warehouse/logisticsConfig';
import { type OrderTypeCode, orderTypes } from '../../../domain/warehouse/orderTypes';

/** Prefix of order numbers: never equal to a document prefix, so an order and its document never share a number. */
export const orderNumberPrefix = (code: OrderTypeCode): string => `ORD-${code}`;

/**
 * The numbering of an order type: `ORD-<code>/<year>/<counter>`, laid out (digits, year, month, reset) like the
 * account's numbering of the first document type the order generates, so an account that numbers receipts
 * monthly gets monthly receipt-order numbers too. Sell offers generate nothing and use the default layout.
 */
export const orderNumberingFor = (
  config: Pick<LogisticsConfig, 'numbering'>,
  code: OrderTypeCode,
): NumberingSchemeLike => {
  const generated: DocumentTypeCode | undefined = orderTypes[code].generates[0];
  const layout = generated
    ? numberingSchemeFor(config, generated)
    : numberingSchemeSchema.parse({ prefix: code });
  return { ...layout, prefix: orderNumberPrefix(code) };
};
