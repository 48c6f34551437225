import type { FieldDef, ResourceDefinition } from '../../../domain/resources/types';
import { type SharedView, sharedColumns } from '../../../domain/sharedAccess/sharedLinks';
import { inventoryView } from '../stock/inventoryView';
import { productStockView } from '../stock/productStockView';

/** A warehouse stock view as a link shows it: only the columns of `sharedColumns`, all of them listed. */
const shared = (view: ResourceDefinition, columns: readonly string[]): ResourceDefinition => ({
  ...view,
  fields: Object.fromEntries(
    columns.map((name): [string, FieldDef] => [
      name,
      { ...(view.fields[name] ?? { kind: 'string' }), list: true },
    ]),
  ),
});

const views: Readonly<Record<SharedView, ResourceDefinition>> = {
  inventory: shared(inventoryView, sharedColumns.inventory),
  productStock: shared(productStockView, sharedColumns.productStock),
};

export const sharedViewOf = (view: SharedView): ResourceDefinition => views[view];
