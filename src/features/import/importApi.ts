import type {
  ImportJobView,
  ImportMode,
  ImportProblemView,
  TemplateView,
} from '../../../domain/import/importJob';
import { api } from '../../api/http';

/** Largest file the server takes (it refuses larger ones before reading them; the screen refuses them first). */
export const maxImportFileBytes = 20 * 1024 * 1024;

/** Problems shown on the screen; the downloadable report lists them all. */
export const shownProblems = 100;

/** The business-data import calls (docs/api.md, "Import"). */
export const importApi = {
  templates: async (): Promise<TemplateView[]> =>
    (await api.get<{ results: TemplateView[] }>('/api/config/importtemplate')).results,
  /** Downloads the template to fill in, with headers in the user's language and an example row. */
  downloadTemplate: (key: string, format: 'csv' | 'xlsx') =>
    api.download('/api/config/importtemplate', { query: { template: key, format } }),
  /** Starts an import (or a preview) of a file; the job runs in the background. */
  start: (key: string, file: File, mode: ImportMode): Promise<ImportJobView> => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.post<ImportJobView>(`/api/Import/${encodeURIComponent(key)}`, form, { query: { mode } });
  },
  /** The account's latest imports (newest first). */
  recent: async (): Promise<ImportJobView[]> =>
    (await api.get<{ results: ImportJobView[] }>('/api/Import/jobs')).results,
  job: (id: string): Promise<ImportJobView> =>
    api.get<ImportJobView>(`/api/Import/jobs/${id}`, null, { silent: true }),
  cancel: (id: string): Promise<ImportJobView> => api.post<ImportJobView>(`/api/Import/jobs/${id}/cancel`),
  problems: async (id: string): Promise<{ results: ImportProblemView[]; allFilteredRowCount: number }> =>
    api.get(`/api/Import/jobs/${id}/problems`, { PageNumber: 1, PageSize: shownProblems }),
  downloadReport: (id: string) => api.download(`/api/Import/jobs/${id}/report`),
};
