import type { GenerateLocationsInput } from '../../../domain/warehouse/locationGenerator';
import { api } from '../../api/http';
import type { Row } from '../../resources/resourceApi';

/** A location of the tree: its row plus how many children it has. */
export type LocationNode = Row & {
  readonly label: string;
  readonly parentId?: string | null;
  readonly typeId?: string | null;
  readonly childCount: number;
};

/** A generation job (GET /api/StorageSpace/generate/{jobId}). */
export interface GenerateJob {
  readonly jobId: string;
  readonly status: 'running' | 'done' | 'failed';
  readonly done: number;
  readonly total: number;
  readonly error?: string;
}

const asNode = (row: Row): LocationNode => ({
  ...row,
  label: String(row.label ?? ''),
  childCount: typeof row.childCount === 'number' ? row.childCount : Number(row.childCount ?? 0) || 0,
});

/** The storage-space calls beyond the generic resource ones (docs/warehouse-api.md). */
export const locationApi = {
  /** Children of a location (top-level locations when `parentId` is null). */
  children: async (parentId: string | null): Promise<LocationNode[]> => {
    const page = await api.get<{ results: Row[] }>('/api/StorageSpace/tree', { parentId: parentId ?? '' });
    return page.results.map(asNode);
  },
  generate: (request: GenerateLocationsInput): Promise<{ jobId: string; total: number }> =>
    api.post<{ jobId: string; total: number }>('/api/StorageSpace/generate', request),
  /** Progress of a generation job; silent, as it is polled. */
  job: (jobId: string): Promise<GenerateJob> =>
    api.get<GenerateJob>(`/api/StorageSpace/generate/${encodeURIComponent(jobId)}`, null, { silent: true }),
};
