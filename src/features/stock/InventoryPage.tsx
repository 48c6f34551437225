import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setColumnFilter } from '../../resources/listState';
import { RefSelect } from '../../resources/RefSelect';
import { inventoryView } from './inventoryView';
import { StockListPage } from './StockListPage';

/** The inventory's select filters: a product and a location (reference fields of the view). */
const refFilters = [
  { field: 'productId', refName: 'product' },
  { field: 'locationId', refName: 'storageSpace' },
] as const;

/** /inventory: detailed inventory, one row per product, location, bin, serial and dates. */
export const InventoryPage = (): ReactNode => {
  const { t } = useTranslation('infrastructure');
  return (
    <StockListPage
      view={inventoryView}
      ns="inventory"
      testIdPrefix="inventory"
      rowKey={(row) => String(row.id)}
      toolbar={({ state, update }) =>
        refFilters.map(({ field, refName }) => (
          <RefSelect
            key={field}
            refName={refName}
            value={state.filters[field]?.value ?? null}
            onChange={(value) => update(setColumnFilter(state, field, { value: value ?? undefined }), true)}
            placeholder={t(`inventory.fields.${field}`)}
            aria-label={t(`inventory.fields.${field}`)}
            data-testid={`inventory-filter-${field}`}
          />
        ))
      }
    />
  );
};
