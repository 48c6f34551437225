import { type OrderTypeCode, orderTypeCodes, orderTypeOf } from '../../../domain/warehouse/orderTypes';

/** The count order types (VER-A, VER-P, VER-C, VER-L): the verify group of domain/warehouse/orderTypes. */
export const verificationOrderTypes: readonly OrderTypeCode[] = orderTypeCodes.filter(
  (c) => orderTypeOf(c)?.group === 'verify',
);
