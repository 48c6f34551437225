import type { FastifyRequest } from 'fastify';
import { isContractor } from '../../domain/auth/claims';
import { AppError } from '../../domain/errors';
import { type Scope, scopeOf } from '../resources/scope';

/** A portal caller: a user linked to a contractor, with the portal switched on. */
export type PortalScope = Scope & { readonly contractorId: string };

/** The caller of a portal call: contractor users with ContractorPortalEnabled only (staff use their own screens). */
export const portalScopeOf = (request: FastifyRequest): PortalScope => {
  const scope = scopeOf(request);
  if (!isContractor(scope.claims) || !scope.claims.ContractorPortalEnabled || scope.contractorId === null)
    throw new AppError('forbidden');
  return { ...scope, contractorId: scope.contractorId };
};
