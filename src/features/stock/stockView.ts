import type { FieldDef, ResourceDefinition } from '../../../domain/resources/types';
import { defineResource } from '../../../domain/resources/types';

/** The amounts every stock row has: on hand, reserved by working copies, and what is left. */
export const stockAmounts = {
  quantity: { kind: 'decimal', list: true },
  reserved: { kind: 'decimal', list: true },
  available: { kind: 'decimal', list: true },
} as const satisfies Readonly<Record<string, FieldDef>>;

/**
 * A read-only description of the rows of a WmsInventory endpoint — not a resource of its own — so the
 * generic list helpers (URL state, filters, table) serve it. Fields that are not list columns are filters
 * only (links from products, locations and bins).
 */
export const stockView = (
  spec: Pick<ResourceDefinition, 'name' | 'path' | 'route' | 'titleField' | 'fields'>,
): ResourceDefinition =>
  defineResource({
    ...spec,
    section: 'logistics',
    read: 'logistics',
    write: 'none',
    readOnly: true,
    defaultSort: { column: spec.titleField },
  });
