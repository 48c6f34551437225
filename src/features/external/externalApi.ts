import type { ExternalCredentialsConfig } from '../../../domain/external/externalCredentialsConfig';
import { api } from '../../api/http';

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

/** The external services' calls. */
export const externalApi = {
  config: (id: string): Promise<ExternalCredentialsConfig> =>
    api.get<ExternalCredentialsConfig>(`/api/ExternalCredentials/config/${path(id)}`),
  activate: (id: string, code: string): Promise<ExternalCredentialsConfig> =>
    api.get<ExternalCredentialsConfig>(`/api/ExternalCredentials/activate/${path(id, code)}`),
  importProducts: (id: string): Promise<{ started: boolean; running: boolean }> =>
    api.get<{ started: boolean; running: boolean }>(`/api/ProductExternal/import/${path(id)}`),
};
