import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { containerStockView } from './containerStockView';
import { StockListPage } from './StockListPage';

/** /bin-inventory: stock per bin (container, pallet); a row opens the bin's detailed inventory. */
export const BinInventoryPage = (): ReactNode => {
  const navigate = useNavigate();
  return (
    <StockListPage
      view={containerStockView}
      ns="binInventory"
      testIdPrefix="bin"
      rowKey={(row) => `${String(row.container)}:${String(row.locationId ?? '')}`}
      onRowClick={(row) =>
        typeof row.container === 'string' &&
        navigate(`/inventory?f.container=${encodeURIComponent(row.container)}`)
      }
    />
  );
};
