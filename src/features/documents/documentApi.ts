import type { Page } from '../../../domain/resources/query';
import {
  type DocumentTypeCode,
  documentTypes,
  isDocumentTypeCode,
} from '../../../domain/warehouse/documentTypes';
import type { DocumentDraft } from '../../../domain/warehouse/validationInput';
import { api } from '../../api/http';
import { asPage, pageQuery } from './values';

/** Where goods come from and go to: on a header the defaults, on a position its own (null = the header's). */
export interface Sides {
  readonly sourceLocationId: string | null;
  readonly destinationLocationId: string | null;
  readonly sourceContainer: string | null;
  readonly destinationContainer: string | null;
}

/** What a position of a document or an order says besides its quantity. */
export interface PositionFields extends Sides {
  readonly productId: string;
  readonly serialNumber: string | null;
  readonly prodDate: string | null;
  readonly expDate: string | null;
  readonly comment: string | null;
}

/** A stored position of a document or an order (wmsDocumentPosition.ts, wmsOrderPosition.ts). */
export interface PositionRow extends PositionFields {
  readonly id: string;
  readonly lineNo?: number | null;
  /** Decimal columns arrive as numbers or numeric strings. */
  readonly quantity: number | string;
  readonly quantityReal?: number | string | null;
  readonly [key: string]: unknown;
}

export interface DocumentPositionRow extends PositionRow {
  readonly documentId?: string;
}

/** A position as POST/PUT /api/WmsDocument and /api/WmsOrder take it (no parent id, no lineNo). */
export interface PositionInput extends PositionFields {
  readonly quantity: number;
}

/** The header fields documents and orders share, in rows and in inputs. */
export interface HeaderFields extends Sides {
  readonly typeCode: string;
  readonly contractorId: string | null;
  readonly plannedDate: string | null;
  readonly comment: string | null;
}

/** A warehouse document as GET /api/WmsDocument/{id} returns it (domain/resources/definitions/wmsDocument.ts). */
export interface DocumentRow extends DocumentDraft, HeaderFields {
  readonly id: string;
  readonly version?: number;
  readonly documentNumber: string | null;
  readonly executionDate?: string | null;
  readonly systemComments?: string | null;
  readonly precedingDocumentNumber?: string | null;
  readonly priority: string | null;
  readonly generated?: boolean | null;
  readonly createdAt?: string;
  readonly [key: string]: unknown;
}

export interface DocumentWithPositions extends DocumentRow {
  readonly positions?: DocumentPositionRow[];
}

export interface DocumentInput extends HeaderFields {
  readonly priority: string;
  /** Left out for generated documents, whose positions do not change by hand. */
  readonly positions?: PositionInput[];
  readonly confirm?: boolean;
  readonly version?: number;
}

/** The address of one record under a resource path: `/api/WmsDocument/<id>`. */
export const recordPath = (base: string, id: string): string => `${base}/${encodeURIComponent(id)}`;

/** One page of a paged list route, sorted by `sortColumn`. */
export const fetchPage = async <T>(
  path: string,
  page: number,
  pageSize: number,
  sortColumn: string,
  filters: Parameters<typeof pageQuery>[2] = [],
): Promise<Page<T>> =>
  asPage<T>(await api.get(path, pageQuery(page, pageSize, filters, { column: sortColumn })));

/** Every row of a paged list route: pages of 1000 until all are in. */
export const fetchAll = async <T>(path: string, sortColumn: string): Promise<T[]> => {
  const out: T[] = [];
  for (let page = 1; page < 1000; page++) {
    const { results, allFilteredRowCount } = await fetchPage<T>(path, page, 1000, sortColumn);
    out.push(...results);
    if (results.length === 0 || out.length >= allFilteredRowCount) break;
  }
  return out;
};

const base = '/api/WmsDocument';
const at = (id: string) => recordPath(base, id);

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
  positions: (id: string, page: number, pageSize: number): Promise<Page<DocumentPositionRow>> =>
    fetchPage<DocumentPositionRow>(`${at(id)}/Positions`, page, pageSize, 'lineNo'),
  /** Every position (editor). */
  allPositions: (id: string): Promise<DocumentPositionRow[]> =>
    fetchAll<DocumentPositionRow>(`${at(id)}/Positions`, 'lineNo'),
  create: (input: DocumentInput) => api.post<DocumentWithPositions>(base, input),
  update: (id: string, input: DocumentInput) => api.put<DocumentWithPositions>(at(id), input),
  confirm: (id: string) => api.post<DocumentWithPositions>(`${at(id)}/confirm`),
  revert: (id: string) => api.post<DocumentWithPositions>(`${at(id)}/revert`),
  remove: (id: string) => api.delete(at(id)),
  /** Documents of an order (generic list filtered on orderId). */
  ofOrder: async (orderId: string): Promise<DocumentRow[]> =>
    (
      await fetchPage<DocumentRow>(base, 1, 100, 'createdAt', [
        { field: 'orderId', operator: 'eq', value: orderId },
      ])
    ).results,
  /** The newest documents of a type (numbering preview of the logistics configuration). */
  latestOfType: async (typeCode: string, count: number): Promise<DocumentRow[]> =>
    asPage<DocumentRow>(
      await api.get(
        base,
        pageQuery(1, count, [{ field: 'typeCode', operator: 'eq', value: typeCode }], {
          column: 'createdAt',
          descending: true,
        }),
        { silent: true },
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
