import type { Page } from '../../../domain/resources/query';
import type { ResourceDefinition } from '../../../domain/resources/types';
import { api } from '../../api/http';
import type { DataRow } from '../../resources/DataTable';
import { buildListQuery, type ListState } from '../../resources/listState';

/** One page of a stock view (its `path` under /api), with the list query of the generic lists. */
export const loadStockPage = (view: ResourceDefinition, state: ListState): Promise<Page<DataRow>> =>
  api.get<Page<DataRow>>(`/api/${view.path}`, buildListQuery(view, state));
