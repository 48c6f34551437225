import { hasAccess, isContractor } from '../../../domain/auth/claims';
import { AppError } from '../../../domain/errors';
import type { Scope } from '../../resources/scope';

/**
 * Floor access: the terminal records quantities and reads order progress, so either the logistics or the
 * terminal switch lets a staff user in. Contractor users never (they read their orders through the list).
 */
export const assertFloorAccess = (scope: Scope): void => {
  const { claims } = scope;
  if (isContractor(claims) || !(hasAccess(claims, 'logistics') || hasAccess(claims, 'terminal')))
    throw new AppError('forbidden');
};

/** Approving a stock count's differences is a manager's decision: power users (and super users) only. */
export const assertManager = (scope: Scope): void => {
  if (!hasAccess(scope.claims, 'power')) throw new AppError('forbidden');
};
