import type { FastifyRequest } from 'fastify';
import { hasAccess } from '../../domain/auth/claims';
import { AppError } from '../../domain/errors';
import { type Scope, scopeOf } from '../resources/scope';

/** A staff call of the catalyst module: signed in (401), with the catalyst claim or a super user (403). */
export const staffScope = (request: FastifyRequest): Scope => {
  const scope = scopeOf(request);
  if (!hasAccess(scope.claims, 'catalyst')) throw new AppError('forbidden');
  return scope;
};
