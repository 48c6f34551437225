import { api } from '../../api/http';

/** GET ExternalCredentials/config/{id}: the configuration without the secret (server/external/). */
export interface ExternalCredentialsConfig {
  readonly id: string;
  readonly serviceType: string;
  readonly serviceName: string;
  readonly baseUrl: string;
  readonly username: string | null;
  readonly hasSecret: boolean;
  readonly isActive: boolean;
  readonly refreshTokenValidity: string | null;
  readonly importedUntil: string | null;
  readonly activationCode: string | null;
  readonly activationCodeValidUntil: string | null;
}

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
