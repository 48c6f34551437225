import { type DocumentTypeCode, documentTypeCodes } from '../../../domain/warehouse/documentTypes';
import {
  type LogisticsConfig,
  type LogisticsConfigInput,
  parseLogisticsConfig,
} from '../../../domain/warehouse/logisticsConfig';
import { api } from '../../api/http';
import { documentApi } from '../documents/documentApi';
import { type LastNumber, lastNumberOf } from '../documents/nextNumbers';

/**
 * What the server sent, read with the domain schema (missing parts take their defaults). The server stores only
 * configs that pass it; anything else is not ours to edit: defaults.
 */
const read = (payload: unknown): LogisticsConfig => parseLogisticsConfig(payload);

/** How many of a type's newest documents are searched for a final number (working copies come between). */
const newestSearched = 5;

/** GET / PUT /api/ClientLogisticsConfig: the company's logistics config (docs/warehouse-api.md). */
export const configApi = {
  get: async (): Promise<LogisticsConfig> => read(await api.get<unknown>('/api/ClientLogisticsConfig')),
  save: async (config: LogisticsConfigInput): Promise<LogisticsConfig> => {
    const saved = await api.put<unknown>('/api/ClientLogisticsConfig', config);
    return saved && typeof saved === 'object' ? read(saved) : read(config);
  },
  /**
   * The newest final number of each document type (for the next-number preview). A type whose documents
   * cannot be read is left out: its preview starts from 1.
   */
  lastNumbers: async (): Promise<Partial<Record<DocumentTypeCode, LastNumber>>> => {
    const found = await Promise.all(
      documentTypeCodes.map(async (code) => {
        const rows = await documentApi.latestOfType(code, newestSearched).catch(() => []);
        return [code, lastNumberOf(rows.map((r) => r.documentNumber))] as const;
      }),
    );
    return Object.fromEntries(found.filter(([, last]) => last !== null));
  },
};
