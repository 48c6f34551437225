import { hasAccess } from '../../domain/auth/claims';
import type { ResourceDefinition } from '../../domain/resources/types';
import { useAuthStore } from '../state/authStore';

export interface ResourceAccess {
  readonly canRead: boolean;
  /** May add, edit and delete (false for read-only resources). */
  readonly canWrite: boolean;
  /** May edit existing rows (false for no-edit resources). */
  readonly canEdit: boolean;
  /** The generic screens offer add, delete and bulk delete (never for `customWrite` resources). */
  readonly genericWrite: boolean;
  /** The generic screens offer edit (never for `customWrite` resources). */
  readonly genericEdit: boolean;
}

/** Whether the generic screens write a resource: `customWrite` ones are written by their area screens. */
export const hasGenericWrite = (def: ResourceDefinition): boolean => !def.readOnly && !def.customWrite;

/** What the signed-in user may do with a resource, from the claims of the access token. */
export const useResourceAccess = (def: ResourceDefinition): ResourceAccess => {
  const claims = useAuthStore((s) => s.claims);
  const canRead = claims !== null && hasAccess(claims, def.read);
  const canWrite = claims !== null && !def.readOnly && hasAccess(claims, def.write);
  const canEdit = canWrite && !def.noEdit;
  const generic = hasGenericWrite(def);
  return { canRead, canWrite, canEdit, genericWrite: canWrite && generic, genericEdit: canEdit && generic };
};
