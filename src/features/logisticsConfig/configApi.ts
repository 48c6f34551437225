import {
  type LogisticsConfig,
  type LogisticsConfigInput,
  logisticsConfigSchema,
} from '../../../domain/warehouse/logisticsConfig';
import { api } from '../../api/http';

/** What the server sent, read with the domain schema (missing parts take their defaults). */
const read = (payload: unknown): LogisticsConfig => {
  const parsed = logisticsConfigSchema.safeParse(payload ?? {});
  // The server stores only configs that pass this schema; anything else is not ours to edit: defaults.
  return parsed.success ? parsed.data : logisticsConfigSchema.parse({});
};

/** GET / PUT /api/ClientLogisticsConfig (001 §3, 001 §7). */
export const configApi = {
  get: async (): Promise<LogisticsConfig> => read(await api.get<unknown>('/api/ClientLogisticsConfig')),
  save: async (config: LogisticsConfigInput): Promise<LogisticsConfig> => {
    const saved = await api.put<unknown>('/api/ClientLogisticsConfig', config);
    return saved && typeof saved === 'object' ? read(saved) : read(config);
  },
};
