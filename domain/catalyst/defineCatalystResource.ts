import { defineResource, type ResourceDefinition } from '../resources/types';

type Shared = 'section' | 'read' | 'write' | 'titleField' | 'defaultSort';

/**
 * A resource of the catalyst module: in its menu section, read and written by staff with the catalyst claim
 * (super users pass), titled and sorted by its name unless it says otherwise.
 */
export const defineCatalystResource = <
  const T extends Omit<ResourceDefinition, 'kind' | Shared> & Partial<Pick<ResourceDefinition, Shared>>,
>(
  def: T,
) =>
  defineResource({
    section: 'catalyst',
    read: 'catalyst',
    write: 'catalyst',
    titleField: 'name',
    defaultSort: { column: def.titleField ?? 'name' },
    ...def,
  });
