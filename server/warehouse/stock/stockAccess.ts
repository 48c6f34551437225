import { hasAccess, isContractor } from '../../../domain/auth/claims';
import { AppError } from '../../../domain/errors';
import type { Scope } from '../../resources/scope';

/** Staff of the warehouse floor or office: logistics or terminal users (super users pass both). */
const isWarehouseStaff = (scope: Scope): boolean =>
  !isContractor(scope.claims) &&
  (hasAccess(scope.claims, 'logistics') || hasAccess(scope.claims, 'terminal'));

/** Stock lists: warehouse staff, and contractor portal users (their own products' stock only). */
export const assertStockRead = (scope: Scope): void => {
  const allowed = isContractor(scope.claims) ? scope.claims.ContractorPortalEnabled : isWarehouseStaff(scope);
  if (!allowed) throw new AppError('forbidden');
};

/** Documents and operational stock calls (FEFO, putaway): warehouse staff only, never contractors. */
export const assertWarehouseStaff = (scope: Scope): void => {
  if (!isWarehouseStaff(scope)) throw new AppError('forbidden');
};
