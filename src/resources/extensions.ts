import type { ComponentType } from 'react';
import type { ResourceDefinition } from '../../domain/resources/types';
import type { Row } from './resourceApi';

/** What a preview extra gets: the record shown and a way to reload it after changing it. */
export interface PreviewExtraProps {
  readonly def: ResourceDefinition;
  readonly row: Row;
  /** Fetches the record again (e.g. after an upload changed it). */
  readonly reload: () => void;
}

/** What a list action gets: the list's definition. */
export interface ListActionProps {
  readonly def: ResourceDefinition;
}

const previewExtras = new Map<string, ComponentType<PreviewExtraProps>[]>();
const listActions = new Map<string, ComponentType<ListActionProps>[]>();

const add = <P>(map: Map<string, ComponentType<P>[]>, name: string, component: ComponentType<P>): void => {
  const list = map.get(name) ?? [];
  // Registration runs at module load; hot reloads must not add the same component twice.
  if (!list.includes(component)) map.set(name, [...list, component]);
};

/**
 * Extension points of the generic screens, filled by feature modules at load time, so a feature adds
 * to a resource's preview or list (a product image, a location barcode, a link to a tree) without
 * a hand-written copy of the generic screen.
 */
export const resourceExtensions = {
  /** Adds a panel under the fields of the resource's preview. */
  addPreviewExtra: (resourceName: string, component: ComponentType<PreviewExtraProps>): void =>
    add(previewExtras, resourceName, component),
  /** Adds buttons to the toolbar of the resource's list screen. */
  addListAction: (resourceName: string, component: ComponentType<ListActionProps>): void =>
    add(listActions, resourceName, component),
  previewExtrasOf: (resourceName: string): readonly ComponentType<PreviewExtraProps>[] =>
    previewExtras.get(resourceName) ?? [],
  listActionsOf: (resourceName: string): readonly ComponentType<ListActionProps>[] =>
    listActions.get(resourceName) ?? [],
};
