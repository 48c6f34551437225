import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setColumnFilter } from '../../resources/listState';
import { RefSelect } from '../../resources/RefSelect';
import { inventoryView } from './inventoryView';
import { StockListPage } from './StockListPage';

/** /inventory: detailed inventory, one row per product, location, bin, serial and dates. */
export const InventoryPage = (): ReactNode => {
  const { t } = useTranslation('infrastructure');
  return (
    <StockListPage
      view={inventoryView}
      ns="inventory"
      testIdPrefix="inventory"
      rowKey={(row) => String(row.id)}
      toolbar={({ state, update }) => (
        <>
          <RefSelect
            refName="product"
            value={state.filters.productId?.value ?? null}
            onChange={(value) =>
              update(setColumnFilter(state, 'productId', { value: value ?? undefined }), true)
            }
            placeholder={t('inventory.fields.productId')}
            aria-label={t('inventory.fields.productId')}
            data-testid="inventory-filter-productId"
          />
          <RefSelect
            refName="storageSpace"
            value={state.filters.locationId?.value ?? null}
            onChange={(value) =>
              update(setColumnFilter(state, 'locationId', { value: value ?? undefined }), true)
            }
            placeholder={t('inventory.fields.locationId')}
            aria-label={t('inventory.fields.locationId')}
            data-testid="inventory-filter-locationId"
          />
        </>
      )}
    />
  );
};
