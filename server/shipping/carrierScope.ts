import { isCarrier } from '../../domain/auth/claims';
import { AppError } from '../../domain/errors';
import type { Scope } from '../resources/scope';

/** A carrier's user, as the shipping module needs it: the scope plus the carrier company. */
export interface CarrierScope extends Scope {
  readonly carrierId: string;
}

/** The caller as a carrier's user with find transport, or 403. */
export const carrierScopeOf = (scope: Scope): CarrierScope => {
  const { claims } = scope;
  if (!isCarrier(claims) || !claims.TransportEnabled || typeof claims.crr !== 'string')
    throw new AppError('forbidden');
  return { ...scope, carrierId: claims.crr };
};
