import type { FastifyRequest } from 'fastify';
import type { Claims } from '../../domain/auth/claims';
import { requireAuth } from '../context';

/** Who is asking, for tenancy: every query is limited to the account and, for contractors, the contractor. */
export interface Scope {
  readonly clientAccountId: string;
  readonly contractorId: string | null;
  readonly userId: string;
  readonly userName: string;
  readonly claims: Claims;
}

export const scopeOf = (request: FastifyRequest): Scope => {
  const claims = requireAuth(request);
  return {
    clientAccountId: claims.acc,
    contractorId: claims.ctr,
    userId: claims.sub,
    userName: claims.name,
    claims,
  };
};
