import { compareQuantities } from './quantity';

export const stockLevels = ['ok', 'warning', 'critical'] as const;
export type StockLevel = (typeof stockLevels)[number];

/**
 * Stock by warehouse (WmsInventory/productStock, docs/warehouse-api.md): how a product's available quantity
 * compares with its warningStock and criticalStock (at or below the limit; null = no limit). Critical wins
 * over warning.
 */
export const stockLevel = (
  available: number,
  warningStock: number | null | undefined,
  criticalStock: number | null | undefined,
): StockLevel => {
  if (
    criticalStock !== null &&
    criticalStock !== undefined &&
    compareQuantities(available, criticalStock) <= 0
  )
    return 'critical';
  if (warningStock !== null && warningStock !== undefined && compareQuantities(available, warningStock) <= 0)
    return 'warning';
  return 'ok';
};
