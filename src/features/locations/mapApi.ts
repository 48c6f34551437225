import type { MapBoundsLike, MapPlace } from '../../../domain/warehouse/mapFill';
import { api } from '../../api/http';

export interface MapDimensionsView {
  readonly x?: number | null;
  readonly y?: number | null;
  readonly z?: number | null;
}

/** A location's map (GET /api/StorageSpace/{id}/schema): the sanitized drawing and where it lies. */
export interface LocationMap {
  readonly storageSpaceId: string;
  readonly svg: string | null;
  readonly bounds: MapBoundsLike;
  readonly dimensions: MapDimensionsView | null;
  readonly version: number;
}

const base = (id: string) => `/api/StorageSpace/${encodeURIComponent(id)}/schema`;

/** The map and planner calls of a location (docs/warehouse-api.md). */
export const mapApi = {
  get: (id: string): Promise<LocationMap> => api.get<LocationMap>(base(id)),
  /** Uploads (or replaces) the drawing with its bounds; the server refuses a non-SVG or too big file. */
  upload: (
    id: string,
    input: { svg: string; fileName: string; bounds: MapBoundsLike; dimensions: MapDimensionsView | null },
  ): Promise<LocationMap> => api.post<LocationMap>(base(id), input),
  update: (
    id: string,
    input: { bounds: MapBoundsLike; dimensions: MapDimensionsView | null },
  ): Promise<LocationMap> => api.patch<LocationMap>(base(id), input),
  places: async (id: string): Promise<MapPlace[]> =>
    (await api.get<{ results: MapPlace[] }>(`${base(id)}/places`)).results,
  place: (id: string, childId: string, x: number, y: number): Promise<MapPlace> =>
    api.put<MapPlace>(`${base(id)}/places/${encodeURIComponent(childId)}`, { x, y }),
};
