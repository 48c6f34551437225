import type { Page } from '../../domain/resources/query';
import type { ResourceDefinition } from '../../domain/resources/types';
import { api } from '../api/http';
import { buildListQuery, type ListState, toQueryString } from './listState';

/** A row as the API returns it. */
export type Row = Readonly<Record<string, unknown>> & { readonly id: string };

export interface BulkDeleteResult {
  readonly deleted: string[];
  readonly failed: { id: string; code: string; message: string }[];
}

export interface SelectOption {
  readonly id: string;
  readonly title: string;
}

const base = (def: ResourceDefinition): string => `/api/${def.path}`;
const withQuery = (url: string, query: Record<string, string>): string => {
  const qs = toQueryString(query);
  return qs ? `${url}?${qs}` : url;
};

/** The generic resource calls (docs/api.md "Generic resources"). */
export const resourceApi = {
  list: (def: ResourceDefinition, state: ListState): Promise<Page<Row>> =>
    api.get<Page<Row>>(withQuery(base(def), buildListQuery(def, state))),
  get: (def: ResourceDefinition, id: string): Promise<Row> =>
    api.get<Row>(`${base(def)}/${encodeURIComponent(id)}`),
  create: (def: ResourceDefinition, payload: Record<string, unknown>): Promise<Row> =>
    api.post<Row>(base(def), payload),
  update: (def: ResourceDefinition, id: string, payload: Record<string, unknown>): Promise<Row> =>
    api.put<Row>(`${base(def)}/${encodeURIComponent(id)}`, payload),
  remove: (def: ResourceDefinition, id: string): Promise<unknown> =>
    api.delete(`${base(def)}/${encodeURIComponent(id)}`),
  bulkDelete: (def: ResourceDefinition, ids: string[]): Promise<BulkDeleteResult> =>
    api.post<BulkDeleteResult>(`${base(def)}/bulk-delete`, { ids }),
  select: async (def: ResourceDefinition, search: string, limit = 50): Promise<SelectOption[]> =>
    (
      await api.get<{ results: SelectOption[] }>(
        withQuery(`${base(def)}/select`, { search, limit: String(limit) }),
        null,
        {
          silent: true,
        },
      )
    ).results,
  /** Rows by id (for the titles of referenced rows). */
  byIds: async (def: ResourceDefinition, ids: string[]): Promise<Row[]> => {
    if (!ids.length) return [];
    const query = {
      PageNumber: '1',
      PageSize: String(ids.length),
      BasicFiltersSerialized: JSON.stringify([{ field: 'id', operator: 'in', value: ids }]),
    };
    return (await api.get<Page<Row>>(withQuery(base(def), query), null, { silent: true })).results;
  },
  export: (def: ResourceDefinition, state: ListState, format: 'csv' | 'xlsx'): Promise<unknown> =>
    api.download(
      withQuery(`${base(def)}/export`, { format, ...buildListQuery(def, state, { paged: false }) }),
    ),
};
