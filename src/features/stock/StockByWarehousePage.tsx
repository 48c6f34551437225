import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DataRow } from '../../resources/DataTable';
import { productStockView } from './productStockView';
import { StockListPage } from './StockListPage';

const levelColor: Readonly<Record<string, string>> = { warning: 'yellow', critical: 'red' };

const levelOf = (row: DataRow): string => (typeof row.level === 'string' ? row.level : 'ok');

/** /stock: stock by warehouse, rows below the product's warning or critical stock coloured. */
export const StockByWarehousePage = (): ReactNode => {
  const { t } = useTranslation('infrastructure');
  const navigate = useNavigate();
  return (
    <StockListPage
      view={productStockView}
      ns="stock"
      testIdPrefix="stock"
      rowKey={(row) => `${String(row.productId)}:${String(row.warehouseId ?? '')}`}
      onRowClick={(row) =>
        typeof row.productId === 'string' &&
        navigate(`/inventory?f.productId=${encodeURIComponent(row.productId)}`)
      }
      staticColumns={['level']}
      rowAttributes={(row) => {
        const color = levelColor[levelOf(row)];
        return { 'data-level': levelOf(row), bg: color ? `var(--mantine-color-${color}-light)` : undefined };
      }}
      renderCell={(row, field) => {
        if (field !== 'level') return undefined;
        const level = levelOf(row);
        return (
          <Badge color={levelColor[level] ?? 'green'} variant="filled" size="sm" data-testid="stock-level">
            {t(`stock.levels.${level}`)}
          </Badge>
        );
      }}
    />
  );
};
