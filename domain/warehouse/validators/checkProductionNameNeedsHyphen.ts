import { issue, type WarehouseIssue } from '../issues';

const fields = ['name', 'index', 'sapId'] as const;

/**
 * Products made by production get a generated suffix (batch, date) after a hyphen, so the template's
 * name, index and external id (sapId) must each contain a hyphen after some text. An empty external id is skipped.
 */
export const checkProductionNameNeedsHyphen = (product: {
  readonly name: string;
  readonly index: string;
  readonly sapId?: string | null;
}): WarehouseIssue[] =>
  fields.flatMap((field) => {
    const value = product[field]?.trim() ?? '';
    if (field === 'sapId' && value === '') return [];
    return value.indexOf('-', 1) > 0
      ? []
      : [issue('productionNameNeedsHyphen', { field, params: { value } })];
  });
