import type { Page } from '../../../domain/resources/query';
import {
  type DocumentTypeCode,
  documentTypes,
  isDocumentTypeCode,
} from '../../../domain/warehouse/documentTypes';
import { api } from '../../api/http';
import { asPage, pageQuery } from './values';

/** A warehouse document as GET /api/WmsDocument/{id} returns it (domain/resources/definitions/wmsDocument.ts). */
export interface DocumentRow {
  readonly id: string;
  readonly version?: number;
  readonly documentNumber: string | null;
  readonly typeCode: string;
  readonly statusCode: string;
  readonly contractorId: string | null;
  readonly sourceLocationId: string | null;
  readonly destinationLocationId: string | null;
  readonly sourceContainer: string | null;
  readonly destinationContainer: string | null;
  readonly orderId: string | null;
  readonly plannedDate: string | null;
  readonly executionDate?: string | null;
  readonly comment: string | null;
  readonly systemComments?: string | null;
  readonly precedingDocumentNumber?: string | null;
  readonly priority: string | null;
  readonly generated?: boolean | null;
  readonly createdAt?: string;
  readonly [key: string]: unknown;
}

/** A document position (wmsDocumentPosition.ts). */
export interface DocumentPositionRow {
  readonly id: string;
  readonly documentId?: string;
  readonly lineNo?: number | null;
  readonly productId: string;
  readonly quantity: number | string;
  readonly quantityReal?: number | string | null;
  readonly sourceLocationId: string | null;
  readonly destinationLocationId: string | null;
  readonly sourceContainer: string | null;
  readonly destinationContainer: string | null;
  readonly serialNumber: string | null;
  readonly prodDate: string | null;
  readonly expDate: string | null;
  readonly comment: string | null;
  readonly [key: string]: unknown;
}

export interface DocumentWithPositions extends DocumentRow {
  readonly positions?: DocumentPositionRow[];
}

/** A position as POST/PUT /api/WmsDocument take it (no documentId, no lineNo). */
export interface PositionInput {
  readonly productId: string;
  readonly quantity: number;
  readonly sourceLocationId: string | null;
  readonly destinationLocationId: string | null;
  readonly sourceContainer: string | null;
  readonly destinationContainer: string | null;
  readonly serialNumber: string | null;
  readonly prodDate: string | null;
  readonly expDate: string | null;
  readonly comment: string | null;
}

export interface DocumentInput {
  readonly typeCode: string;
  readonly contractorId: string | null;
  readonly sourceLocationId: string | null;
  readonly destinationLocationId: string | null;
  readonly sourceContainer: string | null;
  readonly destinationContainer: string | null;
  readonly plannedDate: string | null;
  readonly comment: string | null;
  readonly priority: string;
  /** Left out for generated documents, whose positions do not change by hand. */
  readonly positions?: PositionInput[];
  readonly confirm?: boolean;
  readonly version?: number;
}

const base = '/api/WmsDocument';
const at = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** Codes out of the answer of GET /api/Config/WmsDocumentActions, whatever its exact shape. */
const typeCodesOf = (payload: unknown): DocumentTypeCode[] => {
  const list = asPage<unknown>(payload).results;
  const codes = list.map((item) => {
    if (typeof item === 'string') return item;
    if (typeof item === 'object' && item !== null) {
      const o = item as Record<string, unknown>;
      return o.typeCode ?? o.code ?? o.documentTypeCode;
    }
    return undefined;
  });
  return [...new Set(codes.filter(isDocumentTypeCode))];
};

/** Types a person creates by hand: generated ones come from orders and counts. */
const manualTypes = (codes: readonly DocumentTypeCode[]): DocumentTypeCode[] =>
  codes.filter((c) => !documentTypes[c].generated);

let typeList: Promise<DocumentTypeCode[]> | null = null;

export const documentApi = {
  get: (id: string) => api.get<DocumentRow>(at(id)),
  positions: async (id: string, page: number, pageSize: number): Promise<Page<DocumentPositionRow>> =>
    asPage<DocumentPositionRow>(
      await api.get(`${at(id)}/Positions`, pageQuery(page, pageSize, [], { column: 'lineNo' })),
    ),
  /** Every position (editor): pages of 1000 until all are in. */
  allPositions: async (id: string): Promise<DocumentPositionRow[]> => {
    const out: DocumentPositionRow[] = [];
    for (let page = 1; page < 1000; page++) {
      const { results, allFilteredRowCount } = await documentApi.positions(id, page, 1000);
      out.push(...results);
      if (results.length === 0 || out.length >= allFilteredRowCount) break;
    }
    return out;
  },
  create: (input: DocumentInput) => api.post<DocumentWithPositions>(base, input),
  update: (id: string, input: DocumentInput) => api.put<DocumentWithPositions>(at(id), input),
  confirm: (id: string) => api.post<DocumentWithPositions>(`${at(id)}/confirm`),
  revert: (id: string) => api.post<DocumentWithPositions>(`${at(id)}/revert`),
  remove: (id: string) => api.delete(at(id)),
  /** Documents of an order (generic list filtered on orderId). */
  ofOrder: async (orderId: string): Promise<DocumentRow[]> =>
    asPage<DocumentRow>(
      await api.get(
        base,
        pageQuery(1, 100, [{ field: 'orderId', operator: 'eq', value: orderId }], {
          column: 'createdAt',
        }),
      ),
    ).results,
  /** The types the user may create by hand (asked once per page load; all manual types if the call fails). */
  manualTypes: (): Promise<DocumentTypeCode[]> => {
    typeList ??= api
      .get('/api/Config/WmsDocumentActions', null, { silent: true })
      .then((payload) => {
        const codes = manualTypes(typeCodesOf(payload));
        return codes.length ? codes : manualTypes(Object.keys(documentTypes).filter(isDocumentTypeCode));
      })
      .catch(() => manualTypes(Object.keys(documentTypes).filter(isDocumentTypeCode)));
    return typeList;
  },
};
