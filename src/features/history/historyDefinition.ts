import { recordLogResource } from '../../../domain/resources/definitions/recordLog';
import type { FieldDef, ResourceDefinition } from '../../../domain/resources/types';
import { resourceDefinitions } from '../../resources/registry';

/**
 * The record log as the history screen lists it: the record type is picked from the kinds of records (not
 * typed), the record id and the time are filters too. The server's definition stays the record log's.
 */
export const historyDefinition: ResourceDefinition = {
  ...recordLogResource,
  fields: {
    createdAt: { kind: 'datetime', list: true, readOnly: true },
    ...recordLogResource.fields,
    resourceType: {
      kind: 'enum',
      list: true,
      readOnly: true,
      options: resourceDefinitions.map((d) => d.name),
    },
    resourceId: { kind: 'string', list: true, readOnly: true },
  } satisfies Record<string, FieldDef>,
};

/** The columns of the history list, in order. */
export const historyColumns = ['createdAt', 'resourceType', 'resourceTitle', 'action', 'userName'] as const;

/** Where a record's own history is: the history screen filtered to it. */
export const historyLink = (resourceType: string, id: string): string =>
  `/history?${new URLSearchParams({ 'f.resourceType': resourceType, 'f.resourceId': id }).toString()}`;
