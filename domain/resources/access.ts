import { type Claims, hasAccess, isContractor } from '../auth/claims';
import type { ResourceDefinition } from './types';

type Who = Omit<Claims, 'exp'>;

/**
 * Read access to a resource. Contractor users (portal only) read nothing but resources that
 * carry a contractor field, and of those only their own rows (filtered by the server).
 */
export const canRead = (def: ResourceDefinition, who: Who): boolean => {
  if (isContractor(who)) return def.contractorField !== undefined && who.ContractorPortalEnabled;
  return hasAccess(who, def.read);
};

/** Write access: never for read-only resources, never for contractors through the generic API. */
export const canWrite = (def: ResourceDefinition, who: Who): boolean =>
  !def.readOnly && !isContractor(who) && hasAccess(who, def.write);
