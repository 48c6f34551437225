import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../domain/resources/types';
import type { DataRow } from '../../resources/DataTable';
import { listColumns } from '../../resources/listState';
import { PagedListScreen, type PagedListScreenProps } from '../../resources/PagedListScreen';
import { loadStockPage } from './stockApi';

export interface StockListPageProps
  extends Pick<
    PagedListScreenProps<DataRow>,
    'rowKey' | 'onRowClick' | 'renderCell' | 'rowAttributes' | 'optionLabel' | 'staticColumns' | 'toolbar'
  > {
  /** The endpoint's row description (inventoryView, productStockView, containerStockView). */
  readonly view: ResourceDefinition;
  /** Translation key prefix in the infrastructure namespace: `<ns>.title`, `<ns>.fields.<field>`, `<ns>.empty`. */
  readonly ns: string;
  /** data-testid prefix: `<p>-page`, `<p>-row`, `<p>-filter-<field>`, `<p>-sort-<field>`, … */
  readonly testIdPrefix: string;
}

/** A stock screen: the paged list screen over one of the WmsInventory endpoints, searchable and printable. */
export const StockListPage = ({ view, ns, testIdPrefix, ...rest }: StockListPageProps): ReactNode => {
  const { t } = useTranslation('infrastructure');
  const columns = useMemo(() => listColumns(view), [view]);
  return (
    <PagedListScreen<DataRow>
      {...rest}
      def={view}
      title={t(`${ns}.title`)}
      columns={columns}
      load={(state) => loadStockPage(view, state)}
      testIdPrefix={testIdPrefix}
      fieldLabel={(name) => t(`${ns}.fields.${name}`)}
      emptyText={t(`${ns}.empty`)}
      searchable
      printable
    />
  );
};
