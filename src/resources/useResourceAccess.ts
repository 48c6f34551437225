import { hasAccess } from '../../domain/auth/claims';
import type { ResourceDefinition } from '../../domain/resources/types';
import { useAuthStore } from '../app/stores/authStore';

export interface ResourceAccess {
  readonly canRead: boolean;
  /** May add, edit and delete (false for read-only resources). */
  readonly canWrite: boolean;
  /** May edit existing rows (false for no-edit resources). */
  readonly canEdit: boolean;
}

/** What the signed-in user may do with a resource, from the claims of the access token. */
export const useResourceAccess = (def: ResourceDefinition): ResourceAccess => {
  const claims = useAuthStore((s) => s.claims);
  const canRead = claims !== null && hasAccess(claims, def.read);
  const canWrite = claims !== null && !def.readOnly && hasAccess(claims, def.write);
  return { canRead, canWrite, canEdit: canWrite && !def.noEdit };
};
